import {
  FIELD_OPERATORS,
  FLAG_VALUES,
  OPERATOR_NAMES,
  type DateOperator,
  type DateValue,
  type FieldOperator,
  type FlagOperator,
  type FlagValue,
  type QueryNode,
  type RelativeOperator,
  type RelativeUnit,
  type SizeOperator,
  type SizeUnit,
  type Span,
  type TextNode,
} from './ast.ts';
import { daysInMonth, isValidDay } from './dates.ts';
import { QuerySyntaxError } from './errors.ts';
import { labelKey, messageIdKey, words } from './text.ts';

/*
 * The grammar (Gmail Help, "Search operators you can use with Gmail", and "Refine searches"):
 *
 *   query   := and EOF
 *   and     := or ( ["AND"] or )*              implicit AND; uppercase AND means the same
 *   or      := unary ( "OR" unary )*            OR binds tighter than AND: `a b OR c` = a (b OR c)
 *   unary   := "-" unary | primary              negation binds tightest
 *   primary := "(" and ")"                      group, AND
 *            | "{" or+ "}"                      group, OR
 *            | OPERATOR ":" value               value: word | "phrase" | ( and ) | { or+ }
 *            | text [ "AROUND" number text ]
 *   text    := word | "+" word | "phrase"
 *
 * `op:( ... )` applies the operator to every word inside (`subject:(dinner movie)` needs both
 * words in the subject). Lowercase `or`/`and` are plain words; an unknown `word:value` is text.
 */

type Token =
  | { type: 'lparen' | 'rparen' | 'lbrace' | 'rbrace' | 'minus'; start: number; end: number }
  | { type: 'keyword'; value: 'OR' | 'AND' | 'AROUND'; start: number; end: number }
  | { type: 'operator'; name: string; start: number; end: number }
  /** `exact` for `+word`; `operand` when the word is the value glued to an operator. */
  | { type: 'word'; value: string; exact: boolean; start: number; end: number }
  | { type: 'quoted'; value: string; start: number; end: number }
  | { type: 'eof'; start: number; end: number };

const DELIMITER = /[\s(){}"]/u;
const KNOWN_OPERATORS = new Set(OPERATOR_NAMES);

function isDelimiter(ch: string | undefined): boolean {
  return ch === undefined || DELIMITER.test(ch);
}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  const fail = (message: string, position: number, expected: string[]): never => {
    throw new QuerySyntaxError(message, position, expected, query);
  };
  let i = 0;
  const readRun = (from: number): number => {
    let j = from;
    while (j < query.length && !isDelimiter(query[j])) j++;
    return j;
  };
  while (i < query.length) {
    const ch = query[i] as string;
    if (/\s/u.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === ')' || ch === '{' || ch === '}') {
      const type = ch === '(' ? 'lparen' : ch === ')' ? 'rparen' : ch === '{' ? 'lbrace' : 'rbrace';
      tokens.push({ type, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (ch === '"') {
      const close = query.indexOf('"', i + 1);
      if (close < 0) fail('This quotation mark is never closed', i, ['"']);
      tokens.push({ type: 'quoted', value: query.slice(i + 1, close), start: i, end: close + 1 });
      i = close + 1;
      continue;
    }
    if (ch === '-') {
      if (/\s/u.test(query[i + 1] ?? ' ')) fail("'-' must be followed by the term it excludes, with no space", i, ['a term after -']);
      tokens.push({ type: 'minus', start: i, end: i + 1 });
      i++;
      continue;
    }
    if (ch === '+') {
      const end = readRun(i + 1);
      if (end === i + 1) fail("'+' must be followed by the exact word to search for, with no space", i, ['a word after +']);
      tokens.push({ type: 'word', value: query.slice(i + 1, end), exact: true, start: i, end });
      i = end;
      continue;
    }
    const end = readRun(i);
    const run = query.slice(i, end);
    const colon = run.indexOf(':');
    const name = colon > 0 ? run.slice(0, colon).toLowerCase() : '';
    if (colon > 0 && KNOWN_OPERATORS.has(name)) {
      tokens.push({ type: 'operator', name, start: i, end: i + colon + 1 });
      if (colon + 1 < run.length) {
        tokens.push({ type: 'word', value: run.slice(colon + 1), exact: false, start: i + colon + 1, end });
      }
    } else if (run === 'OR' || run === 'AND' || run === 'AROUND') {
      tokens.push({ type: 'keyword', value: run, start: i, end });
    } else {
      tokens.push({ type: 'word', value: run, exact: false, start: i, end });
    }
    i = end;
  }
  tokens.push({ type: 'eof', start: query.length, end: query.length });
  return tokens;
}

/**
 * Caps on hostile or runaway queries (issue 10, "Pathological category queries"): every part of
 * Mailroom that runs a query (evaluate, toSql, the database, Gmail) costs time in proportion to
 * its size, and some recurse on its depth. The caps are far above what a person writes (Gmail's
 * own search box takes about 1,500 characters) and keep every accepted query fast on a real
 * mailbox (`npm run bench` times the largest accepted ones).
 *
 * Depth counts nested groups `( )`, `{ }`, `op:( )` and negations `-`; terms count words,
 * phrases and operator terms (`from:{a b}` is two terms).
 */
export const MAX_QUERY_DEPTH = 24;
export const MAX_QUERY_TERMS = 64;

/** Inside `op:( ... )` every word is a value of that operator. */
interface OperatorScope {
  name: string;
  start: number;
}

const TERM_EXPECTED = ['a word', 'a quoted phrase', 'an operator such as from:', '(', '{', '-'];

/**
 * Parses a Gmail search query. Throws QuerySyntaxError (never another exception) when the text
 * is not a valid query. The empty query is valid and matches everything but spam and trash.
 */
export function parse(query: string): QueryNode {
  return new Parser(query).parseQuery();
}

class Parser {
  private readonly query: string;
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;
  private terms = 0;

  constructor(query: string) {
    this.query = query;
    this.tokens = tokenize(query);
  }

  parseQuery(): QueryNode {
    const node = this.parseAnd(null);
    const next = this.peek();
    if (next.type === 'rparen') this.fail("This ')' has no matching '('", next.start, ['a term', 'end of query']);
    if (next.type === 'rbrace') this.fail("This '}' has no matching '{'", next.start, ['a term', 'end of query']);
    if (next.type !== 'eof') this.fail('Unexpected text', next.start, ['end of query']);
    return node;
  }

  private fail(message: string, position: number, expected: readonly string[]): never {
    throw new QuerySyntaxError(message, position, expected, this.query);
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  /** Enters a group or negation that starts at `at`, refusing one level too many. */
  private enter(at: number): void {
    if (++this.depth > MAX_QUERY_DEPTH) {
      this.fail(`Too deeply nested: a query may nest groups and negations at most ${MAX_QUERY_DEPTH} levels deep`, at, ['a term at a shallower level']);
    }
  }

  private leave(): void {
    this.depth--;
  }

  /** Counts one search term that starts at `at`, refusing one term too many. */
  private countTerm(at: number): void {
    if (++this.terms > MAX_QUERY_TERMS) {
      this.fail(`Too many search terms: a query may hold at most ${MAX_QUERY_TERMS}; split it into several categories`, at, ['end of query']);
    }
  }

  private isTermStart(token: Token): boolean {
    return ['lparen', 'lbrace', 'minus', 'operator', 'word', 'quoted'].includes(token.type);
  }

  private parseAnd(scope: OperatorScope | null): QueryNode {
    const items: QueryNode[] = [];
    const start = this.peek().start;
    for (;;) {
      const token = this.peek();
      if (token.type === 'eof' || token.type === 'rparen' || token.type === 'rbrace') break;
      if (token.type === 'keyword' && token.value === 'AND') {
        const after = this.peek(1);
        if (items.length === 0 || !this.isTermStart(after)) {
          this.fail('AND needs a term on both sides', token.start, TERM_EXPECTED);
        }
        this.next();
        continue;
      }
      items.push(this.parseOr(scope));
    }
    if (items.length === 1) return items[0] as QueryNode;
    const end = items.length > 0 ? (items[items.length - 1] as QueryNode).span.end : start;
    return { kind: 'and', children: flatten('and', items), span: { start: items.length > 0 ? start : 0, end: items.length > 0 ? end : 0 } };
  }

  private parseOr(scope: OperatorScope | null): QueryNode {
    const first = this.parseUnary(scope);
    const items = [first];
    while (this.peek().type === 'keyword' && (this.peek() as { value: string }).value === 'OR') {
      const or = this.next();
      if (!this.isTermStart(this.peek())) this.fail('OR needs a term on both sides', or.start, TERM_EXPECTED);
      items.push(this.parseUnary(scope));
    }
    if (items.length === 1) return first;
    const last = items[items.length - 1] as QueryNode;
    return { kind: 'or', children: flatten('or', items), span: { start: first.span.start, end: last.span.end } };
  }

  private parseUnary(scope: OperatorScope | null): QueryNode {
    const token = this.peek();
    if (token.type === 'minus') {
      this.next();
      if (!this.isTermStart(this.peek())) this.fail("'-' must be followed by the term it excludes", token.start, TERM_EXPECTED);
      this.enter(token.start);
      const child = this.parseUnary(scope);
      this.leave();
      return { kind: 'not', child, span: { start: token.start, end: child.span.end } };
    }
    return this.parsePrimary(scope);
  }

  private parsePrimary(scope: OperatorScope | null): QueryNode {
    const token = this.next();
    switch (token.type) {
      case 'lparen':
      case 'lbrace':
        return this.parseGroup(token, scope);
      case 'operator': {
        if (scope) {
          this.fail(`An operator cannot be used inside ${scope.name}:( ), which already applies ${scope.name}: to every word`, token.start, ['a word', 'a quoted phrase']);
        }
        return this.parseOperator(token);
      }
      case 'word':
      case 'quoted': {
        const leaf = scope ? this.operatorValue(scope, token) : this.textTerm(token);
        if (!scope && leaf.kind === 'text') return this.maybeAround(leaf);
        return leaf;
      }
      case 'keyword':
        if (token.value === 'AROUND') this.fail('AROUND needs a word or quoted phrase before it', token.start, ['a word', 'a quoted phrase']);
        return this.fail(`${token.value} needs a term on both sides`, token.start, TERM_EXPECTED);
      case 'rparen':
        return this.fail("This ')' has no matching '('", token.start, TERM_EXPECTED);
      case 'rbrace':
        return this.fail("This '}' has no matching '{'", token.start, TERM_EXPECTED);
      case 'minus':
      case 'eof':
        return this.fail('Expected a search term', token.start, TERM_EXPECTED);
    }
  }

  private parseGroup(open: Token, scope: OperatorScope | null): QueryNode {
    const isParen = open.type === 'lparen';
    const closeType = isParen ? 'rparen' : 'rbrace';
    const closeChar = isParen ? ')' : '}';
    if (this.peek().type === closeType) this.fail(`Empty group: put search terms between ${isParen ? '( )' : '{ }'}`, open.start, TERM_EXPECTED);
    this.enter(open.start);
    let inner: QueryNode;
    if (isParen) {
      inner = this.parseAnd(scope);
    } else {
      // `{a b c}` is a OR b OR c (Gmail Help: "Search for messages that match multiple terms").
      const items: QueryNode[] = [];
      for (;;) {
        const token = this.peek();
        if (token.type === 'eof' || token.type === 'rparen' || token.type === 'rbrace') break;
        if (token.type === 'keyword' && token.value === 'OR') {
          if (items.length === 0 || !this.isTermStart(this.peek(1))) this.fail('OR needs a term on both sides', token.start, TERM_EXPECTED);
          this.next();
          continue;
        }
        if (token.type === 'keyword' && token.value === 'AND') {
          this.fail('AND cannot be used inside { }, whose terms are alternatives; use ( ) to require several', token.start, [...TERM_EXPECTED, '}']);
        }
        items.push(this.parseOr(scope));
      }
      inner =
        items.length === 1
          ? (items[0] as QueryNode)
          : { kind: 'or', children: flatten('or', items), span: { start: open.start, end: this.peek().end } };
    }
    const close = this.peek();
    if (close.type !== closeType) {
      if (close.type === 'eof') this.fail(`This '${isParen ? '(' : '{'}' is never closed`, open.start, [closeChar]);
      this.fail(`Expected '${closeChar}' to close the group opened at position ${open.start}`, close.start, [closeChar]);
    }
    this.next();
    this.leave();
    return { ...inner, span: { start: open.start, end: close.end } } as QueryNode;
  }

  private parseOperator(op: Extract<Token, { type: 'operator' }>): QueryNode {
    const value = this.peek();
    const glued = value.start === op.end;
    if (glued && (value.type === 'lparen' || value.type === 'lbrace')) {
      this.next();
      const node = this.parseGroup(value, { name: op.name, start: op.start });
      return { ...node, span: { start: op.start, end: node.span.end } } as QueryNode;
    }
    if (glued && (value.type === 'word' || value.type === 'quoted')) {
      this.next();
      const leaf = this.operatorValue({ name: op.name, start: op.start }, value, op.start);
      return { ...leaf, span: { start: op.start, end: value.end } } as QueryNode;
    }
    return this.fail(`${op.name}: needs a value right after the colon, e.g. ${example(op.name)}`, op.end, ['a value']);
  }

  private textTerm(token: Extract<Token, { type: 'word' | 'quoted' }>): TextNode {
    this.countTerm(token.start);
    const quoted = token.type === 'quoted';
    const exact = token.type === 'word' && token.exact;
    if (words(token.value).length === 0) {
      this.fail(`${quoted ? `"${token.value}"` : `'${token.value}'`} has no letters or digits to search for`, token.start, ['a word with letters or digits']);
    }
    return { kind: 'text', value: token.value, quoted, exact, span: { start: token.start, end: token.end } };
  }

  private maybeAround(left: TextNode): QueryNode {
    const keyword = this.peek();
    if (keyword.type !== 'keyword' || keyword.value !== 'AROUND') return left;
    this.next();
    const number = this.peek();
    if (number.type !== 'word' || number.exact || !/^\d+$/.test(number.value)) {
      this.fail('AROUND must be followed by a number of words, e.g. holiday AROUND 10 vacation', number.start, ['a number']);
    }
    this.next();
    const distance = Number(number.value);
    if (!Number.isSafeInteger(distance)) this.fail('The AROUND distance is too large', number.start, ['a smaller number']);
    const right = this.peek();
    if (right.type !== 'word' && right.type !== 'quoted') {
      this.fail(`AROUND ${number.value} must be followed by a word or quoted phrase`, right.start, ['a word', 'a quoted phrase']);
    }
    this.next();
    const rightNode = this.textTerm(right);
    const after = this.peek();
    if (after.type === 'keyword' && after.value === 'AROUND') {
      this.fail('AROUND joins two words or phrases and cannot be chained', after.start, ['a term', 'end of query']);
    }
    return { kind: 'around', left, right: rightNode, distance, span: { start: left.span.start, end: rightNode.span.end } };
  }

  /** Builds the node for `name:value`, validating the value for that operator. */
  private operatorValue(scope: OperatorScope, token: Extract<Token, { type: 'word' | 'quoted' }>, termStart = token.start): QueryNode {
    const name = scope.name;
    const value = token.value;
    const quoted = token.type === 'quoted';
    const span: Span = { start: token.start, end: token.end };
    // Where the value's text starts (after an opening quote or a '+').
    const at = token.start + (quoted || (token.type === 'word' && token.exact) ? 1 : 0);
    const raw = token.type === 'word' && token.exact ? `+${value}` : value;
    const fail = (message: string, offset: number, expected: readonly string[]): never => this.fail(message, at + offset, expected);
    this.countTerm(termStart);

    if ((FIELD_OPERATORS as readonly string[]).includes(name)) {
      const operator = name as FieldOperator;
      const ok =
        operator === 'rfc822msgid' ? messageIdKey(raw) !== '' : operator === 'label' ? labelKey(raw).trim() !== '' : words(raw).length > 0;
      if (!ok) fail(`${name}:${quoted ? `"${value}"` : raw} has no letters or digits to search for`, 0, ['a value with letters or digits']);
      return { kind: 'field', operator, value: raw, quoted, span };
    }
    if (name in FLAG_VALUES) {
      const operator = name as FlagOperator;
      const allowed = FLAG_VALUES[operator] as readonly string[];
      const lower = value.toLowerCase();
      if (!allowed.includes(lower)) {
        fail(`${name}:${value} is not something Gmail searches for; ${name}: takes ${allowed.join(', ')}`, 0, allowed);
      }
      return { kind: 'flag', operator, value: lower as FlagValue, span } as QueryNode;
    }
    switch (name) {
      case 'after':
      case 'before':
      case 'older':
      case 'newer':
        return { kind: 'date', operator: name as DateOperator, date: parseDate(value, fail), span };
      case 'older_than':
      case 'newer_than': {
        const m = /^(\d*)(.*)$/su.exec(value) as RegExpExecArray;
        const digits = m[1] as string;
        const unit = (m[2] as string).toLowerCase();
        if (digits === '') fail(`${name}: takes a number and a unit, e.g. ${name}:2d (days), 3m (months) or 1y (years)`, 0, ['a number']);
        if (unit === '') fail(`${name}:${value} needs a unit: d (days), m (months) or y (years)`, digits.length, ['d', 'm', 'y']);
        if (unit !== 'd' && unit !== 'm' && unit !== 'y') {
          fail(`Unknown unit '${m[2] as string}' in ${name}:${value}; use d (days), m (months) or y (years)`, digits.length, ['d', 'm', 'y']);
        }
        const amount = Number(digits);
        if (!Number.isSafeInteger(amount) || amount > 100_000) fail(`${name}:${value} is too far back`, 0, ['a smaller number']);
        return { kind: 'relative', operator: name as RelativeOperator, amount, unit: unit as RelativeUnit, span };
      }
      case 'larger':
      case 'smaller':
      case 'size': {
        const m = /^(\d*)(.*)$/su.exec(value) as RegExpExecArray;
        const digits = m[1] as string;
        const unit = (m[2] as string).toUpperCase();
        if (digits === '') fail(`${name}: takes a size in bytes, optionally with K or M, e.g. ${name}:10M`, 0, ['a number']);
        if (unit !== '' && unit !== 'K' && unit !== 'M') {
          fail(`Unknown unit '${m[2] as string}' in ${name}:${value}; use bytes, K (kilobytes) or M (megabytes)`, digits.length, ['K', 'M', 'a digit']);
        }
        const amount = Number(digits);
        if (!Number.isSafeInteger(amount * 1_048_576)) fail(`${name}:${value} is too large`, 0, ['a smaller number']);
        return { kind: 'size', operator: name as SizeOperator, amount, unit: unit as SizeUnit, span };
      }
    }
    return this.fail(`Unknown operator ${name}:`, scope.start, ['an operator']);
  }
}

const DATE_EXPECTED = ['a date as yyyy/mm/dd, yyyy-mm-dd or mm/dd/yyyy', 'epoch seconds'];

/** Gmail's date forms: yyyy/mm/dd, yyyy-mm-dd, mm/dd/yyyy, or epoch seconds (Gmail Help, "after:"). */
function parseDate(value: string, fail: (message: string, offset: number, expected: readonly string[]) => never): DateValue {
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    if (!Number.isSafeInteger(seconds) || seconds > 253_402_300_799) fail(`${value} is too large for a date in epoch seconds`, 0, DATE_EXPECTED);
    return { type: 'epoch', seconds };
  }
  let year: number;
  let month: number;
  let day: number;
  const ymd = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(value);
  const mdy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (ymd) {
    year = Number(ymd[1]);
    month = Number(ymd[3]);
    day = Number(ymd[4]);
  } else if (mdy) {
    month = Number(mdy[1]);
    day = Number(mdy[2]);
    year = Number(mdy[3]);
  } else {
    return fail(`'${value}' is not a date; write yyyy/mm/dd, yyyy-mm-dd, mm/dd/yyyy or epoch seconds`, 0, DATE_EXPECTED);
  }
  if (year < 1000) fail(`${value} is not a real date: year ${year} is out of range`, 0, DATE_EXPECTED);
  if (month < 1 || month > 12) fail(`${value} is not a real date: there is no month ${month}`, 0, DATE_EXPECTED);
  if (!isValidDay(year, month, day)) {
    fail(`${value} is not a real date: ${MONTHS[month - 1] as string} ${year} has ${daysInMonth(year, month)} days`, 0, DATE_EXPECTED);
  }
  return { type: 'day', year, month, day };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function example(name: string): string {
  const examples: Record<string, string> = {
    from: 'from:alice@example.com',
    to: 'to:bob',
    subject: 'subject:invoice',
    label: 'label:work',
    has: 'has:attachment',
    in: 'in:inbox',
    is: 'is:unread',
    category: 'category:promotions',
    after: 'after:2024/01/31',
    before: 'before:2024/01/31',
    older_than: 'older_than:1y',
    newer_than: 'newer_than:2d',
    larger: 'larger:10M',
    smaller: 'smaller:100K',
    size: 'size:1000000',
  };
  return examples[name] ?? `${name}:value`;
}

function flatten(kind: 'and' | 'or', items: QueryNode[]): QueryNode[] {
  return items.flatMap((item) => (item.kind === kind ? item.children : [item]));
}
