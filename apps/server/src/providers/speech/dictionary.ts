/**
 * Pronunciations for the words a grammar uses, taken from the CMU Pronouncing Dictionary that
 * ships with the model (cmudict-en-us.dict: "word PH O N E S", alternates as "word(2)").
 *
 * The recogniser is given a small dictionary of just the grammar's words: it loads in
 * milliseconds instead of the full 134,000 entries, and it is where words missing from CMUdict
 * get a pronunciation. The command set's own few are written out here (COMMAND_WORDS). A user's
 * names (a category called "Zendesk", "Venmo", "IBM") get one in this order:
 *   1. the word itself; then with an apostrophe restored ("dont" -> "don't", "lets" -> "let's");
 *   2. where espeak-ng is installed, its letter-to-sound rules' guess (letter-to-sound.ts:
 *      "venmo" V EH N M OW), with steps 3-4's composition kept beside it as a second
 *      pronunciation ("airbnb" is said "air b n b", which espeak-ng does not guess);
 *   3. the word split into the fewest dictionary words ("zendesk" -> zen + desk,
 *      "mailroom" -> mail + room), preferring long pieces;
 *   4. where no split exists, letters are spelled out as their names ("ibm" -> I B M), mixed
 *      with dictionary pieces where those exist ("q3" was already split by the grammar).
 * Every word therefore gets a pronunciation. Without espeak-ng, step 4 is right for acronyms and
 * rough for invented words ("venmo" as V-EN-MO).
 */
import fs from 'node:fs/promises';

export type PronouncingDictionary = Map<string, string[]>;

const loaded = new Map<string, Promise<PronouncingDictionary>>();

/** Reads a CMUdict-format file once per process. */
export function loadDictionary(file: string): Promise<PronouncingDictionary> {
  let dictionary = loaded.get(file);
  if (!dictionary) {
    dictionary = fs.readFile(file, 'utf8').then(parseDictionary);
    loaded.set(file, dictionary);
    dictionary.catch(() => loaded.delete(file));
  }
  return dictionary;
}

export function parseDictionary(text: string): PronouncingDictionary {
  const dictionary: PronouncingDictionary = new Map();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    // "word(2) ..." is the second pronunciation of "word"; a trailing "#comment" is not phones.
    const word = line.slice(0, space).replace(/\(\d+\)$/, '');
    const phones = line.slice(space + 1).replace(/#.*$/, '').trim();
    if (!phones) continue;
    const list = dictionary.get(word);
    if (list) list.push(phones);
    else dictionary.set(word, [phones]);
  }
  return dictionary;
}

/**
 * The command set's own words that CMUdict lacks, as a dictionary writes them: composed from
 * CMUdict's pieces, "deselect" came out as "des-elect" (D EH S IH L EH K T), not "dee-select".
 */
const COMMAND_WORDS: Readonly<Record<string, string[]>> = {
  deselect: ['D IY S AH L EH K T'],
  unselect: ['AH N S AH L EH K T'],
  unstar: ['AH N S T AA R'],
};

/** Which step found the pronunciation (for the recogniser's diagnostics and tests). */
export type PronunciationSource = 'dictionary' | 'apostrophe' | 'compound' | 'spelled' | 'guessed';

export interface Pronunciation {
  phones: string[];
  source: PronunciationSource;
}

const LONGEST_WORD = 40;

/**
 * A word's pronunciations. `guesses` are letter-to-sound guesses (letter-to-sound.ts) for words
 * the dictionary lacks: a word with one is said as guessed, or as composed from the dictionary.
 */
export function pronounce(word: string, dictionary: PronouncingDictionary, guesses?: ReadonlyMap<string, string>): Pronunciation {
  const direct = dictionary.get(word) ?? COMMAND_WORDS[word];
  if (direct) return { phones: direct, source: 'dictionary' };
  for (let k = 1; k <= 2 && k < word.length; k++) {
    const withApostrophe = dictionary.get(`${word.slice(0, -k)}'${word.slice(-k)}`);
    if (withApostrophe) return { phones: withApostrophe, source: 'apostrophe' };
  }
  const guess = guesses?.get(word);
  if (!guess) return compose(word, dictionary);
  let composed: string[] = [];
  try {
    composed = compose(word, dictionary).phones;
  } catch {
    // The guess alone, then.
  }
  return { phones: [...new Set([guess, ...composed])], source: 'guessed' };
}

/** The word as the fewest dictionary pieces, spelled letters where there are none (steps 2 and 3 above). */
function compose(word: string, dictionary: PronouncingDictionary): Pronunciation {
  // Fewest pieces, a spelled letter costing more than a word; dynamic programming over prefixes.
  const text = word.slice(0, LONGEST_WORD);
  const best: { cost: number; phones: string[]; spelled: boolean }[] = [{ cost: 0, phones: [], spelled: false }];
  for (let end = 1; end <= text.length; end++) {
    let choice: { cost: number; phones: string[]; spelled: boolean } | undefined;
    for (let start = Math.max(0, end - 20); start < end; start++) {
      const before = best[start];
      if (!before) continue;
      const piece = text.slice(start, end);
      const isLetter = piece.length === 1;
      // Single-letter "words" (a, i, o) are spelled the same way: as letters.
      const known = isLetter ? letterName(piece, dictionary) : piece.length >= 2 ? dictionary.get(piece)?.[0] : undefined;
      if (!known) continue;
      const cost = before.cost + (isLetter ? 3 : 1 + 1 / piece.length);
      if (!choice || cost < choice.cost) choice = { cost, phones: [...before.phones, known], spelled: before.spelled || isLetter };
    }
    if (choice) best[end] = choice;
  }
  const found = best[text.length];
  if (!found || found.phones.length === 0) throw new Error(`no pronunciation can be made for "${word}"`);
  return { phones: [found.phones.join(' ')], source: found.spelled ? 'spelled' : 'compound' };
}

/** A letter or digit as it is named: "b" -> B IY, "7" -> S EH V AH N. */
function letterName(char: string, dictionary: PronouncingDictionary): string | undefined {
  const digits = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
  if (/\d/.test(char)) return dictionary.get(digits[Number(char)] as string)?.[0];
  // CMUdict lists letter names as "a." ... "z." (and "a" as the article): prefer the name.
  return dictionary.get(`${char}.`)?.[0] ?? dictionary.get(char)?.at(-1);
}

const VOWELS = new Set(['AA', 'AE', 'AH', 'AO', 'AW', 'AY', 'EH', 'ER', 'EY', 'IH', 'IY', 'OW', 'OY', 'UH', 'UW']);

/**
 * A word's pronunciations with its unstressed schwas also said as short i: CMUdict writes
 * "select" S AH L EH K T, and many speakers say "s*i*lect" (S IH L EH K T; dictionaries give
 * both). Every AH that is neither a word's first nor last phone, in a word of two vowels or
 * more, gets the IH variant (one at a time). CMUdict here has no stress marks, so a stressed AH ("another": AH N AH DH ER) gets one too; the acoustic cost of
 * a variant nobody says is only a path the decoder does not take. Chosen on the recogniser
 * bench's tuning sets (600 commands): 541 -> 547 understood ("select all" heard as "deselect
 * all" or as other words in three voices, "select that" as "delete that"), with 11 of 44 other
 * sentences taken for a command against 10.
 */
export function withReducedVowels(pronunciations: readonly string[]): string[] {
  const all = [...pronunciations];
  for (const pronunciation of pronunciations) {
    const phones = pronunciation.split(' ');
    if (phones.filter((p) => VOWELS.has(p)).length < 2) continue;
    phones.forEach((phone, i) => {
      if (phone !== 'AH' || i === 0 || i === phones.length - 1) return;
      const variant = phones.with(i, 'IH').join(' ');
      if (!all.includes(variant)) all.push(variant);
    });
  }
  return all;
}

/**
 * Ways English accents commonly say a phone differently from CMUdict's General American, each
 * a rule over a whole pronunciation (every place it applies, at once):
 * - `th-stopping`: "this" D IH S, "three" T R IY (Caribbean, Irish and African Englishes, many
 *   learners);
 * - `non-rhotic`: no R after a vowel unless a vowel follows ("star" S T AA, "forward" F AO W AH D;
 *   most of England, Wales, Australia, much of the Caribbean);
 * - `monophthongs`: "mail" M EH L, "open" AO P AH N (Scotland, Northern England, the Caribbean,
 *   Wales, Indian English, many learners);
 * - `strut`: AH as UH, "undo" UH N D UW (Northern and Midlands England).
 */
export type AccentFeature = 'th-stopping' | 'non-rhotic' | 'monophthongs' | 'strut';

export const ACCENT_FEATURES: readonly AccentFeature[] = ['th-stopping', 'non-rhotic', 'monophthongs', 'strut'];

/** Most pronunciations a word gets with its accent variants (the decoder's search grows with each). */
const MOST_PRONUNCIATIONS = 12;

function accentVariant(phones: readonly string[], feature: AccentFeature): string[] {
  switch (feature) {
    case 'th-stopping':
      return phones.map((p) => (p === 'DH' ? 'D' : p === 'TH' ? 'T' : p));
    case 'monophthongs':
      return phones.map((p) => (p === 'EY' ? 'EH' : p === 'OW' ? 'AO' : p));
    case 'strut':
      return phones.map((p) => (p === 'AH' ? 'UH' : p));
    case 'non-rhotic':
      return phones.flatMap((p, i) => {
        if (p === 'ER') return VOWELS.has(phones[i + 1] ?? '') ? ['ER'] : ['AH'];
        if (p !== 'R' || !VOWELS.has(phones[i - 1] ?? '') || VOWELS.has(phones[i + 1] ?? '')) return [p];
        return [];
      });
  }
}

/** A word's pronunciations with the accent variants of each (one feature at a time), at most MOST_PRONUNCIATIONS. */
export function withAccentVariants(pronunciations: readonly string[], features: readonly AccentFeature[]): string[] {
  const all = [...pronunciations];
  for (const pronunciation of pronunciations) {
    const phones = pronunciation.split(' ');
    for (const feature of features) {
      const variant = accentVariant(phones, feature);
      const text = variant.join(' ');
      if (variant.length > 0 && !all.includes(text) && all.length < MOST_PRONUNCIATIONS) all.push(text);
    }
  }
  return all;
}

/**
 * The dictionary file for a grammar: one line per pronunciation, in CMUdict's format, each
 * `spokenAs` token (the grammar's out-of-grammar tokens) pronounced as its ordinary word. The
 * commands' own words also get their reduced-vowel variants (withReducedVowels); the
 * out-of-grammar words do not, so other speech gains no new way to sound like them.
 */
export function grammarDictionary(
  words: Iterable<string>,
  dictionary: PronouncingDictionary,
  spokenAs: ReadonlyMap<string, string> = new Map(),
  guesses?: ReadonlyMap<string, string>,
  accents: readonly AccentFeature[] = [],
): { text: string; made: Map<string, PronunciationSource> } {
  const lines: string[] = [];
  const made = new Map<string, PronunciationSource>();
  for (const token of words) {
    const { phones: said, source } = pronounce(spokenAs.get(token) ?? token, dictionary, guesses);
    const phones = spokenAs.has(token) ? said : withReducedVowels(withAccentVariants(said, accents)).slice(0, MOST_PRONUNCIATIONS);
    if (source !== 'dictionary') made.set(token, source);
    phones.forEach((p, i) => lines.push(`${i === 0 ? token : `${token}(${i + 1})`} ${p}`));
  }
  return { text: `${lines.join('\n')}\n`, made };
}

/** The phones of a few words, each word's first pronunciation ("oog_" tokens as their word). */
export function phonesOf(text: string, dictionary: PronouncingDictionary, guesses?: ReadonlyMap<string, string>): string[] {
  return text
    .split(' ')
    .filter(Boolean)
    .flatMap((word) => {
      const plain = word.replace(/^oog_/, '').replace(/\(\d+\)$/, '');
      try {
        return (pronounce(plain, dictionary, guesses).phones[0] as string).split(' ');
      } catch {
        return [];
      }
    });
}

/**
 * How far apart two phone sequences are: edit distance where a vowel for another vowel costs
 * half (recognisers and accents trade vowels far more than consonants), over the longer one's
 * length. 0 is the same sounds, 1 nothing alike.
 */
export function phoneDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 0;
  const cost = editDistance(a, b, (x, y) => (x === y ? 0 : VOWELS.has(x) && VOWELS.has(y) ? 0.5 : 1));
  return cost / Math.max(a.length, b.length);
}

/** Least cost of insertions and deletions (1 each) and substitutions (`substitute`) turning `a` into `b`. */
export function editDistance<T>(a: readonly T[], b: readonly T[], substitute: (x: T, y: T) => number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row.push(Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + substitute(a[i - 1] as T, b[j - 1] as T)));
    }
    previous = row;
  }
  return previous[b.length] as number;
}
