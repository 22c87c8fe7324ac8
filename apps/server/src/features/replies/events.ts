import type { Db } from '../../db/database.ts';

export interface ReplyCounts {
  /** Replies, replies-all and forwards Gmail accepted. */
  sent: number;
  /** Of those, the ones that started from a suggestion. */
  fromSuggestions: number;
  /** Of those, the ones whose suggestion the user changed before sending. */
  editedSuggestions: number;
}

/**
 * How many replies the account sent since `since` (epoch ms), and how many from suggestions:
 * for insights. The log is derived data, kept 30 days.
 */
export async function replyCounts(db: Db, accountId: string, since: number): Promise<ReplyCounts> {
  const rows = await db.selectFrom('reply_events').select(['suggestion_stance', 'suggestion_edited']).where('account_id', '=', accountId).where('created_at', '>=', since).execute();
  return {
    sent: rows.length,
    fromSuggestions: rows.filter((r) => r.suggestion_stance !== null).length,
    editedSuggestions: rows.filter((r) => r.suggestion_stance !== null && Number(r.suggestion_edited) === 1).length,
  };
}
