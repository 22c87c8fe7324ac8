/**
 * The syntax tree of a Gmail search query. Every node carries the half-open character range
 * `[start, end)` of the query text it came from, so editors can underline a term and errors can
 * point at it. The tree is normalised by the parser: nested ANDs (and nested ORs) are flattened
 * and one-element groups collapse to their element, so `print` has one canonical form.
 */
export interface Span {
  start: number;
  end: number;
}

/** A free-text term: a word, `+word` (exact word) or `"quoted phrase"`. Matches subject,
 * sender and recipient names and addresses, and the body. */
export interface TextNode {
  kind: 'text';
  /** The text as written, without quotes or the leading `+`. */
  value: string;
  quoted: boolean;
  /** Written as `+word`: Gmail's "exact word" (no synonyms or stemming; Mailroom never stems). */
  exact: boolean;
  span: Span;
}

/** Operators whose value is matched as words (or, for rfc822msgid, as one identifier). */
export const FIELD_OPERATORS = [
  'from',
  'to',
  'cc',
  'bcc',
  'deliveredto',
  'list',
  'subject',
  'filename',
  'label',
  'rfc822msgid',
] as const;
export type FieldOperator = (typeof FIELD_OPERATORS)[number];

export interface FieldNode {
  kind: 'field';
  operator: FieldOperator;
  /** The value as written, without quotes. */
  value: string;
  quoted: boolean;
  span: Span;
}

/** Operators that take one value from a fixed list (Gmail Help, "Search operators"). */
export const FLAG_VALUES = {
  has: ['attachment', 'drive', 'document', 'spreadsheet', 'presentation', 'youtube', 'userlabels', 'nouserlabels'],
  in: ['inbox', 'sent', 'drafts', 'spam', 'trash', 'anywhere', 'archive', 'snoozed'],
  is: ['unread', 'read', 'starred', 'important', 'muted', 'snoozed'],
  category: ['primary', 'social', 'promotions', 'updates', 'forums', 'reservations', 'purchases'],
} as const;
export type FlagOperator = keyof typeof FLAG_VALUES;
export type FlagValue<O extends FlagOperator = FlagOperator> = (typeof FLAG_VALUES)[O][number];

export type FlagNode = {
  [O in FlagOperator]: { kind: 'flag'; operator: O; value: FlagValue<O>; span: Span };
}[FlagOperator];

/** A calendar day (midnight at its start in the user's zone) or an instant in epoch seconds. */
export type DateValue = { type: 'day'; year: number; month: number; day: number } | { type: 'epoch'; seconds: number };

export type DateOperator = 'after' | 'before' | 'older' | 'newer';
export interface DateNode {
  kind: 'date';
  operator: DateOperator;
  date: DateValue;
  span: Span;
}

export type RelativeOperator = 'older_than' | 'newer_than';
export type RelativeUnit = 'd' | 'm' | 'y';
export interface RelativeDateNode {
  kind: 'relative';
  operator: RelativeOperator;
  amount: number;
  unit: RelativeUnit;
  span: Span;
}

export type SizeOperator = 'larger' | 'smaller' | 'size';
/** '' is bytes; K is 1024 bytes and M is 1,048,576 bytes. */
export type SizeUnit = '' | 'K' | 'M';
export interface SizeNode {
  kind: 'size';
  operator: SizeOperator;
  amount: number;
  unit: SizeUnit;
  span: Span;
}

/** `left AROUND n right`: both phrases within n words of each other, in either order. */
export interface AroundNode {
  kind: 'around';
  left: TextNode;
  right: TextNode;
  distance: number;
  span: Span;
}

export interface AndNode {
  kind: 'and';
  /** Empty for the empty query, which matches every message (except spam and trash). */
  children: QueryNode[];
  span: Span;
}

export interface OrNode {
  kind: 'or';
  children: QueryNode[];
  span: Span;
}

export interface NotNode {
  kind: 'not';
  child: QueryNode;
  span: Span;
}

export type LeafNode = TextNode | FieldNode | FlagNode | DateNode | RelativeDateNode | SizeNode | AroundNode;
export type QueryNode = AndNode | OrNode | NotNode | LeafNode;

export const OPERATOR_NAMES: readonly string[] = [
  ...FIELD_OPERATORS,
  'has',
  'in',
  'is',
  'category',
  'after',
  'before',
  'older',
  'newer',
  'older_than',
  'newer_than',
  'larger',
  'smaller',
  'size',
];

export const SIZE_UNIT_BYTES: Record<SizeUnit, number> = { '': 1, K: 1024, M: 1_048_576 };

export function sizeInBytes(node: Pick<SizeNode, 'amount' | 'unit'>): number {
  return node.amount * SIZE_UNIT_BYTES[node.unit];
}

/** Visits every node, parents before children. */
export function walk(node: QueryNode, visit: (node: QueryNode) => void): void {
  visit(node);
  if (node.kind === 'and' || node.kind === 'or') for (const child of node.children) walk(child, visit);
  else if (node.kind === 'not') walk(node.child, visit);
  else if (node.kind === 'around') {
    visit(node.left);
    visit(node.right);
  }
}

/** A copy of the tree without spans, for comparing trees by meaning. */
export function stripSpans(node: QueryNode): unknown {
  return JSON.parse(JSON.stringify(node, (key, value: unknown) => (key === 'span' ? undefined : value)));
}
