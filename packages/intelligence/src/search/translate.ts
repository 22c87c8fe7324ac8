import { parse, print, words, type FieldOperator, type QueryNode } from '@mailroom/mail-query';
import { civilToday, explicitDates, matchDate, type DateContext, type DateMeaning } from './dates.ts';
import { labelIndex, labelValue, listIndex, peopleIndex, type DirectoryEntry, type LabelIndex, type ListIndex, type MailingList, type PeopleIndex } from './directory.ts';
import { tokenize, type Span, type Token, type WordToken } from './lexer.ts';
import { after, and, before, field, flag, not, or, relative, size, text } from './nodes.ts';
import { FILLER, isKnownWord, KEYWORDS, MAIL_NOUNS, NUMBER_WORDS, table } from './vocabulary.ts';

/**
 * Natural language to a Gmail search query (issue 14). Pure and deterministic: the same
 * request, options and directory always give the same query; no I/O, no clock (now is given),
 * browser-safe. README.md describes the grammar and every decision it makes.
 */
export interface TranslateOptions {
  /** The instant the request is made; "yesterday" and "last week" are relative to it. */
  now: Date;
  /** The user's IANA time zone: days start at midnight there. */
  timeZone: string;
  /** The user's correspondents: display names with the addresses they were seen with. */
  directory?: readonly DirectoryEntry[];
  /** The mailing lists in the mailbox (List-Id identifiers and descriptions). */
  lists?: readonly MailingList[];
  /** The user's own label names (`Work/Projects`). */
  labels?: readonly string[];
  /** 1 (default): weeks run Monday to Sunday (ISO 8601); 0: Sunday to Saturday; 6: Saturday to Friday. */
  weekStartsOn?: 0 | 1 | 6;
  /** How to read 5/9: May 9 (`mdy`, default, as Gmail's own date syntax) or 5 September (`dmy`). */
  dateOrder?: 'mdy' | 'dmy';
  /** The user's own addresses, for "to me" (without them "to me" adds nothing). */
  selfAddresses?: readonly string[];
}

export type PartKind = 'syntax' | 'date' | 'person' | 'list' | 'label' | 'category' | 'status' | 'folder' | 'attachment' | 'size' | 'subject' | 'text';

export interface TranslationPart {
  /** The words of the request this part came from, e.g. `from rohit`. */
  text: string;
  /** This part of the query, e.g. `from:rohit`. */
  query: string;
  /** Where `text` is in the request. */
  span: Span;
  /** Where `query` is in the translation's query. */
  querySpan: Span;
  kind: PartKind;
}

export interface Translation {
  /** The Gmail query; always parses with packages/mail-query ('' matches everything). */
  query: string;
  /** `parse(query)`, spans into `query`. */
  ast: QueryNode;
  /** The query's parts in order, each with the words it came from (chips). */
  parts: TranslationPart[];
  /**
   * 0..1: the share of the request's meaningful words the grammar understood (free text
   * counts half), lowered for corrected misspellings and guessed names. Below about 0.6 a
   * language model, when one is configured, may be worth asking.
   */
  confidence: number;
}

/** Longer requests are cut here: a search box is not a document (and input is hostile). */
export const MAX_REQUEST_LENGTH = 1000;
/** Free-text words kept at most; mail-query caps a query's terms, and so does good sense. */
const MAX_FREE_WORDS = 24;

export function translate(request: string, options: TranslateOptions): Translation {
  if (!(options.now instanceof Date) || Number.isNaN(options.now.getTime())) throw new TypeError('translate: options.now must be a valid Date');
  const today = civilToday(options.now, options.timeZone);
  const input = typeof request === 'string' ? request.slice(0, MAX_REQUEST_LENGTH) : '';
  const grammar = new Grammar(input, options, today);
  grammar.run();
  return grammar.finish();
}

interface Item {
  node: QueryNode | null;
  /** Token range. */
  start: number;
  end: number;
  kind: PartKind;
  /** Free text nobody asked for by a cue (a word the grammar did not understand). */
  free: boolean;
}

interface Match {
  node: QueryNode | null;
  end: number;
  kind: PartKind;
}

type Role = 'from' | 'to' | 'cc' | 'bcc';

type Name =
  | { kind: 'self'; end: number }
  | { kind: 'address' | 'domain' | 'phrase'; value: string; end: number }
  /** `parts`: the name's tokens as written (lower-case), so `exmh-workers` stays one phrase. */
  | { kind: 'words'; words: string[]; parts: string[]; known: boolean; end: number; possessive: boolean };

/** Words that end a run of topic or subject words: they start another part of the request. */
const TOPIC_STOP = new Set([
  'from', 'to', 'by', 'with', 'without', 'in', 'on', 'since', 'before', 'after', 'during', 'between', 'until', 'till', 'that', 'which', 'who',
  'whose', 'where', 'not', 'excluding', 'except', 'sent', 'received', 'labeled', 'labelled', 'tagged', 'titled', 'entitled', 'unread', 'starred',
  'flagged', 'important', 'attachment', 'attachments', 'attached', 'larger', 'bigger', 'smaller', 'older', 'newer', 'via', 'but', 'also', 'or',
  'nor', 'yesterday', 'today', 'ago', 'last', 'this', 'past', 'than', 'and', 'plus', 'including', 'include', 'includes', 'even', 'everywhere',
  'anywhere',
]);

/** Words dropped from a topic ("about the perl conference" is `perl conference`). */
const TOPIC_DROP = new Set([
  'the', 'a', 'an', 'my', 'our', 'your', 'their', 'his', 'her', 'its', 'any', 'some', 'all', 'those', 'these', 'please', 'stuff', 'things',
  'email', 'emails', 'mail', 'mails', 'message', 'messages', 'thread', 'threads', 'is', 'are', 'was', 'were', 'be', 'it', 'of', 'for', 'at',
]);

const POST_NAME_VERBS = new Set(['sent', 'send', 'sends', 'wrote', 'writes', 'write', 'emailed', 'emails', 'mailed', 'forwarded', 'forwards', 'replied', 'posted']);
const LIST_NOUNS = new Set(['list', 'lists', 'mailinglist', 'mailinglists', 'newsletter', 'newsletters', 'digest', 'group']);
const LIST_LEADS = new Set(['on', 'from', 'to', 'in', 'via', 'posted', 'the', 'my', 'our', 'that', 'sent']);

interface Phrase {
  words: string[];
  node: () => QueryNode | null;
  kind: PartKind;
}

const unread = (): QueryNode => flag('is', 'unread');
const read = (): QueryNode => flag('is', 'read');
const starred = (): QueryNode => flag('is', 'starred');
const important = (): QueryNode => flag('is', 'important');
const inSent = (): QueryNode => flag('in', 'sent');
const anywhere = (): QueryNode => flag('in', 'anywhere');

/** Fixed phrases for state, folders and inbox categories; the longest match wins. */
const PHRASES: Phrase[] = [
  ...['unread', 'unopened', 'unseen'].map((w) => ({ words: [w], node: unread, kind: 'status' as const })),
  { words: ['read'], node: read, kind: 'status' },
  { words: ['opened'], node: read, kind: 'status' },
  { words: ['already', 'read'], node: read, kind: 'status' },
  ...[['starred'], ['flagged'], ['star'], ['with', 'a', 'star'], ['with', 'stars'], ['marked', 'with', 'a', 'star'], ['marked', 'starred'], ['stars']].map((words) => ({ words, node: starred, kind: 'status' as const })),
  ...[['unstarred'], ['unflagged']].map((words) => ({ words, node: () => not(starred()), kind: 'status' as const })),
  ...[['important'], ['marked', 'important'], ['marked', 'as', 'important'], ['importance']].map((words) => ({ words, node: important, kind: 'status' as const })),
  { words: ['unimportant'], node: () => not(important()), kind: 'status' },
  ...[['inbox'], ['inbox', 'folder']].map((words) => ({ words, node: () => flag('in', 'inbox'), kind: 'folder' as const })),
  ...[['spam'], ['junk'], ['spam', 'folder'], ['junk', 'folder'], ['junk', 'mail'], ['spammy']].map((words) => ({ words, node: () => flag('in', 'spam'), kind: 'folder' as const })),
  ...[['trash'], ['trashed'], ['bin'], ['deleted'], ['trash', 'folder'], ['deleted', 'items'], ['recycle', 'bin'], ['trash', 'can']].map((words) => ({ words, node: () => flag('in', 'trash'), kind: 'folder' as const })),
  ...[['archive'], ['archived'], ['archives'], ['archive', 'folder']].map((words) => ({ words, node: () => flag('in', 'archive'), kind: 'folder' as const })),
  ...[
    ['everywhere'], ['anywhere'], ['all', 'folders'], ['every', 'folder'], ['including', 'spam', 'and', 'trash'], ['including', 'trash', 'and', 'spam'],
    ['including', 'spam'], ['including', 'trash'], ['include', 'spam'], ['include', 'trash'], ['even', 'spam'], ['even', 'in', 'spam'], ['spam', 'included'],
    ['including', 'spam', 'trash'], ['in', 'all', 'folders'], ['also', 'spam'],
  ].map((words) => ({ words, node: anywhere, kind: 'folder' as const })),
  ...[
    ['i', 'sent'], ["i've", 'sent'], ['i', 'have', 'sent'], ['i', 'had', 'sent'], ['i', 'wrote'], ['i', 'emailed'], ['i', 'replied'], ['i', 'forwarded'],
    ['i', 'send'], ['sent', 'by', 'me'], ['by', 'me'], ['from', 'me'], ['from', 'myself'], ['my', 'sent'], ['outbox'], ['sent', 'items'], ['sent', 'mail'],
    ['sent', 'folder'], ['sent', 'box'], ['sent', 'messages'], ['sent', 'emails'], ['sent', 'email'], ['i', 'did', 'send'], ['written', 'by', 'me'], ['we', 'sent'],
  ].map((words) => ({ words, node: inSent, kind: 'folder' as const })),
  ...[['google', 'docs'], ['google', 'doc'], ['google', 'documents'], ['google', 'document']].map((words) => ({ words, node: () => flag('has', 'document'), kind: 'attachment' as const })),
  ...[['google', 'sheets'], ['google', 'sheet'], ['google', 'spreadsheets'], ['google', 'spreadsheet']].map((words) => ({ words, node: () => flag('has', 'spreadsheet'), kind: 'attachment' as const })),
  ...[['google', 'slides'], ['google', 'presentations'], ['google', 'presentation']].map((words) => ({ words, node: () => flag('has', 'presentation'), kind: 'attachment' as const })),
  ...[['google', 'drive'], ['drive', 'links'], ['drive', 'files'], ['drive', 'link'], ['google', 'drive', 'links'], ['google', 'drive', 'files']].map((words) => ({ words, node: () => flag('has', 'drive'), kind: 'attachment' as const })),
  ...[['youtube'], ['youtube', 'videos'], ['youtube', 'video'], ['youtube', 'links'], ['youtube', 'link']].map((words) => ({ words, node: () => flag('has', 'youtube'), kind: 'attachment' as const })),
  ...[['drafts'], ['draft'], ['unsent']].map((words) => ({ words, node: () => flag('in', 'drafts'), kind: 'folder' as const })),
  { words: ['snoozed'], node: () => flag('is', 'snoozed'), kind: 'status' },
  { words: ['muted'], node: () => flag('is', 'muted'), kind: 'status' },
  ...categoryPhrases('social', [['social'], ['social', 'media'], ['social', 'networks']]),
  ...categoryPhrases('promotions', [['promotions'], ['promotion'], ['promotional'], ['promos'], ['promo'], ['marketing']]),
  ...categoryPhrases('updates', [['updates', 'tab'], ['updates', 'category'], ['update', 'tab'], ['in', 'updates'], ['category', 'updates']], false),
  ...categoryPhrases('forums', [['forums'], ['forum']]),
  ...categoryPhrases('primary', [['primary'], ['primary', 'inbox']]),
  ...categoryPhrases('purchases', [['purchases', 'tab'], ['purchases', 'category']], false),
  ...categoryPhrases('reservations', [['reservations', 'tab'], ['reservations', 'category']], false),
];

function categoryPhrases(value: 'social' | 'promotions' | 'updates' | 'forums' | 'primary' | 'purchases' | 'reservations', names: string[][], withTab = true): Phrase[] {
  const all = withTab ? names.flatMap((n) => [n, [...n, 'tab'], [...n, 'category'], ['category', ...n]]) : names;
  return all.map((words) => ({ words, node: () => flag('category', value), kind: 'category' as const }));
}

const PHRASES_BY_FIRST = new Map<string, Phrase[]>();
for (const phrase of PHRASES) {
  const list = PHRASES_BY_FIRST.get(phrase.words[0] as string) ?? [];
  list.push(phrase);
  PHRASES_BY_FIRST.set(phrase.words[0] as string, list);
}
for (const list of PHRASES_BY_FIRST.values()) list.sort((a, b) => b.words.length - a.words.length);

/** Attachment kinds: file-name extensions (and Gmail's has: for Google files). */
const FILE_KINDS: Readonly<Record<string, { extensions: string[]; has?: 'spreadsheet' | 'document' | 'presentation'; needsContext?: boolean }>> = table({
  pdf: { extensions: ['pdf'] },
  spreadsheet: { extensions: ['xls', 'xlsx', 'csv', 'ods'], has: 'spreadsheet' },
  document: { extensions: ['doc', 'docx', 'odt', 'rtf'], has: 'document', needsContext: true },
  presentation: { extensions: ['ppt', 'pptx', 'odp', 'key'], has: 'presentation' },
  image: { extensions: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'tif', 'tiff', 'heic', 'webp'] },
  archive: { extensions: ['zip', 'gz', 'tgz', 'tar', 'rar', '7z'] },
  video: { extensions: ['mp4', 'mov', 'avi', 'mkv', 'wmv', 'mpg'] },
  audio: { extensions: ['mp3', 'wav', 'm4a', 'ogg', 'flac'] },
  calendar: { extensions: ['ics'], needsContext: true },
  patch: { extensions: ['patch', 'diff'], needsContext: true },
  text: { extensions: ['txt'], needsContext: true },
});

const KIND_WORDS: Readonly<Record<string, string>> = table({
  pdf: 'pdf', pdfs: 'pdf',
  spreadsheet: 'spreadsheet', spreadsheets: 'spreadsheet', excel: 'spreadsheet', sheets: 'spreadsheet', xls: 'spreadsheet', xlsx: 'spreadsheet',
  csv: 'spreadsheet', csvs: 'spreadsheet',
  document: 'document', documents: 'document', doc: 'document', docs: 'document', docx: 'document',
  presentation: 'presentation', presentations: 'presentation', slides: 'presentation', powerpoint: 'presentation', powerpoints: 'presentation',
  ppt: 'presentation', pptx: 'presentation', deck: 'presentation', decks: 'presentation', keynote: 'presentation',
  image: 'image', images: 'image', picture: 'image', pictures: 'image', photo: 'image', photos: 'image', pic: 'image', pics: 'image',
  screenshot: 'image', screenshots: 'image', jpg: 'image', jpgs: 'image', jpeg: 'image', jpegs: 'image', png: 'image', pngs: 'image', gif: 'image',
  gifs: 'image', photographs: 'image',
  zip: 'archive', zips: 'archive', tarball: 'archive', tarballs: 'archive', compressed: 'archive',
  video: 'video', videos: 'video', movie: 'video', movies: 'video', clip: 'video', clips: 'video',
  audio: 'audio', mp3: 'audio', mp3s: 'audio', recording: 'audio', recordings: 'audio', music: 'audio',
  invite: 'calendar', invites: 'calendar', invitation: 'calendar', invitations: 'calendar', ics: 'calendar',
  patch: 'patch', patches: 'patch', diff: 'patch', diffs: 'patch',
  txt: 'text',
});

/** Words that name one file type: "gifs" is filename:gif, not every image. */
const EXTENSION_WORDS: Readonly<Record<string, string[]>> = table({
  gif: ['gif'], gifs: ['gif'], jpg: ['jpg', 'jpeg'], jpgs: ['jpg', 'jpeg'], jpeg: ['jpg', 'jpeg'], jpegs: ['jpg', 'jpeg'], png: ['png'], pngs: ['png'],
  pdf: ['pdf'], pdfs: ['pdf'], xls: ['xls', 'xlsx'], xlsx: ['xlsx'], csv: ['csv'], csvs: ['csv'], doc: ['doc', 'docx'], docx: ['docx'],
  ppt: ['ppt', 'pptx'], pptx: ['pptx'], mp3: ['mp3'], mp3s: ['mp3'], zip: ['zip'], zips: ['zip'], txt: ['txt'], ics: ['ics'],
});

const SIZE_UNITS: Readonly<Record<string, number>> = table({
  b: 1, byte: 1, bytes: 1, k: 1024, kb: 1024, kib: 1024, kilobyte: 1024, kilobytes: 1024, m: 1_048_576, mb: 1_048_576, mib: 1_048_576, meg: 1_048_576,
  megs: 1_048_576, megabyte: 1_048_576, megabytes: 1_048_576, g: 1_073_741_824, gb: 1_073_741_824, gig: 1_073_741_824, gigs: 1_073_741_824,
  gigabyte: 1_073_741_824, gigabytes: 1_073_741_824,
});

/** "big emails": Gmail's own help uses 10M as its example; 5M is where mail starts to feel big. */
const BIG_MAIL_BYTES = 5 * 1_048_576;

class Grammar {
  private readonly request: string;
  private readonly tokens: Token[];
  private readonly options: TranslateOptions;
  private readonly people: PeopleIndex;
  private readonly lists: ListIndex;
  private readonly labels: LabelIndex;
  private readonly dates: DateContext;
  private readonly hasDirectory: boolean;
  private readonly items: Item[] = [];
  private pendingNot: number | null = null;
  private pendingOr = false;
  /** Per token: how the grammar used it (for the confidence). */
  private readonly use: Array<'filler' | 'understood' | 'free'>;
  private corrections = 0;
  private guessedNames = 0;

  constructor(request: string, options: TranslateOptions, today: ReturnType<typeof civilToday>) {
    this.request = request;
    this.options = options;
    this.people = peopleIndex(options.directory);
    this.lists = listIndex(options.lists);
    this.labels = labelIndex(options.labels);
    this.hasDirectory = (options.directory?.length ?? 0) > 0;
    this.tokens = tokenize(request);
    // A "misspelling" that is somebody's name, a list or a label is not one.
    for (const t of this.tokens) {
      if (t.kind === 'word' && t.corrected && (this.people.isNameWord(t.lower) || this.lists.isListWord(t.lower) || this.labels.startsLabel(t.lower))) {
        t.norm = t.lower;
        t.corrected = false;
      }
    }
    this.use = this.tokens.map(() => 'filler');
    this.dates = {
      tokens: this.tokens,
      today,
      weekStartsOn: options.weekStartsOn ?? 1,
      explicit: explicitDates(this.tokens, request, today, options.dateOrder ?? 'mdy'),
      isName: (w) => this.people.isNameWord(w),
    };
  }

  // -- token helpers ---------------------------------------------------------------------------

  private word(k: number): string | null {
    const t = this.tokens[k];
    return t && t.kind === 'word' ? t.norm : null;
  }

  private wordToken(k: number): WordToken | null {
    const t = this.tokens[k];
    return t && t.kind === 'word' ? t : null;
  }

  private is(k: number, ...options: string[]): boolean {
    const w = this.word(k);
    return w !== null && options.includes(w);
  }

  private punct(k: number, ...values: string[]): boolean {
    const t = this.tokens[k];
    return t !== undefined && t.kind === 'punct' && values.includes(t.value);
  }

  /** Could this word be (part of) a name? Not vocabulary, unless somebody is called that. */
  private nameLike(k: number): boolean {
    const t = this.wordToken(k);
    if (!t) return false;
    if (/^\d+$/u.test(t.lower)) return false;
    if (isKnownWord(t.norm) || isKnownWord(t.lower)) {
      // "Will", "May": a vocabulary word is a name only when written as one and somebody has it.
      return t.capitalized && !TOPIC_STOP.has(t.norm) && this.people.isNameWord(t.lower);
    }
    return words(t.lower).length > 0;
  }

  /** A single letter followed by a full stop: an initial, even "A." or "I.". */
  private initial(k: number): boolean {
    const t = this.wordToken(k);
    return t !== null && /^\p{L}$/u.test(t.raw) && this.punct(k + 1, '.');
  }

  // -- the main loop ---------------------------------------------------------------------------

  run(): void {
    let i = 0;
    while (i < this.tokens.length) i = this.step(i);
  }

  private step(i: number): number {
    const t = this.tokens[i] as Token;
    if (t.kind === 'punct') {
      if (t.value === '|' && this.items.length > 0) this.pendingOr = true;
      return i + 1;
    }
    if (t.kind === 'syntax') return this.push(i, i + 1, t.node, 'syntax', false);
    if (t.kind === 'quoted') {
      const subject = this.inSubjectAt(i + 1);
      if (subject > 0) return this.push(i, subject, field('subject', t.value), 'subject', false);
      return this.push(i, i + 1, text(t.value, true), 'text', false);
    }
    if (t.corrected) this.corrections++;
    const w = t.norm;
    if ((w === 'or' || w === 'nor') && this.items.length > 0) {
      this.pendingOr = true;
      this.use[i] = 'understood';
      return i + 1;
    }
    const negation = this.negationAt(i);
    if (negation > i) {
      if (this.pendingNot === null) this.pendingNot = i;
      for (let k = i; k < negation; k++) this.use[k] = 'understood';
      return negation;
    }
    const recognizers = [
      () => this.dateAt(i),
      () => this.sizeAt(i),
      () => this.inSubjectConversion(i),
      () => this.listAt(i),
      () => this.personAt(i),
      () => this.labelAt(i),
      () => this.conversationAt(i),
      () => this.negatedPersonAt(i),
      () => this.subjectAt(i),
      () => this.topicAt(i),
      () => this.attachmentAt(i),
      () => this.phraseAt(i),
      () => this.bareLabelAt(i),
      () => this.bareNameAt(i),
    ];
    for (const recognize of recognizers) {
      const match = recognize();
      if (match) return this.push(i, match.end, match.node, match.kind, false);
    }
    if (FILLER.has(w) || MAIL_NOUNS.has(w)) return i + 1;
    // A "correction" to vocabulary no part of the grammar wanted was a real word ("invoices").
    if (t.corrected) this.corrections--;
    else if (KEYWORDS.has(w) || NUMBER_WORDS[w] !== undefined) return i + 1;
    return this.push(i, i + 1, text(t.lower), 'text', true);
  }

  private push(start: number, end: number, node: QueryNode | null, kind: PartKind, free: boolean): number {
    for (let k = start; k < end; k++) this.use[k] = free ? 'free' : 'understood';
    let from = start;
    let result = node;
    if (this.pendingNot !== null) {
      from = this.pendingNot;
      this.pendingNot = null;
      if (result) result = not(result);
    }
    if (this.pendingOr) {
      this.pendingOr = false;
      const previous = this.items[this.items.length - 1];
      if (previous && previous.node && result) {
        previous.node = or([previous.node, result]);
        previous.end = end;
        previous.free = previous.free && free;
        // "unread, starred or important": the items listed with commas are alternatives too.
        for (;;) {
          const at = this.items.length - 1;
          const before = this.items[at - 1];
          const current = this.items[at] as Item;
          if (!before || !before.node || before.kind !== kind || !this.onlyCommasBetween(before.end, current.start)) break;
          before.node = or([before.node, current.node as QueryNode]);
          before.end = current.end;
          this.items.pop();
        }
        return end;
      }
    }
    const last = this.items[this.items.length - 1];
    // Neighbouring free words are one part ("razor bayes").
    if (free && result && last && last.free && last.node && last.end === start && from === start && result.kind === 'text' && !result.quoted) {
      last.node = and([last.node, result]);
      last.end = end;
      return end;
    }
    this.items.push({ node: result, start: from, end, kind, free });
    return end;
  }

  private onlyCommasBetween(from: number, to: number): boolean {
    if (to <= from) return false;
    for (let k = from; k < to; k++) if (!this.punct(k, ',')) return false;
    return true;
  }

  /** Negation words before a part: "not", "no", "without", "excluding", "but not", "other than". */
  private negationAt(i: number): number {
    const w = this.word(i);
    if (w === null) return i;
    if (w === 'but' && this.is(i + 1, 'not')) return i + 2;
    if ((w === 'other' && this.is(i + 1, 'than')) || ((w === 'apart' || w === 'aside') && this.is(i + 1, 'from'))) return i + 2;
    if (w === 'leave' && this.is(i + 1, 'out')) return i + 2;
    if (w === 'not' && this.is(i + 1, 'including')) return i + 2;
    if (['not', 'non', 'never', 'excluding', 'exclude', 'except', 'excepting', 'minus', 'ignoring', 'omitting'].includes(w)) {
      return this.is(i + 1, 'for') && w === 'except' ? i + 2 : i + 1;
    }
    // "without attachments"; "no attachments", "no spam" (but not "no" as an answer at the start).
    if (w === 'without' || w === 'wo') return i + 1;
    if (w === 'no' && i + 1 < this.tokens.length && this.tokens[i + 1]?.kind !== 'punct') return i + 1;
    return i;
  }

  // -- dates and sizes -------------------------------------------------------------------------

  private dateAt(i: number): Match | null {
    const found = matchDate(this.dates, i);
    if (!found) return null;
    return { node: dateNode(found.meaning), end: found.end, kind: 'date' };
  }

  private sizeAt(i: number): Match | null {
    let k = i;
    if (this.is(k, 'size') && !this.is(k + 1, 'of')) k++;
    else if (this.is(k, 'with') && this.is(k + 1, 'size')) k += 2;
    let operator: 'larger' | 'smaller' | 'size' | 'between' | null = null;
    const two = (a: string, b: string): boolean => this.is(k, a) && this.is(k + 1, b);
    if (two('more', 'than') || two('greater', 'than') || two('larger', 'than') || two('bigger', 'than') || two('heavier', 'than')) {
      operator = 'larger';
      k += 2;
    } else if (two('at', 'least')) {
      operator = 'size';
      k += 2;
    } else if (two('less', 'than') || two('smaller', 'than') || two('lighter', 'than') || two('up', 'to') || two('at', 'most')) {
      operator = 'smaller';
      k += 2;
    } else if (this.is(k, 'no') && this.is(k + 1, 'more', 'bigger', 'larger') && this.is(k + 2, 'than')) {
      operator = 'smaller';
      k += 3;
    } else if (this.is(k, 'over', 'above', 'exceeding', 'larger', 'bigger', 'min', 'minimum') || this.punct(k, '>')) {
      operator = 'larger';
      k += 1;
      if (this.punct(k, '=')) {
        operator = 'size';
        k++;
      }
    } else if (this.is(k, 'under', 'below', 'smaller', 'max', 'maximum') || this.punct(k, '<')) {
      operator = 'smaller';
      k += 1;
      if (this.punct(k, '=')) k++;
    } else if (this.is(k, 'between')) {
      operator = 'between';
      k += 1;
    }
    if (operator === null) {
      // "big emails", "large attachments", "huge files".
      if (this.is(i, 'big', 'large', 'huge', 'heavy', 'massive', 'bigger', 'larger', 'biggest', 'largest', 'heaviest') && (this.word(i + 1) === null || MAIL_NOUNS.has(this.word(i + 1) as string) || this.is(i + 1, 'attachments', 'attachment', 'files', 'ones', 'messages'))) {
        return { node: size('larger', BIG_MAIL_BYTES), end: i + 1, kind: 'size' };
      }
      return null;
    }
    const first = this.amountAt(k);
    if (!first) return null;
    if (operator === 'between') {
      if (!this.is(first.end, 'and', 'to') && !this.punct(first.end, '-')) return null;
      const second = this.amountAt(first.end + 1);
      if (!second || second.unit === null) return null;
      const lowUnit = first.unit ?? second.unit;
      return { node: and([size('larger', first.amount * lowUnit), size('smaller', second.amount * second.unit)]), end: this.sizeTail(second.end), kind: 'size' };
    }
    if (first.unit === null) return null;
    return { node: size(operator, first.amount * first.unit), end: this.sizeTail(first.end), kind: 'size' };
  }

  private sizeTail(k: number): number {
    if (this.is(k, 'in') && this.is(k + 1, 'size')) return k + 2;
    if (this.is(k, 'big', 'large', 'in-size')) return k + 1;
    return k;
  }

  /** "5mb", "5 MB", "1.5 megabytes", "five megs", "100k". Unit null when absent. */
  private amountAt(k: number): { amount: number; unit: number | null; end: number } | null {
    const t = this.wordToken(k);
    if (!t) return null;
    const glued = /^(\d+(?:[.,]\d+)?)([a-z]+)$/u.exec(t.lower);
    if (glued) {
      const unit = SIZE_UNITS[glued[2] as string];
      if (unit === undefined) return null;
      return { amount: Number((glued[1] as string).replace(',', '.')), unit, end: k + 1 };
    }
    let amount: number | null = null;
    if (/^\d+(?:[.,]\d+)?$/u.test(t.lower)) amount = Number(t.lower.replace(',', '.'));
    else if (NUMBER_WORDS[t.norm] !== undefined && t.norm !== 'a' && t.norm !== 'an') amount = NUMBER_WORDS[t.norm] as number;
    else if ((t.norm === 'a' || t.norm === 'an') && this.word(k + 1) !== null && SIZE_UNITS[this.word(k + 1) as string] !== undefined) amount = 1;
    if (amount === null) return null;
    const unitWord = this.word(k + 1);
    const unit = unitWord === null ? undefined : SIZE_UNITS[unitWord];
    if (unit === undefined || unitWord === 'm' || unitWord === 'g' || unitWord === 'b') {
      // A lone "m" or "b" after a number is as likely minutes or a typo; need a clear unit.
      if (unit !== undefined && (unitWord === 'm' || unitWord === 'g' || unitWord === 'b')) return { amount, unit, end: k + 2 };
      return { amount, unit: null, end: k + 1 };
    }
    return { amount, unit, end: k + 2 };
  }

  // -- subjects and topics ---------------------------------------------------------------------

  /** "in the subject", "in the subject line", "in the title" at `k`: the index after it, or -1. */
  private inSubjectAt(k: number): number {
    let j = k;
    if (!this.is(j, 'in', 'within', 'on')) return -1;
    j++;
    if (this.is(j, 'the', 'its', 'their', 'a', 'his', 'her')) j++;
    if (!this.is(j, 'subject', 'subjects', 'title', 'titles', 'headline')) return -1;
    j++;
    if (this.is(j, 'line', 'lines')) j++;
    return j;
  }

  /** "razor in the subject": the text just before becomes `subject:`. */
  private inSubjectConversion(i: number): Match | null {
    const end = this.inSubjectAt(i);
    if (end < 0) return null;
    const last = this.items[this.items.length - 1];
    if (!last || !last.node || (last.kind !== 'text' && last.kind !== 'subject') || last.end !== i) return { node: null, end, kind: 'subject' };
    this.items.pop();
    for (let k = last.start; k < last.end; k++) this.use[k] = 'understood';
    const converted = toSubject(last.node);
    this.items.push({ ...last, node: converted, kind: 'subject', free: false, end });
    this.pendingNot = null;
    return { node: null, end, kind: 'subject' };
  }

  private subjectAt(i: number): Match | null {
    let k = i;
    if (this.is(k, 'titled', 'entitled', 'headlined')) k++;
    else if (this.is(k, 'with', 'whose', 'where') && (this.is(k + 1, 'subject', 'title') || (this.is(k + 1, 'the', 'a', 'its') && this.is(k + 2, 'subject', 'title')))) {
      k += this.is(k + 1, 'subject', 'title') ? 2 : 3;
      if (this.is(k, 'line')) k++;
    } else if (this.is(k, 'subject', 'title') && !this.is(k + 1, 'of')) {
      k++;
      if (this.is(k, 'line')) k++;
    } else if (this.is(k, 'called', 'named') && i > 0) k++;
    else return null;
    if (this.punct(k, ':')) k++;
    if (this.is(k, 'is', 'was', 'as', 'of', 'contains', 'containing', 'says', 'saying', 'like', 'matching', 'with', 'includes', 'including', 'has', 'mentions', 'mentioning')) k++;
    if (this.punct(k, ':')) k++;
    const collected = this.collectWords(k);
    if (!collected) return null;
    return { node: toSubject(collected.node), end: collected.end, kind: 'subject' };
  }

  private topicAt(i: number): Match | null {
    let k = i;
    const w = this.word(k);
    if (w === null) return null;
    if (['about', 'regarding', 'concerning', 'mentioning', 'mention', 'mentions', 'mentioned', 'containing', 'contain', 'contains', 'discussing', 'discuss', 'discusses', 'saying', 'says', 'say', 'wrt', 'involving', 'involve', 'referencing', 'reference', 'references', 'covering'].includes(w)) k++;
    else if (w === 're' && this.wordToken(k + 1) !== null) k++;
    else if ((w === 'related' || w === 'relating' || w === 'relevant' || w === 'pertaining') && this.is(k + 1, 'to')) k += 2;
    else if ((w === 'talking' || w === 'talk' || w === 'talks' || w === 'asking' || w === 'ask' || w === 'question' || w === 'questions') && this.is(k + 1, 'about')) k += 2;
    else if (w === 'on' && this.is(k + 1, 'the') && this.is(k + 2, 'topic', 'subject') && this.is(k + 3, 'of')) k += 4;
    else if (w === 'to' && this.is(k + 1, 'do') && this.is(k + 2, 'with')) k += 3;
    else if ((w === 'with' || w === 'including' || w === 'has' || w === 'have' || w === 'having') && (this.is(k + 1, 'word', 'words', 'phrase', 'term', 'terms', 'text') || (this.is(k + 1, 'the') && this.is(k + 2, 'word', 'words', 'phrase', 'term', 'terms', 'text')))) {
      k += this.is(k + 1, 'the') ? 3 : 2;
    } else if (w === 'the' && this.is(k + 1, 'word', 'words', 'phrase')) k += 2;
    else return null;
    if (this.punct(k, ':')) k++;
    const collected = this.collectWords(k);
    if (!collected) return null;
    // A topic that is a request for the subject ("about razor in the subject") is handled when
    // "in the subject" is reached.
    return { node: collected.node, end: collected.end, kind: 'text' };
  }

  /**
   * Topic words from `k` up to the next word that starts another part: words joined by AND,
   * alternatives by OR ("perl or python"), quoted phrases kept whole; filler dropped.
   */
  private collectWords(k: number): { node: QueryNode; end: number } | null {
    const groups: QueryNode[][] = [[]];
    let j = k;
    let count = 0;
    while (j < this.tokens.length && count < MAX_FREE_WORDS) {
      const t = this.tokens[j] as Token;
      if (t.kind === 'quoted') {
        (groups[groups.length - 1] as QueryNode[]).push(text(t.value, true));
        count++;
        j++;
        continue;
      }
      if (t.kind !== 'word') break;
      const w = t.norm;
      if (w === 'or' && (groups[groups.length - 1] as QueryNode[]).length > 0 && this.wordToken(j + 1) && !TOPIC_STOP.has(this.word(j + 1) as string)) {
        groups.push([]);
        j++;
        continue;
      }
      if (w === 'and' && this.wordToken(j + 1) && !TOPIC_STOP.has(this.word(j + 1) as string) && !matchDate(this.dates, j + 1)) {
        j++;
        continue;
      }
      if (TOPIC_STOP.has(w) || this.inSubjectAt(j) >= 0 || matchDate(this.dates, j) || this.sizeAt(j)) break;
      if (TOPIC_DROP.has(w)) {
        j++;
        continue;
      }
      (groups[groups.length - 1] as QueryNode[]).push(text(t.lower));
      count++;
      j++;
    }
    const alternatives = groups.filter((g) => g.length > 0).map((g) => and(g));
    if (alternatives.length === 0) return null;
    return { node: or(alternatives), end: j };
  }

  // -- people ----------------------------------------------------------------------------------

  /** "from X", "sent by X", "to X", "sent to X", "cc'd X", "bcc X". */
  private personAt(i: number): Match | null {
    const cue = this.personCue(i);
    if (!cue) return null;
    if (this.punct(cue.end, ':')) cue.end++;
    // "from anyone at hotmail.com", "from people at canada.com".
    if (this.is(cue.end, 'anyone', 'anybody', 'someone', 'somebody', 'people', 'folks', 'everyone', 'everybody') && this.is(cue.end + 1, 'at', 'from')) {
      const place = this.wordToken(cue.end + 2);
      if (place && words(place.lower).length > 0) return { node: field(cue.role, place.lower.replace(/^@+/u, '')), end: cue.end + 3, kind: 'person' };
    }
    const names = this.nameList(cue.end, cue.role);
    if (!names) return null;
    // "posts to exmh-workers": a list's name, not a person's.
    const only = names.names[0] as Name;
    if (cue.role === 'to' && names.names.length === 1 && only.kind === 'words' && only.words.every((x) => this.lists.isListName(x))) {
      const list = this.lists.resolve(only.words);
      if (list) return { node: listNode(list, only.words), end: names.end, kind: 'list' };
    }
    const nodes = names.names.map((n) => this.personNode(cue.role, n)).filter((n): n is QueryNode => n !== null);
    const combine = cue.role === 'from' || names.anyOr ? or : and;
    return { node: nodes.length > 0 ? combine(nodes) : null, end: names.end, kind: nodes.some((n) => n.kind === 'flag') ? 'folder' : 'person' };
  }

  private personCue(i: number): { role: Role; end: number } | null {
    const cue = this.cueAt(i);
    return cue ? { ...cue } : null;
  }

  private cueAt(i: number): { role: Role; end: number } | null {
    const w = this.word(i);
    const t = this.wordToken(i);
    if (w === null || t === null) return null;
    const verbs = ['sent', 'written', 'wrote', 'authored', 'emailed', 'mailed', 'forwarded', 'posted', 'addressed', 'replied', 'delivered', 'received', 'send', 'going', 'went', 'that', 'which'];
    if (w === 'from') return { role: 'from', end: i + 1 };
    if (t.lower === 'form') {
      const next = this.name(i + 1);
      if (next && (next.kind === 'address' || next.kind === 'domain' || (next.kind === 'words' && next.known))) return { role: 'from', end: i + 1 };
      return null;
    }
    if (w === 'by') {
      const next = this.name(i + 1);
      if (next && next.kind !== 'self' && (next.kind !== 'words' || next.known || this.wordToken(i + 1)?.capitalized || !this.hasDirectory)) return { role: 'from', end: i + 1 };
      return null;
    }
    if (verbs.includes(w) && this.is(i + 1, 'by')) return { role: 'from', end: i + 2 };
    if ((w === 'sent' || w === 'received' || w === 'forwarded') && this.is(i + 1, 'from')) return { role: 'from', end: i + 2 };
    if (w === 'to' || w === 'for' || w === 'towards') {
      if (w !== 'to') {
        // "emails for rohit": only after mail and for a name the directory knows; "search for
        // X" and "look for X" are filler.
        const next = this.name(i + 1);
        const afterMail = MAIL_NOUNS.has(this.word(i - 1) ?? '') || this.is(i - 1, 'anything', 'something', 'stuff');
        if (!afterMail || !next || next.kind === 'self' || (next.kind === 'words' && !next.words.some((x) => this.people.isNameWord(x)))) return null;
      }
      return { role: 'to', end: i + 1 };
    }
    if (verbs.includes(w) && this.is(i + 1, 'to')) return { role: 'to', end: i + 2 };
    if (w === 'cc' || w === "cc'd" || w === 'copied' || w === 'copying') {
      let end = i + 1;
      if (this.is(end, 'to', 'on')) end++;
      return { role: 'cc', end };
    }
    if (w === 'bcc' || w === "bcc'd") return { role: 'bcc', end: this.is(i + 1, 'to') ? i + 2 : i + 1 };
    return null;
  }

  /** One name, address or domain at `k`, the longest the directory knows (up to 3 words). */
  private name(k: number): Name | null {
    const t = this.tokens[k];
    if (!t) return null;
    if (t.kind === 'quoted') return { kind: 'phrase', value: t.value, end: k + 1 };
    if (t.kind !== 'word') return null;
    if (t.norm === 'me' || t.norm === 'myself' || t.norm === 'us') return { kind: 'self', end: k + 1 };
    const raw = t.raw.replace(/^[<([]+|[>)\]]+$/gu, '');
    if (raw.includes('@')) {
      const value = raw.replace(/^@+/u, '').toLowerCase();
      if (words(value).length > 0) return { kind: raw.startsWith('@') ? 'domain' : 'address', value, end: k + 1 };
    }
    if (/^[\p{L}\p{N}][\p{L}\p{N}-]*(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}$/u.test(raw)) return { kind: 'domain', value: raw.toLowerCase(), end: k + 1 };
    if (!this.nameLike(k) && !this.initial(k)) return null;
    // Up to four words; initials may carry a full stop ("R. A. Hettinga", "Mr. FoRK").
    const run: number[] = [];
    for (let m = k; run.length < 4 && m < this.tokens.length; m++) {
      if (m > k && this.punct(m, '.') && this.wordToken(m + 1)) continue;
      if (m > k && !this.nameLike(m) && !this.initial(m)) break;
      if (!this.wordToken(m)) break;
      run.push(m);
      if ((this.tokens[m] as WordToken).possessive) break;
    }
    if (run.length === 0) return null;
    const wordsOf = (n: number): string[] => run.slice(0, n).flatMap((m) => words((this.tokens[m] as WordToken).lower));
    const partsOf = (n: number): string[] => run.slice(0, n).map((m) => (this.tokens[m] as WordToken).lower);
    for (let n = run.length; n >= 1; n--) {
      const ws = wordsOf(n);
      if (ws.length > 0 && !ws.every((w) => w.length === 1) && this.people.has(ws)) {
        const last = this.tokens[run[n - 1] as number] as WordToken;
        return { kind: 'words', words: ws, parts: partsOf(n), known: true, end: (run[n - 1] as number) + 1, possessive: last.possessive };
      }
    }
    // Unknown: one word, or a run of capitalised words ("from John Smith").
    let n = 1;
    if (t.capitalized && !t.possessive) while (n < run.length && (this.tokens[run[n] as number] as WordToken).capitalized) n++;
    const last = this.tokens[run[n - 1] as number] as WordToken;
    const ws = wordsOf(n);
    if (ws.length === 0) return null;
    return { kind: 'words', words: ws, parts: partsOf(n), known: false, end: (run[n - 1] as number) + 1, possessive: last.possessive };
  }

  /** Names joined by "or", "and", "," or "/" ("from rohit or eugen", "to alice, bob and carol"). */
  private nameList(k: number, role: Role): { names: Name[]; end: number; anyOr: boolean } | null {
    if (this.is(k, 'the')) {
      // "from the guardian" (a feed's name); "from the boss" is not a name we can search for.
      const next = this.wordToken(k + 1);
      if (!next || !this.people.isNameWord(next.lower) || isKnownWord(next.norm)) return null;
      k++;
    } else if (this.is(k, 'my') && this.name(k) === null) return null;
    const first = this.name(k);
    if (!first || (first.kind === 'self' && role === 'bcc')) return null;
    const names: Name[] = [first];
    let end = first.end;
    let anyOr = false;
    // A dozen names is already more than one search should hold (mail-query caps its terms).
    while (names.length < 12) {
      let j = end;
      const isOr = this.is(j, 'or', 'nor') || this.punct(j, '/', '|');
      const isAnd = this.is(j, 'and', '&') || this.punct(j, ',', '&');
      if (!isOr && !isAnd) break;
      j++;
      if (this.punct(j - 1, ',') && this.is(j, 'or', 'and')) j++;
      const next = this.name(j);
      if (!next || next.kind === 'self') break;
      // After "and", an unknown word is more likely the next part of the request.
      if (!isOr && this.hasDirectory && next.kind === 'words' && !next.known) break;
      names.push(next);
      if (isOr || this.is(j - 1, 'or')) anyOr = true;
      end = next.end;
    }
    return { names, end, anyOr };
  }

  private personNode(role: Role, name: Name): QueryNode | null {
    const operator: FieldOperator = role;
    switch (name.kind) {
      case 'self': {
        if (role === 'from') return inSent();
        const own = this.options.selfAddresses ?? [];
        return own.length > 0 ? or(own.map((a) => field(operator, a))) : null;
      }
      case 'address':
      case 'domain':
      case 'phrase':
        return field(operator, name.value);
      case 'words': {
        const resolution = this.people.resolve(name.words);
        // The name's own addresses instead of its words, when the words also match others
        // ("wayne" is Wayne Baisley's name and the domain of med.wayne.edu).
        if (resolution.ownAddresses) return or(resolution.ownAddresses.map((a) => field(operator, a)));
        const base = and(name.parts.map((w) => field(operator, w)));
        const alternatives = [base];
        if (resolution.closeNames.length > 0) {
          this.guessedNames++;
          for (const close of resolution.closeNames) alternatives.push(field(operator, close));
        }
        for (const address of resolution.extraAddresses) alternatives.push(field(operator, address));
        return or(alternatives);
      }
    }
  }

  /** "with rohit", "between me and rohit": mail from or to that person. */
  private conversationAt(i: number): Match | null {
    let k: number;
    if (this.is(i, 'with') || (this.is(i, 'exchanged') && this.is(i + 1, 'with'))) k = this.is(i, 'with') ? i + 1 : i + 2;
    else if (this.is(i, 'between') && this.is(i + 1, 'me', 'us') && this.is(i + 2, 'and')) k = i + 3;
    else if (this.is(i, 'between')) k = i + 1;
    else return null;
    const person = this.name(k);
    if (!person || person.kind === 'self' || person.kind === 'phrase') return null;
    // Somebody's name ("with rohit"), not a word that is only part of some address ("links").
    if (person.kind === 'words' && !(person.known && person.words.some((w) => this.people.isNameWord(w))) && !(this.wordToken(k)?.capitalized ?? false)) return null;
    if (this.inSubjectAt(person.end) >= 0) return null;
    let end = person.end;
    if (this.is(i, 'between') && this.is(i + 1, 'me', 'us') === false) {
      if (!(this.is(end, 'and') && this.is(end + 1, 'me', 'us'))) return null;
      end += 2;
    }
    const nodes = (['from', 'to', 'cc'] as const).map((role) => this.personNode(role, person)).filter((n): n is QueryNode => n !== null);
    return { node: or(nodes), end, kind: 'person' };
  }

  /** After "not", "excluding", "except": a correspondent's name means mail from them. */
  private negatedPersonAt(i: number): Match | null {
    if (this.pendingNot === null) return null;
    // "about razor but not spamassassin": the negation goes on with the topic.
    if (this.items[this.items.length - 1]?.kind === 'text') return null;
    const person = this.name(i);
    if (!person || person.kind !== 'words' || !person.known || !person.words.some((w) => this.people.isNameWord(w))) return null;
    return { node: this.personNode('from', person), end: person.end, kind: 'person' };
  }

  /** "rohit's emails", "what did matthias send", "emails rohit sent me", "zawodny posts". */
  private bareNameAt(i: number): Match | null {
    const person = this.name(i);
    if (!person || person.kind === 'self' || person.kind === 'phrase') return null;
    const next = this.word(person.end);
    if (person.kind === 'words' && person.possessive) {
      return { node: this.personNode('from', person), end: person.end, kind: 'person' };
    }
    // Said bare before "emails" ("padraig emails", "urgent emails"), a word is a sender only when
    // typed as a name or when someone the mailbox hears from regularly is called so, and a list
    // only by the list's own name (not its host: "python" is not spambayes.python.org); else it
    // is what the mail is about.
    const regular = person.kind === 'words' && ((this.wordToken(i)?.capitalized ?? false) || (person.known && person.words.some((w) => this.people.isRegularName(w))));
    if (next !== null && MAIL_NOUNS.has(next) && person.kind === 'words') {
      const list = person.words.every((w) => this.lists.isListName(w)) ? this.lists.resolve(person.words) : null;
      if (list) return { node: listNode(list, person.words), end: person.end, kind: 'list' };
      if (regular) return { node: this.personNode('from', person), end: person.end, kind: 'person' };
    }
    // "emails" and "posts" are nouns too: "rohit emails me" is a sender, "job emails" a topic.
    if (next !== null && POST_NAME_VERBS.has(next) && (regular || !MAIL_NOUNS.has(next) || this.is(person.end + 1, 'me', 'us'))) {
      let end = person.end + 1;
      if (this.is(end, 'me', 'us')) end++;
      return { node: this.personNode('from', person), end, kind: 'person' };
    }
    // "where tom was cc'd", "rohit copied".
    let k = person.end;
    while (this.is(k, 'was', 'were', 'is', 'got', 'gets', 'being', 'been', 'also')) k++;
    if (this.is(k, "cc'd", 'copied', 'cc', 'bcc', "bcc'd")) {
      const role: Role = this.is(k, 'bcc', "bcc'd") ? 'bcc' : 'cc';
      return { node: this.personNode(role, person), end: this.is(k + 1, 'on', 'in') ? k + 2 : k + 1, kind: 'person' };
    }
    return null;
  }

  // -- lists and labels ------------------------------------------------------------------------

  /** "the exmh list", "on the razor-users mailing list", "from the fork list", "mailing list X". */
  private listAt(i: number): Match | null {
    let k = i;
    let leads = 0;
    while (leads < 3 && this.word(k) !== null && LIST_LEADS.has(this.word(k) as string)) {
      k++;
      leads++;
    }
    const nameTokens: number[] = [];
    while (nameTokens.length < 4 && this.wordToken(k)) {
      const w = this.word(k) as string;
      if (LIST_NOUNS.has(w) || w === 'mailing') break;
      if ((TOPIC_STOP.has(w) || LIST_LEADS.has(w) || FILLER.has(w)) && !this.lists.isListWord(w)) break;
      nameTokens.push(k);
      k++;
    }
    if (this.is(k, 'mailing', 'discussion', 'email', 'e-mail')) k++;
    // "anything on razor-users", "posted to exmh-workers": a list's own name after "on" or "posted".
    if (!this.is(k, ...LIST_NOUNS) && nameTokens.length > 0 && this.is(i, 'on', 'posted')) {
      const ws = nameTokens.flatMap((m) => words((this.tokens[m] as WordToken).lower));
      if (ws.length > 0 && ws.every((w) => this.lists.isListName(w))) {
        const list = this.lists.resolve(ws);
        if (list) return { node: listNode(list, ws), end: (nameTokens[nameTokens.length - 1] as number) + 1, kind: 'list' };
      }
    }
    if (!this.is(k, ...LIST_NOUNS)) {
      // "mailing list exmh", "list razor-users": the name after, only when it names a known list.
      if (nameTokens.length === 0 && leads <= 2) {
        let j = i;
        while (this.is(j, 'the', 'on', 'from', 'to')) j++;
        if (this.is(j, 'mailing')) j++;
        if (!this.is(j, 'list')) return null;
        const after = this.wordToken(j + 1);
        if (!after) return null;
        const ws = words(after.lower);
        if (ws.length === 0 || !ws.every((w) => this.lists.isListWord(w))) return null;
        return { node: listNode(this.lists.resolve(ws), ws), end: j + 2, kind: 'list' };
      }
      return null;
    }
    if (nameTokens.length === 0) return null;
    const ws = nameTokens.flatMap((m) => words((this.tokens[m] as WordToken).lower));
    if (ws.length === 0) return null;
    return { node: listNode(this.lists.resolve(ws), ws), end: k + 1, kind: 'list' };
  }

  /** "labeled Receipts", "tagged work", "with the label X", "in my Travel folder", "X label". */
  private labelAt(i: number): Match | null {
    let k = i;
    if (this.is(k, 'labeled', 'labelled', 'tagged', 'label', 'labels', 'tag', 'filed')) {
      k++;
      if (this.is(k, 'as', 'with', 'under', 'in', 'is')) k++;
      if (this.punct(k, ':')) k++;
    } else if (this.is(k, 'with', 'has', 'having') && (this.is(k + 1, 'label', 'tag') || (this.is(k + 1, 'the', 'a') && this.is(k + 2, 'label', 'tag')))) {
      k += this.is(k + 1, 'label', 'tag') ? 2 : 3;
      if (this.is(k, 'of', 'called', 'named')) k++;
    } else if (this.is(k, 'under') && this.labels.size > 0) {
      k++;
      const named = this.labelName(k);
      if (!named || named.names.length === 0) return null;
      return { node: labelNode(named.names, named.words), end: named.end, kind: 'label' };
    } else {
      // "in my Receipts folder", "the Travel label".
      let j = k;
      if (this.is(j, 'in', 'from', 'under')) j++;
      if (this.is(j, 'my', 'the', 'our')) j++;
      const named = this.labelName(j);
      if (!named || !this.is(named.end, 'folder', 'label', 'labels', 'tag')) return null;
      if (named.names.length === 0 && this.labels.size > 0 && !this.is(named.end, 'label', 'labels', 'tag')) return null;
      return { node: labelNode(named.names, named.words), end: named.end + 1, kind: 'label' };
    }
    const named = this.labelName(k);
    if (!named) return null;
    return { node: labelNode(named.names, named.words), end: named.end, kind: 'label' };
  }

  /** A label's name at `k`: quoted, the longest run of words naming known labels, or one word. */
  private labelName(k: number): { names: string[]; words: string[]; end: number } | null {
    const t = this.tokens[k];
    if (!t) return null;
    if (t.kind === 'quoted') {
      const ws = words(t.value);
      const names = this.labels.resolve(ws);
      return { names: names.length > 0 ? names : [t.value], words: ws, end: k + 1 };
    }
    if (t.kind !== 'word') return null;
    const run: number[] = [];
    for (let m = k; m < k + 4 && this.wordToken(m); m++) {
      const w = this.word(m) as string;
      if ((TOPIC_STOP.has(w) || FILLER.has(w) || w === 'folder' || w === 'label') && !this.labels.startsLabel(w) && !(run.length > 0 && /^\d+$/u.test(w))) break;
      run.push(m);
    }
    for (let n = run.length; n >= 1; n--) {
      const ws = run.slice(0, n).flatMap((m) => words((this.tokens[m] as WordToken).lower));
      const names = this.labels.resolve(ws);
      if (names.length > 0) return { names, words: ws, end: (run[n - 1] as number) + 1 };
    }
    if (run.length === 0) return null;
    const ws = words((this.tokens[run[0] as number] as WordToken).lower);
    if (ws.length === 0) return null;
    return { names: [], words: ws, end: (run[0] as number) + 1 };
  }

  /** Words that are exactly a label's name ("my work projects emails"). */
  private bareLabelAt(i: number): Match | null {
    if (this.labels.size === 0) return null;
    for (let n = 4; n >= 1; n--) {
      const run: number[] = [];
      for (let m = i; m < i + n; m++) if (this.wordToken(m)) run.push(m);
      if (run.length !== n) continue;
      const ws = run.flatMap((m) => words((this.tokens[m] as WordToken).lower));
      const name = this.labels.exact(ws);
      if (name) return { node: labelNode([name], ws), end: i + n, kind: 'label' };
    }
    return null;
  }

  // -- attachments and fixed phrases -----------------------------------------------------------

  private attachmentAt(i: number): Match | null {
    let k = i;
    let context = false;
    if (this.is(k, 'with', 'has', 'have', 'having', 'containing', 'includes', 'including', 'w')) {
      k++;
      context = true;
      if (this.is(k, 'a', 'an', 'any', 'some', 'the')) k++;
    }
    const w = this.word(k);
    if (w === null) return null;
    // "file called report.pdf", "attachment named budget".
    if (this.is(k, 'file', 'attachment', 'files', 'attachments') && this.is(k + 1, 'called', 'named')) {
      const t = this.tokens[k + 2];
      const value = t?.kind === 'quoted' ? t.value : t?.kind === 'word' ? t.raw : null;
      if (value && words(value).length > 0) return { node: field('filename', value), end: k + 3, kind: 'attachment' };
    }
    if (w === 'attachment' || w === 'attachments' || w === 'attached' || w === 'attach') {
      let end = k + 1;
      if (this.is(end, 'files', 'file')) end++;
      return { node: flag('has', 'attachment'), end, kind: 'attachment' };
    }
    if ((w === 'file' || w === 'files') && (context || this.is(k + 1, 'attached'))) {
      return { node: flag('has', 'attachment'), end: this.is(k + 1, 'attached') ? k + 2 : k + 1, kind: 'attachment' };
    }
    // "word documents", "excel files", "pdf attachments", "images", ".zip files".
    let kindWord = w;
    let start = k;
    if (w === 'word' && this.is(k + 1, 'documents', 'document', 'docs', 'doc', 'files', 'file')) {
      kindWord = 'document';
      start = k + 1;
      context = true;
    }
    if (w === 'text' && this.is(k + 1, 'files', 'file')) kindWord = 'txt';
    const extension = /^\.?([a-z0-9]{2,5})$/u.exec((this.wordToken(k) as WordToken).lower);
    const single = EXTENSION_WORDS[kindWord.replace(/^\./u, '')];
    const kind = single ? undefined : KIND_WORDS[kindWord.replace(/^\./u, '')];
    let end = start + 1;
    const suffix = this.is(end, 'attachment', 'attachments', 'attached', 'files', 'file');
    if (suffix) {
      end++;
      context = true;
    }
    if (kind) {
      const spec = FILE_KINDS[kind] as (typeof FILE_KINDS)[string];
      if (spec.needsContext && !context && !this.is(i - 1, 'attached')) return null;
      const nodes = spec.extensions.map((e) => field('filename', e));
      if (spec.has) nodes.push(flag('has', spec.has));
      return { node: or(nodes), end, kind: 'attachment' };
    }
    if (single) {
      // "the doc", "a txt" are as often words as file types: only with an attachment word.
      if (['doc', 'docx', 'txt', 'ics'].includes(kindWord) && !context) return null;
      return { node: or(single.map((e) => field('filename', e))), end: suffix ? end : start + 1, kind: 'attachment' };
    }
    // Any other extension with an attachment word: "dmg files", ".ics attachments".
    if (suffix && extension && !isKnownWord(w)) return { node: field('filename', extension[1] as string), end, kind: 'attachment' };
    return null;
  }

  private phraseAt(i: number): Match | null {
    const w = this.word(i);
    if (w === null) return null;
    // "sent" is the Sent folder as an adjective ("sent emails", "my sent mail"), else a verb.
    if (w === 'sent') {
      const next = this.word(i + 1);
      const adjective = (next !== null && (MAIL_NOUNS.has(next) || ['folder', 'items', 'box'].includes(next))) || this.is(i - 1, 'my', 'the') || this.firstWord(i);
      const verbLike = next !== null && (['to', 'by', 'from', 'on', 'in', 'at', 'since', 'before', 'after', 'during', 'between', 'last', 'this', 'yesterday', 'today'].includes(next) || matchDate(this.dates, i + 1) !== null);
      if (adjective && !verbLike) return { node: inSent(), end: i + 1, kind: 'folder' };
      if (!(MAIL_NOUNS.has(next ?? '') || ['folder', 'items', 'box', 'mail'].includes(next ?? ''))) return null;
    }
    for (const phrase of PHRASES_BY_FIRST.get(w) ?? []) {
      if (phrase.words.every((pw, k) => this.word(i + k) === pw)) {
        // "read" as in "read receipts" is a topic, not the state.
        if (phrase.words.length === 1 && w === 'read' && this.is(i + 1, 'receipt', 'receipts', 'more', 'later')) continue;
        return { node: phrase.node(), end: i + phrase.words.length, kind: phrase.kind };
      }
    }
    return null;
  }

  /** Whether only filler comes before token `k`. */
  private firstWord(k: number): boolean {
    for (let j = 0; j < k; j++) {
      const t = this.tokens[j] as Token;
      if (t.kind === 'word' && !FILLER.has(t.norm) && !MAIL_NOUNS.has(t.norm)) return false;
      if (t.kind === 'syntax' || t.kind === 'quoted') return false;
    }
    return true;
  }

  // -- result ----------------------------------------------------------------------------------

  finish(): Translation {
    const anywhereAsked = this.items.some((item) => item.node !== null && mentionsAnywhere(item.node));
    const pieces: Array<{ item: Item; query: string }> = [];
    const seen = new Set<string>();
    for (const item of this.items) {
      if (!item.node) continue;
      // "excluding spam" and "not in the trash" are Gmail's default already; writing -in:spam
      // would also widen the search to the trash (a mention of either folder lifts the rule
      // for both), so they add nothing unless the request also asked for everything.
      if (!anywhereAsked && excludesOnlySpamOrTrash(item.node)) continue;
      const query = print(item.node);
      if (seen.has(query)) continue;
      seen.add(query);
      pieces.push({ item, query });
    }
    let ast: QueryNode | null = null;
    while (ast === null) {
      const query = pieces.map((p) => p.query).join(' ');
      try {
        ast = parse(query);
      } catch {
        // Too many terms or a bug in a part: drop the last part and try again.
        pieces.pop();
      }
    }
    const parts: TranslationPart[] = [];
    let offset = 0;
    for (const piece of pieces) {
      const start = (this.tokens[piece.item.start] as Token).start;
      const end = (this.tokens[piece.item.end - 1] as Token).end;
      parts.push({
        text: this.request.slice(start, end),
        query: piece.query,
        span: { start, end },
        querySpan: { start: offset, end: offset + piece.query.length },
        kind: piece.item.kind,
      });
      offset += piece.query.length + 1;
    }
    const query = pieces.map((p) => p.query).join(' ');
    return { query, ast, parts, confidence: this.confidence() };
  }

  private confidence(): number {
    let understood = 0;
    let free = 0;
    this.use.forEach((use, k) => {
      const t = this.tokens[k] as Token;
      if (t.kind === 'punct') return;
      if (use === 'understood') understood++;
      else if (use === 'free') free++;
    });
    const meaningful = understood + free;
    if (meaningful === 0) return this.tokens.some((t) => t.kind !== 'punct') ? 0.5 : 1;
    let score = (understood + free * 0.5) / meaningful;
    score *= Math.max(0.5, 0.9 ** this.corrections);
    score *= Math.max(0.6, 0.85 ** this.guessedNames);
    return Math.round(score * 100) / 100;
  }
}

function dateNode(meaning: DateMeaning): QueryNode {
  if (meaning.kind === 'rolling') return relative(meaning.operator, meaning.amount, meaning.unit);
  if (meaning.open === 'end') return after(meaning.start);
  if (meaning.open === 'start') return before(meaning.end);
  return and([after(meaning.start), before(meaning.end)]);
}

function listNode(resolution: ReturnType<ListIndex['resolve']>, fallbackWords: string[]): QueryNode {
  if (!resolution) return field('list', fallbackWords.join('-'));
  if (resolution.kind === 'phrase') return field('list', resolution.value);
  return or(resolution.ids.map((id) => field('list', id)));
}

function labelNode(names: string[], fallbackWords: string[]): QueryNode {
  if (names.length === 0) return field('label', fallbackWords.join('-'));
  return or(
    names.map((name) => {
      const { value, quoted } = labelValue(name);
      return { ...field('label', value), quoted } as QueryNode;
    }),
  );
}

/** Free text as subject words: `razor` -> `subject:razor`, keeping AND, OR and phrases. */
function toSubject(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'text':
      return field('subject', node.value);
    case 'and':
      return and(node.children.map(toSubject));
    case 'or':
      return or(node.children.map(toSubject));
    case 'not':
      return not(toSubject(node.child));
    default:
      return node;
  }
}

function mentionsAnywhere(node: QueryNode): boolean {
  if (node.kind === 'flag') return node.operator === 'in' && node.value === 'anywhere';
  if (node.kind === 'and' || node.kind === 'or') return node.children.some(mentionsAnywhere);
  return false;
}

function excludesOnlySpamOrTrash(node: QueryNode): boolean {
  return node.kind === 'not' && node.child.kind === 'flag' && node.child.operator === 'in' && (node.child.value === 'spam' || node.child.value === 'trash');
}
