/**
 * Whether a recording carries the speech's sound above 4 kHz, or only a telephone's band (up to
 * about 3.4 kHz): what a Bluetooth headset sends in call mode (HFP with CVSD, 8 kHz sampling), or
 * a WAV made at 8 kHz. The en-us acoustic model learnt from wideband speech, and on telephone-band
 * audio it hears far fewer commands (the README's voice section), so the user is told why.
 *
 * The measure: the speech's loudest sound above HIGH_BAND_HZ against its loudest sound overall,
 * both over 10 ms frames. Wideband speech has its fricatives and bursts there ("s", "f", "t", the
 * "x" of "inbox"), and even its vowels' upper formants; a telephone band has nothing there but
 * the filter's leak and the recording's own noise.
 */
import { FRAME, frameLevels } from './frontend.ts';
import { SPEECH_SAMPLE_RATE } from './wav.ts';

/** The band a telephone does not carry: a telephone's passband ends at 3.4 kHz, an 8 kHz recording's at 4 kHz. */
export const HIGH_BAND_HZ = 4800;
/**
 * A recording whose loudest high-band sound is further than this under its loudest sound is taken
 * for telephone-band audio. Chosen with a one-off script on the recogniser bench's tuning sets (the
 * first set, B, C, loud and quiet: 397 recordings, every third phrasing of each voice), then checked
 * on the held-out sets (361): as synthesised, each recording lay between -38 and -8 dB (the lowest
 * are short words with no "s" or "t" in them, "never mind", "reply all"), and cut to 7 kHz (a
 * headset's wideband call mode) between -41 and -9; cut to 3.4 kHz, to 300-3400 Hz, or resampled to
 * 8 kHz and back, between -90 and -52 (the highest are the quiet sets', whose 16-bit floor is
 * close under their speech).
 */
export const NARROWBAND_BELOW_DB = -45;

/** One second-order section's coefficients (normalised so a0 = 1). */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** A high-pass section at `hz` with quality `q` (R. Bristow-Johnson's Audio EQ Cookbook). */
function highPass(hz: number, q: number, sampleRate: number): Biquad {
  const w0 = (2 * Math.PI * hz) / sampleRate;
  const alpha = Math.sin(w0) / (2 * q);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  return { b0: (1 + cos) / 2 / a0, b1: -(1 + cos) / a0, b2: (1 + cos) / 2 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

/**
 * An 8th-order Butterworth high-pass as four sections (their Qs are 1 / (2 sin((2k-1)π/16))),
 * applied twice: a telephone band's top (3.4 kHz) comes out 48 dB down and an 8 kHz recording's
 * (3.8 kHz) 32 dB down (6 dB at HIGH_BAND_HZ itself), so what leaks from the strong band under
 * them stays far under a wideband recording's high sounds. Once only and at 4.5 kHz, recordings
 * resampled to 8 kHz and back reached -37 dB, among the wideband ones.
 */
const BUTTERWORTH_8 = [1, 3, 5, 7].map((k) => highPass(HIGH_BAND_HZ, 1 / (2 * Math.sin((k * Math.PI) / 16)), SPEECH_SAMPLE_RATE));
const HIGH_PASS = [...BUTTERWORTH_8, ...BUTTERWORTH_8];

function filtered(pcm: Int16Array, sections: readonly Biquad[]): Float64Array {
  const out = Float64Array.from(pcm);
  for (const { b0, b1, b2, a1, a2 } of sections) {
    // Direct form I, one section over the whole signal at a time.
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < out.length; i++) {
      const x = out[i] as number;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
  }
  return out;
}

/** The level `share` of the way up `values` (0: the quietest, 1: the loudest). */
function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] as number;
}

/** Shorter than this (0.2 s), a recording cannot tell. */
const FEWEST_FRAMES = 20;

/**
 * The recording's loudest high-band sound (above HIGH_BAND_HZ) against its loudest sound, in dB
 * (0 or less); null when the recording is too short to tell. "Loudest" is the 98th percentile of
 * the 10 ms frames' levels, so one click does not decide it. `pcm` is at SPEECH_SAMPLE_RATE.
 */
export function highBandDb(pcm: Int16Array): number | null {
  if (pcm.length < FRAME * FEWEST_FRAMES) return null;
  const high = filtered(pcm, HIGH_PASS);
  return Math.min(0, percentile(frameLevels(high), 0.98) - percentile(frameLevels(pcm), 0.98));
}

/** Whether the recording carries only a telephone's band (nothing to speak of above 4 kHz). */
export function isNarrowband(pcm: Int16Array): boolean {
  const db = highBandDb(pcm);
  return db !== null && db < NARROWBAND_BELOW_DB;
}
