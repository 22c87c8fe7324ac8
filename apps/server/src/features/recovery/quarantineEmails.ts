import type { FnImpl } from '../registry.ts';
import { startBatch } from './start.ts';

/** Moves messages out of the inbox into Mailroom/Quarantine; undoable for 7 days. */
export const quarantineEmails: FnImpl<'quarantineEmails'> = (ctx, data) => startBatch(ctx, 'quarantine', data);
