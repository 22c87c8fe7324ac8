import { sql, type Expression, type SqlBool } from 'kysely';
import { type FlagNode, type QueryNode } from './ast.ts';
import { dateThreshold, relativeThreshold, spamTrashScope } from './evaluate.ts';
import { CATEGORY_LABEL_IDS, INBOX_TAB_LABEL_IDS, systemLabelIdForKey } from './labels.ts';
import type { LabelInfo } from './message.ts';
import { hexKey, labelKey, words } from './text.ts';

/**
 * The store's word index (migration 20261123T1610_word_index) as toSql uses it:
 *
 * - SQLite: the FTS5 table `messages_words`, one row per message (rowid = the message's rowid)
 *   with the account as one token (`account_key`, hex), the flags `attachment` and `userlabels`,
 *   and the search columns (mail-query search.ts), tokenized at spaces only: its tokens are
 *   Mailroom's words and the `|` between a field's segments. An FTS phrase within a column is then
 *   exactly the store's `LIKE '% w1 w2 %'` for ASCII words (the tokenizer case-folds other scripts
 *   by its own tables, e.g. a final sigma as a sigma, so those are a first cut, rechecked row by
 *   row). A query made only of ASCII words, labels, states and those flags is answered by the
 *   index alone: its count needs no row at all.
 * - PostgreSQL: the GIN-indexed tsvector `messages.search_words` of field-prefixed words
 *   (`s:invoice`, label ids as `g:<hex>`), without positions: always a first cut (a superset of
 *   the matches), which PostgreSQL's planner weighs against its other indexes from its statistics.
 *
 * toSql keeps a query's own condition whole beside any index condition, so an answer is exactly
 * what `evaluate` returns whichever way the rows are found.
 */
export const WORD_INDEX_COLUMNS = [
  'search_from',
  'search_to',
  'search_cc',
  'search_bcc',
  'search_delivered_to',
  'search_subject',
  'search_list',
  'search_filename',
  'search_labels',
] as const;
export type WordIndexColumn = (typeof WORD_INDEX_COLUMNS)[number];

/** PostgreSQL's lexemes carry the field as a one-letter prefix: `s:invoice`. */
export const WORD_INDEX_PREFIXES: Record<WordIndexColumn, string> = {
  search_from: 'f',
  search_to: 't',
  search_cc: 'c',
  search_bcc: 'b',
  search_delivered_to: 'd',
  search_subject: 's',
  search_list: 'l',
  search_filename: 'n',
  search_labels: 'g',
};

/** PostgreSQL indexes a row with a longer word (or too many words) as OVERFLOW_LEXEME. */
export const WORD_INDEX_MAX_WORD_BYTES = 1_000;
const OVERFLOW_LEXEME = 'x:overflow';

/** The FTS5 column of the flags `attachment` and `userlabels` (SQLite only). */
type FtsColumn = WordIndexColumn | 'flags';

/**
 * What toSql needs to use the index. `frequency` and `account` feed the cost checks; on
 * PostgreSQL the planner makes that choice itself from its statistics, so toSql always offers it.
 */
export interface WordIndex {
  engine: 'sqlite' | 'postgres';
  /** SQLite: the account, whose token every index query carries. */
  accountId?: string;
  /** How many stored messages (all accounts: the index is shared) hold the word in the column;
   * null when unknown. */
  frequency?: (column: WordIndexColumn, word: string) => number | null;
  /** The account's message count and date span (epoch ms), to estimate what a scan reads. */
  account?: { messages: number; oldest: number; newest: number };
}

/** A formula over the index: which rows it admits. */
export type IndexCut =
  | { kind: 'term'; column: FtsColumn; words: string[] }
  | { kind: 'and' | 'or'; parts: IndexCut[] }
  | { kind: 'not'; child: IndexCut };

/**
 * An index formula for a query node: `cut` admits every matching row, and exactly the matching
 * rows when `exact`. A null cut admits every row: exactly the matches when `exact` (the node is
 * true of every message, as `in:anywhere`), else it says nothing.
 */
export interface Translation {
  cut: IndexCut | null;
  exact: boolean;
}

const ANYTHING: Translation = { cut: null, exact: false };
const EVERYTHING: Translation = { cut: null, exact: true };
/** A token no row has (the flags column holds only `attachment` and `userlabels`): a cut that
 * admits nothing, for a term that matches nothing (`label:` of a name no label has). */
const NONE_CUT: IndexCut = { kind: 'term', column: 'flags', words: ['none'] };
const NOTHING: Translation = { cut: NONE_CUT, exact: true };
const isNothing = (t: Translation) => t.cut === NONE_CUT;

const FIELD_COLUMNS = {
  from: 'search_from',
  to: 'search_to',
  cc: 'search_cc',
  bcc: 'search_bcc',
  deliveredto: 'search_delivered_to',
  list: 'search_list',
  subject: 'search_subject',
  filename: 'search_filename',
} as const;

const ASCII_WORD = /^[a-z0-9]+$/;

function labelTerm(id: string): IndexCut {
  return { kind: 'term', column: 'search_labels', words: [hexKey(id)] };
}

function anyLabel(ids: readonly string[]): IndexCut {
  return ids.length === 1 ? labelTerm(ids[0] as string) : { kind: 'or', parts: ids.map(labelTerm) };
}

function and(parts: Translation[]): Translation {
  if (parts.some(isNothing)) return NOTHING;
  // Nested ANDs flatten, so that their negations render as one chain of NOTs (fts5Query).
  const cuts = parts
    .map((p) => p.cut)
    .filter((c): c is IndexCut => c !== null)
    .flatMap((c) => (c.kind === 'and' ? c.parts : [c]));
  const exact = parts.every((p) => p.exact);
  if (cuts.length === 0) return { cut: null, exact };
  return { cut: cuts.length === 1 ? (cuts[0] as IndexCut) : { kind: 'and', parts: cuts }, exact };
}

function or(all: Translation[]): Translation {
  const parts = all.filter((p) => !isNothing(p));
  if (parts.length === 0) return NOTHING;
  if (parts.length === 1) return parts[0] as Translation;
  if (parts.some((p) => p.cut === null && p.exact)) return EVERYTHING;
  if (parts.some((p) => p.cut === null)) return ANYTHING;
  return { cut: { kind: 'or', parts: parts.map((p) => p.cut as IndexCut) }, exact: parts.every((p) => p.exact) };
}

/**
 * The index formula of a query node. On PostgreSQL nothing is exact (no positions, no flags,
 * overflow rows), so negations give no cut there.
 */
function translate(node: QueryNode, engine: WordIndex['engine'], labels: readonly LabelInfo[] | undefined): Translation {
  switch (node.kind) {
    case 'and':
      // The empty query is true of every message.
      return node.children.length === 0 ? (engine === 'sqlite' ? EVERYTHING : ANYTHING) : and(node.children.map((c) => translate(c, engine, labels)));
    case 'or':
      return or(node.children.map((c) => translate(c, engine, labels)));
    case 'not': {
      // PostgreSQL: a negated "has none of these labels" (`-is:read`, `-in:archive`,
      // `-category:primary`) is "has one of them", a cut of its own.
      if (engine === 'postgres') {
        const held = labelsOfNegatedFlag(node.child);
        if (held) return { cut: anyLabel(held), exact: false };
      }
      const child = translate(node.child, engine, labels);
      if (isNothing(child)) return EVERYTHING;
      if (child.cut === null && child.exact) return NOTHING;
      if (!child.exact || !child.cut) return ANYTHING;
      return { cut: child.cut.kind === 'not' ? child.cut.child : { kind: 'not', child: child.cut }, exact: true };
    }
    case 'field': {
      if (node.operator === 'rfc822msgid') return ANYTHING;
      if (node.operator === 'label') {
        const key = labelKey(node.value);
        const systemId = systemLabelIdForKey(key);
        if (!labels) return ANYTHING;
        const ids = labels.filter((l) => labelKey(l.name) === key).map((l) => l.id);
        if (systemId) ids.push(systemId);
        // A name no label has matches nothing (as toSql compiles it). That is common: every
        // category leaves out Mailroom/Quarantine, which exists only once something was quarantined.
        if (ids.length === 0) return engine === 'sqlite' ? NOTHING : ANYTHING;
        return { cut: anyLabel([...new Set(ids)]), exact: engine === 'sqlite' };
      }
      const w = words(node.value);
      if (w.length === 0 || w.some((x) => utf8Length(x) > WORD_INDEX_MAX_WORD_BYTES)) return ANYTHING;
      const exact = engine === 'sqlite' && w.every((x) => ASCII_WORD.test(x));
      return { cut: { kind: 'term', column: FIELD_COLUMNS[node.operator], words: w }, exact };
    }
    case 'flag':
      return translateFlag(node, engine);
    default:
      // Dates, sizes and body terms are not in the index.
      return ANYTHING;
  }
}

/** The labels a flag that means "none of these labels" names (is:read, in:archive,
 * category:primary), or null for any other node. */
function labelsOfNegatedFlag(node: QueryNode): readonly string[] | null {
  if (node.kind !== 'flag') return null;
  if (node.operator === 'is' && node.value === 'read') return ['UNREAD'];
  if (node.operator === 'in' && node.value === 'archive') return ['INBOX', 'SENT', 'DRAFT', 'SPAM', 'TRASH'];
  if (node.operator === 'category' && node.value === 'primary') return INBOX_TAB_LABEL_IDS;
  return null;
}

const STATE_LABELS = { inbox: 'INBOX', sent: 'SENT', drafts: 'DRAFT', spam: 'SPAM', trash: 'TRASH', snoozed: 'SNOOZED' } as const;
const IS_LABELS = { unread: 'UNREAD', starred: 'STARRED', important: 'IMPORTANT', muted: 'MUTED', snoozed: 'SNOOZED' } as const;

function translateFlag(node: FlagNode, engine: WordIndex['engine']): Translation {
  const sqlite = engine === 'sqlite';
  const label = (id: string): Translation => ({ cut: labelTerm(id), exact: sqlite });
  const none = (ids: readonly string[]): Translation => (sqlite ? { cut: { kind: 'not', child: anyLabel(ids) }, exact: true } : ANYTHING);
  switch (node.operator) {
    case 'in':
      if (node.value === 'anywhere') return sqlite ? EVERYTHING : ANYTHING;
      if (node.value === 'archive') return none(['INBOX', 'SENT', 'DRAFT', 'SPAM', 'TRASH']);
      return label(STATE_LABELS[node.value]);
    case 'is':
      if (node.value === 'read') return none(['UNREAD']);
      return label(IS_LABELS[node.value]);
    case 'category':
      if (node.value === 'primary') return none(INBOX_TAB_LABEL_IDS);
      return label(CATEGORY_LABEL_IDS[node.value]);
    case 'has':
      if (!sqlite) return ANYTHING;
      if (node.value === 'attachment') return { cut: { kind: 'term', column: 'flags', words: ['attachment'] }, exact: true };
      if (node.value === 'userlabels') return { cut: { kind: 'term', column: 'flags', words: ['userlabels'] }, exact: true };
      if (node.value === 'nouserlabels') return { cut: { kind: 'not', child: { kind: 'term', column: 'flags', words: ['userlabels'] } }, exact: true };
      return ANYTHING;
  }
}

/** The index formula of a whole query: its terms, within the default scope (spam and trash). */
export function queryCut(ast: QueryNode, engine: WordIndex['engine'], labels: readonly LabelInfo[] | undefined): Translation {
  const scope = spamTrashScope(ast);
  const hidden = [...(scope.spam ? [] : ['SPAM']), ...(scope.trash ? [] : ['TRASH'])];
  const query = translate(ast, engine, labels);
  if (hidden.length === 0) return query;
  // "In the empty query's scope" is exact on SQLite (label tokens), but says nothing on its own.
  const scoped = engine === 'sqlite' ? { cut: { kind: 'not', child: anyLabel(hidden) } as IndexCut, exact: true } : ANYTHING;
  return and([query, scoped]);
}

/** Every (column, word) of a cut's terms, negated ones too (their doclists are read as well),
 * for the caller to look frequencies up. */
export function cutWords(cut: IndexCut): Array<{ column: WordIndexColumn; word: string }> {
  if (cut.kind === 'term') return cut.column === 'flags' ? [] : cut.words.map((word) => ({ column: cut.column as WordIndexColumn, word }));
  if (cut.kind === 'not') return cutWords(cut.child);
  return cut.parts.flatMap(cutWords);
}

/**
 * The postings the index reads to evaluate a cut: every word's doclist, negated words too (FTS5
 * reads `a NOT b` by walking b's doclist beside a's), so a cut that admits few rows can still
 * cost many postings (`list:spamassassin-talk -from:taint.org` admits 2,500 rows of the bench
 * store and reads 60,000 postings, with positions for its phrases); null when a frequency is
 * unknown (a flag).
 */
export function postingsRead(cut: IndexCut, frequency: (column: WordIndexColumn, word: string) => number | null): number | null {
  switch (cut.kind) {
    case 'term': {
      if (cut.column === 'flags') return null;
      let sum = 0;
      for (const word of cut.words) {
        const f = frequency(cut.column as WordIndexColumn, word);
        if (f === null) return null;
        sum += f;
      }
      return sum;
    }
    case 'not':
      return postingsRead(cut.child, frequency);
    case 'and':
    case 'or': {
      let sum = 0;
      for (const part of cut.parts) {
        const p = postingsRead(part, frequency);
        if (p === null) return null;
        sum += p;
      }
      return sum;
    }
  }
}

/** A posting read in the word index against an entry tested in a scan of a covering index
 * (measured on the bench store: 60,000 postings of a cut with phrases and a negation in 2 ms,
 * 38,000 date-index entries in about 1 ms). */
export const POSTING_COST = 0.5;

/** Estimated rows a cut admits (the rarest word of an AND, the sum over an OR); null when it is
 * not bounded by a known frequency (a NOT, a flag, an unknown word). */
export function estimate(cut: IndexCut, frequency: (column: WordIndexColumn, word: string) => number | null): number | null {
  switch (cut.kind) {
    case 'term': {
      if (cut.column === 'flags') return null;
      const known = cut.words.map((w) => frequency(cut.column as WordIndexColumn, w)).filter((f): f is number => f !== null);
      return known.length === 0 ? null : Math.min(...known);
    }
    case 'not':
      return null;
    case 'and': {
      const parts = cut.parts.map((p) => estimate(p, frequency)).filter((p): p is number => p !== null);
      return parts.length === 0 ? null : Math.min(...parts);
    }
    case 'or': {
      const parts = cut.parts.map((p) => estimate(p, frequency));
      return parts.some((p) => p === null) ? null : (parts as number[]).reduce((a, b) => a + b, 0);
    }
  }
}

/**
 * Reading a row through the word index (an FTS posting, then the row by rowid) against testing
 * it in a date-ordered scan of the covering index: measured on the bench store (bench/
 * category-search.bench.ts), about this many times dearer per row.
 */
export const INDEX_ROW_COST = 4;

/** The account's messages within the date range the query's top-level terms allow, assuming
 * mail spread evenly over the account's span. */
export function scannedRows(ast: QueryNode, account: NonNullable<WordIndex['account']>, context: { now: Date; timeZone: string }): number {
  let from = account.oldest;
  let to = account.newest + 1;
  const terms = ast.kind === 'and' ? ast.children : [ast];
  for (const term of terms) {
    if (term.kind === 'date') {
      const t = dateThreshold(term, context);
      if (term.operator === 'after' || term.operator === 'newer') from = Math.max(from, t);
      else to = Math.min(to, t);
    } else if (term.kind === 'relative') {
      const t = relativeThreshold(term, context);
      if (term.operator === 'newer_than') from = Math.max(from, t);
      else to = Math.min(to, t);
    }
  }
  const span = Math.max(1, account.newest + 1 - account.oldest);
  return Math.max(0, (account.messages * Math.max(0, to - from)) / span);
}

/**
 * The cost check: whether reading the rows the index admits (about `admitted`) is cheaper than
 * scanning the account's rows in the query's date range. A common word inside a narrow date
 * range is cheaper without the index; a rare word anywhere is far cheaper with it.
 */
export function indexIsCheaper(admitted: number | null, scanned: number): boolean {
  return admitted !== null && admitted * INDEX_ROW_COST < scanned;
}

/**
 * FTS5 query text of a cut, within the account (SQLite). FTS5's NOT is binary (`a NOT b`): an
 * AND renders as its positive parts, then NOT the OR of its negated parts, and the account's token
 * stands in where a NOT has nothing positive before it (measured: four times faster than a NOT
 * of its own per negation). `withAccount: false` leaves the account's token out where the cut has
 * positive terms of its own: it then admits every account's rows (see fts5Match).
 */
export function fts5Query(cut: IndexCut | null, accountId: string, withAccount = true): string {
  const account = `{account_key} : "${hexKey(accountId)}"`;
  const conjunction = (parts: readonly IndexCut[], withAccount: boolean): string => {
    const positive = parts.filter((p) => p.kind !== 'not').map(render);
    const negative = parts.flatMap((p) => (p.kind === 'not' ? [render(p.child)] : []));
    if (withAccount || positive.length === 0) positive.unshift(account);
    // One NOT of the negations OR-ed: measured 12x faster than a chain of 100 NOTs.
    const excluded = negative.length === 0 ? '' : ` NOT ${negative.length === 1 ? negative[0] : `(${negative.join(' OR ')})`}`;
    return `(${positive.join(' AND ')}${excluded})`;
  };
  const render = (c: IndexCut): string => {
    switch (c.kind) {
      case 'term':
        return `{${c.column}} : "${c.words.map((w) => w.replace(/"/g, '""')).join(' ')}"`;
      case 'not':
        return conjunction([c], false);
      case 'and':
        return conjunction(c.parts, false);
      case 'or':
        return `(${c.parts.map(render).join(' OR ')})`;
    }
  };
  if (cut === null) return account;
  return conjunction(cut.kind === 'and' ? cut.parts : [cut], withAccount);
}

/**
 * The MATCH argument of a cut within the account (SQLite). The account's token is a posting in
 * every one of the account's rows, so ANDing it costs a walk of a doclist as long as the mailbox
 * (measured: three times the cost of a one-word query on 100,000 messages). When the store holds
 * no other account's messages (two index seeks, in the same statement, so the same snapshot),
 * the cut without the token admits exactly the same rows, and that form is used.
 */
export function fts5Match(cut: IndexCut | null, accountId: string): Expression<string> {
  const within = fts5Query(cut, accountId);
  const alone = fts5Query(cut, accountId, false);
  if (alone === within) return sql<string>`${within}`;
  return sql<string>`(case when exists (select 1 from messages as other where other.account_id < ${accountId}) or exists (select 1 from messages as other where other.account_id > ${accountId}) then ${within} else ${alone} end)`;
}

/** tsquery text of a cut (PostgreSQL): quoted prefixed lexemes; a phrase is all its words. */
function tsquery(cut: IndexCut): string {
  switch (cut.kind) {
    case 'term':
      return `(${cut.words.map((w) => `'${WORD_INDEX_PREFIXES[cut.column as WordIndexColumn]}:${w.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`).join(' & ')})`;
    case 'not':
      return `!${tsquery(cut.child)}`;
    case 'and':
    case 'or':
      return `(${cut.parts.map(tsquery).join(cut.kind === 'and' ? ' & ' : ' | ')})`;
  }
}

/**
 * The SQL condition "the index admits this row". With `drive` (the default) SQLite reads the
 * admitted rows by rowid; without, the condition is a membership test (`+rowid`, which no index
 * serves) of the rows another index yields, e.g. a newest-first scan of the covering date index
 * that stops at a page's end and reads no row it does not return.
 */
export function indexCondition(cut: IndexCut, index: WordIndex, drive = true): Expression<SqlBool> {
  if (index.engine === 'sqlite') {
    const rowid = drive ? sql`${sql.ref('messages.rowid')}` : sql`+${sql.ref('messages.rowid')}`;
    return sql<SqlBool>`${rowid} in (select rowid from messages_words where messages_words match ${fts5Match(cut, index.accountId ?? '')})`;
  }
  return sql<SqlBool>`${sql.ref('messages.search_words')} @@ ${`${tsquery(cut)} | '${OVERFLOW_LEXEME}'`}::tsquery`;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}
