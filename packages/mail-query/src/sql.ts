import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { sizeInBytes, walk, type FlagNode, type QueryNode, type Span } from './ast.ts';
import { dateThreshold, relativeThreshold, spamTrashScope } from './evaluate.ts';
import { CATEGORY_LABEL_IDS, INBOX_TAB_LABEL_IDS, systemLabelBit, systemLabelIdForKey } from './labels.ts';
import type { LabelInfo } from './message.ts';
import { printDate, printLeaf, printWith } from './print.ts';
import type { StoreTables } from './store.ts';
import { hexKey, labelKey, messageIdKey, phraseNeedle } from './text.ts';
import { cutWords, estimate, indexCondition, indexIsCheaper, postingsRead, queryCut, scannedRows, type IndexCut, type WordIndex, type WordIndexColumn } from './word-index.ts';

/** A part of a query the store cannot answer, with where it is in the query text. */
export interface UnsupportedTerm {
  span: Span;
  /** `text`, `around`, or the operator, e.g. `has:drive`. */
  term: string;
  reason: string;
}

export type SqlCompilation =
  | {
      ok: true;
      /** Exactly the matching rows; with the word index as a first cut when the cost check
       * finds that cheaper for reading every match. */
      where: Expression<SqlBool>;
      /** Whether `where` uses the word index. */
      usesWordIndex: boolean;
      /** Exactly the matching rows, never through the word index. */
      plainWhere: Expression<SqlBool>;
      /** How the word index can serve this query (null without one, or when it cannot): callers
       * that read a page or a count choose with it (see word-index.ts). */
      index: WordIndexPlan | null;
    }
  | { ok: false; unsupported: UnsupportedTerm[] };

type Eb = ExpressionBuilder<StoreTables, 'messages'>;

/**
 * What toSql needs: the instant and zone for dates, and optionally the account's labels. With
 * `labels` (the same list evaluate gets), `label:` names are resolved to ids while compiling;
 * without, the SQL looks them up in the `labels` table (correlated subquery, slower).
 */
export interface SqlContext {
  now: Date;
  timeZone: string;
  labels?: readonly LabelInfo[];
  /** The store's word index (word-index.ts); without it, word terms are tested row by row. */
  wordIndex?: WordIndex;
}

const BODY_REASON = 'matches message bodies, which Mailroom does not store; ask the provider (Gmail search) instead';

/**
 * Terms that need message bodies: free words and phrases (Gmail matches them in the body too),
 * AROUND, and has:drive/document/spreadsheet/presentation/youtube (links in the body).
 */
export function bodyTerms(ast: QueryNode): UnsupportedTerm[] {
  const found: UnsupportedTerm[] = [];
  walk(ast, (node) => {
    if (node.kind === 'text') found.push({ span: node.span, term: 'text', reason: BODY_REASON });
    else if (node.kind === 'around') found.push({ span: node.span, term: 'around', reason: BODY_REASON });
    else if (node.kind === 'flag' && node.operator === 'has' && !['attachment', 'userlabels', 'nouserlabels'].includes(node.value)) {
      found.push({ span: node.span, term: `has:${node.value}`, reason: 'looks for links in message bodies, which Mailroom does not store' });
    }
  });
  // AROUND's operands are text nodes too; report the AROUND once.
  return found.filter((t) => t.term !== 'text' || !found.some((o) => o.term === 'around' && o.span.start <= t.span.start && t.span.end <= o.span.end));
}

/** Whether evaluating the query needs `bodyText` (else the store's metadata is enough). */
export function needsBodyText(ast: QueryNode): boolean {
  return bodyTerms(ast).length > 0;
}

/** The opposite of needsBodyText: the store (or any metadata source) can answer the query alone. */
export function isHeaderOnly(ast: QueryNode): boolean {
  return !needsBodyText(ast);
}

/**
 * Compiles a query into a WHERE condition over the store's `messages` table (select from
 * `messages` without an alias; `label:` looks names up in `labels` with a correlated
 * subquery). The caller adds `account_id = ?`. Returns exactly what `evaluate` returns for
 * store rows (messages without body text), on SQLite and PostgreSQL, or reports the terms it
 * cannot compile: bodies are not stored, so body search is the provider's job.
 */
export function toSql(ast: QueryNode, context: SqlContext): SqlCompilation {
  const unsupported = bodyTerms(ast);
  if (unsupported.length > 0) return { ok: false, unsupported };
  const eb = expressionBuilder<StoreTables, 'messages'>();
  const scope = spamTrashScope(ast);
  const parts = [compile(ast, eb, context)];
  const hidden = [...(scope.spam ? [] : ['SPAM']), ...(scope.trash ? [] : ['TRASH'])];
  if (hidden.length > 0) parts.unshift(hasNoneOf(hidden));
  const base = eb.and(parts);
  const index = context.wordIndex ? planWordIndex(ast, context.wordIndex, context) : null;
  // The word index narrows the rows first; the query's own condition stays whole, so the answer
  // is the same either way (word-index.ts).
  const usesWordIndex = index !== null && index.cheaperForAll;
  return { ok: true, where: usesWordIndex ? eb.and([index.condition, base]) : base, usesWordIndex, plainWhere: base, index };
}

/** How the word index serves one query (see word-index.ts). */
export interface WordIndexPlan {
  engine: WordIndex['engine'];
  cut: IndexCut;
  /** The index alone answers the query (SQLite): counting its rows counts the matches. */
  exact: boolean;
  /** Not exact, but exactly the matches once ANDed with this (SQLite): the query's top-level
   * date and size terms, which the covering date index holds, when the rest of the query is
   * exact in the word index (`subject:razor newer_than:1y`); null otherwise. */
  residual: Expression<SqlBool> | null;
  /** Rows the index admits, estimated from word frequencies (null: unknown). */
  admitted: number | null;
  /** Postings the index reads to find them, negated words' too (null: unknown). */
  postings: number | null;
  /** Rows a scan of the account within the query's date range reads, estimated (null: unknown). */
  scanned: number | null;
  /** "The index admits this row", to AND with the query's condition: the rows are read through
   * the index (SQLite: by rowid). */
  condition: Expression<SqlBool>;
  /** The same as a membership test only (SQLite: `+rowid in (...)`), for rows another index
   * yields in its own order; the same as `condition` on PostgreSQL. */
  filter: Expression<SqlBool>;
  /** The cost check for reading every match: index first, or a scan. PostgreSQL's planner
   * decides for itself, so it is always offered there. */
  cheaperForAll: boolean;
}

function planWordIndex(ast: QueryNode, index: WordIndex, context: SqlContext): WordIndexPlan | null {
  const { cut, exact } = queryCut(ast, index.engine, context.labels);
  if (cut === null) return null;
  if (index.engine === 'sqlite' && !index.accountId) return null;
  const admitted = index.frequency ? estimate(cut, index.frequency) : null;
  const postings = index.frequency ? postingsRead(cut, index.frequency) : null;
  const scanned = index.account ? scannedRows(ast, index.account, context) : null;
  const cheaperForAll = index.engine === 'postgres' || (scanned !== null ? indexIsCheaper(admitted, scanned) : admitted !== null);
  const residual = !exact && index.engine === 'sqlite' ? coveredResidual(ast, index.engine, context) : null;
  return {
    engine: index.engine,
    cut,
    exact: exact && index.engine === 'sqlite',
    residual,
    admitted,
    postings,
    scanned,
    condition: indexCondition(cut, index),
    filter: indexCondition(cut, index, false),
    cheaperForAll,
  };
}

/**
 * The query's top-level date and size terms as one condition, when the rest of the query is
 * exact in the word index (its cut is then the same: dates and sizes add nothing to a cut), so
 * that the index and these terms, which the covering date index holds, answer it without testing
 * the row's words again.
 */
function coveredResidual(ast: QueryNode, engine: WordIndex['engine'], context: SqlContext): Expression<SqlBool> | null {
  if (ast.kind !== 'and') return null;
  const covered: QueryNode[] = ast.children.filter((c) => c.kind === 'date' || c.kind === 'relative' || c.kind === 'size');
  if (covered.length === 0 || covered.length === ast.children.length) return null;
  const rest: QueryNode = { kind: 'and', children: ast.children.filter((c) => !covered.includes(c)), span: ast.span };
  if (!queryCut(rest, engine, context.labels).exact) return null;
  const eb = expressionBuilder<StoreTables, 'messages'>();
  return eb.and(covered.map((c) => compile(c, eb, context)));
}

/** The (column, word) pairs whose frequencies the cost check reads for this query. */
export function wordIndexLookups(ast: QueryNode, engine: WordIndex['engine'], labels?: readonly LabelInfo[]): Array<{ column: WordIndexColumn; word: string }> {
  const { cut } = queryCut(ast, engine, labels);
  return cut ? cutWords(cut) : [];
}

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

/** LIKE pattern for a substring, escaping the wildcards (ESCAPE '\' on both engines). */
function containsPattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type SearchColumn =
  | 'search_from'
  | 'search_to'
  | 'search_cc'
  | 'search_bcc'
  | 'search_delivered_to'
  | 'search_subject'
  | 'search_list'
  | 'search_filename'
  | 'search_labels';

function contains(eb: Eb, column: SearchColumn, needle: string): Expression<SqlBool> {
  return sql<SqlBool>`${eb.ref(`messages.${column}`)} like ${containsPattern(needle)} escape '\\'`;
}

/** System labels are bits of `system_labels` (one integer AND); other labels are searched. */
function hasLabel(eb: Eb, id: string): Expression<SqlBool> {
  const bit = systemLabelBit(id);
  return bit === null ? contains(eb, 'search_labels', ` ${hexKey(id)} `) : sql<SqlBool>`(${sql.ref('messages.system_labels')} & ${sql.lit(bit)}) <> 0`;
}

function hasNoneOf(ids: readonly string[]): Expression<SqlBool> {
  const mask = ids.reduce((m, id) => m + (systemLabelBit(id) as number), 0);
  return sql<SqlBool>`(${sql.ref('messages.system_labels')} & ${sql.lit(mask)}) = 0`;
}

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

function compile(node: QueryNode, eb: Eb, context: SqlContext): Expression<SqlBool> {
  switch (node.kind) {
    case 'and':
      return node.children.length === 0 ? TRUE : eb.and(node.children.map((c) => compile(c, eb, context)));
    case 'or':
      return eb.or(node.children.map((c) => compile(c, eb, context)));
    case 'not':
      return eb.not(compile(node.child, eb, context));
    case 'field': {
      if (node.operator === 'label') {
        const key = labelKey(node.value);
        const systemId = systemLabelIdForKey(key);
        if (context.labels) {
          const ids = new Set(context.labels.filter((l) => labelKey(l.name) === key).map((l) => l.id));
          if (systemId) ids.add(systemId);
          return ids.size === 0 ? FALSE : eb.or([...ids].map((id) => hasLabel(eb, id)));
        }
        // A user label matches by name through the labels table; its id sits in search_labels.
        const userLabel = eb.exists(
          eb
            .selectFrom('labels')
            .select(sql.lit(1).as('one'))
            .where(sql.ref('labels.account_id'), '=', sql.ref('messages.account_id'))
            .where('labels.name_key', '=', key)
            .where(sql<SqlBool>`${sql.ref('messages.search_labels')} like '% ' || ${sql.ref('labels.id_key')} || ' %'`),
        );
        return systemId ? eb.or([hasLabel(eb, systemId), userLabel]) : userLabel;
      }
      if (node.operator === 'rfc822msgid') {
        // coalesce: a missing Message-ID is "no match" (false), never NULL, so NOT works.
        return eb(eb.fn.coalesce('messages.message_id_key', sql.lit('')), '=', messageIdKey(node.value));
      }
      return contains(eb, FIELD_COLUMNS[node.operator], phraseNeedle(node.value) as string);
    }
    case 'flag':
      return compileFlag(node, eb);
    case 'date': {
      const start = dateThreshold(node, context);
      return node.operator === 'after' || node.operator === 'newer' ? eb('messages.internal_date', '>=', start) : eb('messages.internal_date', '<', start);
    }
    case 'relative': {
      const cutoff = relativeThreshold(node, context);
      return node.operator === 'newer_than' ? eb('messages.internal_date', '>=', cutoff) : eb('messages.internal_date', '<', cutoff);
    }
    case 'size': {
      const bytes = sizeInBytes(node);
      const op = node.operator === 'larger' ? '>' : node.operator === 'smaller' ? '<' : '>=';
      return eb('messages.size_estimate', op, bytes);
    }
    case 'text':
    case 'around':
      // Unreachable: toSql reports body terms before compiling.
      return FALSE;
  }
}

function compileFlag(node: FlagNode, eb: Eb): Expression<SqlBool> {
  switch (node.operator) {
    case 'has':
      if (node.value === 'attachment') return eb('messages.has_attachment', '=', 1);
      if (node.value === 'userlabels') return eb('messages.has_user_labels', '=', 1);
      if (node.value === 'nouserlabels') return eb('messages.has_user_labels', '=', 0);
      return FALSE;
    case 'in': {
      const ids = { inbox: 'INBOX', sent: 'SENT', drafts: 'DRAFT', spam: 'SPAM', trash: 'TRASH', snoozed: 'SNOOZED' } as const;
      if (node.value === 'anywhere') return TRUE;
      if (node.value === 'archive') return hasNoneOf(['INBOX', 'SENT', 'DRAFT', 'SPAM', 'TRASH']);
      return hasLabel(eb, ids[node.value]);
    }
    case 'is': {
      if (node.value === 'read') return eb.not(hasLabel(eb, 'UNREAD'));
      const ids = { unread: 'UNREAD', starred: 'STARRED', important: 'IMPORTANT', muted: 'MUTED', snoozed: 'SNOOZED' } as const;
      return hasLabel(eb, ids[node.value]);
    }
    case 'category':
      if (node.value === 'primary') return hasNoneOf(INBOX_TAB_LABEL_IDS);
      return hasLabel(eb, CATEGORY_LABEL_IDS[node.value]);
  }
}

/**
 * The query as text for the Gmail API's `q`: canonical, with calendar dates turned into epoch
 * seconds of midnight in the user's zone (the API reads bare dates as midnight PST; DESIGN §5),
 * and, when `now` is given, older_than/newer_than turned into before:/after: epoch seconds so
 * Gmail and Mailroom use the same instant.
 */
export function toGmailQuery(ast: QueryNode, context: { timeZone: string; now?: Date }): string {
  return printWith(ast, (leaf) => {
    if (leaf.kind === 'date') {
      const ms = dateThreshold(leaf, context);
      const op = leaf.operator === 'after' || leaf.operator === 'newer' ? 'after' : 'before';
      return `${op}:${printDate({ type: 'epoch', seconds: Math.floor(ms / 1000) })}`;
    }
    if (leaf.kind === 'relative' && context.now) {
      const cutoff = relativeThreshold(leaf, { now: context.now, timeZone: context.timeZone });
      return leaf.operator === 'newer_than' ? `after:${Math.floor(cutoff / 1000)}` : `before:${Math.ceil(cutoff / 1000)}`;
    }
    return printLeaf(leaf);
  });
}
