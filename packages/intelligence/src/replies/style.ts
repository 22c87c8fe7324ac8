import { greetingWord, isNameOnlySalutation, isValediction } from './lexicon.ts';
import { extractNewText } from './quote.ts';
import type { Formality, StyleProfile } from './types.ts';

/** Used when nothing has been learned yet: a friendly, plain reply. */
export const DEFAULT_STYLE: StyleProfile = { greeting: 'Hi', signOff: null, formality: 'neutral', length: 'short', samples: 0 };

/** More than this many replies say nothing new about a style; the newest are used. */
export const MAX_STYLE_SAMPLES = 200;

/**
 * Learns how the user writes replies from the bodies of replies they sent (newest first). The
 * bodies are read here and dropped; only the profile's few fields are kept (DESIGN §1).
 *
 * - greeting: the first line's greeting word ("Hi Bob," -> "Hi", "Bob," -> ''), when at least
 *   half of the replies open with one; otherwise none.
 * - signOff: the closing the user ends with most ("Cheers,\nJ", "Thanks!", "--j."), when it ends
 *   at least a third of the replies (and two of them, given three or more).
 * - formality: contractions, exclamations, emoticons and slang against "Dear", "Kind regards",
 *   "I would" and the like, voted reply by reply.
 * - length: short when the median reply is 40 words or fewer.
 */
export function learnStyle(replyBodies: readonly string[]): StyleProfile {
  const samples = replyBodies
    .slice(0, MAX_STYLE_SAMPLES)
    .map((body) => extractNewText(body).text)
    .filter((text) => /\p{L}/u.test(text));
  if (samples.length === 0) return DEFAULT_STYLE;

  const greetings = new Map<string, number>();
  let greeted = 0;
  const closings = new Map<string, { count: number; asWritten: string }>();
  const formality = { casual: 0, neutral: 0, formal: 0 };
  const lengths: number[] = [];

  for (const text of samples) {
    const lines = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
    const opening = lines[0] ?? '';
    const word = greetingWord(opening) ?? (isNameOnlySalutation(opening) ? '' : null);
    if (word !== null) {
      greeted++;
      greetings.set(word, (greetings.get(word) ?? 0) + 1);
    }
    const closing = closingOf(lines);
    if (closing) {
      const key = closing.toLowerCase().replace(/[\s,.!]+/g, ' ').trim();
      const seen = closings.get(key);
      closings.set(key, { count: (seen?.count ?? 0) + 1, asWritten: seen?.asWritten ?? closing });
    }
    formality[formalityOf(text)]++;
    lengths.push(text.split(/\s+/).filter(Boolean).length);
  }

  const n = samples.length;
  let greeting: string | null = null;
  if (greeted * 2 >= n) greeting = [...greetings.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;

  let signOff: string | null = null;
  const best = [...closings.values()].sort((a, b) => b.count - a.count)[0];
  if (best && best.count * 3 >= n && (n < 3 || best.count >= 2)) signOff = best.asWritten;

  lengths.sort((a, b) => a - b);
  const median = lengths[Math.floor((lengths.length - 1) / 2)] as number;
  const register: Formality =
    formality.casual > formality.formal && formality.casual >= formality.neutral * 0.5 && formality.casual * 3 >= n
      ? 'casual'
      : formality.formal > formality.casual && formality.formal * 3 >= n
        ? 'formal'
        : 'neutral';
  return { greeting, signOff, formality: register, length: median <= 40 ? 'short' : 'medium', samples: n };
}

/** "Cheers,\nJ" / "Cheers, J" / "Thanks!" / "--j." / "Justin": how a reply ends, or null. */
function closingOf(lines: string[]): string | null {
  const last = lines.at(-1);
  if (!last || lines.length < 2) return null;
  const previous = lines.at(-2) as string;
  if (isValediction(previous) && isSignature(last)) return `${previous}\n${last}`;
  const oneLine = /^(.+?[,!.])\s+(\S.{0,23})$/.exec(last);
  if (oneLine && isValediction(oneLine[1] as string) && isSignature(oneLine[2] as string)) return last;
  if (isValediction(last)) return last;
  if (isSignature(last)) return last;
  return null;
}

/** A name or initials as people sign: "J", "--j.", "Justin", "-R", "Justin Mason", "JM". */
function isSignature(line: string): boolean {
  if (line.length > 24) return false;
  const words = line.split(/\s+/);
  if (words.length > 3) return false;
  if (!/^[-~–—]*\s*\p{L}[\p{L}.'’ -]*$/u.test(line)) return false;
  const core = line.replace(/^[-~–—\s]+/, '').replace(/[.\s]+$/, '').toLowerCase();
  return core.length > 0 && !NOT_SIGNATURES.has(core) && !isValediction(line);
}

/** Words that end a reply on their own line without being a signature. */
const NOT_SIGNATURES = new Set(['yes', 'no', 'ok', 'okay', 'sure', 'done', 'agreed', 'indeed', 'exactly', 'right', 'true', 'nope', 'yep', 'yeah', 'hmm', 'again', 'too', 'links', 'below', 'above', 'attached', 'see below', 'see above']);

const CASUAL =
  /(?:\b\w+(?:n't|'re|'ll|'ve|'m|'d)\b)|!|(?:[:;]-?[)dp(])|\b(?:yeah|yep|yup|nope|gonna|wanna|gotta|lol|haha|heh|btw|fwiw|imo|imho|cool|awesome|hey|cheers|thx|np|ok|okay|kinda|sorta|stuff|guys|folks|dunno|cya|ta)\b/gi;
const FORMAL =
  /\b(?:dear|regards|sincerely|kindly|please find|i would|i am|do not|cannot|furthermore|however|therefore|accordingly|pleased|appreciate|thank you|respectfully|further to|with reference to|at your earliest convenience|please do not hesitate)\b/gi;

function formalityOf(text: string): Formality {
  const casual = text.match(CASUAL)?.length ?? 0;
  const formal = text.match(FORMAL)?.length ?? 0;
  if (casual >= 2 && casual > formal * 1.5) return 'casual';
  if (formal >= 2 && formal > casual * 1.5) return 'formal';
  return 'neutral';
}
