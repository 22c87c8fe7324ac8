/**
 * What the audio goes through before PocketSphinx sees it. Measured on synthesised speech (the
 * recogniser bench, tuning voices only), two things about silence decide most of the accuracy:
 *
 * 1. Digital silence (samples that are exactly or nearly zero) wrecks the decoder's cepstral mean
 *    normalisation: its log energies are far below anything the en-us model was trained on (real
 *    rooms), so the utterance mean — which PocketSphinx subtracts from every frame — is dragged
 *    away from the speech. Half a second of it before a command took command accuracy from 93 %
 *    to 62 %; `-dither` (±1 LSB) is far too little. So a noise floor like a quiet room's, white
 *    noise at NOISE_FLOOR_DBFS, is added under everything: real microphones already have one at
 *    this level or above, so for them it changes nothing audible. The noise comes from a fixed
 *    seed, so the same audio always decodes the same way.
 * 2. Long pauses before and after the words do the same, less badly, even with the noise floor:
 *    the recording is cut to where the speech is (frame energies against the loudest frame and
 *    the quietest tenth), keeping a little after the last word for its release.
 *
 * And because that floor is at a fixed level, quiet speech is first raised to an ordinary level
 * (SPEECH_PEAK_DBFS), so the floor lies as far under it as under any other.
 */
import { SPEECH_SAMPLE_RATE } from './wav.ts';

/** The added noise floor: a quiet room through a laptop microphone (-55 to -65 dBFS all measured alike). */
export const NOISE_FLOOR_DBFS = -60;
/** Speech is what is within this much of the loudest frame and clearly above the quietest ones. */
const SPEECH_BELOW_PEAK_DB = 35;
const SPEECH_ABOVE_FLOOR_DB = 8;
/** Kept before the first and after the last frame of speech, in seconds. */
export interface KeptSilence {
  lead: number;
  tail: number;
}
/**
 * Measured against other amounts on the recogniser bench's tuning sets: keeping 0.1 s before and
 * 0.25 s after lost 11 of tuning B's 210 commands (B's microphone opens early, in a room's
 * noise; the first set lost 2, tuning C 3), 0.2 s and 0.35 s lost 7 of B's, nothing before and
 * 0.08 s after 3 of B's and 1 of the first set's.
 */
export const KEPT_SILENCE: KeptSilence = { lead: 0.02, tail: 0.15 };

/** Samples in a 10 ms frame at SPEECH_SAMPLE_RATE. */
export const FRAME = Math.round(SPEECH_SAMPLE_RATE * 0.01);

/** Each whole 10 ms frame's level in dBFS (16-bit full scale; -150 for digital silence). */
export function frameLevels(samples: ArrayLike<number>): number[] {
  const frames = Math.floor(samples.length / FRAME);
  return Array.from({ length: frames }, (_, f) => {
    let sum = 0;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i++) sum += (samples[i] as number) ** 2;
    return 10 * Math.log10(Math.max(sum / FRAME, 1e-6) / 32768 ** 2);
  });
}

/**
 * Each 10 ms frame's level in dBFS, and the first and last frames of speech (those within
 * SPEECH_BELOW_PEAK_DB of the loudest frame and SPEECH_ABOVE_FLOOR_DB above the quietest tenth)
 * with the loudest frame's level.
 * No speech frames (null) when there are too few frames or nothing stands out.
 */
function speechFrames(pcm: Int16Array): { levels: number[]; speech: { first: number; last: number; peak: number } | null } {
  const levels = frameLevels(pcm);
  const frames = levels.length;
  if (frames < 3) return { levels, speech: null };
  const sorted = [...levels].sort((a, b) => a - b);
  const peak = sorted[sorted.length - 1] as number;
  const floor = sorted[Math.floor(sorted.length / 10)] as number;
  if (peak <= floor + SPEECH_ABOVE_FLOOR_DB) return { levels, speech: null };
  const threshold = Math.max(peak - SPEECH_BELOW_PEAK_DB, floor + SPEECH_ABOVE_FLOOR_DB);
  const first = levels.findIndex((db) => db >= threshold);
  let last = first;
  for (let f = frames - 1; f >= 0; f--) {
    if ((levels[f] as number) >= threshold) {
      last = f;
      break;
    }
  }
  return { levels, speech: { first, last, peak } };
}

type SpeechFrames = ReturnType<typeof speechFrames>;

/** Where the speech is, in samples, with `kept` around it ([0, length) when it cannot tell). */
function speechBounds({ speech }: SpeechFrames, length: number, kept: KeptSilence): { start: number; end: number } {
  if (!speech) return { start: 0, end: length };
  const start = Math.max(0, speech.first * FRAME - Math.round(kept.lead * SPEECH_SAMPLE_RATE));
  const end = Math.min(length, (speech.last + 1) * FRAME + Math.round(kept.tail * SPEECH_SAMPLE_RATE));
  return { start, end };
}

/** Frames outside the speech needed to tell the room's noise level: 0.1 s. */
const NOISE_FRAMES = 10;

/**
 * The room's noise level in dBFS: the level of the quieter quarter of the 10 ms frames before and
 * after the speech (what the microphone heard while no one spoke; the louder ones next to the
 * speech are often its breath and fading), or -Infinity when there is too little of that to tell
 * (a recording cut to the words). The quietest frames of the whole recording would not do: in a
 * sentence that fills it they are quiet speech, not the room.
 */
export function noiseFloorDb(pcm: Int16Array): number {
  return roomLevel(speechFrames(pcm));
}

function roomLevel({ levels, speech }: SpeechFrames): number {
  if (!speech) return -Infinity;
  const outside = [...levels.slice(0, speech.first), ...levels.slice(speech.last + 1)].sort((a, b) => a - b);
  if (outside.length < NOISE_FRAMES) return -Infinity;
  return outside[Math.floor(outside.length / 4)] as number;
}

/** A small, fast generator with a fixed seed (Marsaglia's xorshift32): the same noise every time. */
function xorshift32(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

/**
 * How loud the speech's loudest 10 ms frame is made, at least, before the floor goes under it
 * (dBFS; -Infinity leaves every recording at its own level). The floor is at a fixed level, so
 * without this a quiet recording (a microphone set low, or far from the mouth: the browser records
 * without automatic gain) reached the decoder with the floor close under its words: espeak-ng's
 * en-us at a twentieth of its amplitude (loudest frame about -39 dBFS) was 20 of the first tuning
 * set's 33 commands. Raising the quiet speech keeps the floor as far under it as under speech at
 * an ordinary level; a room's own noise is raised with it, so the decoder hears the same room
 * against the speech. -22 is just under the quietest loudest frame of any of the recogniser
 * bench's sets' speech (their noisy voices, about -17 to -22), so they are decoded as before.
 */
export const SPEECH_PEAK_DBFS = -22;
/** Most a quiet recording is raised by: beyond it, what stands out is more likely a click than a voice. */
const MOST_GAIN_DB = 40;

/**
 * The audio as the decoder should get it: cut to the speech, quiet speech raised (SPEECH_PEAK_DBFS),
 * over a quiet room's noise floor; and the level of the room it was recorded in (noiseFloorDb), from
 * the same frame levels, raised with the speech.
 */
export function prepareForDecoding(pcm: Int16Array, kept: KeptSilence = KEPT_SILENCE, speechPeakDb: number = SPEECH_PEAK_DBFS): { pcm: Int16Array; roomDb: number } {
  const frames = speechFrames(pcm);
  const { start, end } = speechBounds(frames, pcm.length, kept);
  const gainDb = Math.min(MOST_GAIN_DB, Math.max(0, speechPeakDb - (frames.speech?.peak ?? speechPeakDb)));
  const gain = 10 ** (gainDb / 20);
  const out = new Int16Array(end - start);
  const random = xorshift32(0x5eed);
  // Uniform noise with this RMS: amplitude a has RMS a / sqrt(3).
  const amplitude = 32768 * 10 ** (NOISE_FLOOR_DBFS / 20) * Math.sqrt(3);
  for (let i = 0; i < out.length; i++) {
    const value = (pcm[start + i] as number) * gain + (random() * 2 - 1) * amplitude;
    out[i] = Math.max(-32768, Math.min(32767, Math.round(value)));
  }
  return { pcm: out, roomDb: roomLevel(frames) + gainDb };
}
