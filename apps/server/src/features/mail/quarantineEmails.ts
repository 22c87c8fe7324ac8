import type { FnImpl } from '../registry.ts';
import { modifyMail } from './service.ts';

/** The seed's name for quarantining from a category: modifyEmails with action `quarantine`. */
export const quarantineEmails: FnImpl<'quarantineEmails'> = (ctx, { categoryId, ...which }) =>
  modifyMail(ctx, { source: { kind: 'category', categoryId }, ...which }, 'quarantine');
