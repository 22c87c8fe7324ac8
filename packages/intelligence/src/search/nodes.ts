import type { FieldOperator, FlagNode, FlagOperator, FlagValue, QueryNode, SizeUnit } from '@mailroom/mail-query';
import type { CivilDate } from './dates.ts';

/** Builders for mail-query trees. Spans are zero: the query text is printed from the tree. */
const none = { start: 0, end: 0 };

/** Characters that would end or change a bare word in Gmail's syntax. */
const UNSAFE_BARE = /[\s(){}"]|^[-+]|:/u;

export function field(operator: FieldOperator, value: string): QueryNode {
  const clean = value.replace(/"/gu, '').trim();
  const quoted = UNSAFE_BARE.test(clean) || clean === 'OR' || clean === 'AND' || clean === 'AROUND';
  return { kind: 'field', operator, value: clean, quoted, span: none };
}

export function flag<O extends FlagOperator>(operator: O, value: FlagValue<O>): QueryNode {
  return { kind: 'flag', operator, value, span: none } as FlagNode;
}

export function text(value: string, quoted = false): QueryNode {
  const clean = value.replace(/"/gu, '').trim();
  const bare = !quoted && !UNSAFE_BARE.test(clean) && !/^(OR|AND|AROUND)$/u.test(clean);
  return { kind: 'text', value: clean, quoted: !bare, exact: false, span: none };
}

export function and(children: QueryNode[]): QueryNode {
  const flat = children.flatMap((c) => (c.kind === 'and' ? c.children : [c]));
  return flat.length === 1 ? (flat[0] as QueryNode) : { kind: 'and', children: flat, span: none };
}

export function or(children: QueryNode[]): QueryNode {
  const flat = children.flatMap((c) => (c.kind === 'or' ? c.children : [c]));
  return flat.length === 1 ? (flat[0] as QueryNode) : { kind: 'or', children: flat, span: none };
}

export function not(child: QueryNode): QueryNode {
  if (child.kind === 'not') return child.child;
  return { kind: 'not', child, span: none };
}

export function after(date: CivilDate): QueryNode {
  return { kind: 'date', operator: 'after', date: { type: 'day', ...date }, span: none };
}

export function before(date: CivilDate): QueryNode {
  return { kind: 'date', operator: 'before', date: { type: 'day', ...date }, span: none };
}

export function relative(operator: 'newer_than' | 'older_than', amount: number, unit: 'd' | 'm' | 'y'): QueryNode {
  return { kind: 'relative', operator, amount, unit, span: none };
}

export function size(operator: 'larger' | 'smaller' | 'size', bytes: number): QueryNode {
  // The largest exact unit keeps the query readable: 5242880 bytes is 5M.
  let amount = Math.round(bytes);
  let unit: SizeUnit = '';
  if (amount % 1_048_576 === 0 && amount > 0) {
    amount /= 1_048_576;
    unit = 'M';
  } else if (amount % 1024 === 0 && amount > 0) {
    amount /= 1024;
    unit = 'K';
  }
  return { kind: 'size', operator, amount, unit, span: none };
}
