/**
 * How alike two words are, in spelling and in sound, from 0 (nothing alike) to 1 (the same).
 * Sound is compared through Double Metaphone codes (Lawrence Philips, 2000), so the errors a
 * recogniser makes — homophones ("red" for "read"), near-homophones ("in sites" for "insights"),
 * words split or merged ("for word" for "forward") — still land near the intended word.
 */
import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';

const codeCache = new Map<string, readonly [string, string]>();

function codes(word: string): readonly [string, string] {
  let result = codeCache.get(word);
  if (!result) {
    // Digits have no sound code; they are compared by spelling only.
    result = /^[a-z]+$/.test(word) ? doubleMetaphone(word) : ['', ''];
    if (codeCache.size > 50_000) codeCache.clear();
    codeCache.set(word, result);
  }
  return result;
}

function ratio(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - distance(a, b) / longest;
}

export function spellingSimilarity(a: string, b: string): number {
  return a === b ? 1 : ratio(a, b);
}

export function soundSimilarity(a: string, b: string): number {
  const [a1, a2] = codes(a);
  const [b1, b2] = codes(b);
  if (!a1 || !b1) return 0;
  return Math.max(ratio(a1, b1), ratio(a1, b2), ratio(a2, b1), ratio(a2, b2));
}

/**
 * Spelling or, when the words sound alike, a blend that leans on sound: "red"/"read" 0.9,
 * "crash"/"trash" 0.8 (spelling; they sound different), "five"/"one" 0.25.
 */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const spelling = ratio(a, b);
  return Math.max(spelling, 0.4 * spelling + 0.6 * soundSimilarity(a, b));
}
