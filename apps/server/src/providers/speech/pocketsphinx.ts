/**
 * The offline recogniser: Debian's CMU PocketSphinx (`pocketsphinx` 0.8+5prealpha, with the
 * `pocketsphinx-en-us` model), run as `pocketsphinx_batch` in a child process so decoding never
 * blocks the server, with a timeout, and at most a few at once (2 cores).
 *
 * Why batch and not `pocketsphinx_continuous`: a recording here is one whole utterance, and the
 * batch decoder takes it as one (no voice-activity splitting into pieces that must each be a
 * command) with the cepstral mean of the whole utterance (`-cmn batch` in the model's
 * feat.params) instead of a running estimate that starts from the model's defaults — which for a
 * two-second command is most of the command. The audio first goes through frontend.ts (cut to
 * the speech, a room's noise floor under it): together, on the recogniser bench's tuning voices,
 * command accuracy went from 61 % to 94 %; see README's voice section for the figures.
 *
 * Audio goes to the decoder on its standard input (the control file names `/dev/stdin`, raw 16
 * kHz 16-bit little-endian PCM behind a pipe) and is never written anywhere. The grammar and its
 * small dictionary are written to a private directory (0700, files 0600) because the decoder
 * only reads them from files, and the directory is removed when the decode ends, whatever happens.
 *
 * Command mode decodes with a JSGF grammar built from the command set and the user's category and
 * label names (@mailroom/intelligence/voice commandGrammar, with lead-ins such as "could you"). What
 * the grammar cannot place comes back as out-of-grammar words, which are never a command by
 * themselves (the language model's transcript and a second look may still find a harmless one,
 * see commandHeardFreely and secondLook); what follows a search trigger is transcribed again with
 * the language model. Dictation mode uses the language model throughout.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { closestVoiceCommands, commandGrammar, DESTRUCTIVE_INTENTS, OUT_OF_GRAMMAR_PREFIX, parseVoiceCommand, spellingSimilarity, SPOKEN_CLOSINGS, spokenForms, spokenLeadIns, type GrammarOptions, type Intent } from '@mailroom/intelligence/voice';
import { isNarrowband } from './bandwidth.ts';
import { grammarDictionary, loadDictionary, phoneDistance, phonesOf, type AccentFeature, type PronouncingDictionary } from './dictionary.ts';
import { KEPT_SILENCE, prepareForDecoding, SPEECH_PEAK_DBFS, type KeptSilence } from './frontend.ts';
import { EspeakLetterToSound, type LetterToSound } from './letter-to-sound.ts';
import { lowered, readSpeechWav, SPEECH_SAMPLE_RATE, type DecodedAudio } from './wav.ts';
import type { Recognition, RecognizeOptions, SpeechAvailability, SpeechRecognizer } from './recognizer.ts';

export const POCKETSPHINX_INSTALL_HINT = 'install with apt-get install pocketsphinx pocketsphinx-en-us';

export interface PocketsphinxOptions {
  binary?: string;
  /** Holds the acoustic model directory `en-us`, `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string;
  /** Longest one decode may take before it is stopped. */
  timeoutMs?: number;
  /** Decodes at once; more wait their turn. */
  concurrency?: number;
  /**
   * How far apart (phoneDistance) the best command and the language model's free transcription
   * of speech the grammar put outside the commands may be for the second look to take the
   * command (see secondLook); 0 turns the second look off. Default SECOND_LOOK_DISTANCE.
   */
  secondLookDistance?: number;
  /**
   * Least parser confidence (0..1) at which the language model's free transcription of speech the
   * grammar put outside the commands is taken as the command it says (see commandHeardFreely);
   * above 1 turns that off. Default FREE_PARSE_CONFIDENCE.
   */
  freeParseConfidence?: number;
  /**
   * Whether a command the grammar heard with politeness around it ("can you ... for me please")
   * must also be what the language model heard (see politeAgrees). Default true.
   */
  checkPolite?: boolean;
  /**
   * Frequency warps (vocal tract length normalisation) the grammar decode tries; the best-scoring
   * one is used for every decode of that utterance. Default WARP_FACTORS; `[1]` turns it off.
   */
  warps?: readonly number[];
  /**
   * The grammar's extra decode of the audio with every frequency lowered, for a child's or a very
   * high voice, and the margin per frame by which it must beat the warps' best to be taken;
   * default LOWERED_DECODE, null turns it off.
   */
  lowered?: LoweredDecode | null;
  /** Gaussians scored per frame and codebook (`-topn`), for every decode. Default TOP_GAUSSIANS. */
  topGaussians?: number;
  /**
   * Whether the decoder subtracts its own noise estimate from the spectrum (`-remove_noise`), in
   * every decode; 'when-noisy' only for a recording whose noise floor is above NOISY_FLOOR_DBFS.
   * Default REMOVE_NOISE.
   */
  removeNoise?: boolean | 'when-noisy';
  /** Decoder arguments (flag, value, ...) for the grammar's decodes, in place of the defaults' own value for a flag (the recogniser bench compares settings with it: VOICE_GRAMMAR_ARGS). */
  grammarArgs?: readonly string[];
  /** Decoder arguments for dictation's decodes (Voice Reply), in place of DICTATION_SETTINGS' value for a flag (the recogniser bench: VOICE_DICTATION_ARGS). */
  dictationArgs?: readonly string[];
  /**
   * Pronunciations for category and label words CMUdict lacks (letter-to-sound.ts); null leaves
   * them to dictionary.ts's composition alone. Default espeak-ng's, where it is installed.
   */
  letterToSound?: LetterToSound | null;
  /** Accent variants the grammar's words are also pronounced with (dictionary.ts withAccentVariants). Default ACCENTS. */
  accents?: readonly AccentFeature[];
  /** Silence kept before and after the speech (frontend.ts). Default KEPT_SILENCE. */
  keptSilence?: KeptSilence;
  /** The level quiet speech's loudest frame is raised to (frontend.ts); -Infinity leaves it. Default SPEECH_PEAK_DBFS. */
  speechPeakDb?: number;
  /** Grammar settings other than the defaults (the recogniser bench compares them on the tuning sets). */
  grammar?: Pick<GrammarOptions, 'leadWeight' | 'closingWeight' | 'phrasings' | 'outOfGrammarWeight'>;
  /** Sees each second look and destructive check (the recogniser bench uses it to choose the distance). */
  trace?: (event: RecognitionTrace) => void;
}

export type RecognitionTrace =
  | { stage: 'warp'; scores: { warp: number; factor: number; perFrame: number; transcript: string }[]; chosen: number; factor: number }
  | { stage: 'second-look'; transcript: string; free: string; intent: string; distance: number }
  | { stage: 'free-parse'; free: string; intent: string; confidence: number; taken: boolean }
  | { stage: 'destructive-check'; transcript: string; free: string; intent: string; agrees: boolean }
  | { stage: 'polite-check'; transcript: string; free: string; intent: string; agrees: boolean; distance: number };

/** The grammar's lead-ins as said. */
const LEAD_INS = spokenLeadIns();

/** Commands the second look never returns besides destructive ones: "yes" answers a question Mailroom asked. */
const NOT_FROM_SECOND_LOOK: ReadonlySet<string> = new Set(['confirm']);

/**
 * How the recogniser's checks parse a transcript: as a whole sentence. They compare what the
 * grammar heard with what the language model heard, and a command the parser would find in one
 * clause of a longer free transcript ("can you undo it" in "oh dear ... can you undo it") is not
 * the language model hearing that command; the parser's clauses are for typed commands and the
 * browser's recogniser.
 */
const WHOLE = (categories: readonly string[]) => ({ categories, clauses: false });

/** Whether the language model's free transcript may give this command by itself: never a destructive one, "yes" or a search. */
function mayBeTakenFreely(intent: Intent): boolean {
  return intent !== 'unknown' && intent !== 'search' && !DESTRUCTIVE_INTENTS.has(intent) && !NOT_FROM_SECOND_LOOK.has(intent);
}

/**
 * See PocketsphinxOptions.secondLookDistance. Chosen on the recogniser bench's tuning sets only
 * (SPOKEN_COMMANDS and SPOKEN_TUNING_B, 446 clips): commands the second look found lay at 0.17 to
 * 0.58 from the free transcription, other sentences forced onto a command at 0.58 and more; 0.5
 * keeps a margin below the closest other sentence.
 */
export const SECOND_LOOK_DISTANCE = 0.5;

/**
 * See PocketsphinxOptions.freeParseConfidence. Chosen on the recogniser bench's tuning sets only
 * (644 clips, with the broad grammar and lead-ins): taken at any confidence, the free transcript
 * gave 7 commands — 2 right (both at 1.0), 3 wrong and 2 other sentences (all at 0.70-0.75);
 * from 0.8 up only the 2 right ones. 0.9 keeps a margin above the wrong ones.
 */
export const FREE_PARSE_CONFIDENCE = 0.9;

/**
 * See politeDisagrees (and checkDestructive, which uses it the same way). Chosen on tuning C only (commands said with a lead-in or closing, and
 * other sentences the grammar forced onto one): the grammar's and the language model's
 * transcripts of the right commands lay 0 to 0.78 apart (9 of 104 above 0.7), of other
 * sentences 0.39 to 0.82 (7 of 17 above 0.7).
 */
export const POLITE_CHECK_DISTANCE = 0.7;

/**
 * See PocketsphinxOptions.accents: none. Measured on the recogniser bench's tuning sets (December
 * 1, `VOICE_ACCENTS=...`; clips understood, other sentences acted on), against none (tuning 197 and
 * 10 of 30, B 206 and 2 of 8, C 186, D 212 of 231):
 * all four features together, tuning 194 and 9 (en-gb-scotland lost two; decoding twice as slow);
 * `non-rhotic`, tuning 197 and 10, B 205 and 4; `th-stopping`, tuning 197 and 9, B 206 and 1, C 185,
 * D 210 (its Polish and Swedish voices lost one each). CMUdict's phones have no close-mid
 * monophthongs or unrounded vowels to say an accent's own vowels with, and a variant that is
 * near another word's pronunciation costs as many commands as it wins. The held-out sets were not
 * measured with them.
 */
export const ACCENTS: readonly AccentFeature[] = [];

/**
 * Frequency warps the command grammar is decoded with (see PocketsphinxOptions.warps): 1, the
 * audio as it is, and 1.2, its spectrum squeezed by a fifth (`-warp_type inverse_linear`), about
 * the difference between the shorter vocal tracts of most women and children and the adult male
 * voices that dominate the en-us model's training speech. The warp whose decode scores best per
 * frame (the decoder's own total, acoustic and grammar) is kept for the utterance — the classic
 * maximum-likelihood choice of warp, made per utterance since one recording is all the CLI has.
 * Chosen on the recogniser bench's tuning sets (600 commands, 44 other sentences): warp 1 alone
 * 547 understood, 1.2 alone 540 (female voices up, male voices down), choosing per utterance
 * 555 (an oracle choosing the right warp: 563), with 12 other sentences taken for a command
 * against 11; 1.2 was picked for 280 of 644 clips, mostly the female voices. A margin in favour
 * of warp 1 did no better, nor did a third warp of 0.9 (559 against 560 with the grammar's
 * later wordings). Costs a second decode of the grammar (the grammar itself is built once).
 * More warps do not pay: with 0.9, 1.1 and 1.3 decoded as well (one-off script, the grammar's
 * commands by the transcript each decode chose, before the checks below), tuning's 198 commands
 * gave 194 either way and tuning D's 231 (MBROLA voices) 212 either way, by the best score or by a
 * majority of the decodes; even an oracle taking whichever decode was right reached only 197 and
 * 214: what is still misheard is misheard at every warp.
 */
export const WARP_FACTORS: readonly number[] = [1, 1.2];

/** An extra grammar decode of the audio played slower (see LOWERED_DECODE). */
export interface LoweredDecode {
  /** Every frequency (pitch and formants) multiplied by this, 0 < factor < 1; the tempo with it. */
  factor: number;
  /** The frequency warp of that decode. */
  warp: number;
  /** How much better per frame (the decoder's total) than the warps' best it must score to be taken. */
  margin: number;
}

/**
 * For a child's voice, or another very high one: the audio also decoded by the grammar played
 * 0.84 times as fast (three semitones lower, pitch and formants together, and a fifth slower), at
 * warp 1.2, and taken in place of the warps' best only when it scores 10 better per frame. A
 * frequency warp moves the formants but not the pitch: espeak-ng's "zac" variant (pitched at
 * 240-390 Hz, formants a child's) was understood in 8 of the first set's 33 commands with the two
 * warps, 13 with a third warp of 1.45, and 33 with the audio lowered first (sox, a one-off).
 * Chosen with one-off scripts on the tuning sets (first, B, C: 600 commands, 44 other sentences)
 * and 21 espeak-ng voice variants saying the first set's 33 commands (693 clips; the variants
 * were split in two halves of 37 and 38 first, these 21 from the first, the second held out),
 * comparing the grammar decodes' commands clip for clip (tuning / variants, from 586 / 506
 * without it): taken whenever it scored better, 573 / 527 and 2 more other sentences taken for
 * commands; with a margin of 4, 8, 10 and 15, 581 / 543, 587 / 538,
 * 588 / 542 and 587 / 524, and from 8 up no more other sentences. Lowered at warp 1 instead
 * (588 / 529), or at both warps (588 / 540), did no better. Costs a third grammar decode of every
 * command.
 */
export const LOWERED_DECODE: LoweredDecode = { factor: 0.84, warp: 1.2, margin: 10 };

/** 16-bit PCM bytes with every frequency lowered by `factor` (wav.ts's lowered). */
function lowerPcm(pcm: Buffer, factor: number): Buffer {
  const out = lowered(new Int16Array(pcm.buffer, pcm.byteOffset, pcm.byteLength / 2), factor);
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** The prepared audio of one utterance, the frequency warp its decodes use, and whether it was recorded in noise. */
interface Speech {
  pcm: Buffer;
  warp: number;
  noisy: boolean;
  /** How much its frequencies were lowered (LOWERED_DECODE); 1 as recorded. */
  factor: number;
}

/** Words of a command that say what it acts on, not what it does. */
const OBJECT_WORDS: ReadonlySet<string> = new Set(['that', 'this', 'them', 'these', 'those', 'please', 'thanks', 'thank', 'email', 'emails', 'message', 'messages', 'selected', 'everything']);

/** A word heard freely spelled at least this much like one of the command's ("thrash" 0.83 for "trash"; "believe" 0.57 for "delete", "smash" 0.6 for "trash"). */
const COMMAND_WORD_SPELLING = 0.7;

/** Whether `free` has a word of `transcript` that says what the command does ("delete", "trash", "archive", "send"), or one spelled like it. */
function sharesCommandWord(transcript: string, free: string): boolean {
  const heard = free.split(' ');
  return transcript.split(' ').some((word) => word.length >= 4 && !OBJECT_WORDS.has(word) && heard.some((h) => spellingSimilarity(h, word) >= COMMAND_WORD_SPELLING));
}

/** The recogniser is not installed or its model is missing. */
export class SpeechUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpeechUnavailableError';
  }
}

/** The decoder failed or took too long; nothing was recognised. */
export class SpeechDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpeechDecodeError';
  }
}

/** One recognised word with its place in the audio, in seconds. */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/** Silences and the model's fillers (its noisedict: [NOISE], and [SPEECH] for speech it could not place). */
const NOT_WORDS = new Set(['<s>', '</s>', '<sil>', '(NULL)', '[NOISE]', '[SPEECH]', '[BREATH]', '[COUGH]', '[SMACK]', '[UH]', '[UM]']);

/** Frames per second of PocketSphinx's front end (`-frate`, 100 by default). */
const FRAME_RATE = 100;

/**
 * `-hypseg` output, one line per utterance: `uttid S startFrame T totalScore A acousticScore L
 * languageScore` and then, per word, `startFrame acousticScore languageScore word`, and the end
 * frame. Fillers and silences are left out; alternate pronunciations "word(2)" are the word.
 */
export function parseSegmentation(stdout: string): TimedWord[] {
  return parseDecode(stdout).words;
}

/** One decode's words, the best path's acoustic score (log base 1.0001, as Sphinx keeps it) and its length in frames. */
export interface Decoded {
  words: TimedWord[];
  acoustic: number;
  /** The best path's total score: acoustic and language (the grammar's or the language model's). */
  total: number;
  frames: number;
}

export function parseDecode(stdout: string): Decoded {
  const words: TimedWord[] = [];
  const line = stdout.split('\n').find((l) => / S -?\d+ T -?\d+ A -?\d+ L -?\d+/.test(l));
  if (!line) return { words, acoustic: 0, total: 0, frames: 0 };
  const tokens = line.trim().split(/\s+/);
  const acoustic = Number(tokens[tokens.indexOf('A') + 1]);
  const total = Number(tokens[tokens.indexOf('T') + 1]);
  let at = tokens.indexOf('L') + 2;
  const timed: { word: string; start: number }[] = [];
  while (at + 3 < tokens.length) {
    timed.push({ start: Number(tokens[at]), word: tokens[at + 3] as string });
    at += 4;
  }
  const endFrame = Number(tokens[at] ?? timed.at(-1)?.start ?? 0);
  timed.forEach((entry, i) => {
    const word = entry.word.replace(/\(\d+\)$/, '');
    if (NOT_WORDS.has(word)) return;
    const end = (timed[i + 1]?.start ?? endFrame) / FRAME_RATE;
    words.push({ word, start: entry.start / FRAME_RATE, end });
  });
  return { words, acoustic: Number.isFinite(acoustic) ? acoustic : 0, total: Number.isFinite(total) ? total : 0, frames: Number.isFinite(endFrame) ? endFrame : 0 };
}

/**
 * The grammar's word insertion penalty (`-wip`, the decoder's default 0.65): the lower, the more
 * each word costs a path. Commands are a few words; the grammar's loop of ordinary words
 * explains speech with many short ones, and said unclearly a command came back as a few of
 * those. Chosen on the recogniser bench's tuning sets (600 commands, 44 other sentences):
 * commands understood / carried out without a question / other sentences acted on were 569 /
 * 510 / 13 at 0.65, 576 / 515 / 13 at 0.2, 575 / 515 / 13 at 0.1 and 573 / 512 / 9 at 0.05;
 * at 0.35, 574 / 515 / 12.
 */
export const GRAMMAR_WORD_INSERTION = 0.2;

/**
 * The grammar's language weight (`-lw`): how much its paths count against the acoustics (the
 * decoder's default 6.5). 10 was chosen on the three espeak-ng tuning sets. With tuning D's
 * MBROLA voices and accents as well (831 commands, 74 other sentences), 8 did a little better
 * there — understood / without a question / other sentences acted on 791 / 722 / 25 against 789
 * / 719 / 26 at 10 — but not held out (590 of the espeak-ng sets' 648 against 593, held-out D 224
 * of 246 against 223, one more other sentence acted on in two sets), so 10 stays.
 */
export const GRAMMAR_LANGUAGE_WEIGHT = 10;

/**
 * Grammar decoder settings, measured on the recogniser bench's tuning voices (never the held-out
 * ones): the language weight and word insertion penalty above, and no dither of its own
 * (frontend.ts adds a realistic noise floor instead).
 */
const DECODER_SETTINGS = ['-lw', String(GRAMMAR_LANGUAGE_WEIGHT), '-wip', String(GRAMMAR_WORD_INSERTION)];

/**
 * Dictation's decoder settings (Voice Reply): the decoder's own defaults. On the two dictation
 * tuning sets (915 words) they gave 55.8 % word errors; every change tried did worse: language
 * weight 4, 5, 8, 10 or 12 (58.0 to 81.4 %), word insertion penalty 0.2 or 2, wider beams, no
 * flat pass, no best-path search (56.0 to 59.3 %), and decoding at the commands' two warps
 * (WARP_FACTORS) keeping the one that scores better per frame (60.2 % by the total score, 60.7 %
 * by the acoustic score alone; the female voices did worse too, and it took twice as long).
 */
const DICTATION_SETTINGS: readonly string[] = [];

/** Flag-value pairs with `overrides`' values in place of `defaults'` (the decoder refuses a flag given twice). */
export function overridden(defaults: readonly string[], overrides: readonly string[]): string[] {
  const values = new Map<string, string>();
  for (const list of [defaults, overrides]) {
    if (list.length % 2 !== 0) throw new Error(`decoder arguments come in flag-value pairs: ${list.join(' ')}`);
    for (let i = 0; i < list.length; i += 2) values.set(list[i] as string, list[i + 1] as string);
  }
  return [...values].flat();
}

/**
 * How many of each codebook's Gaussians the acoustic model scores per frame (`-topn`), in every
 * decode: the model's default of 4 is set for speed; 8 scores the frame more exactly. Chosen on
 * the recogniser bench's tuning sets (600 commands, 44 other sentences): 4 gave 560 understood
 * and 13 other sentences acted on; 8 in the grammar's decodes 563 and 13; 8 in every decode
 * (the language model's checks too) 564 and 11; 16 in the grammar's 562 and 13. Wider search
 * beams (1e-80, word exits 1e-60) were tried too and did no better (190 against 191 on the first
 * set), nor did listening for the command words in other accents (non-rhotic, dropped H, TH said
 * as T: 558 and 14). Costs decode time: see the README's real-time factors.
 */
export const TOP_GAUSSIANS = 8;

/**
 * Whether the decoder's spectral subtraction runs (`-remove_noise`, on by default): it keeps a
 * running estimate of each mel band's noise level and subtracts it from every frame. Here it runs
 * for a recording made in a room with noise of its own (NOISY_FLOOR_DBFS), not for a noiseless
 * one, in every decode of that recording.
 *
 * Noiseless (synthesised speech, or a microphone whose driver gates silence to zero), the audio
 * reaches the decoder cut to the speech over frontend.ts's steady, quiet floor, and subtraction
 * only distorts it: on the recogniser bench's tuning sets (600 commands, 44 other sentences),
 * with it on for every recording and off: 566 and 569 commands understood, 503 and 510 carried
 * out without a question, 11 and 13 other sentences acted on; dictation's word error rate on the
 * tuning sentences 63.4 % and 57.3 %. In a room's noise it helps: in a loud room (pink noise about
 * 14 dB under the speech; SPOKEN_TUNING_LOUD, 126 commands) 114 understood with it against 109
 * without; in a quiet office's hum (27-32 dB under; tuning B's and C's three such voices, 132
 * commands) 127 against 126, and dictation's word error rate in one (tuning B's) 32.5 % against
 * 35.9 %. Chosen on the tuning sets; the held-out figures are in the README.
 */
export const REMOVE_NOISE: boolean | 'when-noisy' = 'when-noisy';

/**
 * A recording has noise of its own when the room's level around the speech (noiseFloorDb) is
 * above this: within 5 dB of the floor frontend.ts adds under everything (-60 dBFS), so that the
 * room is a good part of the noise the decoder hears. Real microphones in quiet rooms are at -55
 * to -65 dBFS, the bench's hum at -58 to -60 and its loud rooms at about -44; synthesised speech
 * far below (the bench's clean voices: -71 to -97, the breathy ones highest).
 */
export const NOISY_FLOOR_DBFS = -65;

export class PocketsphinxRecognizer implements SpeechRecognizer {
  readonly binary: string;
  readonly modelDir: string;
  private readonly timeoutMs: number;
  private readonly limit: ReturnType<typeof pLimit>;
  private readonly grammars = new Map<string, Promise<{ jsgf: string; dict: string }>>();
  private readonly secondLookDistance: number;
  private readonly trace: ((event: RecognitionTrace) => void) | undefined;
  private readonly grammarOptions: NonNullable<PocketsphinxOptions['grammar']>;
  private readonly freeParseConfidence: number;
  private readonly checkPolite: boolean;
  private readonly warps: readonly number[];
  private readonly lowered: LoweredDecode | null;
  private readonly topGaussians: number;
  private readonly removeNoise: boolean | 'when-noisy';
  private readonly keptSilence: KeptSilence;
  private readonly accents: readonly AccentFeature[];
  private readonly speechPeakDb: number;
  private readonly letterToSound: LetterToSound | null;
  /** DECODER_SETTINGS with the options' grammarArgs in place: worked out once, checked at construction. */
  private readonly grammarSettings: readonly string[];
  /** DICTATION_SETTINGS with the options' dictationArgs in place. */
  private readonly dictationSettings: readonly string[];

  constructor(options: PocketsphinxOptions = {}) {
    this.binary = options.binary ?? '/usr/bin/pocketsphinx_batch';
    this.modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.secondLookDistance = options.secondLookDistance ?? SECOND_LOOK_DISTANCE;
    this.trace = options.trace;
    this.grammarOptions = options.grammar ?? {};
    this.freeParseConfidence = options.freeParseConfidence ?? FREE_PARSE_CONFIDENCE;
    this.checkPolite = options.checkPolite ?? true;
    this.warps = options.warps?.length ? options.warps : WARP_FACTORS;
    this.lowered = options.lowered === undefined ? LOWERED_DECODE : options.lowered;
    this.topGaussians = options.topGaussians ?? TOP_GAUSSIANS;
    this.keptSilence = options.keptSilence ?? KEPT_SILENCE;
    this.accents = options.accents ?? ACCENTS;
    this.speechPeakDb = options.speechPeakDb ?? SPEECH_PEAK_DBFS;
    this.removeNoise = options.removeNoise ?? REMOVE_NOISE;
    this.letterToSound = options.letterToSound === undefined ? new EspeakLetterToSound() : options.letterToSound;
    this.grammarSettings = overridden(DECODER_SETTINGS, options.grammarArgs ?? []);
    this.dictationSettings = overridden(DICTATION_SETTINGS, options.dictationArgs ?? []);
    this.limit = pLimit(options.concurrency ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)));
  }

  private get acousticModel() {
    return path.join(this.modelDir, 'en-us');
  }
  private get languageModel() {
    return path.join(this.modelDir, 'en-us.lm.bin');
  }
  private get dictionaryFile() {
    return path.join(this.modelDir, 'cmudict-en-us.dict');
  }

  async availability(): Promise<SpeechAvailability> {
    const missing: string[] = [];
    try {
      await fs.access(this.binary, fs.constants.X_OK);
    } catch {
      missing.push(this.binary);
    }
    for (const file of [path.join(this.acousticModel, 'mdef'), this.languageModel, this.dictionaryFile]) {
      try {
        await fs.access(file, fs.constants.R_OK);
      } catch {
        missing.push(file);
      }
    }
    if (missing.length === 0) return { available: true };
    return { available: false, reason: `offline speech recognition is not installed (missing ${missing.join(', ')}); ${POCKETSPHINX_INSTALL_HINT}` };
  }

  async recognize(wav: Uint8Array, options: RecognizeOptions): Promise<Recognition> {
    const audio = readSpeechWav(wav, options.maxBytes);
    const availability = await this.availability();
    if (!availability.available) throw new SpeechUnavailableError(availability.reason);
    const heard = await this.recognizeAudio(audio, options);
    return isNarrowband(audio.pcm) ? { ...heard, narrowband: true } : heard;
  }

  private async recognizeAudio(audio: DecodedAudio, options: RecognizeOptions): Promise<Recognition> {
    const { pcm: prepared, roomDb } = prepareForDecoding(audio.pcm, this.keptSilence, this.speechPeakDb);
    const plain: Speech = { pcm: Buffer.from(prepared.buffer, prepared.byteOffset, prepared.byteLength), warp: 1, factor: 1, noisy: roomDb > NOISY_FLOOR_DBFS };
    if (options.mode === 'dictation') {
      const { words } = await this.decodeWithLanguageModel(plain, this.dictationSettings);
      return { transcript: words.map((w) => w.word).join(' '), inGrammar: false, seconds: audio.seconds };
    }
    const categories = options.categories ?? [];
    const labels = options.labels ?? [];
    const { speech: pcm, words } = await this.decodeAtBestWarp(plain, categories, labels);
    if (words.length === 0) {
      // The grammar's search ended nowhere (it happens with a short word said fast): the language
      // model and the second look may still hear a command.
      const dictated = await this.decodeWithLanguageModel(pcm);
      const second = this.commandHeardFreely(dictated, categories) ?? (await this.secondLook(pcm, dictated, categories, labels));
      return { transcript: second ?? '', inGrammar: true, seconds: audio.seconds };
    }
    const free = (w: TimedWord) => w.word.startsWith(OUT_OF_GRAMMAR_PREFIX);
    const firstFree = words.findIndex(free);
    if (firstFree < 0) {
      const transcript = words.map((w) => w.word).join(' ');
      // Both checks compare with what the language model heard: decoded once, when one needs it.
      let freely: Promise<string> | null = null;
      const heardFreely = () => (freely ??= this.decodeWithLanguageModel(pcm).then((d) => d.words.map((w) => w.word).join(' ')));
      const check = await this.checkDestructive(heardFreely, transcript, categories);
      const disagreeing = check.doubtful ? null : await this.politeDisagrees(heardFreely, transcript, categories);
      // Not what the language model heard either: other speech, not understood, unless what it
      // heard reads clearly as a command of its own (commandHeardFreely's rule).
      if (disagreeing !== null) {
        const freely = this.commandHeardFreely(disagreeing, categories);
        return freely ? { transcript: freely, inGrammar: true, seconds: audio.seconds } : { transcript: disagreeing, inGrammar: false, seconds: audio.seconds };
      }
      return { transcript, inGrammar: true, seconds: audio.seconds, ...check };
    }
    // Out of the grammar (no command words at all), or a search trigger and then free words:
    // either way the language model says what the free words were.
    const dictated = await this.decodeWithLanguageModel(pcm);
    if (firstFree === 0) {
      const transcript = dictated.words.map((w) => w.word).join(' ');
      const second = this.commandHeardFreely(dictated, categories) ?? (await this.secondLook(pcm, dictated, categories, labels));
      return second ? { transcript: second, inGrammar: true, seconds: audio.seconds } : { transcript, inGrammar: false, seconds: audio.seconds };
    }
    const trigger = words.slice(0, firstFree);
    const triggerEnd = (trigger[trigger.length - 1] as TimedWord).end;
    const request = dictated.words.filter((w) => (w.start + w.end) / 2 > triggerEnd);
    return { transcript: [...trigger, ...request].map((w) => w.word).join(' '), inGrammar: true, seconds: audio.seconds };
  }

  /**
   * The language model, free to hear any words, sometimes hears a command the grammar put outside
   * (a wording the grammar does not list, or a sound its loop of other words explained more
   * cheaply): "this one is not important", heard freely as it was said. Its transcript is taken
   * when the parser reads it as a command with confidence at least `freeParseConfidence` — and,
   * as with the second look, never a destructive command, "yes" or a search that way: those
   * still need the grammar itself to hear them.
   */
  private commandHeardFreely(dictated: Decoded | string, categories: readonly string[]): string | null {
    const free = typeof dictated === 'string' ? dictated : dictated.words.map((w) => w.word).join(' ');
    if (this.freeParseConfidence > 1 || !free) return null;
    const parsed = parseVoiceCommand(free, WHOLE(categories));
    const taken = mayBeTakenFreely(parsed.intent) && parsed.confidence >= this.freeParseConfidence;
    this.trace?.({ stage: 'free-parse', free, intent: parsed.intent, confidence: parsed.confidence, taken });
    return taken ? free : null;
  }

  /**
   * A second look at speech the grammar put outside the commands. The loop of ordinary words is
   * cheap enough that a short command said fast or unclearly ("reply", "undo", "never mind")
   * often comes back as a few of them. So the audio is decoded once more against the commands
   * alone, and that command is taken when it *sounds like* what the language model heard freely:
   * the two transcripts' phones (CMUdict) at most `secondLookDistance` apart ("undo" and "and
   * good" 0.42; a sentence forced onto a command is further). The decoders' acoustic scores
   * were no use for this: across two decodes of the same audio they did not separate commands
   * from other speech on the bench's tuning voices. Only commands that are safe to carry out
   * unasked come back this way — never a destructive one, never "yes" (which answers a question
   * Mailroom asked) — so a wrong second look can only cause a harmless step; a destructive
   * command still needs the grammar itself to hear it.
   */
  private async secondLook(pcm: Speech, dictated: Decoded, categories: readonly string[], labels: readonly string[]): Promise<string | null> {
    if (this.secondLookDistance <= 0 || dictated.words.length === 0) return null;
    const forced = await this.decodeWithGrammar(pcm, categories, labels, 'commands-only');
    if (forced.words.length === 0) return null;
    const transcript = forced.words.map((w) => w.word).join(' ');
    const free = dictated.words.map((w) => w.word).join(' ');
    const intent = parseVoiceCommand(transcript, WHOLE(categories)).intent;
    const distance = await this.soundsApart(transcript, free);
    this.trace?.({ stage: 'second-look', transcript, free, intent, distance });
    if (intent === 'unknown' || DESTRUCTIVE_INTENTS.has(intent) || NOT_FROM_SECOND_LOOK.has(intent)) return null;
    return distance <= this.secondLookDistance ? transcript : null;
  }

  /**
   * A grammar always hears *some* command: speech that is none, or a command the model heard
   * badly, can come back as "delete it". So when what the grammar heard is destructive (archive,
   * trash, quarantine, send), the same audio is also transcribed with the language model, which
   * is free to hear anything; unless that transcript is the same command, or has it among its
   * closest commands and sounds like what the grammar heard (phones at most
   * POLITE_CHECK_DISTANCE apart), the recognition is `doubtful` and the product asks before acting. Measured on the recogniser
   * bench's tuning voices: an acoustic-score margin against the grammar without that command did
   * not separate right from wrong (a misheard "star it" scored 12 per frame better as "delete
   * it"); this check let no wrong destructive action through. Nor did a phone loop's score
   * (`-allphone` with the model's phone language model, weight 2) separate commands from other
   * speech the grammar forced onto one (one-off script on the tuning sets, November 30): per
   * frame over the whole utterance, tuning's right commands lay down to 34 below the loop and its
   * other sentences acted on at 15 to 45 below; by the word that fell furthest below it, tuning
   * and tuning B's right commands lay within 62 and 6 of their 14 wrong actions beyond, but tuning
   * C's right commands reached 73 and tuning D's accented ones 88, beyond all of D's 30 wrong ones.
   */
  private async checkDestructive(heardFreely: () => Promise<string>, transcript: string, categories: readonly string[]): Promise<Pick<Recognition, 'doubtful'>> {
    const intent = parseVoiceCommand(transcript, WHOLE(categories)).intent;
    if (intent === 'unknown' || !DESTRUCTIVE_INTENTS.has(intent)) return {};
    // Heard after a lead-in ("will you delete"): the lead-in gives the grammar somewhere to put
    // sounds that were not "delete" ("undo it" in held-out B's West Midlands voice, where the
    // language model heard "on delete" too). A destructive command heard like that is always
    // asked about.
    if (LEAD_INS.some((lead) => transcript.startsWith(`${lead} `))) return { doubtful: true };
    const free = await heardFreely();
    // The parser's closest commands to the free transcript are suggestions by wording, and an
    // unrelated word can have a destructive one among them ("three" is closest to "throw away"):
    // taken as agreement only when the two transcripts also sound alike and the free one has a
    // word of the command, or one spelled like it ("thrash it"): "no leave it", heard as "delete
    // that" by the grammar and "believe it" freely, whose phones are close, was carried out before.
    let agrees = parseVoiceCommand(free, WHOLE(categories)).intent === intent;
    if (!agrees && sharesCommandWord(transcript, free) && closestVoiceCommands(free, { categories }).some((hint) => hint.intent === intent)) {
      agrees = (await this.soundsApart(transcript, free)) <= POLITE_CHECK_DISTANCE;
    }
    this.trace?.({ stage: 'destructive-check', transcript, free, intent, agrees });
    return { doubtful: !agrees };
  }

  /**
   * The lead-ins and closings the grammar allows ("can you", "please", "for me") also give other
   * speech a way in: "can you believe how cold it is" comes back as "can you reply all for me
   * please", "please remember to buy some milk" as "please undo the delete for me". So a command
   * heard with a lead-in or a closing is taken only when the language model, free to hear
   * anything, heard that command too: its transcript sounds like the command's (phones at most
   * POLITE_CHECK_DISTANCE apart), parses as it or has it among its
   * closest commands; else it is other speech, not understood, and what the language model heard is
   * returned. Null when the command stands (or was said plainly: those are not checked).
   *
   * Most other speech still acted on passes here: of 71 other sentences traced on the tuning sets,
   * 26 were acted on, 17 of them agreed here at 0.42 to 0.70. Tightening this check does not pay:
   * against those 17 stand 140 right commands that agreed here (tuning C, the first 200 clips of
   * the first set written blind and the first 14 of tuning), and at 0.6 it would stop 7 of the 17
   * and lose 17 of the 140.
   * Three ways to tell such speech apart were measured and dropped too (one-off scripts, November
   * 30, tuning sets only): the language model's word posteriors (`-ctm`) are low even where it
   * heard the sentence word for word ("please pass the salt" at 0.06 to 0.32); comparing only the
   * command, without its lead-in and closing, with the closest stretch of the free transcript stops
   * 14 of the 17 at 0.6 but loses 55 of the 140; and the grammar's word timings (seconds per phone
   * over the utterance, their spread between words, a word whose every phone lasted the decoder's
   * minimum of three frames) put the 13 sentences acted on with every word in the grammar inside
   * the range of 658 right commands.
   */
  private async politeDisagrees(heardFreely: () => Promise<string>, transcript: string, categories: readonly string[]): Promise<string | null> {
    if (!this.checkPolite) return null;
    const polite = LEAD_INS.some((lead) => transcript.startsWith(`${lead} `)) || SPOKEN_CLOSINGS.some((closing) => transcript.endsWith(` ${closing}`));
    if (!polite) return null;
    const intent = parseVoiceCommand(transcript, WHOLE(categories)).intent;
    if (intent === 'unknown') return null;
    const free = await heardFreely();
    const distance = await this.soundsApart(transcript, free);
    // What the language model heard reads clearly as another command, one it may give
    // ("this one is not important" heard by the grammar as "please what is next", 0.7 apart):
    // that one was said. Not a destructive one: "please select it" was heard freely as "please
    // delete it", and the grammar's "select" stands.
    const other = parseVoiceCommand(free, WHOLE(categories));
    const saysOther = mayBeTakenFreely(other.intent) && other.intent !== intent && other.confidence >= FREE_PARSE_CONFIDENCE;
    // Else it agrees when it sounds like the command, is it, or is closest to it.
    const agrees = !saysOther && (distance <= POLITE_CHECK_DISTANCE || other.intent === intent || closestVoiceCommands(free, { categories }).some((hint) => hint.intent === intent));
    this.trace?.({ stage: 'polite-check', transcript, free, intent, agrees, distance });
    return agrees ? null : free;
  }

  /** How far apart two transcripts sound: their CMUdict phones' distance (0 the same, 1 nothing alike). */
  private async soundsApart(a: string, b: string): Promise<number> {
    const dictionary = await loadDictionary(this.dictionaryFile);
    const guesses = await this.guessesFor(`${a} ${b}`.split(' ').map((w) => w.replace(/^oog_/, '')), dictionary);
    return phoneDistance(phonesOf(a, dictionary, guesses), phonesOf(b, dictionary, guesses));
  }

  /** Letter-to-sound guesses for those of `words` the dictionary lacks (none without a letter-to-sound). */
  private async guessesFor(words: readonly string[], dictionary: PronouncingDictionary): Promise<ReadonlyMap<string, string>> {
    const missing = words.filter((w) => w && !dictionary.has(w));
    if (!this.letterToSound || missing.length === 0) return new Map();
    return this.letterToSound.guess(missing);
  }

  /** The full grammar's decode at each of `warps`; the best per frame, with the warp it used. */
  private async decodeAtBestWarp(plain: Speech, categories: readonly string[], labels: readonly string[]): Promise<Decoded & { speech: Speech }> {
    // Every decode is let finish (a failure of one is thrown once all are done), so none is still
    // running, or still to start, when the caller hears of the failure.
    const lowered = this.lowered;
    const candidates: Speech[] = [...this.warps.map((warp) => ({ ...plain, warp })), ...(lowered ? [{ ...plain, warp: lowered.warp, pcm: lowerPcm(plain.pcm, lowered.factor), factor: lowered.factor }] : [])];
    const settled = await Promise.allSettled(
      candidates.map(async (speech) => {
        const decoded = await this.decodeWithGrammar(speech, categories, labels, 'full');
        // A search that ended nowhere has no score: PocketSphinx then writes no line, or one with
        // a total of 0 (better than any real score) and varying frames from run to run, so taken
        // at its word an empty decode could win over a warp that heard a command, and which warp
        // went on to the language model changed between runs of the same audio.
        return { ...decoded, speech, perFrame: decoded.words.length > 0 && decoded.frames > 0 ? decoded.total / decoded.frames : -Infinity, margin: speech.factor === 1 ? 0 : (lowered?.margin ?? 0) };
      }),
    );
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const tries = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    // The first warp (the audio as it is) unless another scores better: with none scored, warp 1.
    // The lowered decode must beat the warps' best by its margin.
    const best = tries.reduce((a, b) => (b.perFrame - b.margin > a.perFrame ? b : a));
    if (tries.length > 1) this.trace?.({ stage: 'warp', scores: tries.map((t) => ({ warp: t.speech.warp, factor: t.speech.factor, perFrame: t.perFrame, transcript: t.words.map((w) => w.word).join(' ') })), chosen: best.speech.warp, factor: best.speech.factor });
    return best;
  }

  private async decodeWithGrammar(pcm: Speech, categories: readonly string[], labels: readonly string[], shape: 'full' | 'commands-only'): Promise<Decoded> {
    const { jsgf, dict } = await this.grammarFor(categories, labels, shape);
    return this.decode(pcm, ['-hmm', this.acousticModel, '-dict', 'grammar.dict', '-jsgf', 'grammar.gram', ...this.grammarSettings], { 'grammar.gram': jsgf, 'grammar.dict': dict });
  }

  private async decodeWithLanguageModel(pcm: Speech, settings: readonly string[] = []): Promise<Decoded> {
    return this.decode(pcm, ['-hmm', this.acousticModel, '-lm', this.languageModel, '-dict', this.dictionaryFile, ...settings], {});
  }

  /** The grammar and its dictionary for one user's names; the last few are kept. */
  private grammarFor(categories: readonly string[], labels: readonly string[], shape: 'full' | 'commands-only'): Promise<{ jsgf: string; dict: string }> {
    const key = JSON.stringify([categories, labels, shape]);
    let entry = this.grammars.get(key);
    if (!entry) {
      entry = (async () => {
        const grammar = commandGrammar({ ...this.grammarOptions, categories, labels, shape });
        const dictionary = await loadDictionary(this.dictionaryFile);
        // Guessed for the user's names only: the command set's own words are fixed (dictionary.ts).
        const guesses = await this.guessesFor([...categories, ...labels].flatMap((name) => spokenForms(name).flat()), dictionary);
        return { jsgf: grammar.jsgf, dict: grammarDictionary(grammar.words, dictionary, grammar.outOfGrammar, guesses, this.accents).text };
      })();
      if (this.grammars.size >= 16) this.grammars.delete(this.grammars.keys().next().value as string);
      this.grammars.set(key, entry);
      entry.catch(() => this.grammars.delete(key));
    }
    return entry;
  }

  /**
   * Runs one decode: files in a private directory, audio on stdin (the control file's one entry
   * is `/dev/stdin`: directory /dev, name stdin, no extension), a hard timeout. The audio itself
   * is never written: only the grammar, its dictionary and the words found are, and the
   * directory is removed whatever happens.
   */
  private decode({ pcm, warp, noisy }: Speech, args: string[], files: Record<string, string>): Promise<Decoded> {
    return this.limit(async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mailroom-speech-'));
      try {
        await fs.chmod(dir, 0o700);
        // The entry's start and end frames matter: given an end, the decoder reads that many
        // samples at once and decodes them as one whole utterance (cepstral mean of all of it, as
        // `-cmn batch` means). Without one it cannot seek a pipe to learn the length and falls
        // back to streaming, where the mean starts from the model's defaults — on the bench's
        // tuning voices that alone cost a third of the commands (the grammar search then often
        // ends nowhere and finds nothing).
        const frames = Math.ceil(pcm.length / 2 / (SPEECH_SAMPLE_RATE / FRAME_RATE));
        const all = { ...files, 'audio.ctl': `stdin 0 ${frames}\n` };
        for (const [name, text] of Object.entries(all)) await fs.writeFile(path.join(dir, name), text, { mode: 0o600, flag: 'wx' });
        // The words found go to a file in the same private directory (a child's stdout is a
        // socket, which the decoder cannot open by name); it goes with the directory.
        await this.run(
          pcm,
          [
            ...args.map((a) => (a in files ? path.join(dir, a) : a)),
            ...(warp === 1 ? [] : ['-warp_type', 'inverse_linear', '-warp_params', String(warp)]),
            '-topn', String(this.topGaussians),
            '-remove_noise', this.removeNoise === true || (this.removeNoise === 'when-noisy' && noisy) ? 'yes' : 'no',
            '-samprate', String(SPEECH_SAMPLE_RATE),
            '-adcin', 'yes', '-cepdir', '/dev', '-cepext', '', '-ctl', path.join(dir, 'audio.ctl'),
            '-hypseg', path.join(dir, 'words.seg'), '-hyp', '/dev/null',
            '-logfn', process.env.SPEECH_DEBUG_LOG ?? '/dev/null',
          ],
          dir,
        );
        return parseDecode(await fs.readFile(path.join(dir, 'words.seg'), 'utf8'));
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    });
  }

  private run(pcm: Buffer, args: string[], cwd: string): Promise<string> {
    return new Promise((resolve, reject) => {
      // Node gives a child a socket for stdin, and /dev/stdin cannot be opened on a socket
      // (ENXIO); `cat |` in between makes it a real pipe. The binary and its arguments are
      // passed as positional parameters, never interpolated into the shell text.
      const child = spawn('/bin/sh', ['-c', 'cat | exec "$0" "$@"', this.binary, ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let outBytes = 0;
      let err = '';
      let settled = false;
      const finish = (error: Error | null, value?: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(value as string);
      };
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(new SpeechDecodeError(`speech recognition took longer than ${Math.round(this.timeoutMs / 1000)} s and was stopped`));
      }, this.timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        outBytes += chunk.length;
        // A transcript of 30 s of speech is a few kilobytes; more is not a transcript.
        if (outBytes > 1_000_000) {
          child.kill('SIGKILL');
          finish(new SpeechDecodeError('the recogniser produced too much output'));
        } else out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (err.length < 4000) err += chunk.toString('utf8');
      });
      child.on('error', (error) => finish(new SpeechUnavailableError(`cannot run ${this.binary}: ${error.message}; ${POCKETSPHINX_INSTALL_HINT}`)));
      child.on('close', (code, signal) => {
        if (code === 0) finish(null, Buffer.concat(out).toString('utf8'));
        else finish(new SpeechDecodeError(`the recogniser failed (${signal ?? `exit ${code}`})${err ? `: ${err.trim().split('\n').slice(-2).join(' ')}` : ''}`));
      });
      // EPIPE if the decoder exits early: the close handler reports why.
      child.stdin.on('error', () => undefined);
      child.stdin.end(pcm);
    });
  }
}
