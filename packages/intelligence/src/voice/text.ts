/**
 * From what was said or typed to the tokens the matcher compares: words in lower case with their
 * place in the original text (so a search request can be given back "as said"), with filler
 * ("uh", "um") and politeness ("could you please", "go ahead and", "... for me") set aside.
 */

export interface Token {
  /** Lower case, accents and apostrophes removed: "Don't" -> "dont", "Kids'" -> "kids". */
  word: string;
  start: number;
  end: number;
}

/** Letters and digits, with apostrophes inside or after a word ("don't", "kids'"). */
const WORD = /[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)*['\u2019]?/gu;

export function normaliseWord(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '');
}

export function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normaliseWord(match[0]);
    if (word) tokens.push({ word, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** Hesitations: never part of a command, removed wherever they occur. */
export const DISFLUENCIES: ReadonlySet<string> = new Set(['uh', 'uhh', 'uhm', 'um', 'umm', 'er', 'erm', 'ah', 'ahh', 'eh', 'ehm', 'hm', 'hmm', 'mm', 'mhm']);

/**
 * Politeness and lead-ins that may open a command; removed from the start, longest first, as
 * long as something is left ("okay" alone is an answer, "okay next" is `next`).
 */
const LEAD_INS = [
  'hey mailroom', 'ok mailroom', 'okay mailroom', 'hi mailroom', 'mailroom', 'hey mail room', 'mail room',
  'could you please', 'can you please', 'would you please', 'will you please', 'could you maybe',
  'would you mind', 'do you mind', 'could you', 'can you', 'would you', 'will you', 'could u', 'can u',
  'i would like to', 'id like to', 'i want to', 'i wanna', 'i need to', 'i would like you to', 'i want you to', 'i will', 'ill', 'i shall', 'i think ill',
  'go ahead and', 'lets', 'let us', 'please', 'pls', 'plz', 'kindly', 'just', 'now', 'then', 'and', 'so', 'ok', 'okay', 'alright',
  // A request put politely at length: "would it be possible to ...", "i was wondering if you could ...".
  'would it be possible to', 'would it be possible for you to', 'is it possible to', 'i was wondering if you could',
  'i was wondering if you can', 'i was wondering if you would', 'i wonder if you could', 'do you think you could', 'possibly',
  'thank you', 'thanks',
  // Formally: "i should like to reply", "would you be so kind as to archive this".
  'i should like to', 'would you be so kind as to', 'would you be kind enough to', 'be so kind as to',
  'all right', 'right', 'well', 'actually', 'hey', 'maybe', 'quickly', 'try to', 'you can', 'you may', 'feel free to', 'time to', 'oh',
  // A correction or a change of mind before the command: "oops undo that", "wait no go back",
  // "never mind cancel that", "that's enough stop reading".
  'oops', 'whoops', 'oh no', 'wait no', 'no wait', 'wait', 'sorry', 'never mind', 'nvm', 'thats enough', 'that is enough', 'enough',
  // Hushing before "stop reading": "shh stop reading".
  'shh', 'shush', 'hush',
  // Hedged, or said as what one is about to do: "i think i'd quite like to see the ops page",
  // "perhaps", "could we go to voice reply", "i'm going to send that now", "we'd better reply to everyone".
  'i think', 'perhaps', 'could we', 'can we', 'shall we',
  'im going to', 'i am going to', 'im gonna', 'id better', 'wed better', 'i had better', 'we had better',
  'id quite like to', 'i would quite like to', 'id rather like to', 'i would rather like to',
  'hang on', 'hold on', 'no hang on', 'no hold on', 'im sorry', 'thatll do', 'that will do',
].map((phrase) => phrase.split(' '));

/** Closings removed from the end: "... please", "... for me", "... thanks", longest first. */
const CLOSINGS = [
  'please', 'pls', 'plz', 'thx', 'for me', 'thanks', 'thank you', 'thank you very much', 'now', 'right now', 'for now', 'ok', 'okay', 'quickly', 'then', 'already', 'again',
  'if you can', 'if you would', 'if you could', 'would you', 'will you', 'thanks a lot', 'if you would be so kind',
  // To whom and for how long: "read this out to me", "stop reading for a sec", "insights page quick".
  'to me', 'for a sec', 'for a second', 'for a moment', 'for a bit', 'quick',
  // After a correction: "no wait, star it instead".
  'instead', 'instead please',
  // Hedges and leave asked: "... if i may", "... if that's possible", "... when you have a moment", "... i think".
  'if i may', 'if possible', 'if thats possible', 'if that is possible', 'if thats not too much trouble', 'if its not too much trouble',
  'if it is not too much trouble', 'when you have a moment', 'when you get a chance', 'when you can', 'i think', 'to be honest',
  // "read it out to us" (us for me), and the person spoken to by a name of endearment: "... for me love".
  'to us', 'for us', 'love', 'dear', 'mate', 'pal', 'buddy', 'darling', 'honey', 'sweetie',
  // Where: "select all the emails on this page".
  'on this page', 'on the page', 'on the screen', 'in this list', 'in the list',
]
  .map((phrase) => phrase.split(' '))
  // Longest first: "right now" before "now".
  .sort((a, b) => b.length - a.length);

/** Words that add nothing to which command it is: skipping one costs the matcher almost nothing. */
export const IGNORABLE_WORDS: ReadonlySet<string> = new Set([
  'it', 'them', 'this', 'that', 'these', 'those', 'the', 'a', 'an', 'my', 'selected', 'current', 'message', 'messages',
  'email', 'emails', 'mail', 'mails', 'conversation', 'conversations', 'thread', 'threads', 'one', 'ones', 'please',
  'here', 'there', 'item', 'up', 'now', 'of', 'all', 'every', 'todays',
  // What some people call an email, as they called the post: "read this letter out loud"; and formally.
  'letter', 'letters', 'correspondence',
]);

/** Small words a recogniser drops or adds freely: missing or extra, they cost little. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'to', 'as', 'the', 'a', 'an', 'it', 'me', 'for', 'on', 'in', 'into', 'of', 'with', 'my', 'is', 'at', 'by', 'from', 'and', 'be', 'i', 'you',
]);

function startsWith(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((w, i) => words[at + i] === w);
}

export interface Utterance {
  text: string;
  /** All tokens, disfluencies included. */
  all: Token[];
  /** The tokens that carry the command: no disfluencies, lead-ins or closings. */
  core: Token[];
}

/** Where `words` end with their closings taken off, repeatedly, as long as `keep` words are left. */
function endBeforeClosings(words: readonly string[], keep: number): number {
  let end = words.length;
  for (let changed = true; changed; ) {
    changed = false;
    for (const closing of CLOSINGS) {
      if (end - closing.length >= keep && startsWith(words, end - closing.length, closing)) {
        end -= closing.length;
        changed = true;
        break;
      }
    }
  }
  return end;
}

/** Every lead-in and closing, for isPolitenessOnly. */
const POLITENESS: readonly (readonly string[])[] = [...LEAD_INS, ...CLOSINGS];

/**
 * Whether the words are nothing but lead-ins, closings and hesitations ("thank you", "oops", "now
 * then"): they say no command of their own, so they are a command only as a wording of it said
 * exactly ("okay" is yes, "never mind" cancel), never as a near miss of one ("thanks" is not "no
 * thanks", "oops" not "ops").
 */
export function isPolitenessOnly(words: readonly string[]): boolean {
  // covered[i]: the first i words are lead-ins, closings and hesitations.
  const covered = [true, ...words.map(() => false)];
  for (let i = 0; i < words.length; i++) {
    if (!covered[i]) continue;
    if (DISFLUENCIES.has(words[i] as string)) covered[i + 1] = true;
    for (const phrase of POLITENESS) if (startsWith(words, i, phrase)) covered[i + phrase.length] = true;
  }
  return words.length > 0 && covered[words.length] === true;
}

export function prepare(text: string): Utterance {
  const all = tokenise(text);
  let core = all.filter((t) => !DISFLUENCIES.has(t.word));
  // Lead-ins, repeatedly: "um okay could you please go ahead and archive it"; never leaving only a
  // closing ("never mind please" is cancel, not "please").
  for (let changed = true; changed; ) {
    changed = false;
    const words = core.map((t) => t.word);
    for (const lead of LEAD_INS) {
      if (words.length > lead.length && startsWith(words, 0, lead) && endBeforeClosings(words.slice(lead.length), 0) > 0) {
        core = core.slice(lead.length);
        changed = true;
        break;
      }
    }
  }
  core = core.slice(0, endBeforeClosings(core.map((t) => t.word), 1));
  return { text, all, core };
}

/**
 * "opening" -> "open", "archiving" -> "archive", "starring" -> "star": the command verb behind a
 * gerund ("would you mind opening the digest"), when that verb is one the command set uses.
 */
export function commandVerbOf(word: string, vocabulary: ReadonlySet<string>): string | null {
  if (vocabulary.has(word) || !word.endsWith('ing') || word.length < 6) return null;
  const stem = word.slice(0, -3);
  const candidates = [stem, `${stem}e`];
  if (stem.length > 2 && stem[stem.length - 1] === stem[stem.length - 2]) candidates.push(stem.slice(0, -1));
  return candidates.find((c) => vocabulary.has(c)) ?? null;
}

const ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function underHundred(n: number): string[] {
  if (n < 20) return [ONES[n] as string];
  const tens = TENS[Math.floor(n / 10)] as string;
  return n % 10 === 0 ? [tens] : [tens, ONES[n % 10] as string];
}

/** A whole number as spoken: 7 -> "seven", 2024 -> "two thousand twenty four". */
export function cardinalWords(n: number): string[] {
  if (!Number.isInteger(n) || n < 0 || n > 999_999) return String(n).split('').map((d) => ONES[Number(d)] as string);
  if (n < 100) return underHundred(n);
  if (n < 1000) return [ONES[Math.floor(n / 100)] as string, 'hundred', ...(n % 100 ? underHundred(n % 100) : [])];
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  return [...cardinalWords(thousands), 'thousand', ...(rest ? cardinalWords(rest) : [])];
}

/**
 * The ways a number written in a name is said: "2024" -> "twenty twenty four" and "two thousand
 * twenty four"; "7" -> "seven"; "007" -> "zero zero seven".
 */
export function spokenNumbers(digits: string): string[][] {
  const n = Number(digits);
  if (digits.length > 1 && digits.startsWith('0')) return [digits.split('').map((d) => ONES[Number(d)] as string)];
  const ways = [cardinalWords(n)];
  if (digits.length === 4 && n >= 1100 && n <= 2099 && n % 100 !== 0) {
    ways.unshift([...underHundred(Math.floor(n / 100)), ...(n % 100 < 10 ? ['oh', ONES[n % 100] as string] : underHundred(n % 100))]);
  }
  return ways;
}

/** Signs in names and how they are said ("Bills & Utilities" is "bills and utilities"). */
const SAID_SIGNS: [sign: RegExp, words: string[]][] = [
  [/&/g, ['and']],
  [/\+/g, ['plus', 'and']],
  [/@/g, ['at']],
  // A dot between letters, as in a web address ("Amazon.com").
  [/(?<=\p{L})\.(?=\p{L})/gu, ['dot']],
];

/**
 * The ways a user-defined name (a category or label) can be said, as word lists: its words in
 * lower case; with camel case split ("GitHub" -> "git hub"); with digits spoken ("Q3" -> "q three",
 * "Receipts 2024" -> "receipts twenty twenty four"); with its signs said ("Bills & Utilities" ->
 * "bills and utilities", "Amazon.com" -> "amazon dot com"); with a word written in capitals
 * spelled out as letters ("HR Updates" -> "h r updates", "AT&T" -> "a t and t", "2FA" -> "two f
 * a"), as well as said as a word (people say "NASA").
 */
export function spokenForms(name: string): string[][] {
  const forms = new Map<string, string[]>();
  const add = (words: string[]) => {
    const clean = words.filter(Boolean);
    if (clean.length) forms.set(clean.join(' '), clean);
  };
  const texts = [name];
  for (const [sign, words] of SAID_SIGNS) {
    for (const text of [...texts]) if (text.search(sign) >= 0) for (const said of words) texts.push(text.replace(sign, ` ${said} `));
  }
  // The signs said first: the first form is how hints say the name.
  for (const text of [...texts.slice(1), name].slice(0, 8)) addSpokenForms(text, add);
  return [...forms.values()];
}

/** spokenForms' word lists for one way of writing the name, its signs already said or left out. */
function addSpokenForms(name: string, add: (words: string[]) => void): void {
  const raw = tokenise(name).map((t) => t.word);
  add(raw);
  const camel = tokenise(name.replace(/([\p{Ll}])([\p{Lu}])/gu, '$1 $2')).map((t) => t.word);
  // Capitals spelled: each run of two to five capital letters (alone or before digits) as its letters.
  const spelled = tokenise(name.replace(/([\p{Ll}])([\p{Lu}])/gu, '$1 $2').replace(/(?<![\p{L}])\p{Lu}{2,5}(?![\p{Ll}])/gu, (caps) => ` ${[...caps].join(' ')} `)).map((t) => t.word);
  const splitDigits = (words: string[]) => words.flatMap((w) => w.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u));
  for (const base of [raw, camel, spelled]) {
    add(splitDigits(base));
    // Spell each number out, every combination of its spoken ways (names have few numbers).
    let variants: string[][] = [[]];
    for (const word of splitDigits(base)) {
      const ways = /^\d+$/.test(word) ? spokenNumbers(word) : [[word]];
      variants = variants.flatMap((v) => ways.map((w) => [...v, ...w])).slice(0, 8);
    }
    for (const v of variants) add(v);
  }
}
