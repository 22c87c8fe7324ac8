import crypto from 'node:crypto';
import {
  labelKey,
  needsBodyText,
  parse,
  QuerySyntaxError,
  spamTrashScope,
  toGmailQuery,
  toSql,
  walk,
  type LabelInfo,
  type QueryNode,
  type SqlCompilation,
  type WordIndex,
} from '@mailroom/mail-query';
import { QUARANTINE_LABEL_NAME } from '../../constants/recovery.ts';
import { invalidArgument } from '../../errors.ts';

/**
 * A category query ready to run: where it is evaluated (Mailroom's store for header-only
 * queries, Gmail search for queries over bodies) and in what form.
 */
export type CompiledCategoryQuery =
  | {
      source: 'store';
      ast: QueryNode;
      where: Extract<SqlCompilation, { ok: true }>['where'];
      /** The whole compilation: the word-index plan for pages and counts (db/word-index.ts). */
      sql: Extract<SqlCompilation, { ok: true }>;
      timeZone: string;
      fingerprint: string;
    }
  | { source: 'gmail'; ast: QueryNode; gmailQuery: string; fingerprint: string };

/**
 * Parses a category query; a query that is not valid Gmail search answers INVALID_ARGUMENT with
 * the parser's message and where the problem is, so the editor can point at the character.
 */
export function parseCategoryQuery(query: string): QueryNode {
  try {
    return parse(query);
  } catch (error) {
    if (error instanceof QuerySyntaxError) {
      throw invalidArgument(`query: ${error.message} (at character ${error.position + 1})`, {
        field: 'query',
        position: error.position,
        expected: error.expected,
        query: error.query,
      });
    }
    throw error;
  }
}

const QUARANTINE_KEY = labelKey(QUARANTINE_LABEL_NAME);

/**
 * Quarantined mail is set aside: like Gmail leaves trash and spam out of searches unless the
 * query names them, a category leaves out messages in Mailroom/Quarantine unless its query names
 * that label (or says `in:anywhere`). Quarantining from a category thus empties it visibly, and
 * undo brings the mail back.
 */
export function withoutQuarantine(ast: QueryNode): QueryNode {
  let named = false;
  walk(ast, (node) => {
    if (node.kind === 'field' && node.operator === 'label' && labelKey(node.value) === QUARANTINE_KEY) named = true;
    if (node.kind === 'flag' && node.operator === 'in' && node.value === 'anywhere') named = true;
  });
  if (named) return ast;
  const span = { start: 0, end: 0 };
  const excluded: QueryNode = {
    kind: 'not',
    child: { kind: 'field', operator: 'label', value: QUARANTINE_KEY, quoted: false, span },
    span,
  };
  const terms = ast.kind === 'and' ? ast.children : [ast];
  return { kind: 'and', children: [...terms, excluded], span: ast.span };
}

/** A category query parsed, with where it runs; compileCategoryQuery takes it so that a caller
 * that needs the AST first (to read the word index's statistics) parses the text once. */
export interface ParsedCategoryQuery {
  ast: QueryNode;
  fingerprint: string;
  source: CompiledCategoryQuery['source'];
}

export function parseForStore(query: string): ParsedCategoryQuery {
  // The same category queries come back on every page and count: parsed once (an AST is never
  // changed once made). Queries that do not parse are not kept; they throw each time.
  const kept = parsedQueries.get(query);
  if (kept) return kept;
  const ast = withoutQuarantine(parseCategoryQuery(query));
  const parsed: ParsedCategoryQuery = { ast, fingerprint: queryFingerprint(query), source: needsBodyText(ast) || spamTrashScope(ast).spam ? 'gmail' : 'store' };
  if (parsedQueries.size >= MAX_PARSED_QUERIES) parsedQueries.clear();
  parsedQueries.set(query, parsed);
  return parsed;
}

const parsedQueries = new Map<string, ParsedCategoryQuery>();
const MAX_PARSED_QUERIES = 2_000;

/** A short stable name of a query's text: page tokens carry it, cached counts are kept under it. */
export function queryFingerprint(query: string): string {
  return crypto.createHash('sha256').update(query).digest('base64url').slice(0, 12);
}

/**
 * Compiles a category's query for this instant: toSql over the store when the store can answer
 * it exactly, otherwise a Gmail `q` (dates as epoch seconds, DESIGN §5). The store cannot when
 * the query reads message bodies (never stored) or can match spam (`in:spam`, `in:anywhere`:
 * the sync leaves spam out). `labels` are the account's labels, so `label:` resolves to ids at
 * compile time. Dates (`after:2024/01/31`, `newer_than:2d`, "today") are read in `timeZone`, the
 * user's own (features/settings); Gmail gets them as epoch seconds, so its own reading of bare
 * dates in Pacific time never applies.
 */
export function compileCategoryQuery(
  query: string,
  context: { now: Date; timeZone: string; labels: readonly LabelInfo[]; wordIndex?: WordIndex },
  parsed?: ParsedCategoryQuery,
): CompiledCategoryQuery {
  const { ast, fingerprint, source } = parsed ?? parseForStore(query);
  if (source === 'gmail') {
    return { source: 'gmail', ast, gmailQuery: toGmailQuery(ast, { timeZone: context.timeZone, now: context.now }), fingerprint };
  }
  const compiled = toSql(ast, { now: context.now, timeZone: context.timeZone, labels: context.labels, ...(context.wordIndex ? { wordIndex: context.wordIndex } : {}) });
  if (!compiled.ok) {
    // needsBodyText and toSql agree on what the store cannot answer; this guards the invariant.
    throw new Error(`toSql refused a header-only query: ${compiled.unsupported.map((u) => u.term).join(', ')}`);
  }
  return { source: 'store', ast, where: compiled.where, sql: compiled, timeZone: context.timeZone, fingerprint };
}

/** Page tokens: the position after the last item, bound to the query so a changed query cannot reuse them. */
type PageCursor = { s: 'store'; q: string; d: number; i: string; r?: number } | { s: 'gmail'; q: string; p: string };

export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodePageToken(token: string, compiled: CompiledCategoryQuery): PageCursor {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    cursor = null;
  }
  const c = cursor as Partial<Record<string, unknown>> | null;
  const valid =
    c !== null &&
    typeof c === 'object' &&
    c['q'] === compiled.fingerprint &&
    c['s'] === compiled.source &&
    (compiled.source === 'store' ? typeof c['d'] === 'number' && typeof c['i'] === 'string' : typeof c['p'] === 'string');
  if (!valid) {
    throw invalidArgument('pageToken is not a page of this list (it may be from before the query changed); start from the first page', {
      field: 'pageToken',
    });
  }
  return cursor as PageCursor;
}
