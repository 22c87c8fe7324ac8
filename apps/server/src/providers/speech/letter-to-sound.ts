/**
 * Pronunciations for words CMUdict lacks, from espeak-ng's letter-to-sound rules: the names users
 * give categories and labels ("Shopify", "Venmo", "Strava") are often brands and invented words,
 * which dictionary.ts can otherwise only build from dictionary pieces or spell out letter by
 * letter ("venmo" as V-EN-MO, "shopify" as SHOP-IF-Y). espeak-ng is Debian's speech synthesiser;
 * asked for the phonemes of a word (`--ipa --sep=_`), it writes them in IPA, one phoneme between
 * separators, which ipaToArpabet turns into the acoustic model's ARPAbet phones.
 *
 * Optional: without espeak-ng (or when it fails) every word keeps the pronunciation dictionary.ts
 * makes, and nothing else changes. Words reach espeak-ng on its standard input, lower-case letters
 * only, at most MAX_WORDS a call, never through a shell; a word's guess is kept for the process.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Guesses pronunciations for words the dictionary lacks: word -> ARPAbet phones ("V EH N M OW"). */
export interface LetterToSound {
  guess(words: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

/** Most words one call sends (a grammar's names: categories and labels, a few hundred at most). */
const MAX_WORDS = 500;
const LONGEST_WORD = 40;
/** Guesses kept per process. */
const KEPT = 5000;

/**
 * espeak-ng's IPA for American English and the ARPAbet phones each stands for; the longest match
 * is taken first, so "ɑːɹ" is AA R and "ɑː" AA. A syllabic n or l is a schwa and the consonant, as
 * CMUdict writes "button" and "little"; a flap is T (CMUdict's "butter"), a glottal stop T.
 */
const IPA: Record<string, string> = {
  'ɑːɹ': 'AA R', 'ɔːɹ': 'AO R', 'oːɹ': 'AO R', 'ɛɹ': 'EH R', 'ɪɹ': 'IH R', 'iəɹ': 'IH R', 'ʊɹ': 'UH R', 'ɜːɹ': 'ER', 'aɪɚ': 'AY ER', 'aʊɚ': 'AW ER',
  'ɑː': 'AA', 'ɑ': 'AA', 'ɒ': 'AA', 'æ': 'AE', 'a': 'AE', 'ʌ': 'AH', 'ɔː': 'AO', 'ɔ': 'AO', 'aʊ': 'AW', 'aɪ': 'AY', 'ə': 'AH', 'ɐ': 'AH',
  'ɚ': 'ER', 'ɝ': 'ER', 'ɜː': 'ER', 'ɜ': 'ER', 'ɛ': 'EH', 'e': 'EH', 'eɪ': 'EY', 'ɪ': 'IH', 'ᵻ': 'IH', 'iː': 'IY', 'i': 'IY', 'iə': 'IY AH',
  'oʊ': 'OW', 'oː': 'OW', 'o': 'OW', 'əʊ': 'OW', 'ɔɪ': 'OY', 'ʊ': 'UH', 'uː': 'UW', 'u': 'UW',
  'tʃ': 'CH', 'dʒ': 'JH', 'θ': 'TH', 'ð': 'DH', 'ʃ': 'SH', 'ʒ': 'ZH', 'ŋ': 'NG', 'ɹ': 'R', 'r': 'R', 'j': 'Y', 'ɡ': 'G', 'g': 'G', 'h': 'HH', 'ʍ': 'W',
  'n̩': 'AH N', 'l̩': 'AH L', 'm̩': 'AH M', 'ɾ': 'T', 'ʔ': 'T', 'x': 'K',
  'p': 'P', 'b': 'B', 't': 'T', 'd': 'D', 'k': 'K', 'f': 'F', 'v': 'V', 's': 'S', 'z': 'Z', 'm': 'M', 'n': 'N', 'l': 'L', 'w': 'W',
};
const LONGEST_SYMBOL = Math.max(...Object.keys(IPA).map((k) => k.length));

/**
 * One word's IPA from espeak-ng (phonemes between `_`, stress marks ˈ ˌ) as ARPAbet phones, or
 * null when a symbol is not one of American English's (the word then keeps dictionary.ts's
 * pronunciation rather than a wrong one).
 */
export function ipaToArpabet(ipa: string): string | null {
  const text = ipa.replace(/[ˈˌ_\s‍]/g, '');
  const phones: string[] = [];
  for (let i = 0; i < text.length; ) {
    let length = Math.min(LONGEST_SYMBOL, text.length - i);
    while (length > 0 && !(text.slice(i, i + length) in IPA)) length--;
    if (length === 0) return null;
    phones.push(IPA[text.slice(i, i + length)] as string);
    i += length;
  }
  return phones.length > 0 ? phones.join(' ') : null;
}

export class EspeakLetterToSound implements LetterToSound {
  private readonly binary: string;
  private readonly timeoutMs: number;
  /** word -> phones, or null where espeak-ng gave nothing usable (not asked again). */
  private readonly known = new Map<string, string | null>();
  private missing = false;

  constructor(options: { binary?: string; timeoutMs?: number } = {}) {
    this.binary = options.binary ?? 'espeak-ng';
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  /** Whether espeak-ng runs here (it answers its version). */
  installed(): Promise<boolean> {
    return execFileAsync(this.binary, ['--version'], { timeout: this.timeoutMs }).then(
      () => true,
      () => false,
    );
  }

  async guess(words: readonly string[]): Promise<ReadonlyMap<string, string>> {
    const asked = [...new Set(words)].filter((w) => /^[a-z]+$/.test(w) && w.length <= LONGEST_WORD);
    const unknown = asked.filter((w) => !this.known.has(w)).slice(0, MAX_WORDS);
    if (unknown.length > 0 && !this.missing) {
      const lines = await this.run(unknown).catch((error: NodeJS.ErrnoException) => {
        // Not installed: not asked again. Any other failure (a timeout on a busy machine) is
        // not remembered, so the words are asked again next time.
        if (error.code === 'ENOENT') this.missing = true;
        return null;
      });
      // One line of phonemes per word, or none of them is trusted (a word espeak-ng split or joined).
      if (lines) {
        unknown.forEach((word, i) => {
          if (this.known.size >= KEPT) this.known.delete(this.known.keys().next().value as string);
          this.known.set(word, lines.length === unknown.length ? ipaToArpabet(lines[i] as string) : null);
        });
      }
    }
    const guesses = new Map<string, string>();
    for (const word of asked) {
      const phones = this.known.get(word);
      if (phones) guesses.set(word, phones);
    }
    return guesses;
  }

  /** espeak-ng's IPA for each word, one line per word (each word its own sentence). */
  private run(words: readonly string[]): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.binary, ['-q', '--ipa', '--sep=_', '-v', 'en-us'], { stdio: ['pipe', 'pipe', 'ignore'] });
      let out = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), this.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        if (out.length < 100_000) out += chunk.toString('utf8');
      });
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(out.split('\n').map((l) => l.trim()).filter(Boolean));
        else reject(new Error(`espeak-ng exited with ${code}`));
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(words.map((w) => `${w}.\n`).join(''));
    });
  }
}
