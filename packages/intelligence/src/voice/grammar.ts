/**
 * The recogniser's grammar for command mode, generated from the same phrasebook the parser
 * matches against, plus the user's category and label names: a JSGF grammar (W3C JSpeech Grammar
 * Format, https://www.w3.org/TR/jsgf/) as CMU Sphinx reads it.
 *
 * A grammar makes a recogniser hear *some* command in any sound, so two more parts keep it honest:
 * - `<out_of_grammar>`: a loop of common English words, each weighted far below the commands.
 *   Speech that is no command is cheaper to explain as those words than as a command, and comes
 *   back as them: tokens starting with OUT_OF_GRAMMAR_PREFIX, which the caller treats as "not a
 *   command" (and may transcribe with the language model instead).
 * - `<search>`: a search trigger ("search for", "find") followed by the same kind of free words,
 *   with or without a lead-in ("could you find ..."); the caller transcribes what follows the
 *   trigger with the language model. Without the lead-in here, a search said politely could only
 *   be heard as a command ("could you find the report from david" as "could you please unstar it
 *   for me please"): on the tuning searches (SPOKEN_TUNING_SEARCH, three voices), 70 of 120 were
 *   heard as searches before and 93 with it, and the three tuning sets' commands did not move.
 */
import type { KnownIntent } from './intents.ts';
import { COMMANDS, INDEX_WORDS, PAGE_NAMES, SHARED_RULES } from './phrasebook.ts';
import { parsePattern, toJsgf, type PatternNode } from './pattern.ts';
import { spokenForms } from './text.ts';

export interface GrammarOptions {
  categories?: readonly string[];
  /** The user's Gmail label names: words a search request may use. */
  labels?: readonly string[];
  /** `spoken`: each command's `spoken` ways; `broad`: those and its longer patterns (grammarPatterns); `all`: every pattern the parser knows. Default GRAMMAR_PHRASINGS. */
  phrasings?: 'spoken' | 'broad' | 'all';
  /** Weight of each out-of-grammar word (default OUT_OF_GRAMMAR_WEIGHT; the recogniser bench sweeps it). */
  outOfGrammarWeight?: string;
  /**
   * Weight of a lead-in ("please", "could you", "go ahead and") before a command, and of a
   * closing ("please", "thanks", "for me") after one; null leaves lead-ins out of the grammar.
   * Defaults LEAD_WEIGHT and CLOSING_WEIGHT.
   */
  leadWeight?: string | null;
  closingWeight?: string;
  /**
   * `commands-only`: the commands alone, without the out-of-grammar loop and search: the best
   * command the audio could be, for scoring it against free transcription (the recogniser's
   * second look at speech the full grammar put outside).
   */
  shape?: 'full' | 'commands-only';
}

export interface CommandGrammar {
  /** The grammar file's text. */
  jsgf: string;
  /** Every word the grammar can produce; the dictionary must have a pronunciation for each. */
  words: string[];
  /** Out-of-grammar tokens and the ordinary word each one is pronounced as. */
  outOfGrammar: Map<string, string>;
}

/** Marks a token of the out-of-grammar loop: `oog_the` is said as "the" but means "not a command". */
export const OUT_OF_GRAMMAR_PREFIX = 'oog_';

/** Words a search starts with, as the recogniser hears them (the parser knows more typed ones). */
export const SPOKEN_SEARCH_TRIGGERS = ['search for', 'search my mail for', 'search', 'find', 'find me', 'look for', 'look up'];

/**
 * Lead-ins and closings the grammar allows around a command: the politeness people put around a
 * request to an assistant, and (since November 30) the way they start one ("okay", "just",
 * "alright", "oops", "i want to", "i'd like to", "let's") and end it ("again", "right now"), found
 * by phrasings written blind (phrasings-blind.ts): on the first blind set, said by the tuning
 * voices, 255 of 360 commands understood before, 275 with these and "so" as a lead-in and "check
 * the box" as a wording, 273 without those two; the three tuning sets 589 of 600 before, 585 with
 * the two ("help me please" was heard as "so delete please", "could you take me to the dashboard"
 * as "could you tick the box for that") and 589 without. Each one is also one the parser sets aside
 * (text.ts LEAD_INS and CLOSINGS; a unit test holds them to that), so what the grammar hears the
 * parser understands. A command heard with one is checked against the language model
 * (pocketsphinx.ts politeDisagrees), and a destructive one always asked about. "okay let's" (two
 * lead-ins: blind A's "okay let's look at the digest") came later the same day, with next's "show
 * me the next message" (phrasebook.ts): blind A 274 of 360 against 272, the three tuning sets and
 * tuning search as before. "look at" and "back to" as ways to ask for a page were tried with them
 * and left out: "look at" took three of tuning search's searches ("look up my bank statement" heard
 * as "look at my analytics page"), "back to" gained nothing on blind A.
 */
export const SPOKEN_LEADS = [
  'please', 'could you [please]', 'can you [please]', 'would you [please]', 'will you [please]', 'go ahead and', 'please go ahead and', 'hey mailroom',
  '(okay | ok) [so | just | please | lets]', 'just', 'alright', 'now', 'oops', 'i want to', 'i would like to', 'id like to', 'lets',
];
export const SPOKEN_CLOSINGS = ['please', 'thanks', 'thank you', 'for me', 'now', 'for me please', 'again', 'right now'];

/** Every lead-in the grammar allows, as said ("could you please", "go ahead and"), longest first. */
export function spokenLeadIns(): string[] {
  const said = SPOKEN_LEADS.flatMap((lead) => (sayings(parsePattern(lead), 50) ?? []).map((parts) => parts.join(' ')));
  return [...new Set(said)].sort((a, b) => b.length - a.length);
}

/**
 * A lead-in's weight (a JSGF weight is that path's probability, paid once). With lead-ins at
 * 0.001, the tuning sets' 600 clips went from 76.8 to 89.7 % understood (the polite set 39.1 ->
 * 79.7 %, the two plain sets within a clip of before). In the grammar's present shape (lead-ins
 * as an alternative of their own), 0.01 and 0.0001 gave the same figures as 0.001, clip for clip
 * (578 understood, 517 without a question, 13 other sentences acted on). In the earlier shape,
 * "[ <lead> ] <command>", 0.001 and 0.000001 gave identical figures and the plain sets lost six
 * points: Sphinx searched that shape worse even where no lead-in was said.
 */
export const LEAD_WEIGHT = '0.001';
export const CLOSING_WEIGHT = '1';

/**
 * Common English words, phonetically varied, for the out-of-grammar loop: enough sounds that any
 * sentence can be explained by them, none of them a command word.
 */
export const OUT_OF_GRAMMAR_WORDS = [
  'a', 'about', 'after', 'and', 'any', 'are', 'at', 'away', 'bad', 'be', 'big', 'book', 'boy', 'but', 'buy', 'car', 'cat', 'child',
  'city', 'could', 'cup', 'day', 'did', 'dog', 'each', 'eat', 'eye', 'face', 'far', 'fish', 'five', 'food', 'four', 'from',
  'fun', 'game', 'get', 'girl', 'good', 'had', 'hand', 'has', 'have', 'he', 'hi', 'house', 'how', 'if', 'in', 'is', 'job',
  'just', 'kind', 'lady', 'like', 'long', 'love', 'man', 'money', 'much', 'name', 'night', 'of', 'old', 'or', 'people',
  'play', 'rain', 'road', 'run', 'said', 'say', 'sea', 'she', 'shoe', 'six', 'sun', 'talk', 'tea', 'ten', 'thing', 'think',
  'time', 'town', 'tree', 'very', 'wait', 'walk', 'water', 'way', 'we', 'week', 'well', 'were', 'what', 'when', 'where',
  'who', 'why', 'with', 'woman', 'would', 'year', 'you', 'young', 'zoo',
];

/**
 * Weight of one out-of-grammar word (Sphinx turns a JSGF weight on a word into that transition's
 * log probability, so it is paid once per word of the loop). It is the trade-off between
 * commands heard as commands and other speech taken for one: on the recogniser bench's tuning
 * voices (6 espeak-ng voices x 33 commands, 30 other sentences), 1e-10 gave 89.9 % of commands
 * right with 2 of 30 sentences taken for a command, 1e-15 93.9 % with 5, 1e-20 95.5 % with 10.
 * Measured again with the whole recogniser on the four tuning sets (831 commands, 74 other
 * sentences; understood / without a question / other sentences acted on): 1e-18 790 / 720 / 30,
 * 1e-15 789 / 719 / 26, 1e-12 781 / 712 / 17.
 */
export const OUT_OF_GRAMMAR_WEIGHT = '0.000000000000001';
/** Longest run of free words after a search trigger, and of out-of-grammar words. */
const FREE_WORDS_MAX = 8;

/** Words a recogniser can say: letters only (digits and typed shorthand are left to typing). */
const sayable = (word: string) => /^[a-z]+$/.test(word);

function ruleName(name: string): string {
  return `<${name.replace(/[^a-z0-9_]/g, '_')}>`;
}

function alternatives(options: Iterable<string>): string {
  const unique = [...new Set(options)].filter(Boolean);
  return unique.length === 1 ? (unique[0] as string) : `( ${unique.join(' | ')} )`;
}

/** Alternatives each paying `weight` (a JSGF weight on an alternative; "1" is no cost). */
function weighted(options: readonly string[], weight: string): string {
  return options.map((o) => (weight === '1' ? o : `/${weight}/ ${o}`)).join(' | ');
}

function spokenNameForms(names: readonly string[]): string[] {
  return names.flatMap((name) => spokenForms(name).filter((words) => words.every(sayable)).map((words) => words.join(' ')));
}

/**
 * A pattern's ways of being said with its shared rules and slots left whole (each one token):
 * "yes [please | do it]" -> "yes", "yes please", "yes do it". Null when there are more than `limit`.
 */
function sayings(node: PatternNode, limit: number): string[][] | null {
  switch (node.kind) {
    case 'word':
      return [[node.word]];
    case 'ref':
      return [[`<${node.name}>`]];
    case 'slot':
      return [[`{${node.name}}`]];
    case 'opt': {
      const inner = sayings(node.item, limit);
      return inner && [[], ...inner];
    }
    case 'alt': {
      const all: string[][] = [];
      for (const option of node.options) {
        const inner = sayings(option, limit);
        if (!inner || all.length + inner.length > limit) return null;
        all.push(...inner);
      }
      return all;
    }
    case 'seq': {
      let acc: string[][] = [[]];
      for (const item of node.items) {
        const tails = sayings(item, limit);
        if (!tails || acc.length * tails.length > limit) return null;
        acc = acc.flatMap((head) => tails.map((tail) => [...head, ...tail]));
      }
      return acc;
    }
  }
}

/**
 * Which phrasings the recogniser listens for, chosen on the recogniser bench's tuning sets (three
 * sets, 600 clips, with lead-ins at LEAD_WEIGHT): `spoken` 89.7 % of commands understood, `broad`
 * 91.3 % (the plain tuning sets one clip apart, the polite and reworded set 79.7 -> 85.9 %),
 * `all` lost 4-12 points on the plain sets and acted on more other speech.
 */
export const GRAMMAR_PHRASINGS = 'broad' as const;

/** In the grammar's `broad` phrasings, a pattern's shared rules are the ones the recogniser listens for. */
const SPOKEN_RULES: Record<string, string> = { object: 'said_object', nav: 'said_nav' };

/**
 * The patterns each command's grammar rule is made of (the parser knows them all).
 * - `spoken`: each command's `spoken` ways (phrasebook.ts).
 * - `broad`: those, and every other way of saying the command's patterns that has at least two
 *   parts ("pick option {index}", "what can you do", "yes do it", "help me", "(this | it) is not
 *   important"), with what a command acts on and how a page is asked for as the recogniser
 *   listens for them (`said_object`, `said_nav`). One-word ways ("down", "sure", "quiet",
 *   "{page}") stay with the parser unless they are spoken ways: a short path is the easiest one
 *   for a misheard sound to take.
 * - `all`: every pattern as the parser has it.
 */
export function grammarPatterns(phrasings: GrammarOptions['phrasings'] = GRAMMAR_PHRASINGS): { intent: KnownIntent; patterns: string[] }[] {
  const chosen = phrasings === 'broad' ? broadPatterns() : COMMANDS.map((command) => ({ intent: command.intent, patterns: phrasings === 'all' ? command.patterns : (command.spoken ?? command.patterns) }));
  return chosen.map(({ intent, patterns }) => ({ intent, patterns: [...new Set(patterns.map(indexAsSaid))] }));
}

/**
 * A suggestion's number as English says it in that place: an ordinal before the noun ("the
 * second option", "the first one"), a number after it ("option two", "suggestion number
 * three"). The parser takes either anywhere (typing is free, and a recogniser may write one for
 * the other); the grammar no longer listens for "the three option" or "option third", which
 * nobody says and which gave other speech a way in ("yes do it" came back as "use two reply").
 * On the recogniser bench's tuning sets (600 commands, 44 other sentences): 576 understood and
 * 515 carried out without a question before, 578 and 517 after, other sentences acted on 13 both.
 */
export function indexAsSaid(pattern: string): string {
  return pattern.replace(/\{index\}(?=\s*(?:$|[)\]|]))/g, '{number}').replaceAll('{index}', '{ordinal}');
}

/** One word apart: the same but for one word changed, added or left out. */
function oneWordApart(a: readonly string[], b: readonly string[]): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return a.length - i - j <= 1 && b.length - i - j <= 1;
}

/** One-word lead-ins ("please"). */
const LEAD_WORDS: ReadonlySet<string> = new Set(SPOKEN_LEADS.filter((lead) => /^[a-z]+$/.test(lead)));

let broad: { intent: KnownIntent; patterns: string[] }[] | null = null;
function broadPatterns(): { intent: KnownIntent; patterns: string[] }[] {
  if (broad) return broad;
  const said = (source: string) => (sayings(parsePattern(source), 500) ?? []).map((parts) => parts.map((part) => part.replace(/^<(object|nav)>$/, (_, name: string) => `<${SPOKEN_RULES[name] as string}>`)));
  const spoken = COMMANDS.map((command) => ({ intent: command.intent, sources: command.spoken ?? command.patterns }));
  const known = spoken.flatMap(({ intent, sources }) => sources.flatMap(said).map((parts) => ({ intent, parts })));
  const candidates = COMMANDS.flatMap((command) =>
    command.patterns
      .filter((source) => !(command.spoken ?? []).includes(source))
      .flatMap(said)
      // Two parts at least, and not opening with a one-word lead-in ("please do"): the parser sets
      // lead-ins aside, and the grammar has them in <lead>.
      .filter((parts) => parts.length >= 2 && !LEAD_WORDS.has(parts[0] as string))
      .map((parts) => ({ intent: command.intent, parts })),
  );
  // A wording one word away from another command's ("mark not read" / "mark as read", "do not" /
  // "do it") would turn a slightly misheard command into the other one: it stays with the parser.
  // Two looser rules were measured on the recogniser bench's tuning sets against this one's 578
  // commands understood: keeping such a wording when the word that differs is long and unlike the
  // other ("cancel that" / "cancel selection") gave 579 ("cancel that please" heard, but "help me
  // please" became "help me answer"), a larger grammar for one clip; keeping it whenever neither
  // command is destructive or an answer lost 5 of the first set's 198.
  const all = [...known, ...candidates];
  const kept = candidates.filter((c) => !all.some((o) => o.intent !== c.intent && oneWordApart(c.parts, o.parts)));
  broad = spoken.map(({ intent, sources }) => ({
    intent,
    patterns: [...new Set([...sources, ...kept.filter((c) => c.intent === intent).map((c) => c.parts.join(' '))])],
  }));
  return broad;
}

export function commandGrammar(options: GrammarOptions = {}): CommandGrammar {
  const categories = spokenNameForms(options.categories ?? []);
  const labelWords = [...new Set(spokenNameForms(options.labels ?? []).flatMap((form) => form.split(' ')))];
  const lines: string[] = ['#JSGF V1.0;', '', 'grammar mailroom;', ''];
  const rules: string[] = [];
  const slotRule = (name: string) => ruleName(name === 'name' ? 'category' : name);
  const refRule = (name: string) => ruleName(name);
  const render = (source: string) => toJsgf(parsePattern(source), sayable, slotRule, refRule);

  const commandRules: string[] = [];
  for (const command of grammarPatterns(options.phrasings)) {
    if (command.intent === 'open_category' && categories.length === 0) continue;
    const bodies = command.patterns.map(render).filter((b): b is string => b !== null);
    if (bodies.length === 0) continue;
    const name = ruleName(`c_${command.intent}`);
    commandRules.push(name);
    rules.push(`${name} = ${bodies.join(' | ')};`);
  }
  for (const [name, source] of Object.entries(SHARED_RULES)) rules.push(`${ruleName(name)} = ${render(source) ?? 'NULL'};`);
  rules.push(`<page> = ${alternatives(Object.values(PAGE_NAMES).flat().filter((n) => n.split(' ').every(sayable)))};`);
  rules.push(`<number> = ${alternatives(Object.values(INDEX_WORDS).map((w) => w.spoken[0]))};`);
  rules.push(`<ordinal> = ${alternatives(Object.values(INDEX_WORDS).map((w) => w.spoken[1]))};`);
  if (categories.length) rules.push(`<category> = ${alternatives(categories)};`);

  const outOfGrammar = new Map<string, string>();
  for (const word of [...OUT_OF_GRAMMAR_WORDS, ...labelWords]) outOfGrammar.set(`${OUT_OF_GRAMMAR_PREFIX}${word}`, word);
  const free = [...outOfGrammar.keys()].map((token) => `/${options.outOfGrammarWeight ?? OUT_OF_GRAMMAR_WEIGHT}/ ${token}`).join(' | ');
  const freeRun = ['<free_word>', ...Array.from({ length: FREE_WORDS_MAX - 1 }, () => '[ <free_word> ]')].join(' ');

  const commandsOnly = options.shape === 'commands-only';
  const leadWeight = options.leadWeight === undefined ? LEAD_WEIGHT : options.leadWeight;
  // The lead-in as an alternative of its own rather than an optional part before <command>:
  // Sphinx's grammar search treats "[ <lead> ] <command>" worse even where no lead-in is said.
  const led = (body: string) => (leadWeight === null ? [body] : [body, `<lead> ${body}`]);
  const utterances = [...led('<command> [ <closing> ]'), ...(commandsOnly ? [] : [...led('<search>'), '<out_of_grammar>'])];
  lines.push(
    `public <utterance> = ${utterances.join(' | ')};`,
    `<command> = ${commandRules.join(' | ')};`,
    ...(leadWeight === null ? [] : [`<lead> = ${weighted(SPOKEN_LEADS, leadWeight)};`]),
    `<closing> = ${weighted(SPOKEN_CLOSINGS, options.closingWeight ?? CLOSING_WEIGHT)};`,
    ...(commandsOnly
      ? []
      : [
          `<search> = <search_trigger> <free_words>;`,
          `<search_trigger> = ${SPOKEN_SEARCH_TRIGGERS.join(' | ')};`,
          `<free_words> = ${freeRun};`,
          `<out_of_grammar> = ${freeRun};`,
          `<free_word> = ${free};`,
        ]),
    ...rules,
    '',
  );
  const jsgf = lines.join('\n');
  const words = new Set<string>();
  // Every token in the grammar body that is not syntax, a rule name or a weight.
  for (const line of lines.slice(3)) {
    const body = line.slice(line.indexOf('=') + 1);
    for (const token of body.replace(/<[^>]+>|\/[0-9.]+\//g, ' ').split(/[\s()[\]|;]+/)) if (token && token !== 'NULL') words.add(token);
  }
  return { jsgf, words: [...words].sort(), outOfGrammar };
}
