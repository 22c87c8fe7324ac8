import type { Category, EmailSummary } from '@mailroom/contract';
import { isSystemLabelId, labelKey, walk, type LabelInfo, type QueryNode } from '@mailroom/mail-query';
import { sql, type SqlBool } from 'kysely';
import { DEFAULT_CATEGORY_PAGE_SIZE } from '../../constants/categories.ts';
import type { Db } from '../../db/database.ts';
import { isSqlite, loadWordIndex, pageWhere, pageWindow, storeGeneration } from '../../db/word-index.ts';
import { failedPrecondition, invalidArgument } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { viaProvider } from '../../providers/mailbox-access.ts';
import { KEPT_HEADERS, toStoredMeta } from '../../sync/metadata.ts';
import { SUMMARY_COLUMNS, summaryOf, type SummaryRow } from '../mail/index.ts';
import { ensureLearned } from '../priority/index.ts';
import { cachedCounts, countKey, storeCounts } from './counts.ts';
import { compileCategoryQuery, decodePageToken, encodePageToken, parseForStore, queryFingerprint, type CompiledCategoryQuery } from './query.ts';
import type { CategoryRow } from './repository.ts';

/** The instant and the user's time zone a query's dates are read in (see calendar.ts). */
export interface UserCalendar {
  now: Date;
  timeZone: string;
}

export interface QueryCounts {
  count: number | null;
  unreadCount: number | null;
}

/**
 * What one store keeps per account between calls, valid while the account's store generation
 * has not moved (any write to its messages or labels moves it, db/word-index.ts): its labels and
 * its compiled queries. Kept per database handle, so two stores never share an entry.
 */
interface AccountKept {
  generation: number;
  labels: LabelInfo[] | null;
  compiled: Map<string, CompiledCategoryQuery>;
}
const keptByDb = new WeakMap<Db, Map<string, AccountKept>>();
const MAX_KEPT_ACCOUNTS = 1_000;
const MAX_KEPT_QUERIES = 500;

function kept(db: Db, accountId: string, generation: number): AccountKept {
  let accounts = keptByDb.get(db);
  if (!accounts) keptByDb.set(db, (accounts = new Map()));
  let entry = accounts.get(accountId);
  if (!entry || entry.generation !== generation) {
    if (accounts.size >= MAX_KEPT_ACCOUNTS) accounts.clear();
    entry = { generation, labels: null, compiled: new Map() };
    accounts.set(accountId, entry);
  }
  return entry;
}

/**
 * The account's labels (ids and names), for `label:` and for showing label names. With the
 * store's generation (read by the caller), labels read at that generation are reused.
 */
export async function accountLabels(db: Db, accountId: string | null, generation?: number): Promise<LabelInfo[]> {
  if (!accountId) return [];
  const entry = generation === undefined ? null : kept(db, accountId, generation);
  if (entry?.labels) return entry.labels;
  const labels = await db.selectFrom('labels').select(['id', 'name']).where('account_id', '=', accountId).orderBy('id').execute();
  if (entry) entry.labels = labels;
  return labels;
}

/**
 * A category query compiled for this account's store, with the store's word index weighed in
 * (its statistics are read first, db/word-index.ts). Queries Gmail answers compile as before.
 * A store query compiled at this store generation, with the same labels, zone and (when it has
 * relative dates) instant, is reused: the compilation depends on nothing else.
 */
export async function compileForAccount(
  db: Db,
  accountId: string | null,
  query: string,
  context: { now: Date; timeZone: string; labels: readonly LabelInfo[]; generation?: number },
): Promise<CompiledCategoryQuery> {
  const { generation: known, ...calendar } = context;
  const parsed = parseForStore(query);
  if (parsed.source === 'gmail' || !accountId) return compileCategoryQuery(query, calendar, parsed);
  const generation = known ?? (await storeGeneration(db, accountId));
  const compiledAt = kept(db, accountId, generation).compiled;
  const key = compileKey(query, parsed.ast, calendar);
  const hit = compiledAt.get(key);
  if (hit) return hit;
  const wordIndex = await loadWordIndex(db, accountId, parsed.ast, calendar.labels, generation);
  const compiled = compileCategoryQuery(query, { ...calendar, wordIndex }, parsed);
  if (compiledAt.size >= MAX_KEPT_QUERIES) compiledAt.clear();
  compiledAt.set(key, compiled);
  return compiled;
}

/** The text of a list of labels, per list (the kept labels are one list per generation). */
const labelKeys = new WeakMap<readonly LabelInfo[], string>();

function compileKey(query: string, ast: QueryNode, context: { now: Date; timeZone: string; labels: readonly LabelInfo[] }): string {
  let relative = false;
  walk(ast, (node) => {
    if (node.kind === 'relative') relative = true;
  });
  let labels = labelKeys.get(context.labels);
  if (labels === undefined) {
    labels = context.labels.map((l) => `${l.id}\u0000${l.name}`).join('\u0001');
    labelKeys.set(context.labels, labels);
  }
  return `${context.timeZone}\n${relative ? context.now.getTime() : ''}\n${labels}\n${query}`;
}

/**
 * Exact counts from the store (DESIGN §2: the store answers header-only queries), for several
 * queries at once (counts.ts: shared scans, kept until the store changes). A query over bodies has
 * no exact count (Gmail only estimates), so its counts are null. Without a connected mailbox
 * nothing is stored and the counts are 0.
 */
export async function countQueries(
  db: Db,
  accountId: string | null,
  queries: readonly CompiledCategoryQuery[],
  now: Date = new Date(),
  options: { unread?: boolean; generation?: number } = {},
): Promise<QueryCounts[]> {
  const store = queries.flatMap((q, i) => (q.source === 'store' ? [{ q, i }] : []));
  const results: QueryCounts[] = queries.map((q) => (q.source === 'gmail' ? { count: null, unreadCount: null } : { count: 0, unreadCount: 0 }));
  if (!accountId || store.length === 0) return results;
  const counts = await storeCounts(
    db,
    accountId,
    store.map(({ q }) => {
      const s = q as Extract<CompiledCategoryQuery, { source: 'store' }>;
      return { key: countKey(s.timeZone, s.fingerprint), ast: s.ast, sql: s.sql, timeZone: s.timeZone };
    }),
    now,
    options,
  );
  store.forEach(({ i }, k) => (results[i] = counts[k] as QueryCounts));
  return results;
}

export async function countQuery(
  db: Db,
  accountId: string | null,
  compiled: CompiledCategoryQuery,
  now: Date = new Date(),
  options: { unread?: boolean; generation?: number } = {},
): Promise<QueryCounts> {
  return (await countQueries(db, accountId, [compiled], now, options))[0] as QueryCounts;
}

export function toCategory(row: CategoryRow, counts: QueryCounts): Category {
  return {
    categoryId: row.id,
    name: row.name,
    query: row.query,
    description: row.description,
    color: row.color,
    icon: row.icon,
    count: counts.count,
    unreadCount: counts.unreadCount,
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** A category with its counts, for this instant of the user's calendar and this account's labels. */
export async function describeCategory(db: Db, accountId: string | null, row: CategoryRow, calendar: UserCalendar): Promise<Category> {
  const { now } = calendar;
  const generation = accountId ? await storeGeneration(db, accountId) : 0;
  const compiled = await compileForAccount(db, accountId, row.query, { ...calendar, labels: await accountLabels(db, accountId, generation), generation });
  return toCategory(row, await countQuery(db, accountId, compiled, now, { generation }));
}

/**
 * Every category with its counts, counted together (one round trip for /manual and the
 * dashboard). Counts still valid come from the cache without compiling the query; the rest are
 * compiled with the word index and counted together (counts.ts).
 */
export async function describeCategories(db: Db, accountId: string | null, rows: readonly CategoryRow[], calendar: UserCalendar): Promise<Category[]> {
  const { now } = calendar;
  const generation = accountId ? await storeGeneration(db, accountId) : 0;
  const counts: Array<QueryCounts | null> = rows.map((row) =>
    accountId ? cachedCounts(accountId, countKey(calendar.timeZone, queryFingerprint(row.query)), generation, now) : null,
  );
  const missing = rows.flatMap((row, i) => (counts[i] === null ? [{ row, i }] : []));
  if (missing.length > 0) {
    const labels = await accountLabels(db, accountId, generation);
    const compiled = await Promise.all(missing.map(({ row }) => compileForAccount(db, accountId, row.query, { ...calendar, labels, generation })));
    const made = await countQueries(db, accountId, compiled, now, { generation });
    missing.forEach(({ i }, k) => (counts[i] = made[k] as QueryCounts));
  }
  return rows.map((row, i) => toCategory(row, counts[i] as QueryCounts));
}

export interface EmailPage {
  emails: EmailSummary[];
  nextPageToken: string | null;
  total: number | null;
  source: 'store' | 'gmail';
}

export interface EmailPageRequest {
  pageToken?: string | undefined;
  pageSize?: number | undefined;
  sort?: 'date' | 'priority' | undefined;
}

/** One page of a category's mail (queryEmails over the category's query). */
export async function categoryEmails(
  deps: { db: Db; accountId: string; provider: () => Promise<MailProvider> },
  row: CategoryRow,
  request: EmailPageRequest,
  calendar: UserCalendar,
): Promise<EmailPage> {
  return queryEmails(deps, row.query, request, calendar);
}

/**
 * One page of the mail a Gmail query matches, newest first: a category's, or search results
 * (features/search). Header-only queries run on the store (keyset pages, exact total on the
 * first page, counts kept until the store changes); queries over bodies go to Gmail search,
 * whose page tokens are wrapped, and whose results are described from the store (or fetched as
 * metadata when the store does not have them yet). Page tokens are bound to the query.
 */
export async function queryEmails(
  deps: { db: Db; accountId: string; provider: () => Promise<MailProvider> },
  query: string,
  request: EmailPageRequest,
  calendar: UserCalendar,
): Promise<EmailPage> {
  const { now } = calendar;
  const { db, accountId } = deps;
  const pageSize = request.pageSize ?? DEFAULT_CATEGORY_PAGE_SIZE;
  // One read of the store's generation for the whole page: labels, compilation and total are
  // those of this generation (kept from earlier calls when it has not moved).
  const generation = await storeGeneration(db, accountId);
  const labels = await accountLabels(db, accountId, generation);
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));
  const compiled = await compileForAccount(db, accountId, query, { ...calendar, labels, generation });
  const cursor = request.pageToken ? decodePageToken(request.pageToken, compiled) : null;

  if (request.sort === 'priority') {
    if (compiled.source !== 'store') {
      throw failedPrecondition('PRIORITY_UNAVAILABLE', 'Sorting by priority works for queries over headers; this one searches message bodies in Gmail, which has no scores. Sort by date.');
    }
    return priorityPage(db, accountId, compiled, { cursor, pageSize, labelNames, now: now.getTime() });
  }

  if (compiled.source === 'store') {
    // The total first (usually cached, or counted in the index): knowing how many match decides
    // whether the page is read through the word index or newest-first (db/word-index.ts).
    const total = (await countQuery(db, accountId, compiled, now, { unread: false, generation })).count as number;
    // Keyset paging: the messages after the previous page's last one, newest first.
    const before =
      cursor?.s === 'store'
        ? sql<SqlBool>`(${sql.ref('internal_date')} < ${cursor.d} or (${sql.ref('internal_date')} = ${cursor.d} and ${sql.ref('id')} < ${cursor.i}))`
        : null;
    const where = pageWhere(compiled.sql, compiled.ast, pageSize + 1, total);
    // SQLite, newest-first with the query's own condition on words: the page's positions are
    // found first (rowids only, so the planner can test the words on a covering date index, which
    // holds the sender, list, label and subject words, instead of reading a wide row per entry
    // passed), then only the page's rows are read. The same condition, order and limit: the same
    // page. Not without words: flags and sizes are tested on the narrow indexes anyway, and
    // asked for rowids alone SQLite would walk the date index past every entry of a rare size
    // (larger:100K: 4 ms) rather than read its few rows through the size index.
    const twoSteps = where === compiled.sql.plainWhere && isSqlite(db) && testsWords(compiled.ast, labels);
    const read = (from: number | null) => {
      let query = db
        .selectFrom('messages')
        .select(SUMMARY_COLUMNS)
        .where('account_id', '=', accountId)
        .where(where)
        .orderBy('internal_date', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize + 1);
      if (before) query = query.where(before);
      if (from !== null) query = query.where('internal_date', '>=', from);
      if (!twoSteps) return query.execute();
      const positions = query.clearSelect().select(sql<number>`rowid`.as('position'));
      return db
        .selectFrom('messages')
        .select(SUMMARY_COLUMNS)
        .where(sql<SqlBool>`${sql.ref('messages.rowid')} in (${positions})`)
        .orderBy('internal_date', 'desc')
        .orderBy('id', 'desc')
        .execute();
    };
    // Dense matches are read newest-first within a date window, widened when it falls short.
    const from = where === compiled.sql.plainWhere ? await pageWindow(db, accountId, compiled.sql, compiled.ast, pageSize + 1, total, before) : null;
    // Nothing matches (the exact total, counted at this store generation): no page to read.
    let rows = total === 0 && !before ? [] : await read(from);
    if (from !== null && rows.length < pageSize + 1) rows = await read(null);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    const more = rows.length > pageSize && last !== undefined;
    return {
      emails: page.map((r) => summaryOf(r, labelNames)),
      nextPageToken: more ? encodePageToken({ s: 'store', q: compiled.fingerprint, d: Number(last.internal_date), i: last.id }) : null,
      total: cursor ? null : total,
      source: 'store',
    };
  }

  const provider = await deps.provider();
  const listed = await viaProvider(() =>
    provider.listMessageIds({ q: compiled.gmailQuery, maxResults: pageSize, pageToken: cursor?.s === 'gmail' ? cursor.p : null }),
  );
  const ids = listed.messages.map((m) => m.id);
  const stored = ids.length
    ? await db.selectFrom('messages').select(SUMMARY_COLUMNS).where('account_id', '=', accountId).where('id', 'in', ids).execute()
    : [];
  const byId = new Map<string, SummaryRow>(stored.map((r) => [r.id, r]));
  const unsynced = ids.filter((id) => !byId.has(id));
  if (unsynced.length > 0) {
    // Matches Gmail has and the sync has not stored yet: described from their metadata, in memory only.
    const { messages } = await viaProvider(() => provider.getMessagesMetadata(unsynced, { headers: KEPT_HEADERS, withAttachments: true }));
    for (const message of messages) {
      const meta = toStoredMeta(message);
      byId.set(meta.id, {
        id: meta.id,
        thread_id: meta.threadId,
        label_ids: JSON.stringify(meta.labelIds),
        internal_date: meta.internalDate,
        from_addresses: JSON.stringify(meta.from),
        subject: meta.subject,
        snippet: meta.snippet,
        has_attachment: meta.attachments.length > 0 ? 1 : 0,
      });
    }
  }
  return {
    emails: ids.flatMap((id) => {
      const summary = byId.get(id);
      return summary ? [summaryOf(summary, labelNames)] : [];
    }),
    nextPageToken: listed.nextPageToken ? encodePageToken({ s: 'gmail', q: compiled.fingerprint, p: listed.nextPageToken }) : null,
    total: null,
    source: 'gmail',
  };
}

/** Whether a query's condition tests words of a header: a field term (from, subject, list,
 * ...) or a user label the account has (a label no label has compiles to false, as the
 * quarantine exclusion of every category does until something is quarantined; system labels are
 * bits). */
function testsWords(ast: QueryNode, labels: readonly LabelInfo[]): boolean {
  let found = false;
  walk(ast, (node) => {
    if (node.kind !== 'field') return;
    if (node.operator !== 'label') found = true;
    else {
      const key = labelKey(node.value);
      if (labels.some((l) => labelKey(l.name) === key && !isSystemLabelId(l.id))) found = true;
    }
  });
  return found;
}

/**
 * A page of a store-answered query by priority (features/priority's scores), highest first,
 * newest first among equal scores; messages not scored yet come last. The model scores what is
 * new before the first page is read.
 */
async function priorityPage(
  db: Db,
  accountId: string,
  compiled: Extract<CompiledCategoryQuery, { source: 'store' }>,
  page: { cursor: ReturnType<typeof decodePageToken> | null; pageSize: number; labelNames: ReadonlyMap<string, string>; now: number },
): Promise<EmailPage> {
  const { cursor, pageSize } = page;
  if (cursor && (cursor.s !== 'store' || typeof cursor.r !== 'number')) {
    throw invalidArgument('pageToken is not a page of this list (it is from another order); start from the first page', { field: 'pageToken' });
  }
  await ensureLearned({ db, clock: { now: () => page.now } }, accountId);
  const score = sql<number>`coalesce((select ps.score from priority_scores as ps where ps.account_id = messages.account_id and ps.message_id = messages.id), -1)`;
  let query = db
    .selectFrom('messages')
    .select(SUMMARY_COLUMNS)
    .select(score.as('rank'))
    .where('account_id', '=', accountId)
    .where(compiled.where)
    .orderBy(score, 'desc')
    .orderBy('internal_date', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize + 1);
  if (cursor?.s === 'store' && typeof cursor.r === 'number') {
    const { r, d, i } = cursor;
    query = query.where(
      sql<SqlBool>`(${score} < ${r} or (${score} = ${r} and (${sql.ref('internal_date')} < ${d} or (${sql.ref('internal_date')} = ${d} and ${sql.ref('id')} < ${i}))))`,
    );
  }
  const rows = await query.execute();
  const shown = rows.slice(0, pageSize);
  const last = shown.at(-1);
  const total = cursor ? null : (await countQuery(db, accountId, compiled, new Date(page.now), { unread: false })).count;
  return {
    emails: shown.map((r) => summaryOf(r, page.labelNames)),
    nextPageToken:
      rows.length > pageSize && last ? encodePageToken({ s: 'store', q: compiled.fingerprint, d: Number(last.internal_date), i: last.id, r: Number(last.rank) }) : null,
    total,
    source: 'store',
  };
}
