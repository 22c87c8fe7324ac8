import { parse, print, type QueryNode } from '@mailroom/mail-query';
import type { Span } from './lexer.ts';
import type { TranslationPart } from './translate.ts';

/**
 * The chips of a query the person edited (removed a chip, changed one, or rewrote the query
 * text): the query's top-level terms, where runs of terms that are exactly one part of the
 * request's translation keep that part's words and kind ("from: Rohit ← 'from rohit'"), and
 * every other term is a chip of its own (kind `syntax`, its words are the query itself, no span
 * in the request). Terms are compared as mail-query prints them, so spacing and quoting as
 * typed do not matter. `query` is the parts' queries joined with spaces, as in a translation.
 *
 * Throws mail-query's QuerySyntaxError for a query that does not parse (callers check first).
 */
export function partsOfEditedQuery(query: string, translated: readonly TranslationPart[]): { query: string; parts: TranslationPart[] } {
  const terms = topTerms(parse(query)).map((node) => print(node));
  const known = translated.map((part) => ({ part, terms: safeTerms(part.query) })).filter((k) => k.terms.length > 0);
  const used = new Set<number>();
  const pieces: Array<Omit<TranslationPart, 'querySpan'>> = [];
  for (let i = 0; i < terms.length; ) {
    const match = known.findIndex((k, n) => !used.has(n) && k.terms.every((term, j) => terms[i + j] === term));
    if (match >= 0) {
      const { part, terms: run } = known[match] as (typeof known)[number];
      used.add(match);
      pieces.push({ text: part.text, query: run.join(' '), span: part.span, kind: part.kind });
      i += run.length;
    } else {
      const term = terms[i] as string;
      pieces.push({ text: term, query: term, span: NO_SPAN, kind: 'syntax' });
      i++;
    }
  }
  let offset = 0;
  const parts = pieces.map((piece) => {
    const querySpan = { start: offset, end: offset + piece.query.length };
    offset = querySpan.end + 1;
    return { ...piece, querySpan };
  });
  return { query: parts.map((p) => p.query).join(' '), parts };
}

/** An edited part has no words in the request. */
const NO_SPAN: Span = { start: 0, end: 0 };

function topTerms(node: QueryNode): QueryNode[] {
  return node.kind === 'and' ? node.children : [node];
}

function safeTerms(query: string): string[] {
  try {
    return topTerms(parse(query)).map((node) => print(node));
  } catch {
    return [];
  }
}
