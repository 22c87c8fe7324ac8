import { sizeInBytes, walk, type DateNode, type FlagNode, type QueryNode, type RelativeDateNode } from './ast.ts';
import { startOfDay, subtractPeriod } from './dates.ts';
import { CATEGORY_LABEL_IDS, hasUserLabels, INBOX_TAB_LABEL_IDS, labelMatches, labelNameMap } from './labels.ts';
import type { EvaluationContext, MessageMeta } from './message.ts';
import { addressSegments, messageIdSearchKey, SEARCH_FIELD_STRINGS, type SearchField } from './search.ts';
import { labelKey, messageIdKey, phraseNeedle, searchString, words } from './text.ts';

/**
 * Whether a message matches a query, with Gmail's semantics (Gmail Help, "Search operators you
 * can use with Gmail"):
 * - words and phrases match whole words, case-insensitively, in the subject, the sender and
 *   recipient names and addresses, and the body (`message.bodyText`; when it is absent, as in
 *   the store, free text is matched against the headers only — use `needsBodyText` to know);
 * - spam and trash never match unless the query mentions `in:spam`, `in:trash` or `in:anywhere`;
 * - dates are midnight at the start of the day in `context.timeZone`.
 *
 * `labelIds` may change between calls; the other fields of a message object are treated as
 * immutable (their word lists are cached per object).
 */
export function evaluate(ast: QueryNode, message: MessageMeta, context: EvaluationContext): boolean {
  return compileMatcher(ast, context)(message);
}

export type Matcher = (message: MessageMeta) => boolean;

const compiled = new WeakMap<QueryNode, { context: EvaluationContext; matcher: Matcher }>();

/** A reusable predicate for one query and context: evaluate many messages without re-planning. */
export function compileMatcher(ast: QueryNode, context: EvaluationContext): Matcher {
  const cached = compiled.get(ast);
  if (cached && cached.context === context) return cached.matcher;
  const labels = labelNameMap(context.labels);
  const scope = spamTrashScope(ast);
  const test = build(ast, { context, labels });
  const matcher: Matcher = (message) => {
    const prepared = prepare(message);
    if (!scope.spam && message.labelIds.includes('SPAM')) return false;
    if (!scope.trash && message.labelIds.includes('TRASH')) return false;
    return test(message, prepared);
  };
  compiled.set(ast, { context, matcher });
  return matcher;
}

/**
 * Which of spam and trash the query may return. Gmail leaves both out of a search unless the
 * query mentions `in:spam`, `in:trash` or `in:anywhere` anywhere in it; a mention lifts the rule
 * for both folders, and counts even when negated: `-in:trash mortgage` searches spam too, and
 * `-in:spam razor` searches trash too (packages/mail-query/README.md, "Default scope").
 */
export function spamTrashScope(ast: QueryNode): { spam: boolean; trash: boolean } {
  const mentioned = mentionsSpamOrTrash(ast);
  return { spam: mentioned, trash: mentioned };
}

function mentionsSpamOrTrash(ast: QueryNode): boolean {
  let mentioned = false;
  walk(ast, (node) => {
    if (node.kind === 'flag' && node.operator === 'in' && (node.value === 'spam' || node.value === 'trash' || node.value === 'anywhere')) mentioned = true;
  });
  return mentioned;
}

/**
 * A message's search strings, each made on first use (a query reads few fields: a category over
 * senders never needs the words of the body) and kept per message object. The strings come from
 * the same functions that fill the store's search columns (search.ts).
 */
class Prepared {
  readonly source: MessageMeta;
  readonly stamp: unknown[];
  private readonly fields = new Map<SearchField, string>();
  private readonly wordSets = new Map<SearchField, Set<string>>();
  private free: string | null = null;
  private freeWordLists: string[][] | null = null;
  private links: string | null = null;
  private idKey: string | null | undefined;

  constructor(source: MessageMeta, stamp: unknown[]) {
    this.source = source;
    this.stamp = stamp;
  }

  field(name: SearchField): string {
    let value = this.fields.get(name);
    if (value === undefined) {
      value = SEARCH_FIELD_STRINGS[name](this.source);
      this.fields.set(name, value);
    }
    return value;
  }

  /** The field's words as a set: one word is found in constant time (a category of a hundred
   * `-subject:` words tests each message a hundred times). Same answer as the ` w ` substring test:
   * a search string is its words separated by spaces. */
  fieldWords(name: SearchField): Set<string> {
    let set = this.wordSets.get(name);
    if (!set) {
      set = new Set(this.field(name).split(' '));
      this.wordSets.set(name, set);
    }
    return set;
  }

  private freeSegments(): string[] {
    const m = this.source;
    return [m.subject, ...addressSegments(m.from), ...addressSegments(m.to), ...addressSegments(m.cc), ...addressSegments(m.bcc), m.bodyText ?? ''];
  }

  /** Subject, names, addresses and body as one search string (free text). */
  get freeText(): string {
    this.free ??= searchString(this.freeSegments());
    return this.free;
  }

  /** The same fields as word lists, for AROUND (made only when a query has one). */
  get freeWords(): string[][] {
    this.freeWordLists ??= this.freeSegments()
      .map(words)
      .filter((w) => w.length > 0);
    return this.freeWordLists;
  }

  /** Body text and body URLs, for has:drive and friends. */
  get linkText(): string {
    this.links ??= [this.source.bodyText ?? '', ...(this.source.bodyUrls ?? [])].join('\n');
    return this.links;
  }

  get messageIdKey(): string | null {
    if (this.idKey === undefined) this.idKey = messageIdSearchKey(this.source);
    return this.idKey;
  }
}

const preparedCache = new WeakMap<MessageMeta, Prepared>();

function stampOf(m: MessageMeta): unknown[] {
  return [m.subject, m.from, m.to, m.cc, m.bcc, m.deliveredTo, m.attachments, m.listId, m.listPost, m.rfc822MessageId, m.bodyText, m.bodyUrls];
}

function prepare(message: MessageMeta): Prepared {
  const cached = preparedCache.get(message);
  const stamp = stampOf(message);
  if (cached && cached.stamp.every((v, i) => v === stamp[i])) return cached;
  const prepared = new Prepared(message, stamp);
  preparedCache.set(message, prepared);
  return prepared;
}

type Test = (message: MessageMeta, prepared: Prepared) => boolean;

interface BuildContext {
  context: EvaluationContext;
  labels: ReadonlyMap<string, string>;
}

const ADDRESS_FIELD = { from: 'from', to: 'to', cc: 'cc', bcc: 'bcc', deliveredto: 'deliveredTo', list: 'list', subject: 'subject', filename: 'filename' } as const;

function build(node: QueryNode, b: BuildContext): Test {
  switch (node.kind) {
    case 'and': {
      const tests = node.children.map((c) => build(c, b));
      return (m, p) => tests.every((t) => t(m, p));
    }
    case 'or': {
      const tests = node.children.map((c) => build(c, b));
      return (m, p) => tests.some((t) => t(m, p));
    }
    case 'not': {
      const test = build(node.child, b);
      return (m, p) => !test(m, p);
    }
    case 'text': {
      const needle = phraseNeedle(node.value) as string;
      return (_m, p) => p.freeText.includes(needle);
    }
    case 'around': {
      const left = words(node.left.value);
      const right = words(node.right.value);
      return (_m, p) => p.freeWords.some((w) => near(w, left, right, node.distance));
    }
    case 'field': {
      if (node.operator === 'label') {
        const key = labelKey(node.value);
        return (m) => labelMatches(m.labelIds, key, b.labels);
      }
      if (node.operator === 'rfc822msgid') {
        const key = messageIdKey(node.value);
        return (_m, p) => p.messageIdKey === key;
      }
      const field = ADDRESS_FIELD[node.operator];
      const valueWords = words(node.value);
      if (valueWords.length === 1) {
        const word = valueWords[0] as string;
        return (_m, p) => p.fieldWords(field).has(word);
      }
      const needle = phraseNeedle(node.value) as string;
      return (_m, p) => p.field(field).includes(needle);
    }
    case 'flag':
      return buildFlag(node);
    case 'date': {
      const start = dateThreshold(node, b.context);
      return node.operator === 'after' || node.operator === 'newer' ? (m) => m.internalDate >= start : (m) => m.internalDate < start;
    }
    case 'relative': {
      const cutoff = relativeThreshold(node, b.context);
      return node.operator === 'newer_than' ? (m) => m.internalDate >= cutoff : (m) => m.internalDate < cutoff;
    }
    case 'size': {
      const bytes = sizeInBytes(node);
      if (node.operator === 'larger') return (m) => m.sizeEstimate > bytes;
      if (node.operator === 'smaller') return (m) => m.sizeEstimate < bytes;
      return (m) => m.sizeEstimate >= bytes;
    }
  }
}

/** Epoch milliseconds of an absolute date term: midnight in the user's zone, or the instant. */
export function dateThreshold(node: DateNode, context: Pick<EvaluationContext, 'timeZone'>): number {
  const d = node.date;
  return d.type === 'epoch' ? d.seconds * 1000 : startOfDay(context.timeZone, d.year, d.month, d.day);
}

/** Epoch milliseconds of `now` minus the term's period (older_than is before it, newer_than on or after). */
export function relativeThreshold(node: RelativeDateNode, context: Pick<EvaluationContext, 'timeZone' | 'now'>): number {
  return subtractPeriod(context.now, node.amount, node.unit, context.timeZone);
}

const has = (label: string): Test => (m) => m.labelIds.includes(label);

/** Links Gmail's has:drive etc. look for (Gmail Help: "has:drive, has:document, ..."). */
const GOOGLE_LINKS = {
  drive: { url: /\b(?:drive|docs)\.google\.com\//i, mime: /^application\/vnd\.google-apps\./i },
  document: { url: /\bdocs\.google\.com\/document\//i, mime: /^application\/vnd\.google-apps\.document$/i },
  spreadsheet: { url: /\bdocs\.google\.com\/spreadsheets\//i, mime: /^application\/vnd\.google-apps\.spreadsheet$/i },
  presentation: { url: /\bdocs\.google\.com\/presentation\//i, mime: /^application\/vnd\.google-apps\.presentation$/i },
  youtube: { url: /\b(?:(?:www\.|m\.)?youtube\.com\/(?:watch|embed|shorts|v)\b|youtu\.be\/)/i, mime: /^$.^/ },
} as const;

function buildFlag(node: FlagNode): Test {
  switch (node.operator) {
    case 'has':
      switch (node.value) {
        case 'attachment':
          return (m) => m.attachments.length > 0;
        // From the labels as they are now: labelIds may change between calls.
        case 'userlabels':
          return (m) => hasUserLabels(m.labelIds);
        case 'nouserlabels':
          return (m) => !hasUserLabels(m.labelIds);
        default: {
          const rule = GOOGLE_LINKS[node.value];
          return (m, p) => rule.url.test(p.linkText) || m.attachments.some((a) => rule.mime.test(a.mimeType));
        }
      }
    case 'in':
      switch (node.value) {
        case 'inbox':
          return has('INBOX');
        case 'sent':
          return has('SENT');
        case 'drafts':
          return has('DRAFT');
        case 'spam':
          return has('SPAM');
        case 'trash':
          return has('TRASH');
        case 'snoozed':
          return has('SNOOZED');
        case 'anywhere':
          return () => true;
        case 'archive':
          // Archived: received mail taken out of the inbox (not sent, draft, spam or trash).
          return (m) => !['INBOX', 'SENT', 'DRAFT', 'SPAM', 'TRASH'].some((l) => m.labelIds.includes(l));
      }
    // eslint-disable-next-line no-fallthrough -- the switch above is exhaustive
    case 'is':
      switch (node.value) {
        case 'unread':
          return has('UNREAD');
        case 'read':
          return (m) => !m.labelIds.includes('UNREAD');
        case 'starred':
          return has('STARRED');
        case 'important':
          return has('IMPORTANT');
        case 'muted':
          return has('MUTED');
        case 'snoozed':
          return has('SNOOZED');
      }
    // eslint-disable-next-line no-fallthrough -- the switch above is exhaustive
    case 'category':
      if (node.value === 'primary') return (m) => !INBOX_TAB_LABEL_IDS.some((l) => m.labelIds.includes(l));
      return has(CATEGORY_LABEL_IDS[node.value]);
  }
}

/** Whether `left` and `right` occur within `distance` words of each other, in either order. */
function near(haystack: readonly string[], left: readonly string[], right: readonly string[], distance: number): boolean {
  const lefts = occurrences(haystack, left);
  if (lefts.length === 0) return false;
  const rights = occurrences(haystack, right);
  for (const l of lefts) {
    for (const r of rights) {
      const gap = l < r ? r - (l + left.length) : l - (r + right.length);
      if (gap >= 0 && gap <= distance) return true;
    }
  }
  return false;
}

function occurrences(haystack: readonly string[], phrase: readonly string[]): number[] {
  const found: number[] = [];
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    found.push(i);
  }
  return found;
}
