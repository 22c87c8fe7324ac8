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
 * - `<search>`: a search trigger ("search for", "find") followed by the same kind of free words;
 *   the caller transcribes what follows the trigger with the language model.
 */
import { COMMANDS, INDEX_WORDS, PAGE_NAMES, SHARED_RULES } from './phrasebook.ts';
import { parsePattern, toJsgf } from './pattern.ts';
import { spokenForms } from './text.ts';

export interface GrammarOptions {
  categories?: readonly string[];
  /** The user's Gmail label names: words a search request may use. */
  labels?: readonly string[];
  /** `spoken` (default): each command's `spoken` ways; `all`: every pattern the parser knows. */
  phrasings?: 'spoken' | 'all';
  /** Weight of each out-of-grammar word (default OUT_OF_GRAMMAR_WEIGHT; the recogniser bench sweeps it). */
  outOfGrammarWeight?: string;
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

/** Lead-ins and closings the grammar allows around a command (the parser strips more). */
const SPOKEN_LEADS = ['please', 'could you [please]', 'can you [please]', 'would you [please]', 'go ahead and', 'hey mailroom', 'i want to', 'lets'];
/**
 * Lead-ins in the grammar cost more than they give: in the bench sweep, synthesised commands the
 * model heard badly came back as "would you ..." / "could you ..." paths (and so as wrong
 * commands) far more often than anyone says them. The parser still strips them from typed text.
 */
const leadsInGrammar = false;
const SPOKEN_CLOSINGS = ['please', 'thanks', 'thank you', 'for me', 'now'];

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

function spokenNameForms(names: readonly string[]): string[] {
  return names.flatMap((name) => spokenForms(name).filter((words) => words.every(sayable)).map((words) => words.join(' ')));
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
  for (const command of COMMANDS) {
    if (command.intent === 'open_category' && categories.length === 0) continue;
    const patterns = options.phrasings === 'all' ? command.patterns : (command.spoken ?? command.patterns);
    const bodies = patterns.map(render).filter((b): b is string => b !== null);
    if (bodies.length === 0) continue;
    const name = ruleName(`c_${command.intent}`);
    commandRules.push(name);
    rules.push(`${name} = ${bodies.join(' | ')};`);
  }
  for (const [name, source] of Object.entries(SHARED_RULES)) rules.push(`${ruleName(name)} = ${render(source) ?? 'NULL'};`);
  rules.push(`<page> = ${alternatives(Object.values(PAGE_NAMES).flat().filter((n) => n.split(' ').every(sayable)))};`);
  rules.push(`<index> = ${alternatives(Object.values(INDEX_WORDS).flatMap((w) => w.spoken))};`);
  if (categories.length) rules.push(`<category> = ${alternatives(categories)};`);

  const outOfGrammar = new Map<string, string>();
  for (const word of [...OUT_OF_GRAMMAR_WORDS, ...labelWords]) outOfGrammar.set(`${OUT_OF_GRAMMAR_PREFIX}${word}`, word);
  const free = [...outOfGrammar.keys()].map((token) => `/${options.outOfGrammarWeight ?? OUT_OF_GRAMMAR_WEIGHT}/ ${token}`).join(' | ');
  const freeRun = ['<free_word>', ...Array.from({ length: FREE_WORDS_MAX - 1 }, () => '[ <free_word> ]')].join(' ');

  const commandsOnly = options.shape === 'commands-only';
  lines.push(
    `public <utterance> = ${leadsInGrammar ? '[ <lead> ] ' : ''}<command> [ <closing> ]${commandsOnly ? '' : ' | <search> | <out_of_grammar>'};`,
    `<command> = ${commandRules.join(' | ')};`,
    `<lead> = ${SPOKEN_LEADS.join(' | ')};`,
    `<closing> = ${SPOKEN_CLOSINGS.join(' | ')};`,
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
