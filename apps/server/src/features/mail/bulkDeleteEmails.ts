import type { FnImpl } from '../registry.ts';
import { modifyMail } from './service.ts';

/** The seed's name for moving a category's messages to trash: modifyEmails with action `delete` (never permanent). */
export const bulkDeleteEmails: FnImpl<'bulkDeleteEmails'> = (ctx, { categoryId, ...which }) =>
  modifyMail(ctx, { source: { kind: 'category', categoryId }, ...which }, 'delete');
