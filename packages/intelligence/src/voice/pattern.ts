/**
 * The phrase patterns the command set is written in: a small subset of JSGF (W3C "JSpeech
 * Grammar Format", https://www.w3.org/TR/jsgf/) so that one text serves both the parser (which
 * expands it into phrases to match against) and the recogniser (which gets it as a JSGF rule):
 *
 *   pattern  = sequence ( "|" sequence )*
 *   sequence = item*
 *   item     = word | "(" pattern ")" | "[" pattern "]" | "<" rule ">" | "{" slot "}"
 *   word     = [a-z0-9]+
 *
 * `<rule>` names a shared rule (e.g. `<object>` = "this", "it", "the message", ...); `{slot}` is
 * filled by a slot's values (pages, the user's category names, suggestion numbers).
 */

export type PatternNode =
  | { kind: 'word'; word: string }
  | { kind: 'seq'; items: PatternNode[] }
  | { kind: 'alt'; options: PatternNode[] }
  | { kind: 'opt'; item: PatternNode }
  | { kind: 'ref'; name: string }
  | { kind: 'slot'; name: string };

export class PatternSyntaxError extends Error {
  readonly position: number;
  readonly pattern: string;
  constructor(message: string, pattern: string, position: number) {
    super(`${message} at position ${position} of "${pattern}"`);
    this.name = 'PatternSyntaxError';
    this.position = position;
    this.pattern = pattern;
  }
}

export function parsePattern(source: string): PatternNode {
  let pos = 0;
  const skipSpace = () => {
    while (pos < source.length && source[pos] === ' ') pos++;
  };
  const alternatives = (closer: string | null): PatternNode => {
    const options: PatternNode[] = [sequence(closer)];
    while (source[pos] === '|') {
      pos++;
      options.push(sequence(closer));
    }
    return options.length === 1 ? (options[0] as PatternNode) : { kind: 'alt', options };
  };
  const sequence = (closer: string | null): PatternNode => {
    const items: PatternNode[] = [];
    for (;;) {
      skipSpace();
      const c = source[pos];
      if (c === undefined || c === '|' || c === closer) break;
      if (c === '(' || c === '[') {
        const close = c === '(' ? ')' : ']';
        pos++;
        const inner = alternatives(close);
        if (source[pos] !== close) throw new PatternSyntaxError(`expected "${close}"`, source, pos);
        pos++;
        items.push(c === '(' ? inner : { kind: 'opt', item: inner });
      } else if (c === '<' || c === '{') {
        const close = c === '<' ? '>' : '}';
        const end = source.indexOf(close, pos);
        const name = end < 0 ? '' : source.slice(pos + 1, end);
        if (!/^[a-z_]+$/.test(name)) throw new PatternSyntaxError(`expected a name and "${close}"`, source, pos);
        items.push(c === '<' ? { kind: 'ref', name } : { kind: 'slot', name });
        pos = end + 1;
      } else {
        const match = /^[a-z0-9]+/.exec(source.slice(pos));
        if (!match) throw new PatternSyntaxError(`unexpected "${c}"`, source, pos);
        items.push({ kind: 'word', word: match[0] });
        pos += match[0].length;
      }
    }
    if (items.length === 0) throw new PatternSyntaxError('empty alternative', source, pos);
    return items.length === 1 ? (items[0] as PatternNode) : { kind: 'seq', items };
  };
  const node = alternatives(null);
  skipSpace();
  if (pos !== source.length) throw new PatternSyntaxError(`unexpected "${source[pos]}"`, source, pos);
  return node;
}

/** One way of saying a pattern: its words, and the slot values its slots took. */
export interface Expansion {
  words: string[];
  slots: Record<string, unknown>;
}

/** A slot's possible fillers: the words said and the value the slot then holds. */
export interface SlotFiller {
  words: string[];
  value: unknown;
}

export interface ExpandContext {
  /** Shared rules by name; a rule listed in `skipRules` expands to nothing. */
  rules: Record<string, PatternNode>;
  skipRules?: ReadonlySet<string>;
  slots: Record<string, readonly SlotFiller[]>;
  /**
   * Words that cost nothing to leave out or add (the matcher skips them cheaply): an optional
   * part made only of such words expands to nothing instead of to its alternatives.
   */
  isFreeWord?: (word: string) => boolean;
  /** Stops a pathological pattern from exploding. */
  limit?: number;
}

/** Every phrase a pattern can produce (bounded by `limit`, default 5,000). */
export function expandPattern(node: PatternNode, context: ExpandContext): Expansion[] {
  const limit = context.limit ?? 5000;
  const expand = (n: PatternNode): Expansion[] => {
    switch (n.kind) {
      case 'word':
        return [{ words: [n.word], slots: {} }];
      case 'seq': {
        let acc: Expansion[] = [{ words: [], slots: {} }];
        for (const item of n.items) {
          const next: Expansion[] = [];
          const tails = expand(item);
          for (const head of acc) {
            for (const tail of tails) {
              next.push({ words: [...head.words, ...tail.words], slots: { ...head.slots, ...tail.slots } });
              if (next.length > limit) throw new Error(`pattern expands to more than ${limit} phrases`);
            }
          }
          acc = next;
        }
        return acc;
      }
      case 'alt':
        return n.options.flatMap(expand);
      case 'opt': {
        const inner = expand(n.item);
        const free = context.isFreeWord;
        if (free && inner.every((e) => Object.keys(e.slots).length === 0 && e.words.every(free))) return [{ words: [], slots: {} }];
        return [{ words: [], slots: {} }, ...inner];
      }
      case 'ref': {
        if (context.skipRules?.has(n.name)) return [{ words: [], slots: {} }];
        const rule = context.rules[n.name];
        if (!rule) throw new Error(`unknown rule <${n.name}>`);
        return expand(rule);
      }
      case 'slot': {
        const fillers = context.slots[n.name];
        if (!fillers) throw new Error(`unknown slot {${n.name}}`);
        return fillers.map((f) => ({ words: f.words, slots: { [n.name]: f.value } }));
      }
    }
  };
  return expand(node);
}

/**
 * The pattern as a JSGF rule expansion. `keepWord` drops words the recogniser cannot say (digits,
 * typed-only spellings); an alternative left empty is dropped, and an expansion left with nothing
 * comes back as null so the caller can leave the rule out.
 */
export function toJsgf(node: PatternNode, keepWord: (word: string) => boolean, slotRule: (name: string) => string, refRule: (name: string) => string): string | null {
  switch (node.kind) {
    case 'word':
      return keepWord(node.word) ? node.word : null;
    case 'seq': {
      const parts: string[] = [];
      for (const item of node.items) {
        const part = toJsgf(item, keepWord, slotRule, refRule);
        // A required part that cannot be said makes the whole sequence unsayable.
        if (part === null) {
          if (item.kind === 'opt') continue;
          return null;
        }
        parts.push(part);
      }
      return parts.length ? parts.join(' ') : null;
    }
    case 'alt': {
      const options = node.options.map((o) => toJsgf(o, keepWord, slotRule, refRule)).filter((o): o is string => o !== null);
      if (options.length === 0) return null;
      return options.length === 1 ? (options[0] as string) : `( ${options.join(' | ')} )`;
    }
    case 'opt': {
      const inner = toJsgf(node.item, keepWord, slotRule, refRule);
      return inner === null ? null : `[ ${inner} ]`;
    }
    case 'ref':
      return refRule(node.name);
    case 'slot':
      return slotRule(node.name);
  }
}
