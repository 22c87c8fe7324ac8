import { OPERATOR_NAMES, parse, type QueryNode } from '@mailroom/mail-query';
import { normalizeWord } from './vocabulary.ts';

/**
 * Splits a request into tokens with their character ranges, keeping anything already written
 * in Gmail's syntax as it is: `from:rohit`, `-label:work`, `"exact phrase"`, `(a OR b)`,
 * `{a b}`, `+word`. Each such piece is parsed on its own with packages/mail-query and passes
 * through unchanged when it parses; a piece that does not parse (`after:yesterday`,
 * `subject: invoice`) is read as plain words, so the natural-language grammar can try it.
 */
export interface Span {
  start: number;
  end: number;
}

export interface WordToken extends Span {
  kind: 'word';
  /** As written, without surrounding punctuation. */
  raw: string;
  /** Lower-cased, possessive 's removed, common misspellings of the vocabulary corrected. */
  norm: string;
  /** Lower-cased as written, possessive 's removed, never corrected (names, topics). */
  lower: string;
  /** Written with a capital letter (a hint that it is a name). */
  capitalized: boolean;
  /** Written as `rohit's`. */
  possessive: boolean;
  /** `norm` is a correction of a misspelling (lowers the confidence). */
  corrected: boolean;
}

export interface QuotedToken extends Span {
  kind: 'quoted';
  value: string;
}

export interface SyntaxToken extends Span {
  kind: 'syntax';
  node: QueryNode;
}

export interface PunctToken extends Span {
  kind: 'punct';
  value: string;
}

export type Token = WordToken | QuotedToken | SyntaxToken | PunctToken;

const OPERATORS = new Set(OPERATOR_NAMES);
const OPEN_QUOTES = new Set(['"', '\u201c', '\u201e']);
const CLOSE_QUOTES = new Set(['"', '\u201d', '\u201c']);
const OPEN_SINGLE = new Set(["'", '\u2018']);
const CLOSE_SINGLE = new Set(["'", '\u2019']);
/** Characters that end a word (besides white space). */
const WORD_END = /[\s"\u201c\u201d\u201e(){},;!?]/u;
const PUNCT = new Set([',', ';', '!', '?', '.', ':', '&', '|', '/', '>', '<', '=']);

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || /\s/u.test(ch);
}

/** The index just past the group that opens at `from`, or -1 when it is never closed. */
function matchingClose(text: string, from: number): number {
  const open = text[from] as string;
  const close = open === '(' ? ')' : '}';
  let depth = 0;
  let quoted = false;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    if (quoted) continue;
    if (ch === open) depth++;
    else if (ch === close && --depth === 0) return i + 1;
  }
  return -1;
}

/** Parses a piece of Gmail syntax on its own; null when it is not valid syntax. */
function syntax(text: string): QueryNode | null {
  try {
    return parse(text);
  } catch {
    return null;
  }
}

/** Only free-text words joined by AND: nothing the person wrote as syntax. */
function isPlainWords(node: QueryNode): boolean {
  if (node.kind === 'text') return !node.quoted && !node.exact;
  return node.kind === 'and' && node.children.every(isPlainWords);
}

function wordEnd(text: string, from: number): number {
  let j = from;
  while (j < text.length && !WORD_END.test(text[j] as string)) j++;
  return j;
}

export function tokenize(request: string): Token[] {
  const tokens: Token[] = [];
  const pushWords = (start: number, end: number): void => {
    // A run of characters without spaces: strip punctuation at its ends, keep it inside
    // (`amazon.com`, `9/15`, `5.5MB`, `cc'd`, `e-mail`).
    let s = start;
    let e = end;
    while (s < e && PUNCT.has(request[s] as string)) {
      tokens.push({ kind: 'punct', value: request[s] as string, start: s, end: s + 1 });
      s++;
    }
    const trailing: PunctToken[] = [];
    while (e > s && (PUNCT.has(request[e - 1] as string) || CLOSE_SINGLE.has(request[e - 1] as string))) {
      trailing.unshift({ kind: 'punct', value: request[e - 1] as string, start: e - 1, end: e });
      e--;
    }
    if (e > s) {
      const raw = request.slice(s, e);
      if (/[\p{L}\p{N}]/u.test(raw)) {
        const word = normalizeWord(raw);
        tokens.push({ kind: 'word', raw, ...word, capitalized: /^\p{Lu}/u.test(raw), start: s, end: e });
      } else {
        for (let k = s; k < e; k++) tokens.push({ kind: 'punct', value: request[k] as string, start: k, end: k + 1 });
      }
    }
    tokens.push(...trailing);
  };

  let i = 0;
  while (i < request.length) {
    const ch = request[i] as string;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    // "a phrase" (straight or curly quotes): an exact phrase, as in Gmail.
    if (OPEN_QUOTES.has(ch)) {
      let close = -1;
      for (let j = i + 1; j < request.length; j++) {
        if (CLOSE_QUOTES.has(request[j] as string)) {
          close = j;
          break;
        }
      }
      const end = close < 0 ? request.length : close + 1;
      const value = request.slice(i + 1, close < 0 ? request.length : close).trim();
      if (/[\p{L}\p{N}]/u.test(value)) tokens.push({ kind: 'quoted', value, start: i, end });
      i = end;
      continue;
    }
    // 'a phrase' in single quotes, when the quote opens a word and a closing one ends a word.
    if (OPEN_SINGLE.has(ch) && (i === 0 || isSpace(request[i - 1]))) {
      let close = -1;
      for (let j = i + 1; j < request.length; j++) {
        if (CLOSE_SINGLE.has(request[j] as string) && (isSpace(request[j + 1]) || /[,.;!?)]/u.test(request[j + 1] ?? ' ')) && j > i + 1) {
          close = j;
          break;
        }
      }
      if (close > 0) {
        const value = request.slice(i + 1, close).trim();
        if (/[\p{L}\p{N}]/u.test(value) && !value.includes('"')) tokens.push({ kind: 'quoted', value, start: i, end: close + 1 });
        i = close + 1;
        continue;
      }
      i++;
      continue;
    }
    if (ch === '(' || ch === '{') {
      const end = matchingClose(request, i);
      const node = end > 0 ? syntax(request.slice(i, end)) : null;
      // A group of plain words is prose in brackets, not syntax: read its words.
      if (node && !isPlainWords(node)) {
        tokens.push({ kind: 'syntax', node, start: i, end });
        i = end;
      } else {
        tokens.push({ kind: 'punct', value: ch, start: i, end: i + 1 });
        i++;
      }
      continue;
    }
    if (ch === ')' || ch === '}' || ch === ',' || ch === ';' || ch === '!' || ch === '?') {
      tokens.push({ kind: 'punct', value: ch, start: i, end: i + 1 });
      i++;
      continue;
    }
    // -term, +word and operator:value are Gmail syntax when they parse.
    const negated = ch === '-' && !isSpace(request[i + 1]) && /[\p{L}\p{N}({"]/u.test(request[i + 1] ?? '');
    const at = negated ? i + 1 : i;
    const operator = /^([A-Za-z_]+):/.exec(request.slice(at, at + 20));
    if (operator && OPERATORS.has((operator[1] as string).toLowerCase())) {
      const valueStart = at + (operator[0] as string).length;
      const first = request[valueStart];
      let end: number;
      if (first === '(' || first === '{') end = matchingClose(request, valueStart);
      else if (first === '"') {
        const close = request.indexOf('"', valueStart + 1);
        end = close < 0 ? -1 : close + 1;
      } else end = wordEnd(request, valueStart);
      const node = end > valueStart ? syntax(request.slice(i, end)) : null;
      if (node) {
        tokens.push({ kind: 'syntax', node, start: i, end });
        i = end;
        continue;
      }
      // Not valid syntax (`after:yesterday`, `subject: razor`): read the name and the value as
      // words, so `after yesterday` and `subject razor` are understood.
      pushWords(at, at + (operator[1] as string).length);
      tokens.push({ kind: 'punct', value: ':', start: valueStart - 1, end: valueStart });
      i = valueStart;
      continue;
    }
    if (negated || ch === '+') {
      const end = request[at] === '(' || request[at] === '{' ? matchingClose(request, at) : request[at] === '"' ? request.indexOf('"', at + 1) + 1 : wordEnd(request, at);
      const node = end > at ? syntax(request.slice(i, end)) : null;
      if (node) {
        tokens.push({ kind: 'syntax', node, start: i, end });
        i = end;
        continue;
      }
    }
    const end = wordEnd(request, i);
    if (end === i) {
      tokens.push({ kind: 'punct', value: ch, start: i, end: i + 1 });
      i++;
      continue;
    }
    pushWords(i, end);
    i = end;
  }
  return markAround(request, tokens);
}

/** `holiday AROUND 10 vacation` (Gmail's proximity operator) passes through as syntax. */
function markAround(request: string, tokens: Token[]): Token[] {
  for (let k = 1; k + 2 < tokens.length; k++) {
    const around = tokens[k] as Token;
    if (around.kind !== 'word' || around.raw !== 'AROUND') continue;
    const left = tokens[k - 1] as Token;
    const distance = tokens[k + 1] as Token;
    const right = tokens[k + 2] as Token;
    if ((left.kind !== 'word' && left.kind !== 'quoted') || distance.kind !== 'word' || !/^\d+$/.test(distance.raw) || (right.kind !== 'word' && right.kind !== 'quoted')) continue;
    const node = syntax(request.slice(left.start, right.end));
    if (node && node.kind === 'around') tokens.splice(k - 1, 4, { kind: 'syntax', node, start: left.start, end: right.end });
  }
  return tokens;
}
