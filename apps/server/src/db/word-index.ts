import {
  fts5Match,
  INDEX_ROW_COST,
  POSTING_COST,
  wordIndexLookups,
  type QueryNode,
  type SqlCompilation,
  type WordIndex,
  type WordIndexColumn,
  type LabelInfo,
  hexKey,
  systemLabelBit,
  walk,
} from '@mailroom/mail-query';
import { sql, SqliteAdapter, type Expression, type SqlBool } from 'kysely';
import type { Db } from './database.ts';

/**
 * The store's word index at run time (migration 20261123T1610_word_index; the query side is
 * @mailroom/mail-query word-index.ts): the statistics toSql's cost check reads, and the count and
 * page plans that follow from it. Statistics are cached per account while the account's store
 * generation (bumped by triggers on every write) has not moved.
 */
export type CompiledStoreQuery = Extract<SqlCompilation, { ok: true }>;

export function isSqlite(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** The account's change counter: any write to its messages or labels moves it. */
export async function storeGeneration(db: Db, accountId: string): Promise<number> {
  const row = (await sql<{ generation: number | string }>`select generation from store_generations where account_id = ${accountId}`.execute(db)).rows[0];
  return row ? Number(row.generation) : 0;
}

interface AccountStats {
  generation: number;
  messages: number;
  oldest: number;
  newest: number;
  frequencies: Map<string, number>;
}

const statsByAccount = new Map<string, AccountStats>();
const MAX_CACHED_ACCOUNTS = 1_000;
const MAX_CACHED_WORDS = 5_000;

async function accountStats(db: Db, accountId: string, generation: number): Promise<AccountStats> {
  const cached = statsByAccount.get(accountId);
  if (cached && cached.generation === generation) return cached;
  // The oldest and newest dates are two seeks of the date index. The size is an estimate (it
  // only weighs plans): on SQLite the number of index rows holding the account's token (FTS5's
  // vocabulary, which may still count rows deleted since its last merge), instead of a count of
  // every row after each write; on PostgreSQL a count.
  const dates = (
    await sql<{ oldest: number | string | null; newest: number | string | null }>`select
      (select min(internal_date) from messages where account_id = ${accountId}) as oldest,
      (select max(internal_date) from messages where account_id = ${accountId}) as newest`.execute(db)
  ).rows[0];
  const messages = isSqlite(db)
    ? (await sql<{ doc: number }>`select doc from messages_words_vocab where term = ${hexKey(accountId)} and col = 'account_key'`.execute(db)).rows[0]?.doc
    : (await db.selectFrom('messages').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n;
  const stats: AccountStats = { generation, messages: Number(messages ?? 0), oldest: Number(dates?.oldest ?? 0), newest: Number(dates?.newest ?? 0), frequencies: new Map() };
  if (statsByAccount.size >= MAX_CACHED_ACCOUNTS) statsByAccount.clear();
  statsByAccount.set(accountId, stats);
  return stats;
}

/**
 * What toSql needs to weigh the word index for this query: on SQLite, the frequencies of the
 * query's words (FTS5's vocabulary: documents holding each word in its column) and the account's
 * size and date span; on PostgreSQL nothing (its planner reads its own statistics).
 */
export async function loadWordIndex(db: Db, accountId: string, ast: QueryNode, labels: readonly LabelInfo[], generation?: number): Promise<WordIndex> {
  const stats = await accountStats(db, accountId, generation ?? (await storeGeneration(db, accountId)));
  // PostgreSQL weighs the index from its own statistics; the account's size serves the page plan.
  if (!isSqlite(db)) return { engine: 'postgres', account: { messages: stats.messages, oldest: stats.oldest, newest: stats.newest } };
  const lookups = wordIndexLookups(ast, 'sqlite', labels);
  const missing = [...new Set(lookups.map((l) => `${l.column}\n${l.word}`))].filter((key) => !stats.frequencies.has(key));
  for (const key of missing) {
    const [column, word] = key.split('\n') as [WordIndexColumn, string];
    const row = (await sql<{ doc: number }>`select doc from messages_words_vocab where term = ${word} and col = ${column}`.execute(db)).rows[0];
    if (stats.frequencies.size >= MAX_CACHED_WORDS) stats.frequencies.clear();
    stats.frequencies.set(key, row ? Number(row.doc) : 0);
  }
  return {
    engine: 'sqlite',
    accountId,
    frequency: (column, word) => stats.frequencies.get(`${column}\n${word}`) ?? null,
    account: { messages: stats.messages, oldest: stats.oldest, newest: stats.newest },
  };
}

export interface MatchCounts {
  count: number;
  /** Null when not asked for (a page needs only the total). */
  unreadCount: number | null;
}

const UNREAD_KEY = hexKey('UNREAD');

/**
 * The exact number of matches (and of unread ones, unless `unread: false`) of a compiled store
 * query. A query the SQLite index answers alone is counted in the index, without reading a row
 * (one index query per number); otherwise the rows are counted, through the word index when the
 * cost check chose it (both numbers in one pass).
 */
export async function countMatches(db: Db, accountId: string, compiled: CompiledStoreQuery, options: { unread?: boolean } = {}): Promise<MatchCounts> {
  const plan = compiled.index;
  if (plan?.exact) {
    const query = fts5Match(plan.cut, accountId);
    if (options.unread === false) {
      const row = (await sql<{ count: number }>`select count(*) as count from messages_words where messages_words match ${query}`.execute(db)).rows[0];
      return { count: Number(row?.count ?? 0), unreadCount: null };
    }
    const unread = fts5Match({ kind: 'and', parts: [plan.cut, { kind: 'term', column: 'search_labels', words: [UNREAD_KEY] }] }, accountId);
    const row = (
      await sql<{ count: number; unread: number }>`select
        (select count(*) from messages_words where messages_words match ${query}) as count,
        (select count(*) from messages_words where messages_words match ${unread}) as unread`.execute(db)
    ).rows[0] as { count: number; unread: number };
    return { count: Number(row.count), unreadCount: Number(row.unread) };
  }
  // Index and covered date/size terms answer it when the cost check chose the index: no word is
  // tested again on the rows.
  const where = plan?.residual && compiled.usesWordIndex ? sql<SqlBool>`${plan.condition} and ${plan.residual}` : compiled.where;
  if (options.unread === false) {
    const row = await db.selectFrom('messages').select((eb) => eb.fn.countAll<number | string>().as('count')).where('account_id', '=', accountId).where(where).executeTakeFirstOrThrow();
    return { count: Number(row.count), unreadCount: null };
  }
  const row = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), unreadSum().as('unread')])
    .where('account_id', '=', accountId)
    .where(where)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), unreadCount: Number(row.unread ?? 0) };
}

const UNREAD_BIT = systemLabelBit('UNREAD') as number;

/** Messages with UNREAD (its bit of system_labels). */
export function unreadSum(where?: Expression<SqlBool>) {
  const unread = sql<SqlBool>`(${sql.ref('system_labels')} & ${sql.lit(UNREAD_BIT)}) <> 0`;
  return sql<number | string | null>`sum(case when ${where ? sql`${where} and ${unread}` : unread} then 1 else 0 end)`;
}

/**
 * Counts several compiled queries of one account in one pass over its rows: one sum per query
 * (and per query's unread), so N categories that each need a scan cost one scan.
 */
export async function countMatchesInOnePass(db: Db, accountId: string, queries: readonly CompiledStoreQuery[]): Promise<MatchCounts[]> {
  if (queries.length === 0) return [];
  const row = (await db
    .selectFrom('messages')
    .select(() =>
      queries.flatMap((q, i) => [
        sql<number | string | null>`sum(case when ${q.where} then 1 else 0 end)`.as(`c${i}`),
        unreadSum(q.where).as(`u${i}`),
      ]),
    )
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow()) as Record<string, number | string | null>;
  return queries.map((_, i) => ({ count: Number(row[`c${i}`] ?? 0), unreadCount: Number(row[`u${i}`] ?? 0) }));
}

/** Whether counting a query reads only the index (cheap whatever the result size). */
export function countIsIndexOnly(compiled: CompiledStoreQuery): boolean {
  return compiled.index?.exact === true;
}

/**
 * Whether a newest-first scan for a page reads the row of every entry it tests: it does for any
 * field term (words of a header) but the subject. messages_account_date_search holds the sender,
 * list and label words (migration 20261121T1100), but for a page, whose rows are wide, SQLite's
 * planner scans the narrower messages_account_date_flags (label bits, size, flags) and reads each
 * row to test the words (measured on the bench store: `label:receipts OR label:travel` read 5,000
 * rows for its first page that way), so a field term costs a row per entry scanned, as dear as a
 * row read through the word index. Subject words have a narrow covering date index of their own
 * (messages_account_date_subject, migration 20261127T1301), which the planner takes for pages of
 * subject terms, testing them on its entries and reading only the rows a page returns.
 */
export function scanReadsRows(ast: QueryNode): boolean {
  let reads = false;
  walk(ast, (node) => {
    if (node.kind === 'field' && node.operator !== 'subject') reads = true;
  });
  return reads;
}

/**
 * The condition for a page of the newest matches: through the index when reading every row it
 * admits is cheaper than scanning newest-first until the page is full. With `matches` (the exact
 * count, when known) instead of the estimate, the choice is exact too.
 */
export function pageWhere(compiled: CompiledStoreQuery, ast: QueryNode, pageSize: number, matches: number | null): Expression<SqlBool> {
  const plan = compiled.index;
  if (!plan) return compiled.where;
  if (plan.engine === 'postgres') {
    // PostgreSQL estimates the rows a word matches, not how many of them the rest of the query
    // keeps, and reads every admitted row before sorting. When the count says the matches are
    // dense, the page goes without the word index, so that the planner reads newest-first.
    if (matches === null || plan.scanned === null) return compiled.where;
    const scanned = Math.min(plan.scanned, (pageSize * plan.scanned) / Math.max(1, Math.min(matches, plan.scanned)));
    return matches * INDEX_ROW_COST < scanned * INDEX_ROW_COST ? compiled.where : compiled.plainWhere;
  }
  // Rows the index admits: the matches when exact; with a residual, as many as its words allow.
  const indexRows = plan.exact ? matches : plan.residual ? plan.admitted : null;
  if (indexRows !== null && matches !== null && plan.scanned !== null) {
    // The index alone is the whole answer (within the account, which the caller adds), or with
    // the query's date and size terms (plan.residual, held by the covering date index), so no
    // word is tested again on a row. Three ways to the page, costed in covering-index entries tested:
    // - through the index: the postings of its words (negated ones too), then every admitted
    //   row and a sort (few matches);
    // - newest-first over the covering date index, testing each entry's rowid against the
    //   admitted set (the same postings, then about pageSize / share of rows matching entries,
    //   reading only the page's rows);
    // - newest-first with the query's own condition, no index at all: the same entries, each
    //   read as a row when the condition tests a field the covering indexes do not hold.
    const scan = matches <= 0 ? plan.scanned : Math.min(plan.scanned, (pageSize * plan.scanned) / matches);
    // Finding the admitted rows reads every word's postings, negated ones too.
    const lookup = Math.max(indexRows, plan.postings === null ? 0 : plan.postings * POSTING_COST);
    const through = lookup + indexRows * INDEX_ROW_COST;
    const filtered = lookup + scan;
    const plain = scan * (scanReadsRows(ast) ? INDEX_ROW_COST : 1);
    const residual = plan.residual;
    const also = (index: Expression<SqlBool>) => (residual ? sql<SqlBool>`${index} and ${residual}` : index);
    if (through <= filtered && through <= plain) return also(plan.condition);
    return filtered < plain ? also(plan.filter) : compiled.plainWhere;
  }
  const admitted = plan.exact && matches !== null ? matches : plan.admitted;
  if (admitted === null || plan.scanned === null) return compiled.where;
  // A scan reads newest-first until the page is full: about pageSize / (share of rows matching).
  const expected = matches ?? admitted;
  const scanned = expected <= 0 ? plan.scanned : Math.min(plan.scanned, (pageSize * plan.scanned) / Math.max(1, Math.min(expected, plan.scanned)));
  const scanCost = scanned * (scanReadsRows(ast) ? INDEX_ROW_COST : 1);
  return admitted * INDEX_ROW_COST < scanCost ? sql<SqlBool>`${plan.condition} and ${compiled.plainWhere}` : compiled.plainWhere;
}

/**
 * For a page of dense matches read newest-first (the count is known), the date from which the
 * newest `rows` matches very likely lie: about three times the rows that, at the matches' share of
 * the account, hold that many. The planners cannot tell a common pattern from a rare one
 * (PostgreSQL estimates `LIKE '% taint org %'` at a few rows; SQLite gives every term of a long
 * query the same odds) and would read every row before sorting; bounded by the date, they read
 * the newest rows through the date index. The caller reads the page again without the bound when
 * the window held fewer than `rows` matches, so the page is always exact. `before` is the keyset
 * position of the page (the previous page's last message), if any.
 */
export async function pageWindow(
  db: Db,
  accountId: string,
  compiled: CompiledStoreQuery,
  ast: QueryNode,
  rows: number,
  matches: number | null,
  before: Expression<SqlBool> | null,
): Promise<number | null> {
  const plan = compiled.index;
  if (matches === null || matches === 0 || !plan?.scanned) return null;
  const offset = Math.ceil((3 * rows * plan.scanned) / matches);
  if (offset >= plan.scanned) return null;
  // SQLite reads the covering date index newest-first for these pages by itself (every plan of
  // the bench's queries checked), so the window's own read would only add to it; but a size
  // term has an index of its own (messages_account_size), through which SQLite reads every match
  // and sorts them, however many there are (`larger:10K`, 8,500 of the bench store's messages:
  // 11 ms against 0.3 ms newest-first). Bounded by a date, it keeps to the date index. The window
  // is read only when it costs less than reading every match.
  if (isSqlite(db) && !(hasSizeTerm(ast) && offset < matches * INDEX_ROW_COST)) return null;
  let query = db.selectFrom('messages').select('internal_date').where('account_id', '=', accountId);
  if (before) query = query.where(before);
  // Any date is a right bound (the caller reads again without it when it falls short): no
  // order among messages of the same date, which the date index does not hold.
  const row = await query.orderBy('internal_date', 'desc').offset(offset).limit(1).executeTakeFirst();
  return row ? Number(row.internal_date) : null;
}

function hasSizeTerm(ast: QueryNode): boolean {
  let found = false;
  walk(ast, (node) => {
    if (node.kind === 'size') found = true;
  });
  return found;
}
