import fc from 'fast-check';
import { FIELD_OPERATORS, FLAG_VALUES, type DateValue, type FieldOperator, type FlagOperator, type QueryNode, type TextNode } from '../ast.ts';

/**
 * fast-check generators of query trees in the parser's normal form (no nested AND in AND or OR
 * in OR, no one-child groups), with spans zeroed: compare with `stripSpans`.
 */
const span = { start: 0, end: 0 };

/** Words drawn from a small vocabulary, so random queries hit random messages often. */
export const VOCABULARY = ['alpha', 'beta', 'gamma', 'Delta', 'zoë', 'straße', 'report', 'invoice', 'example', 'com', 'list', 'work', '2024', 'x1'];

const alnumWord = fc.constantFrom(...VOCABULARY);
const punct = fc.constantFrom('.', '@', '-', '_', "'", '!', '#', '&', ':');

/** A run of non-delimiter characters that has at least one letter or digit. */
const glued = fc
  .array(fc.oneof({ weight: 3, arbitrary: alnumWord }, { weight: 1, arbitrary: punct }), { minLength: 1, maxLength: 4 })
  .filter((parts) => parts.some((p) => /[\p{L}\p{N}]/u.test(p)))
  .map((parts) => parts.join(''));

/** A bare free-text word: must not start with - or +, be a keyword, or look like `from:...`. */
const bareText = glued.filter((w) => !/^[-+]/.test(w) && !['OR', 'AND', 'AROUND'].includes(w) && !/^[^:]+:/.test(w));
/** Phrases: anything but a double quote, with letters or digits. */
const phrase = fc
  .array(fc.oneof(alnumWord, fc.constantFrom(' ', '(', ')', '{', '}', 'OR', '-', ':', 'from:x', ' ')), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(' '))
  .filter((s) => /[\p{L}\p{N}]/u.test(s));

export const textNode: fc.Arbitrary<TextNode> = fc.oneof(
  bareText.map((value) => ({ kind: 'text' as const, value, quoted: false, exact: false, span })),
  phrase.map((value) => ({ kind: 'text' as const, value, quoted: true, exact: false, span })),
  glued.map((value) => ({ kind: 'text' as const, value, quoted: false, exact: true, span })),
);

export function fieldNode(operators: readonly FieldOperator[] = FIELD_OPERATORS, values = glued, phrases = phrase): fc.Arbitrary<QueryNode> {
  return fc.oneof(
    fc.record({ operator: fc.constantFrom(...operators), value: values }).map(({ operator, value }) => ({ kind: 'field' as const, operator, value, quoted: false, span })),
    fc.record({ operator: fc.constantFrom(...operators), value: phrases }).map(({ operator, value }) => ({ kind: 'field' as const, operator, value, quoted: true, span })),
  );
}

export const flagNode: fc.Arbitrary<QueryNode> = fc
  .constantFrom(...(Object.keys(FLAG_VALUES) as FlagOperator[]))
  .chain((operator) => fc.constantFrom(...FLAG_VALUES[operator]).map((value) => ({ kind: 'flag', operator, value, span }) as QueryNode));

export const dateValue: fc.Arbitrary<DateValue> = fc.oneof(
  fc
    .record({ year: fc.integer({ min: 1990, max: 2030 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
    .filter(({ year, month, day }) => day <= new Date(Date.UTC(year, month, 0)).getUTCDate())
    .map(({ year, month, day }) => ({ type: 'day' as const, year, month, day })),
  fc.integer({ min: 0, max: 2_000_000_000 }).map((seconds) => ({ type: 'epoch' as const, seconds })),
);

export const dateNode: fc.Arbitrary<QueryNode> = fc
  .record({ operator: fc.constantFrom('after', 'before', 'older', 'newer' as const), date: dateValue })
  .map(({ operator, date }) => ({ kind: 'date', operator, date, span }));

export const relativeNode: fc.Arbitrary<QueryNode> = fc
  .record({ operator: fc.constantFrom('older_than', 'newer_than' as const), amount: fc.integer({ min: 0, max: 60 }), unit: fc.constantFrom('d', 'm', 'y' as const) })
  .map((r) => ({ kind: 'relative', ...r, span }));

export const sizeNode: fc.Arbitrary<QueryNode> = fc
  .record({ operator: fc.constantFrom('larger', 'smaller', 'size' as const), amount: fc.integer({ min: 0, max: 5000 }), unit: fc.constantFrom('', 'K', 'M' as const) })
  .map((r) => ({ kind: 'size', ...r, span }));

export const aroundNode: fc.Arbitrary<QueryNode> = fc
  .record({ left: textNode, right: textNode, distance: fc.integer({ min: 0, max: 30 }) })
  .map((r) => ({ kind: 'around', ...r, span }));

/** Puts a tree in the parser's normal form. */
export function normalize(node: QueryNode): QueryNode {
  if (node.kind === 'and' || node.kind === 'or') {
    const children = node.children.map(normalize).flatMap((c) => (c.kind === node.kind ? c.children : [c]));
    if (children.length === 1) return children[0] as QueryNode;
    return { ...node, children };
  }
  if (node.kind === 'not') return { ...node, child: normalize(node.child) };
  return node;
}

/** Random trees over the given leaves, normalised. */
export function queryTree(leaf: fc.Arbitrary<QueryNode>, maxDepth = 4): fc.Arbitrary<QueryNode> {
  const tree = fc.letrec<{ node: QueryNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', maxDepth, withCrossShrink: true },
      { weight: 4, arbitrary: leaf },
      { weight: 1, arbitrary: fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((children) => ({ kind: 'and', children, span }) as QueryNode) },
      { weight: 1, arbitrary: fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((children) => ({ kind: 'or', children, span }) as QueryNode) },
      { weight: 1, arbitrary: tie('node').map((child) => ({ kind: 'not', child, span }) as QueryNode) },
    ),
  })).node;
  return tree.map(normalize);
}

export const anyLeaf: fc.Arbitrary<QueryNode> = fc.oneof(textNode, fieldNode(), flagNode, dateNode, relativeNode, sizeNode, aroundNode);
