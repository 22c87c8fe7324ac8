import { describe, expect, it } from 'vitest';
import { stripSpans, type QueryNode } from './ast.ts';
import { QuerySyntaxError } from './errors.ts';
import { MAX_QUERY_DEPTH, MAX_QUERY_TERMS, parse } from './parse.ts';
import { print } from './print.ts';

const shape = (q: string): unknown => stripSpans(parse(q));
const text = (value: string, extra: Partial<{ quoted: boolean; exact: boolean }> = {}) => ({ kind: 'text', value, quoted: false, exact: false, ...extra });
const field = (operator: string, value: string, quoted = false) => ({ kind: 'field', operator, value, quoted });

function syntaxError(q: string): QuerySyntaxError {
  try {
    parse(q);
  } catch (error) {
    expect(error).toBeInstanceOf(QuerySyntaxError);
    return error as QuerySyntaxError;
  }
  throw new Error(`expected ${q} to be rejected`);
}

describe('precedence', () => {
  it('reads a b OR c as a AND (b OR c)', () => {
    expect(shape('a b OR c')).toEqual({ kind: 'and', children: [text('a'), { kind: 'or', children: [text('b'), text('c')] }] });
  });
  it('reads a OR b c as (a OR b) AND c', () => {
    expect(shape('a OR b c')).toEqual({ kind: 'and', children: [{ kind: 'or', children: [text('a'), text('b')] }, text('c')] });
  });
  it('binds negation tighter than OR', () => {
    expect(shape('-a OR b')).toEqual({ kind: 'or', children: [{ kind: 'not', child: text('a') }, text('b')] });
  });
  it('treats uppercase AND as the implicit AND', () => {
    expect(shape('a AND b OR c')).toEqual(shape('a b OR c'));
  });
  it('treats lowercase or/and as plain words', () => {
    expect(shape('a or b and c')).toEqual({ kind: 'and', children: ['a', 'or', 'b', 'and', 'c'].map((w) => text(w)) });
  });
  it('groups with parentheses (AND) and braces (OR)', () => {
    expect(shape('(a b) OR c')).toEqual({ kind: 'or', children: [{ kind: 'and', children: [text('a'), text('b')] }, text('c')] });
    expect(shape('{a b c}')).toEqual({ kind: 'or', children: [text('a'), text('b'), text('c')] });
    expect(shape('-{a b}')).toEqual({ kind: 'not', child: { kind: 'or', children: [text('a'), text('b')] } });
  });
  it('flattens chains and collapses one-term groups', () => {
    expect(shape('a OR b OR c')).toEqual({ kind: 'or', children: [text('a'), text('b'), text('c')] });
    expect(shape('(a (b c))')).toEqual({ kind: 'and', children: [text('a'), text('b'), text('c')] });
    expect(shape('((a))')).toEqual(text('a'));
  });
  it('applies an operator to every word of its group', () => {
    expect(shape('subject:(dinner movie)')).toEqual({ kind: 'and', children: [field('subject', 'dinner'), field('subject', 'movie')] });
    expect(shape('from:{amy bob}')).toEqual({ kind: 'or', children: [field('from', 'amy'), field('from', 'bob')] });
    expect(shape('subject:(a -b)')).toEqual({ kind: 'and', children: [field('subject', 'a'), { kind: 'not', child: field('subject', 'b') }] });
  });
  it('parses the empty query as match-everything', () => {
    expect(shape('   ')).toEqual({ kind: 'and', children: [] });
  });
});

describe('terms and operators', () => {
  it('parses words, phrases and exact words', () => {
    expect(shape('"quarterly report"')).toEqual(text('quarterly report', { quoted: true }));
    expect(shape('+unicorn')).toEqual(text('unicorn', { exact: true }));
  });
  it('parses every field operator, case-insensitively', () => {
    for (const op of ['from', 'to', 'cc', 'bcc', 'deliveredto', 'list', 'subject', 'filename', 'label', 'rfc822msgid']) {
      expect(shape(`${op.toUpperCase()}:x1`)).toEqual(field(op, 'x1'));
      expect(shape(`${op}:"a b"`)).toEqual(field(op, 'a b', true));
    }
  });
  it('parses has:, in:, is: and category: values', () => {
    expect(shape('has:attachment')).toEqual({ kind: 'flag', operator: 'has', value: 'attachment' });
    expect(shape('in:Anywhere')).toEqual({ kind: 'flag', operator: 'in', value: 'anywhere' });
    expect(shape('is:unread')).toEqual({ kind: 'flag', operator: 'is', value: 'unread' });
    expect(shape('category:promotions')).toEqual({ kind: 'flag', operator: 'category', value: 'promotions' });
  });
  it('parses the three date forms and epoch seconds', () => {
    const day = { type: 'day', year: 2004, month: 4, day: 16 };
    expect(shape('after:2004/04/16')).toEqual({ kind: 'date', operator: 'after', date: day });
    expect(shape('before:2004-4-16')).toEqual({ kind: 'date', operator: 'before', date: day });
    expect(shape('older:04/16/2004')).toEqual({ kind: 'date', operator: 'older', date: day });
    expect(shape('newer:1388552400')).toEqual({ kind: 'date', operator: 'newer', date: { type: 'epoch', seconds: 1388552400 } });
    expect(shape('after:2024/02/29')).toEqual({ kind: 'date', operator: 'after', date: { type: 'day', year: 2024, month: 2, day: 29 } });
  });
  it('parses relative dates and sizes', () => {
    expect(shape('older_than:1y')).toEqual({ kind: 'relative', operator: 'older_than', amount: 1, unit: 'y' });
    expect(shape('newer_than:2D')).toEqual({ kind: 'relative', operator: 'newer_than', amount: 2, unit: 'd' });
    expect(shape('larger:10M')).toEqual({ kind: 'size', operator: 'larger', amount: 10, unit: 'M' });
    expect(shape('smaller:5k')).toEqual({ kind: 'size', operator: 'smaller', amount: 5, unit: 'K' });
    expect(shape('size:1000')).toEqual({ kind: 'size', operator: 'size', amount: 1000, unit: '' });
  });
  it('parses AROUND between two words or phrases', () => {
    expect(shape('holiday AROUND 10 "summer vacation"')).toEqual({
      kind: 'around',
      left: text('holiday'),
      right: text('summer vacation', { quoted: true }),
      distance: 10,
    });
  });
  it('reads an unknown word:value as plain text', () => {
    expect(shape('foo:bar')).toEqual(text('foo:bar'));
    expect(shape('https://example.com/x')).toEqual(text('https://example.com/x'));
  });
  it('records where each term came from', () => {
    const ast = parse('from:amy -subject:(a b)') as Extract<QueryNode, { kind: 'and' }>;
    expect(ast.children[0]?.span).toEqual({ start: 0, end: 8 });
    expect(ast.children[1]?.span).toEqual({ start: 9, end: 23 });
  });
});

describe('syntax errors say what is wrong and where', () => {
  const cases: Array<[query: string, position: number, message: RegExp, expected: string]> = [
    ['(a b', 0, /'\(' is never closed/, ')'],
    ['{a b', 0, /'\{' is never closed/, '}'],
    ['(a b}', 4, /Expected '\)'/, ')'],
    ['a b)', 3, /no matching '\('/, 'end of query'],
    ['a }', 2, /no matching '\{'/, 'end of query'],
    ['subject:"half', 8, /quotation mark is never closed/, '"'],
    ['from:', 5, /from: needs a value/, 'a value'],
    ['to: bob', 3, /to: needs a value/, 'a value'],
    ['label:)', 6, /label: needs a value/, 'a value'],
    ['after:2002/13/45', 6, /no month 13/, 'epoch seconds'],
    ['before:2023/02/29', 7, /February 2023 has 28 days/, 'epoch seconds'],
    ['after:yesterday', 6, /not a date/, 'epoch seconds'],
    ['older_than:3w', 12, /Unknown unit 'w'/, 'd'],
    ['newer_than:5', 12, /needs a unit/, 'm'],
    ['older_than:d', 11, /takes a number/, 'a number'],
    ['larger:5G', 8, /Unknown unit 'G'/, 'M'],
    ['smaller:big', 8, /takes a size/, 'a number'],
    ['a OR', 2, /OR needs a term on both sides/, 'a word'],
    ['OR a', 0, /OR needs a term on both sides/, 'a word'],
    ['a OR OR b', 2, /OR needs a term on both sides/, 'a word'],
    ['a AND', 2, /AND needs a term on both sides/, 'a word'],
    ['a (OR b)', 3, /OR needs a term on both sides/, 'a word'],
    ['is:shiny', 3, /is: takes unread, read/, 'unread'],
    ['has:pdf', 4, /has: takes attachment/, 'attachment'],
    ['in:outbox', 3, /in: takes inbox/, 'inbox'],
    ['category:news', 9, /category: takes primary/, 'social'],
    ['()', 0, /Empty group/, '('],
    ['a - b', 2, /'-' must be followed/, 'a term after -'],
    ['a -', 2, /'-' must be followed/, 'a term after -'],
    ['-)', 0, /'-' must be followed by the term/, 'a word'],
    ['+ word', 0, /'\+' must be followed/, 'a word after +'],
    ['a AROUND b', 9, /AROUND must be followed by a number/, 'a number'],
    ['AROUND 3 b', 0, /AROUND needs a word/, 'a word'],
    ['a AROUND 3', 10, /must be followed by a word or quoted phrase/, 'a quoted phrase'],
    ['a AROUND 3 b AROUND 4 c', 13, /cannot be chained/, 'a term'],
    ['{a AND b}', 3, /AND cannot be used inside \{ \}/, '}'],
    ['from:(to:bob)', 6, /cannot be used inside from:\( \)/, 'a word'],
    ['!!!', 0, /no letters or digits/, 'a word with letters or digits'],
    ['from:@', 5, /no letters or digits/, 'a value with letters or digits'],
  ];
  it.each(cases)('%s', (query, position, message, expected) => {
    const error = syntaxError(query);
    expect(error.message).toMatch(message);
    expect(error.position).toBe(position);
    expect(error.expected).toContain(expected);
    expect(error.caret().split('\n')[1]).toBe(`${' '.repeat(position)}^`);
  });
});

describe('print', () => {
  it.each([
    ['a   b OR  c', 'a b OR c'],
    ['FROM:Amy Subject:(x y)', 'from:Amy subject:x subject:y'],
    ['{a b} (c d) OR e', 'a OR b (c d) OR e'],
    ['-{a b} -(c d)', '-(a OR b) -(c d)'],
    ['after:2004-4-6 before:04/16/2004', 'after:2004/04/06 before:2004/04/16'],
    ['larger:10m is:UNREAD', 'larger:10M is:unread'],
    ['label:"My Label" +exact "a phrase"', 'label:"My Label" +exact "a phrase"'],
    ['x AROUND 5 y', 'x AROUND 5 y'],
  ])('prints %s canonically as %s', (query, canonical) => {
    expect(print(parse(query))).toBe(canonical);
    expect(stripSpans(parse(canonical))).toEqual(stripSpans(parse(query)));
  });
});

describe('caps on runaway queries', () => {
  const nested = (levels: number, open = '(', close = ')') => `${open.repeat(levels)}a${close.repeat(levels)}`;

  it(`accepts ${MAX_QUERY_DEPTH} levels of nesting and refuses the next one where it opens`, () => {
    expect(stripSpans(parse(nested(MAX_QUERY_DEPTH)))).toEqual(text('a'));
    const error = syntaxError(nested(999));
    expect(error.message).toMatch(/Too deeply nested/);
    expect(error.position).toBe(MAX_QUERY_DEPTH);
    expect(syntaxError(nested(MAX_QUERY_DEPTH + 1, '{', '}')).position).toBe(MAX_QUERY_DEPTH);
  });
  it('counts negations and operator groups as levels', () => {
    expect(syntaxError(`${'-'.repeat(MAX_QUERY_DEPTH + 1)}a`).position).toBe(MAX_QUERY_DEPTH);
    const mixed = `${'-('.repeat(MAX_QUERY_DEPTH / 2)}subject:(x)${')'.repeat(MAX_QUERY_DEPTH / 2)}`;
    const error = syntaxError(mixed);
    expect(error.message).toMatch(/Too deeply nested/);
    expect(error.position).toBe(mixed.indexOf('(x)'));
    expect(() => parse(`${'-('.repeat(MAX_QUERY_DEPTH / 2 - 1)}subject:(x)${')'.repeat(MAX_QUERY_DEPTH / 2 - 1)}`)).not.toThrow();
  });
  it(`accepts ${MAX_QUERY_TERMS} terms and refuses the next one where it starts`, () => {
    const terms = (n: number) => Array.from({ length: n }, (_, i) => `from:s${i}.example`);
    expect(parse(terms(MAX_QUERY_TERMS).join(' OR ')).kind).toBe('or');
    const query = terms(399).join(' OR ');
    const error = syntaxError(query);
    expect(error.message).toMatch(/Too many search terms/);
    expect(error.position).toBe(terms(MAX_QUERY_TERMS).join(' OR ').length + ' OR '.length);
  });
  it('counts every word of an operator group and both sides of AROUND', () => {
    const words = Array.from({ length: MAX_QUERY_TERMS + 1 }, (_, i) => `w${i}`);
    const grouped = `subject:{${words.join(' ')}}`;
    expect(syntaxError(grouped).position).toBe(grouped.indexOf(`w${MAX_QUERY_TERMS}`));
    const around = `${Array.from({ length: MAX_QUERY_TERMS - 1 }, (_, i) => `w${i}`).join(' ')} x AROUND 2 y`;
    expect(syntaxError(around).position).toBe(around.length - 1);
  });
});
