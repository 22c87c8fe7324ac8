/**
 * Text (what was said or typed) -> a voice command. Deterministic and free of I/O.
 *
 * 1. The text is tokenised; hesitations, lead-ins ("could you please", "go ahead and") and
 *    closings ("... for me", "... thanks") are set aside (text.ts).
 * 2. A search trigger ("search for", "find", "look for", "show me emails ...") makes the rest of
 *    the sentence the search request, as said — unless the whole sentence is a command.
 * 3. Otherwise the words are aligned with every phrase of the command set (phrasebook.ts, with
 *    the user's category names filled in) by a weighted edit distance over words: a recogniser's
 *    homophone, a split or merged word, a dropped "to" or an extra "the" cost little; a content
 *    word that is missing or extra costs a lot. The best phrase wins if its score clears the bar —
 *    a higher bar for commands that cannot be taken back lightly (archive, trash, quarantine,
 *    send, and "yes") and a clear lead over any other intent for those.
 * 4. Otherwise, when the sentence is longer, a command said with a clause of its own around it
 *    is looked for in its clause ("quarantine this it looks like phishing": commandInClauses).
 * 5. Otherwise the answer is `unknown`, with the closest commands as hints. Never a guess.
 */
import { COMMANDS, INDEX_WORDS, indexFillers, pageFillers, PARSER_SKIPPED_RULES, SHARED_RULES } from './phrasebook.ts';
import { DESTRUCTIVE_INTENTS, type Intent, type KnownIntent, type VoiceCommand } from './intents.ts';
import { expandPattern, parsePattern, type PatternNode, type SlotFiller } from './pattern.ts';
import { spellingSimilarity, wordSimilarity } from './similarity.ts';
import { clauseStarts, CORRECTIONS, NEGATIONS, OTHER_ASSISTANTS } from './clauses.ts';
import { commandVerbOf, FUNCTION_WORDS, IGNORABLE_WORDS, isPolitenessOnly, prepare, spokenForms, type Token, type Utterance } from './text.ts';

export interface ParseOptions {
  /** The user's category names, as they defined them; `open_category` answers with one of these. */
  categories?: readonly string[];
  /**
   * Whether a command said with a clause of its own around it is found in its clause ("quarantine
   * this it looks like phishing"); default true. The offline recogniser's checks compare the
   * language model's transcripts with the grammar's as whole sentences, and turn this off.
   */
  clauses?: boolean;
}

/** A command the parser thought of but did not take, for "I didn't catch that — try ...". */
export interface VoiceHint {
  intent: KnownIntent;
  slots: Record<string, unknown>;
  /** A phrase that says it, e.g. "go to settings". */
  say: string;
}

export type ParseResult = VoiceCommand & {
  /** How well the words matched the command, 0..1 (1: exactly a phrase of the command set). */
  confidence: number;
  /** For `unknown`: up to three closest commands, best first. Empty otherwise. */
  hints: VoiceHint[];
};

/** Score needed to act: higher for what cannot be taken back lightly. */
export const ACCEPT_SCORE = 0.7;
export const ACCEPT_SCORE_DESTRUCTIVE = 0.87;
/** A destructive intent must beat every other intent by this much. */
export const DESTRUCTIVE_MARGIN = 0.1;
/**
 * Below this score a command is a guess at words not said, and is taken only from at least two
 * words that carry meaning: "mark it" is not "mark it as new", "go" not "go back", "start this
 * one" not the "start page", though "make this mail important" is "mark this mail important".
 * Chosen on the tuning sets and on every prefix of their commands (speech cut short): of 1,462
 * prefixes, 167 gave a command other than the whole phrasing's, 97 with this; the labelled tuning
 * sets lost two right answers ("could you read me this email", "for word this message") and two
 * wrong ones ("start this one", "could you start this one").
 */
export const GUESS_SCORE = 0.8;

interface Phrase {
  intent: KnownIntent;
  words: string[];
  slots: Record<string, unknown>;
  weight: number;
  /** Indexes into the compiled vocabulary: each word, and each pair of neighbours run together. */
  wordIds: Int32Array;
  pairIds: Int32Array;
  /**
   * A shared rule the phrase opens with ("go to", "show me", "take me to" ... before a page),
   * matched once per sentence instead of once per phrase; `leadOptional` when it may be left out.
   */
  lead: string | null;
  leadOptional: boolean;
}

const parsedPatterns = new Map<string, PatternNode>();
function patternNode(source: string): PatternNode {
  let node = parsedPatterns.get(source);
  if (!node) parsedPatterns.set(source, (node = parsePattern(source)));
  return node;
}

const sharedRules = (): Record<string, PatternNode> => Object.fromEntries(Object.entries(SHARED_RULES).map(([name, source]) => [name, patternNode(source)]));

function wordWeight(word: string): number {
  return FUNCTION_WORDS.has(word) || IGNORABLE_WORDS.has(word) ? 0.3 : 1;
}

/** A category's fillers: each spoken form of its name, answering with the name as defined. */
export function categoryFillers(categories: readonly string[]): SlotFiller[] {
  const seen = new Set<string>();
  const fillers: SlotFiller[] = [];
  for (const name of categories) {
    if (!name.trim() || seen.has(name)) continue;
    seen.add(name);
    for (const words of spokenForms(name)) fillers.push({ words, value: name });
  }
  return fillers;
}

interface CompiledPhrases {
  phrases: Phrase[];
  /** Every word and neighbour pair the phrases use; ids index this. */
  vocabulary: string[];
  weights: Float64Array;
  /** The expansions of each lead rule, as phrases of their own. */
  leads: Map<string, Phrase[]>;
  /** Vocabulary entries that are two neighbouring phrase words run together, with those words. */
  pairParts: ReadonlyMap<string, readonly string[]>;
}

/** Shared rules a pattern may open with and that the parser aligns once per sentence. */
const LEAD_RULES: ReadonlySet<string> = new Set(['nav']);

/** The lead rule a pattern opens with, and the pattern without it. */
function splitLead(node: PatternNode): { lead: string | null; optional: boolean; rest: PatternNode } {
  if (node.kind !== 'seq') return { lead: null, optional: false, rest: node };
  const first = node.items[0] as PatternNode;
  const rest: PatternNode = node.items.length === 2 ? (node.items[1] as PatternNode) : { kind: 'seq', items: node.items.slice(1) };
  if (first.kind === 'ref' && LEAD_RULES.has(first.name)) return { lead: first.name, optional: false, rest };
  if (first.kind === 'opt' && first.item.kind === 'ref' && LEAD_RULES.has(first.item.name)) return { lead: first.item.name, optional: true, rest };
  return { lead: null, optional: false, rest: node };
}

function compilePhrases(categories: readonly string[]): CompiledPhrases {
  const vocabulary: string[] = [];
  const ids = new Map<string, number>();
  const idOf = (word: string): number => {
    let id = ids.get(word);
    if (id === undefined) {
      ids.set(word, (id = vocabulary.length));
      vocabulary.push(word);
    }
    return id;
  };
  const pairParts = new Map<string, string[]>();
  const rules = sharedRules();
  const slots = { page: pageFillers(), index: indexFillers(), name: categoryFillers(categories) };
  const context = { rules, skipRules: PARSER_SKIPPED_RULES, slots, isFreeWord: (w: string) => IGNORABLE_WORDS.has(w) };
  const toPhrase = (intent: KnownIntent, words: string[], phraseSlots: Record<string, unknown>, lead: string | null, leadOptional: boolean): Phrase => ({
    intent,
    words,
    slots: phraseSlots,
    weight: words.reduce((sum, w) => sum + wordWeight(w), 0) + (lead && !leadOptional ? 1 : 0),
    wordIds: new Int32Array(words.map((w) => idOf(w))),
    pairIds: new Int32Array(
      words.map((w, i) => {
        if (i === 0) return -1;
        const pair = `${words[i - 1]}${w}`;
        if (!pairParts.has(pair)) pairParts.set(pair, [words[i - 1] as string, w]);
        return idOf(pair);
      }),
    ),
    lead,
    leadOptional,
  });
  const leads = new Map<string, Phrase[]>();
  for (const name of LEAD_RULES) {
    leads.set(name, expandPattern(rules[name] as PatternNode, context).map((e) => toPhrase('navigate', e.words, {}, null, false)));
  }
  const phrases: Phrase[] = [];
  const seen = new Set<string>();
  for (const command of COMMANDS) {
    if (command.intent === 'open_category' && slots.name.length === 0) continue;
    for (const source of [...command.patterns, ...(command.typed ?? [])]) {
      const { lead, optional, rest } = splitLead(patternNode(source));
      for (const expansion of expandPattern(rest, context)) {
        const words = expansion.words;
        const key = `${command.intent}|${lead}|${optional}|${words.join(' ')}|${JSON.stringify(expansion.slots)}`;
        if (words.length === 0 || seen.has(key)) continue;
        seen.add(key);
        phrases.push(toPhrase(command.intent, words, expansion.slots, lead, optional));
      }
    }
  }
  return { phrases, vocabulary, weights: new Float64Array(vocabulary.map(wordWeight)), leads, pairParts };
}

const SPLIT_MERGE_COST = 0.1;
/** Each word of the command set with the intents whose phrases use it. */
type CommandWords = ReadonlyMap<string, ReadonlySet<KnownIntent>>;
const NO_WORDS: CommandWords = new Map();
/** Two words said run together keep their letters: at least this alike in spelling to the word they stand for. */
const SEGMENT_SIMILARITY = 0.6;
/** The words that say a suggestion's number. */
const NUMBER_WORDS: ReadonlySet<string> = new Set(Object.values(INDEX_WORDS).flatMap((w) => [...w.spoken, ...w.typed]));

/**
 * `strict` (phrases of destructive commands): spelling only. Sounding alike is how a recogniser
 * errs, but "trashy" sounds just like "trash", and a wrong trash is worse than asking again.
 */
function substitutionCost(said: string, expected: string, strict: boolean, commandWords: CommandWords): number {
  if (said === expected) return 0;
  // A word of the command set heard exactly is that word, not a mishearing of a word of other
  // commands: "show previous" is not "show operations", "open the first" not "option first"
  // (but "nope" may stand for "no": both say deny). Nor is it a small word of another command's
  // phrase: "yep" is not the "up" of `previous`.
  const saidIntents = commandWords.get(said);
  const expectedIntents = commandWords.get(expected);
  if (saidIntents && expectedIntents && wordWeight(said) === 1 && ![...saidIntents].some((i) => expectedIntents.has(i))) return 2.5;
  const similarity = strict ? spellingSimilarity(said, expected) : wordSimilarity(said, expected);
  // Below half alike it is another word: cheaper as one extra plus one missing.
  return similarity < 0.5 ? 2.5 : (1 - similarity) * wordWeight(expected);
}

function insertionCost(said: string): number {
  return IGNORABLE_WORDS.has(said) ? 0.03 : FUNCTION_WORDS.has(said) ? 0.3 : 1;
}

/**
 * How many said words (and pairs of them) a parser keeps the substitution costs of, per kind of
 * table: at most 256 rows of the vocabulary's 1,170 entries (with two category names), 2.4 MB a
 * kind and 7.2 MB a parser. Parsing every phrase of the broad grammar (parse.test.ts) took 56 s
 * with none kept, 18 s with 128 and 13 s with 256.
 */
const REMEMBERED_ROWS = 256;

/**
 * One kind of substitution cost (plain, strict, or for split and merged words) of said words
 * against the parser's whole vocabulary, filled on first use and kept for the next sentences: a
 * word's costs depend on the word alone, and the same words come back ("open", "the", "message").
 * The least recently used rows go past REMEMBERED_ROWS.
 */
class SubstitutionCosts {
  private readonly rows = new Map<string, Float64Array>();
  private readonly vocabulary: readonly string[];
  private readonly strict: boolean;
  private readonly commandWords: CommandWords;
  private readonly lettersOnly: boolean;
  private readonly pairParts: ReadonlyMap<string, readonly string[]>;
  constructor(vocabulary: readonly string[], strict: boolean, commandWords: CommandWords, lettersOnly = false, pairParts: ReadonlyMap<string, readonly string[]> = new Map()) {
    this.vocabulary = vocabulary;
    this.strict = strict;
    this.commandWords = commandWords;
    this.lettersOnly = lettersOnly;
    this.pairParts = pairParts;
  }

  /** The row of a said word, or of two said words run together (`parts`). */
  row(said: string, parts: readonly [string, string] | null): Float64Array {
    const key = parts ? `${parts[0]} ${parts[1]}` : said;
    let row = this.rows.get(key);
    if (row) {
      this.rows.delete(key);
    } else {
      row = new Float64Array(this.vocabulary.length).fill(Number.NaN);
      if (this.rows.size >= REMEMBERED_ROWS) this.rows.delete(this.rows.keys().next().value as string);
    }
    this.rows.set(key, row);
    return row;
  }

  compute(said: string, parts: readonly [string, string] | null, wordId: number): number {
    const expected = this.vocabulary[wordId] as string;
    // `lettersOnly` (split and merged words: "in box" for "inbox", "for word" for "forward"):
    // two words said run together must be spelled like the word they stand for, not only
    // sound like it ("the next" is not "digest"); and a number is always a word of its own
    // ("to sarah" is not "three", "option two" not "options", "pick" not "pick 1").
    if (!this.lettersOnly) return substitutionCost(said, expected, this.strict, this.commandWords);
    const segmentOk =
      /^[a-z']+$/.test(`${said}${expected}`) &&
      (!parts || spellingSimilarity(said, expected) >= SEGMENT_SIMILARITY) &&
      !(parts && (NUMBER_WORDS.has(expected) || parts.some((w) => NUMBER_WORDS.has(w)))) &&
      !(!parts && this.pairParts.get(expected)?.some((w) => NUMBER_WORDS.has(w)));
    return segmentOk ? substitutionCost(said, expected, this.strict, NO_WORDS) : 2.5;
  }
}

/**
 * Substitution costs of one sentence's words against the whole vocabulary: row i for said word i,
 * row n + i for said words i and i + 1 run together ("in box" for "inbox").
 */
class SubstitutionTable {
  private readonly costs: SubstitutionCosts;
  private readonly said: string[];
  private readonly parts: Array<readonly [string, string] | null>;
  private readonly rows: Float64Array[];
  constructor(said: readonly string[], costs: SubstitutionCosts) {
    this.costs = costs;
    const pairs = said.slice(1).map((w, i) => [said[i] as string, w] as const);
    this.said = [...said, ...pairs.map(([a, b]) => `${a}${b}`)];
    this.parts = [...said.map(() => null), ...pairs];
    this.rows = this.said.map((word, i) => costs.row(word, this.parts[i] ?? null));
  }
  cost(row: number, wordId: number): number {
    const costs = this.rows[row] as Float64Array;
    let cost = costs[wordId] as number;
    if (Number.isNaN(cost)) costs[wordId] = cost = this.costs.compute(this.said[row] as string, this.parts[row] ?? null, wordId);
    return cost;
  }
}

/** Weighted word alignment of what was said with a phrase (edit distance over words); 0 when they are the same. */
function alignmentCost(
  said: readonly string[],
  insertion: Float64Array,
  phrase: Phrase,
  weights: Float64Array,
  table: SubstitutionTable,
  d: Float64Array,
  start: Float64Array | null,
  segments: SubstitutionTable,
): number {
  const n = said.length;
  const m = phrase.wordIds.length;
  const width = m + 1;
  d[0] = start ? (start[0] as number) : 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= m; j++) {
      if (i === 0 && j === 0) continue;
      let best = Infinity;
      // `start`: the cost of having said words 0..i as the phrase's lead ("go to", "show me").
      if (j === 0 && start) best = start[i] as number;
      if (i > 0) best = Math.min(best, (d[(i - 1) * width + j] as number) + (insertion[i - 1] as number));
      if (j > 0) best = Math.min(best, (d[i * width + j - 1] as number) + (weights[phrase.wordIds[j - 1] as number] as number));
      if (i > 0 && j > 0) best = Math.min(best, (d[(i - 1) * width + j - 1] as number) + table.cost(i - 1, phrase.wordIds[j - 1] as number));
      // Merged words: "in box" said for "inbox"; split: "forward" heard where the phrase has "for word".
      if (i > 1 && j > 0) best = Math.min(best, (d[(i - 2) * width + j - 1] as number) + SPLIT_MERGE_COST + segments.cost(n + i - 2, phrase.wordIds[j - 1] as number));
      if (i > 0 && j > 1) best = Math.min(best, (d[(i - 1) * width + j - 2] as number) + SPLIT_MERGE_COST + segments.cost(i - 1, phrase.pairIds[j - 1] as number));
      d[i * width + j] = best;
    }
  }
  return d[n * width + m] as number;
}

/** For each i, the cost of the first i words said being one of the lead's phrases. */
function leadCosts(said: readonly string[], insertion: Float64Array, expansions: readonly Phrase[], weights: Float64Array, table: SubstitutionTable, segments: SubstitutionTable, d: Float64Array, optional: boolean): Float64Array {
  const n = said.length;
  const costs = new Float64Array(n + 1).fill(Infinity);
  if (optional) {
    costs[0] = 0;
    for (let i = 1; i <= n; i++) costs[i] = (costs[i - 1] as number) + (insertion[i - 1] as number);
  }
  for (const phrase of expansions) {
    alignmentCost(said, insertion, phrase, weights, table, d, null, segments);
    const m = phrase.wordIds.length;
    for (let i = 0; i <= n; i++) costs[i] = Math.min(costs[i] as number, d[i * (m + 1) + m] as number);
  }
  return costs;
}

/** Search triggers: the rest of the sentence is the request. Longest first. */
const SEARCH_TRIGGERS = [
  'search my mail for', 'search my email for', 'search my emails for', 'search my inbox for', 'search my messages for',
  'search the mail for', 'search mail for', 'search emails for', 'search inbox for', 'search for', 'search',
  'find me', 'find all', 'find', 'locate', 'look for', 'look up', 'lookup', 'look through my mail for', 'hunt for', 'search through',
].map((t) => t.split(' '));

/** "show me <emails> ...": a listing request is a search when it names mail. */
const LISTING_TRIGGERS = ['show me', 'show', 'list', 'get me', 'get', 'display', 'pull up', 'bring up', 'give me', 'i want', 'i need'].map((t) => t.split(' '));
const MAIL_NOUNS = new Set(['emails', 'email', 'messages', 'message', 'mail', 'mails', 'threads', 'conversations', 'newsletters', 'letters', 'invoices', 'receipts', 'notifications']);
const MAIL_NOUN_LEADS = new Set(['all', 'my', 'the', 'any', 'unread', 'new', 'recent', 'old', 'every', 'important', 'starred', 'latest', 'last']);
/** "messages from my mother": a mail noun followed by what it is about is a search, trigger or not. */
const SEARCH_PREPOSITIONS = new Set(['from', 'about', 'to', 'with', 'containing', 'mentioning', 'regarding', 'sent', 'since', 'before', 'after', 'that', 'on', 'in', 'this', 'last', 'older', 'newer', 'larger', 'bigger', 'smaller']);

/**
 * The most words a command is looked for in (after hesitations, lead-ins and closings are set
 * aside). The longest command the grammar has, with a lead-in and a closing, is well under it.
 * Longer text is a search (its request as said) or no command, answered without aligning each
 * word with each phrase: 5,000 words pasted into the palette took a second, and as many rows of
 * costs as words.
 */
export const MAX_COMMAND_WORDS = 40;

/** Numbers that are not a suggestion's (there are three): "use suggestion five" is not a command. */
const OTHER_NUMBERS = new Set(['four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'zero', 'hundred', 'thousand']);

/** Words that may name who a reply or forward goes to ("reply to her", "forward it to my boss") although commands use them too. */
const RECIPIENT_WORDS: ReadonlySet<string> = new Set(['the', 'my', 'our', 'her', 'him', 'them', 'me', 'us', 'this', 'that', 'a', 'an']);

/** A time to come: "reply to him later tonight" says what will be done, it does not ask for it now. */
const LATER_WORDS: ReadonlySet<string> = new Set([
  'later', 'tonight', 'tomorrow', 'soon', 'sometime', 'eventually', 'afterwards', 'weekend', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday',
  'saturday', 'sunday',
  // "reply to the client after lunch", "... when i get home", "... once he calls".
  'after', 'when', 'once', 'until',
]);

/** How recognisers write a spoken number as another word: INDEX_WORDS' typed forms that are words ("won", "to", "too", "tree"). */
const NUMBER_HOMOPHONES: ReadonlySet<string> = new Set(Object.values(INDEX_WORDS).flatMap((forms) => forms.typed.filter((w) => /^[a-z]+$/.test(w))));

/** Words after which "one" is a number ("suggestion one", "use one"), not a pronoun ("the best one"); so is "one" before "suggestion". */
const BEFORE_NUMBER_ONE: ReadonlySet<string> = new Set(['suggestion', 'option', 'reply', 'number', 'use', 'choose', 'pick', 'take', 'select']);

/**
 * A command found in a clause of a longer sentence must match its clause at least this well
 * (a destructive one: DESTRUCTIVE_CLAUSE_SCORE), and is answered with at most CLAUSE_CONFIDENCE:
 * below the 0.9 at which the recogniser takes a command from the language model's transcript.
 */
const CLAUSE_SCORE = 0.9;
const DESTRUCTIVE_CLAUSE_SCORE = 0.93;
const CLAUSE_CONFIDENCE = 0.85;
/** The rest of such a sentence must be further than this from every other command. */
const OTHER_CLAUSE_SCORE = 0.5;
/** A clause is a command of its own, never an answer to a question (yes / no) or a search. */
const NOT_FROM_CLAUSES: ReadonlySet<Intent> = new Set(['unknown', 'search', 'confirm', 'deny']);
/**
 * The longest stretch of a sentence tried as a command clause, and the longest sentence and the
 * most clause starts it is looked for in: each stretch, and the rest of the sentence around it, is
 * parsed on its own, and a sentence of 40 words with a clause start every five took over a second.
 */
const LONGEST_CLAUSE = 12;
const LONGEST_CLAUSE_SENTENCE = 24;
const MOST_CLAUSE_STARTS = 8;

/** Whether a word said is the number `index` (as spoken or typed, or close to how it is spoken). */
function saysIndex(said: readonly string[], index: 1 | 2 | 3): boolean {
  const forms = INDEX_WORDS[index];
  return said.some((w, i) => {
    // "one" and a recogniser's spelling of a number ("to", "won") are a number only beside a word
    // that takes one: "use suggestion to", not "go to" (cut short) or "the best one".
    if (w === 'one' || NUMBER_HOMOPHONES.has(w)) return BEFORE_NUMBER_ONE.has(said[i - 1] ?? '') || ['suggestion', 'option', 'reply', 'one'].includes(said[i + 1] ?? '');
    return forms.typed.includes(w) || forms.spoken.some((s) => w === s || wordSimilarity(w, s) >= 0.8);
  });
}

function matchesAt(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((w, i) => words[at + i] === w);
}

/** Where the search request starts in `core`, or -1 when the sentence is not a search. */
function searchRequestStart(words: readonly string[]): { start: number; strong: boolean } | null {
  for (const trigger of SEARCH_TRIGGERS) {
    // Something to search for: more than small words ("search for" alone is not a search).
    if (matchesAt(words, 0, trigger) && words.slice(trigger.length).some((w) => !FUNCTION_WORDS.has(w) && !IGNORABLE_WORDS.has(w))) {
      return { start: trigger.length, strong: true };
    }
  }
  const mailNounAt = (from: number): number => {
    let i = from;
    while (i < words.length && i < from + 3 && MAIL_NOUN_LEADS.has(words[i] as string)) i++;
    return i < words.length && MAIL_NOUNS.has(words[i] as string) ? i : -1;
  };
  for (const trigger of LISTING_TRIGGERS) {
    if (matchesAt(words, 0, trigger) && mailNounAt(trigger.length) >= 0 && words.length > mailNounAt(trigger.length) + 1) {
      return { start: trigger.length, strong: false };
    }
  }
  const noun = mailNounAt(0);
  if (noun >= 0 && SEARCH_PREPOSITIONS.has(words[noun + 1] ?? '')) return { start: 0, strong: false };
  return null;
}

/** The request as said: the original text from its first word, closings and end punctuation cut. */
function requestText(text: string, core: readonly Token[], start: number, all: readonly Token[]): string {
  const first = core[start] as Token;
  const last = core[core.length - 1] as Token;
  const endsText = all[all.length - 1] === last;
  const end = endsText ? text.length : last.end;
  return text
    .slice(first.start, end)
    .replace(/[\s.!?,;:]+$/u, '')
    .trim();
}

interface Scored {
  phrase: Phrase;
  score: number;
}

export interface VoiceParser {
  parse(text: string): ParseResult;
  /**
   * The commands closest to `text`, best first, whether or not it would be taken as one: the
   * "Did you mean …?" for speech that must not be acted on (heard outside the command grammar).
   */
  closest(text: string): VoiceHint[];
}

/** A parser for one user's category names (compiles the phrases once). */
export function createVoiceParser(options: ParseOptions = {}): VoiceParser {
  const { phrases, vocabulary: words, weights, leads, pairParts } = compilePhrases(options.categories ?? []);
  const vocabulary = new Set([...phrases, ...[...leads.values()].flat()].flatMap((p) => p.words));
  const commandWords = new Map<string, Set<KnownIntent>>();
  for (const phrase of [...phrases, ...[...leads.values()].flat()]) {
    for (const word of phrase.words) {
      let intents = commandWords.get(word);
      if (!intents) commandWords.set(word, (intents = new Set()));
      intents.add(phrase.intent);
    }
  }
  const plainCosts = new SubstitutionCosts(words, false, commandWords);
  const strictCosts = new SubstitutionCosts(words, true, commandWords);
  const segmentCosts = new SubstitutionCosts(words, false, NO_WORDS, true, pairParts);
  const longestPhrase = Math.max(...[...phrases, ...[...leads.values()].flat()].map((p) => p.words.length));
  /** The command set's first words that carry meaning ("archive", "give", "use"): a clause may start at one. */
  const commandStarts = new Set(
    [...phrases.filter((p) => !p.lead || p.leadOptional), ...[...leads.values()].flat()].map((p) => p.words[0] as string).filter((w) => wordWeight(w) === 1 && !NUMBER_WORDS.has(w)),
  );
  const withClauses = options.clauses !== false;
  const nameWords = new Set(categoryFillers(options.categories ?? []).flatMap((filler) => filler.words));
  /** A command word said twice running is said once ("undo undo", "no no"); a category's own words are left alone ("Bora Bora"). */
  const saidOnce = (token: Token, i: number, tokens: readonly Token[]): boolean =>
    i === 0 || token.word !== (tokens[i - 1] as Token).word || !commandWords.has(token.word) || nameWords.has(token.word);

  const rank = (said: string[]): Scored[] => {
    const table = new SubstitutionTable(said, plainCosts);
    const strictTable = new SubstitutionTable(said, strictCosts);
    const segments = new SubstitutionTable(said, segmentCosts);
    const insertion = new Float64Array(said.map(insertionCost));
    const scratch = new Float64Array((said.length + 1) * (longestPhrase + 1));
    const starts = new Map<string, Float64Array>();
    for (const [name, expansions] of leads) {
      starts.set(`${name}|false`, leadCosts(said, insertion, expansions, weights, table, segments, scratch, false));
      starts.set(`${name}|true`, leadCosts(said, insertion, expansions, weights, table, segments, scratch, true));
    }
    const bestByIntent = new Map<Intent, Scored>();
    for (const phrase of phrases) {
      const start = phrase.lead ? (starts.get(`${phrase.lead}|${phrase.leadOptional}`) as Float64Array) : null;
      const strict = DESTRUCTIVE_INTENTS.has(phrase.intent) || phrase.intent === 'confirm';
      const score = 1 - alignmentCost(said, insertion, phrase, weights, strict ? strictTable : table, scratch, start, segments) / Math.max(1, phrase.weight);
      const current = bestByIntent.get(phrase.intent);
      if (!current || score > current.score) bestByIntent.set(phrase.intent, { phrase, score });
    }
    return [...bestByIntent.values()].sort((a, b) => b.score - a.score);
  };

  /** How a hint says a phrase: its lead's first way ("go to"), and numbers as words. */
  const sayPhrase = (phrase: Phrase): string => {
    const lead = phrase.lead && !phrase.leadOptional ? (leads.get(phrase.lead)?.[0]?.words ?? []) : [];
    const index = phrase.slots.index as 1 | 2 | 3 | undefined;
    const words = phrase.words.map((w) => (index && INDEX_WORDS[index].typed.includes(w) ? (INDEX_WORDS[index].spoken[0] as string) : w));
    return [...lead, ...words].join(' ');
  };

  const unknown = (ranked: Scored[]): ParseResult => ({
    intent: 'unknown',
    slots: {},
    confidence: 0,
    hints: ranked
      .filter((r) => r.score > 0.2)
      .slice(0, 3)
      .map((r) => ({ intent: r.phrase.intent, slots: r.phrase.slots, say: sayPhrase(r.phrase) })),
  });

  return {
    closest(text: string): VoiceHint[] {
      const core = prepare(text).core;
      if (core.length === 0 || core.length > MAX_COMMAND_WORDS) return [];
      return unknown(rank(core.map((t) => commandVerbOf(t.word, vocabulary) ?? t.word))).hints;
    },
    parse(text: string): ParseResult {
      return parseText(text, withClauses);
    },
  };

  function parseText(text: string, clauses: boolean): ParseResult {
    const prepared = prepare(text);
    // (Past MAX_COMMAND_WORDS a sentence is no command, however few words it has once said once.)
    const utterance = prepared.core.length > MAX_COMMAND_WORDS ? prepared : { ...prepared, core: prepared.core.filter(saidOnce) };
    const core = utterance.core;
    if (core.length === 0) return unknown([]);
    const said = core.map((t) => commandVerbOf(t.word, vocabulary) ?? t.word);
    const search = searchRequestStart(said);
    /** The sentence as a search for its request as said; null when it is none or nothing is left to search for. */
    const searched = (): ParseResult | null => {
      const request = search ? requestText(utterance.text, core, search.start, utterance.all) : '';
      return search && request ? { intent: 'search', slots: { request }, confidence: search.strong ? 1 : 0.8, hints: [] } : null;
    };
    if (said.length > MAX_COMMAND_WORDS) return searched() ?? unknown([]);
    const ranked = rank(said);
    const best = ranked[0];

    if (search && !(best && best.score >= 0.95 && best.phrase.intent !== 'open_category') && !(best && !search.strong && best.score >= 0.9)) {
      const result = searched();
      if (result) return result;
    }

    const decided = decide(said, ranked);
    if (decided.intent !== 'unknown') return decided;
    // "Reply to Sarah", "forward this to my boss": who it goes to is chosen on screen; the
    // command is the words before "to", when the rest says no other command ("reply to all").
    const to = said.indexOf('to', 1);
    if (to > 0 && said.slice(to + 1).every((w) => (!commandWords.has(w) || RECIPIENT_WORDS.has(w)) && !LATER_WORDS.has(w))) {
      const before = said.slice(0, to);
      const addressed = decide(before, rank(before));
      if (addressed.intent === 'reply' || addressed.intent === 'forward') return addressed;
    }
    return (clauses && commandInClauses(utterance, said)) || decided;
  }

  /**
   * A command said with a clause of its own around it: "quarantine this it looks like phishing",
   * "oh dear i didn't mean to do that can you undo it", "no wait don't archive it star it
   * instead". Each stretch between two places a clause may start (clauses.ts) is parsed as a
   * sentence of its own; one is taken when it is a command matched closely (CLAUSE_SCORE), and
   * the rest of the sentence, before it and after it, is no other command: parsed alone, each is
   * unknown or the same command, or opens with a negation ("don't archive it"); what came before
   * a correction ("no wait", "actually") is taken back and not looked at. When two stretches say
   * different commands, nothing is taken.
   */
  function commandInClauses(utterance: Utterance, said: readonly string[]): ParseResult | null {
    const core = utterance.core;
    const n = said.length;
    if (n < 3 || n > LONGEST_CLAUSE_SENTENCE || said.some((w) => OTHER_ASSISTANTS.has(w))) return null;
    const starts = clauseStarts(said, commandStarts);
    if (starts.length === 0 || starts.length > MOST_CLAUSE_STARTS) return null;
    // A stretch may start at any of them, and end only where a clause is sure to start (see ClauseStart).
    const cuts = [0, ...starts.map((s) => s.at), n];
    const commandWordOnly = new Set(starts.filter((s) => s.commandWordOnly).map((s) => s.at));
    /** Words a..b as said. */
    const textOf = (a: number, b: number): string => utterance.text.slice((core[a] as Token).start, (core[b - 1] as Token).end);
    /** Words a..b with their lead-ins and closings set aside, as the matcher compares them; once per stretch. */
    const wordsOf = new Map<string, string[]>();
    const saidIn = (a: number, b: number): string[] => {
      const key = `${a}:${b}`;
      let found = wordsOf.get(key);
      if (!found) wordsOf.set(key, (found = prepare(textOf(a, b)).core.map((t) => commandVerbOf(t.word, vocabulary) ?? t.word)));
      return found;
    };
    const parsed = new Map<string, ParseResult>();
    const stretch = (a: number, b: number): ParseResult => {
      const key = `${a}:${b}`;
      let result = parsed.get(key);
      if (!result) parsed.set(key, (result = parseText(textOf(a, b), false)));
      return result;
    };
    const sameCommand = (x: ParseResult, y: ParseResult): boolean => x.intent === y.intent && JSON.stringify(x.slots) === JSON.stringify(y.slots);
    /** Whether words a..b say no command but `command`: not even one near the bar ("archive it and" then "trash it"). */
    const saysNothingElse = (a: number, b: number, command: ParseResult): boolean => {
      if (a >= b || NEGATIONS.has(said[a] as string)) return true;
      const other = stretch(a, b);
      if (other.intent !== 'unknown') return sameCommand(other, command);
      const words = saidIn(a, b);
      return words.length === 0 || rank(words).every((r) => r.phrase.intent === command.intent || r.score < OTHER_CLAUSE_SCORE);
    };
    let found: { result: ParseResult; words: number } | null = null;
    for (let x = 0; x < cuts.length - 1; x++) {
      for (let y = x + 1; y < cuts.length; y++) {
        const a = cuts[x] as number;
        const b = cuts[y] as number;
        if ((a === 0 && b === n) || b - a > LONGEST_CLAUSE || commandWordOnly.has(b)) continue;
        // From a command's word alone, only the sentence's last clause after at least two words: "the second one sounds nice | use that", not "he hit | reply all and ...", "siri | read my messages".
        if (commandWordOnly.has(a) && (b !== n || a < 2 || b - a < 2)) continue;
        // A command clause opens with its command (after any lead-in), not a noun phrase: "the trash | can is full".
        if (!commandStarts.has(saidIn(a, b)[0] ?? '')) continue;
        const result = stretch(a, b);
        const destructive = DESTRUCTIVE_INTENTS.has(result.intent);
        if (NOT_FROM_CLAUSES.has(result.intent) || result.confidence < (destructive ? DESTRUCTIVE_CLAUSE_SCORE : CLAUSE_SCORE)) continue;
        // What comes before a correction is taken back ("open amazon orders | no wait open daycare").
        if (b < n && CORRECTIONS.has(said[b] as string)) continue;
        const corrected = CORRECTIONS.has(said[a] as string);
        if (!(corrected || saysNothingElse(0, a, result)) || !saysNothingElse(b, n, result)) continue;
        if (found && !sameCommand(found.result, result)) return null;
        if (!found || result.confidence > found.result.confidence || (result.confidence === found.result.confidence && b - a > found.words)) found = { result, words: b - a };
      }
    }
    return found && { ...found.result, confidence: Math.min(CLAUSE_CONFIDENCE, found.result.confidence) };
  }

  /** The best phrase's command when it clears its bar, else unknown with hints. */
  function decide(said: readonly string[], ranked: Scored[]): ParseResult {
    const best = ranked[0];
    if (!best) return unknown(ranked);
    const intent = best.phrase.intent;
    const strict = DESTRUCTIVE_INTENTS.has(intent) || intent === 'confirm';
    if (best.score < (strict ? ACCEPT_SCORE_DESTRUCTIVE : ACCEPT_SCORE)) return unknown(ranked);
    if (strict && (ranked[1]?.score ?? -Infinity) > best.score - DESTRUCTIVE_MARGIN) return unknown(ranked);
    if (best.score < GUESS_SCORE && said.filter((w) => wordWeight(w) === 1).length < 2) return unknown(ranked);
    if (best.score < 1 && isPolitenessOnly(said)) return unknown(ranked);
    if (intent === 'choose_suggestion' && said.some((w) => OTHER_NUMBERS.has(w) || (/^\d+$/.test(w) && !['1', '2', '3'].includes(w)))) return unknown(ranked);
    // Which suggestion must have been said, not guessed: "select the top one" is not "select two".
    if (intent === 'choose_suggestion' && !saysIndex(said, best.phrase.slots.index as 1 | 2 | 3)) return unknown(ranked);
    return { intent, slots: best.phrase.slots, confidence: Math.min(1, Math.max(0, best.score)), hints: [] } as unknown as ParseResult;
  }
}

/** Parsers for the category lists seen last: at most 16, each up to 7 MB of remembered costs. */
const parsers = new Map<string, VoiceParser>();

function parserFor(options: ParseOptions): VoiceParser {
  const key = JSON.stringify([options.categories ?? [], options.clauses !== false]);
  let parser = parsers.get(key);
  if (!parser) {
    if (parsers.size >= 16) parsers.delete(parsers.keys().next().value as string);
    parsers.set(key, (parser = createVoiceParser(options)));
  }
  return parser;
}

/** Parses one command; parsers for recently seen category lists are kept compiled. */
export function parseVoiceCommand(text: string, options: ParseOptions = {}): ParseResult {
  return parserFor(options).parse(text);
}

/** The commands closest to `text` (see VoiceParser.closest), for "Did you mean …?". */
export function closestVoiceCommands(text: string, options: ParseOptions = {}): VoiceHint[] {
  return parserFor(options).closest(text);
}
