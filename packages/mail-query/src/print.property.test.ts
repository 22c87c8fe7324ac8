import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stripSpans } from './ast.ts';
import { QuerySyntaxError } from './errors.ts';
import { parse } from './parse.ts';
import { print } from './print.ts';
import { anyLeaf, queryTree } from './testing/arbitraries.ts';

describe('print and parse are inverse', () => {
  it('parse(print(ast)) equals ast for random trees', () => {
    fc.assert(
      fc.property(queryTree(anyLeaf), (ast) => {
        expect(stripSpans(parse(print(ast)))).toEqual(stripSpans(ast));
      }),
      { numRuns: 2000 },
    );
  });

  it('print is a fixed point after one round trip of any accepted text', () => {
    const alphabet = fc.constantFrom('a', 'B', ' ', '(', ')', '{', '}', '"', '-', '+', ':', 'OR', 'AND', 'from:', 'is:', 'x@y.com', 'AROUND', '3', 'label:', 'after:', '2024/01/02');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 12 }).map((a) => a.join('')), (query) => {
        let ast;
        try {
          ast = parse(query);
        } catch (error) {
          // Random text is often not a query; what matters is that it fails the documented way.
          expect(error).toBeInstanceOf(QuerySyntaxError);
          expect((error as QuerySyntaxError).position).toBeGreaterThanOrEqual(0);
          expect((error as QuerySyntaxError).position).toBeLessThanOrEqual(query.length);
          return;
        }
        const canonical = print(ast);
        expect(print(parse(canonical))).toBe(canonical);
        expect(stripSpans(parse(canonical))).toEqual(stripSpans(ast));
      }),
      { numRuns: 3000 },
    );
  });
});
