import crypto from 'node:crypto';
import { DERIVED_DATA_RETENTION_MS, MAX_RECENT_SEARCHES, type RecentSearch } from '@mailroom/contract';
import type { Db } from '../../db/database.ts';

/**
 * Recent searches per user (derived data: deleted 30 days after a search was last run, by the
 * platform's retention job over `searched_at`; listing also leaves out anything older, so the
 * promise holds between two runs of the job). At most MAX_RECENT_SEARCHES per user.
 */

/** One key per search whatever its case and spacing, so running it again moves it up instead of adding a copy. */
function requestKey(request: string, query: string | null): string {
  const folded = request.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
  return crypto.createHash('sha256').update(`${folded}\u0000${query ?? ''}`).digest('base64url');
}

export async function recordRecentSearch(db: Db, userId: string, search: { request: string; query: string | null }, now: number): Promise<void> {
  const request = search.request.trim();
  const key = requestKey(request, search.query);
  await db.transaction().execute(async (trx) => {
    // Two searches in one millisecond still list in the order they were made.
    const latest = await trx
      .selectFrom('recent_searches')
      .select((eb) => eb.fn.max('searched_at').as('at'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const at = Math.max(now, Number(latest?.at ?? 0) + 1);
    await trx
      .insertInto('recent_searches')
      .values({ id: crypto.randomUUID(), user_id: userId, request, query: search.query, request_key: key, searched_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'request_key']).doUpdateSet({ request, searched_at: at }))
      .execute();
    const keep = await trx
      .selectFrom('recent_searches')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('searched_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_RECENT_SEARCHES)
      .execute();
    await trx
      .deleteFrom('recent_searches')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        keep.map((r) => r.id),
      )
      .execute();
  });
}

export async function listRecentSearchRows(db: Db, userId: string, now: number): Promise<RecentSearch[]> {
  const rows = await db
    .selectFrom('recent_searches')
    .select(['request', 'query', 'searched_at'])
    .where('user_id', '=', userId)
    .where('searched_at', '>=', now - DERIVED_DATA_RETENTION_MS)
    .orderBy('searched_at', 'desc')
    .orderBy('id', 'desc')
    .limit(MAX_RECENT_SEARCHES)
    .execute();
  return rows.map((r) => ({ request: r.request, query: r.query, searchedAt: new Date(Number(r.searched_at)).toISOString() }));
}

export async function deleteRecentSearches(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('recent_searches').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
