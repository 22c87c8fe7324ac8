import { describe, expect, it } from 'vitest';
import { HIGH_BAND_HZ, highBandDb, isNarrowband, NARROWBAND_BELOW_DB } from './bandwidth.ts';
import { SPEECH_SAMPLE_RATE } from './wav.ts';

/**
 * A voiced sound (harmonics of 150 Hz, each 6 dB per octave quieter) up to `topHz`, `seconds` long,
 * its loudness rising and falling four times a second as syllables do; with `hiss`, a fricative
 * (noise from 4.5 to 7.5 kHz, ten times a second for 20 ms) as an "s" adds.
 */
function voiced(topHz: number, seconds = 1.5, hiss = false): Int16Array {
  const pcm = new Int16Array(Math.round(SPEECH_SAMPLE_RATE * seconds));
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  for (let i = 0; i < pcm.length; i++) {
    const t = i / SPEECH_SAMPLE_RATE;
    let value = 0;
    for (let hz = 150; hz <= topHz; hz += 150) value += Math.sin(2 * Math.PI * hz * t) * (150 / hz);
    const envelope = 0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t);
    let sample = 4000 * envelope * value;
    if (hiss && t % 0.1 < 0.02) for (let hz = 4500; hz <= 7500; hz += 97) sample += 300 * Math.sin(2 * Math.PI * hz * t + random() * Math.PI);
    pcm[i] = Math.max(-32768, Math.min(32767, Math.round(sample)));
  }
  return pcm;
}

describe('telephone-band audio', () => {
  it('is told from wideband speech by what it has above 4.8 kHz', () => {
    expect(HIGH_BAND_HZ).toBeGreaterThan(4000);
    // Wideband: the voice's harmonics to 7.5 kHz, with or without fricatives.
    expect(highBandDb(voiced(7500)) as number).toBeGreaterThan(NARROWBAND_BELOW_DB);
    expect(isNarrowband(voiced(7500, 1.5, true))).toBe(false);
    // A telephone's band (harmonics to 3.4 kHz), and an 8 kHz recording's (to 3.9 kHz).
    expect(highBandDb(voiced(3400)) as number).toBeLessThan(NARROWBAND_BELOW_DB - 20);
    expect(isNarrowband(voiced(3400))).toBe(true);
    expect(isNarrowband(voiced(3900))).toBe(true);
  });

  it('is not undone by one click: a single loud sample in a telephone-band recording', () => {
    const pcm = voiced(3400);
    pcm[8000] = 32767;
    expect(isNarrowband(pcm)).toBe(true);
  });

  it('cannot be told from a recording shorter than 0.2 s, nor from silence', () => {
    expect(highBandDb(voiced(3400, 0.15))).toBeNull();
    expect(isNarrowband(voiced(3400, 0.15))).toBe(false);
    expect(isNarrowband(new Int16Array(SPEECH_SAMPLE_RATE))).toBe(false);
  });
});
