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
 *   relative dates (`newer_than:7d`), while the moving cut-off stays between the same two
 *   messages.
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
  /** The query's relative-date terms, each with the messages on either side of its cut-off
   * when counted: the counts stand while every cut-off stays between the same two messages. */
  relatives: RelativeBounds[];
}

type RelativeNode = Extract<QueryNode, { kind: 'relative' }>;

interface RelativeBounds {
  node: RelativeNode;
  timeZone: string;
  /** The newest message before the cut-off (epoch ms; null: none). */
  before: number | null;
  /** The oldest message at or after the cut-off (epoch ms; null: none). */
  atOrAfter: number | null;
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
  const fits = hit && hit.generation === generation && (!unread || hit.counts.unreadCount !== null) && hit.relatives.every((r) => stillBetween(r, now));
  return fits ? hit.counts : null;
}

/** Forgets every cached count (tests and benchmarks that measure the computation). */
export function clearCountCache(): void {
  cache.clear();
}

/** Exact counts for each request, from the cache where still valid, else computed together. */
export async function storeCounts(
  db: Db,
  accountId: string,
  requests: readonly CountRequest[],
  now: Date,
  options: { unread?: boolean; generation?: number } = {},
): Promise<MatchCounts[]> {
  const unread = options.unread !== false;
  // The generation is read before anything is counted (or given by a caller that read it
  // earlier): counts made after a write are then kept under an older generation, never seen
  // again, rather than older counts under a newer one.
  const generation = options.generation ?? (await storeGeneration(db, accountId));
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
    const relatives = await relativeBounds(db, accountId, request, now);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(keyOf(accountId, request), { generation, counts: results[i] as MatchCounts, relatives });
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

/**
 * The messages on either side of each relative-date cut-off of a query (`newer_than:7d` moves
 * with the clock), two index seeks each. Which messages a cut-off admits changes only when it
 * moves past one of them, either way: calendar months and years can also move it back (at the
 * clock's 29 March 00:00, one month back is 28 February 00:00, a day before the cut-off of the
 * minute before), so the cut-off is checked against both sides at the instant the counts are
 * read, exactly, rather than predicted.
 */
async function relativeBounds(db: Db, accountId: string, request: CountRequest, now: Date): Promise<RelativeBounds[]> {
  const nodes: RelativeNode[] = [];
  walk(request.ast, (node) => {
    if (node.kind === 'relative') nodes.push(node);
  });
  const bounds: RelativeBounds[] = [];
  for (const node of nodes) {
    const cutoff = relativeThreshold(node, { now, timeZone: request.timeZone });
    const row = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('messages').select((m) => m.fn.max('internal_date').as('d')).where('account_id', '=', accountId).where('internal_date', '<', cutoff).as('before'),
        eb.selectFrom('messages').select((m) => m.fn.min('internal_date').as('d')).where('account_id', '=', accountId).where('internal_date', '>=', cutoff).as('at_or_after'),
      ])
      .executeTakeFirst();
    const value = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    bounds.push({ node, timeZone: request.timeZone, before: value(row?.before), atOrAfter: value(row?.at_or_after) });
  }
  return bounds;
}

/** Whether the cut-off at `now` admits the same messages as when the bounds were read. */
function stillBetween(bounds: RelativeBounds, now: Date): boolean {
  const cutoff = relativeThreshold(bounds.node, { now, timeZone: bounds.timeZone });
  return (bounds.before === null || bounds.before < cutoff) && (bounds.atOrAfter === null || cutoff <= bounds.atOrAfter);
}
