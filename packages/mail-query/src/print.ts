import type { DateValue, QueryNode } from './ast.ts';

/**
 * Canonical text for a tree: `parse(print(tree))` gives the same tree (spans aside). Operators
 * are lower-case, dates are yyyy/mm/dd, OR is written as `a OR b`, and a group is parenthesised
 * only where precedence needs it.
 */
export function print(node: QueryNode): string {
  return printWith(node, (leaf) => printLeaf(leaf));
}

/** Prints with a hook for leaves, so toGmailQuery can rewrite dates while keeping the layout. */
export function printWith(node: QueryNode, leaf: (node: QueryNode) => string): string {
  const inAnd = (child: QueryNode): string => (child.kind === 'and' ? `(${printWith(child, leaf)})` : printWith(child, leaf));
  switch (node.kind) {
    case 'and':
      return node.children.map(inAnd).join(' ');
    case 'or':
      return node.children
        .map((child) => (child.kind === 'and' || child.kind === 'or' ? `(${printWith(child, leaf)})` : printWith(child, leaf)))
        .join(' OR ');
    case 'not': {
      const child = node.child;
      const inner = printWith(child, leaf);
      return child.kind === 'and' || child.kind === 'or' ? `-(${inner})` : `-${inner}`;
    }
    case 'around':
      return `${leaf(node.left)} AROUND ${node.distance} ${leaf(node.right)}`;
    default:
      return leaf(node);
  }
}

export function printLeaf(node: QueryNode): string {
  switch (node.kind) {
    case 'text':
      return node.exact ? `+${node.value}` : node.quoted ? `"${node.value}"` : node.value;
    case 'field':
      return `${node.operator}:${node.quoted ? `"${node.value}"` : node.value}`;
    case 'flag':
      return `${node.operator}:${node.value}`;
    case 'date':
      return `${node.operator}:${printDate(node.date)}`;
    case 'relative':
      return `${node.operator}:${node.amount}${node.unit}`;
    case 'size':
      return `${node.operator}:${node.amount}${node.unit}`;
    default:
      return print(node);
  }
}

export function printDate(date: DateValue): string {
  if (date.type === 'epoch') return String(date.seconds);
  return `${date.year}/${String(date.month).padStart(2, '0')}/${String(date.day).padStart(2, '0')}`;
}
