import { relativeThreshold, walk, type QueryNode } from '@mailroom/mail-query';
import type { Db } from '../../db/database.ts';
import { countIsIndexOnly, countMatches, countMatchesInOnePass, storeGeneration, type CompiledStoreQuery, type MatchCounts } from '../../db/word-index.ts';

/**
 * Category counts, computed in as few passes over the store as the queries allow and kept until
 * the account's store changes (issue 12), so /manual and the dashboard get every count in one
 * round trip:
 *
 * - a query the word index answers alone (SQLite) is counted in the index, and one whose cost
 *   check chose the index is counted through it: each reads only its own matches;
 * - every other query needs a scan of the account's rows: they share one scan, one sum each;
 * - results are kept per account, time zone and query, valid while the account's store
 *   generation has not moved (triggers bump it in the same transaction as any write to the
 *   account's messages or labels: sync, bulk actions and undo alike, in any process) and, for
 *   relative dates (`newer_than:7d`), until the moving cut-off reaches the next message.
 */
export interface CountRequest {
  /** What the counts are kept under: the time zone and the query's fingerprint. */
  key: string;
  ast: QueryNode;
  sql: CompiledStoreQuery;
  timeZone: string;
}

interface CachedCounts {
  generation: number;
  counts: MatchCounts;
  /** Epoch ms until which relative-date cut-offs cannot have passed a message. */
  validUntil: number;
}

const MAX_ENTRIES = 10_000;
const cache = new Map<string, CachedCounts>();

export function countKey(timeZone: string, fingerprint: string): string {
  return `${timeZone}\n${fingerprint}`;
}

function keyOf(accountId: string, request: Pick<CountRequest, 'key'>): string {
  return `${accountId}\n${request.key}`;
}

/** Counts kept for a query (by countKey) that are still right at this generation and time (and
 * hold the unread count, unless `unread` is false). */
export function cachedCounts(accountId: string, key: string, generation: number, now: Date, unread = true): MatchCounts | null {
  const hit = cache.get(keyOf(accountId, { key }));
  const fits = hit && hit.generation === generation && now.getTime() < hit.validUntil && (!unread || hit.counts.unreadCount !== null);
  return fits ? hit.counts : null;
}

/** Forgets every cached count (tests and benchmarks that measure the computation). */
export function clearCountCache(): void {
  cache.clear();
}

/** Exact counts for each request, from the cache where still valid, else computed together. */
export async function storeCounts(db: Db, accountId: string, requests: readonly CountRequest[], now: Date, options: { unread?: boolean } = {}): Promise<MatchCounts[]> {
  const unread = options.unread !== false;
  const generation = await storeGeneration(db, accountId);
  const results: Array<MatchCounts | null> = requests.map((request) => cachedCounts(accountId, request.key, generation, now, unread));
  const missing = requests.map((request, i) => ({ request, i })).filter(({ i }) => results[i] === null);
  // Queries that would each scan all the account's rows share one scan; the others read only
  // their own rows (the index, or their date range) and are counted one by one.
  const scans = missing.filter(({ request }) => scansEveryRow(request));
  const shared = scans.length > 1 ? scans : [];
  for (const { request, i } of missing) if (!shared.some((s) => s.i === i)) results[i] = await countMatches(db, accountId, request.sql, { unread });
  const counts = await countMatchesInOnePass(db, accountId, shared.map(({ request }) => request.sql));
  shared.forEach(({ i }, k) => (results[i] = counts[k] as MatchCounts));
  for (const { request, i } of missing) {
    const validUntil = await relativeValidity(db, accountId, request, now);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(keyOf(accountId, request), { generation, counts: results[i] as MatchCounts, validUntil });
  }
  return results as MatchCounts[];
}

/** Whether counting the query on its own reads every row of the account: no index serves it and
 * no date term bounds it (a date range is read through the date index). */
function scansEveryRow(request: CountRequest): boolean {
  if (countIsIndexOnly(request.sql) || request.sql.usesWordIndex) return false;
  const terms = request.ast.kind === 'and' ? request.ast.children : [request.ast];
  return !terms.some((t) => t.kind === 'date' || t.kind === 'relative');
}

const DAY = 86_400_000;

/**
 * How long counts of a query with relative dates stay right without a write: a cut-off such as
 * `newer_than:7d` moves with the clock, and the count changes only when it passes the date of the
 * next message at or after it. The cut-off never moves backwards as the clock runs, so the first
 * instant it passes that message is found exactly: directly for days, by bisection for months and
 * years (calendar months have their own lengths, and 31 March minus a month is 28 February).
 */
async function relativeValidity(db: Db, accountId: string, request: CountRequest, now: Date): Promise<number> {
  let until = Number.POSITIVE_INFINITY;
  const relatives: Array<Extract<QueryNode, { kind: 'relative' }>> = [];
  walk(request.ast, (node) => {
    if (node.kind === 'relative') relatives.push(node);
  });
  for (const node of relatives) {
    const cutoffAt = (t: number) => relativeThreshold(node, { now: new Date(t), timeZone: request.timeZone });
    const cutoff = cutoffAt(now.getTime());
    const next = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.min('internal_date').as('next'))
      .where('account_id', '=', accountId)
      .where('internal_date', '>=', cutoff)
      .executeTakeFirst();
    if (next?.next === null || next?.next === undefined) continue;
    const message = Number(next.next);
    let valid: number;
    if (node.unit === 'd') {
      valid = now.getTime() + (message - cutoff);
    } else {
      // The last instant whose cut-off is still at or before the message.
      let low = now.getTime();
      let high = low + 400 * DAY;
      if (cutoffAt(low) > message) high = low;
      while (high - low > 1) {
        const mid = Math.floor((low + high) / 2);
        if (cutoffAt(mid) <= message) low = mid;
        else high = mid;
      }
      valid = low;
    }
    // Valid while the clock has not passed `valid`: until then no message changed sides.
    until = Math.min(until, valid + 1);
  }
  return until;
}
