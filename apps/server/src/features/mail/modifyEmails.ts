import type { FnImpl } from '../registry.ts';
import { modifyMail } from './service.ts';

/** Archive, delete, quarantine, star, important, read state: one action on a selection or a whole source; undoable for 7 days. */
export const modifyEmails: FnImpl<'modifyEmails'> = (ctx, data) => modifyMail(ctx, data.target, data.action);
