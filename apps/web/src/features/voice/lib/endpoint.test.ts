import { describe, expect, it } from 'vitest';
import { Endpointer, meterLevel, type EndpointMode } from './endpoint';

// The recorder's end-pointer fed what a microphone would hand the AudioWorklet: 128-sample blocks
// at 48 kHz, each with its RMS level. Speech is made of syllables (180 ms loud, 70 ms of a
// consonant's or a pause's quiet), rooms of steady noise; a seeded generator keeps every run the same.

const RATE = 48_000;
const BLOCK = 128;

function noise(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state / 2_147_483_648) * 2 - 1;
  };
}

/** A recording, built piece by piece: `dbfs` is each piece's RMS level. */
class Microphone {
  readonly samples: number[] = [];
  private readonly random = noise(7);
  private readonly roomDbfs: number | null;
  constructor(roomDbfs: number | null) {
    this.roomDbfs = roomDbfs;
  }
  private add(seconds: number, dbfs: number | null): this {
    const room = this.roomDbfs === null ? 0 : 10 ** (this.roomDbfs / 20) * Math.sqrt(3);
    const level = dbfs === null ? 0 : 10 ** (dbfs / 20) * Math.sqrt(3);
    for (let i = 0; i < Math.round(seconds * RATE); i++) this.samples.push(this.random() * room + this.random() * level);
    return this;
  }
  /** Only the room. */
  quiet(seconds: number): this {
    return this.add(seconds, null);
  }
  /** Syllables whose loud part is at `dbfs`, for about `seconds`. */
  speech(seconds: number, dbfs: number): this {
    for (let t = 0; t < seconds; t += 0.25) this.add(0.18, dbfs).add(0.07, dbfs - 20);
    return this;
  }
  /** A click or a tap: `seconds` long at `dbfs`. */
  click(seconds: number, dbfs: number): this {
    return this.add(seconds, dbfs);
  }
  /** Digital zeros, as a microphone that is still opening gives. */
  zeros(seconds: number): this {
    for (let i = 0; i < Math.round(seconds * RATE); i++) this.samples.push(0);
    return this;
  }
  get seconds(): number {
    return this.samples.length / RATE;
  }
}

/** Feeds the recording block by block; when (in seconds) the end-pointer said to stop, and why, and whether speech was heard. */
function listen(mic: Microphone, mode: EndpointMode = 'command', blockSize = BLOCK): { stoppedAt: number | null; reason: string | null; heard: boolean } {
  const endpointer = new Endpointer(mode);
  for (let at = 0; at + blockSize <= mic.samples.length; at += blockSize) {
    let sum = 0;
    for (let i = at; i < at + blockSize; i++) sum += mic.samples[i]! ** 2;
    const reason = endpointer.push(Math.sqrt(sum / blockSize), blockSize, RATE);
    if (reason) return { stoppedAt: (at + blockSize) / RATE, reason, heard: endpointer.heardSpeech };
  }
  return { stoppedAt: null, reason: null, heard: endpointer.heardSpeech };
}

describe('when the recorder hears speech', () => {
  it('hears a microphone set low: speech 30-40 dB under an ordinary level, which a fixed threshold missed', () => {
    for (const loud of [-40, -45, -50]) {
      const mic = new Microphone(-75).quiet(0.8).speech(1.5, loud);
      const spoke = mic.seconds;
      mic.quiet(4);
      const result = listen(mic);
      expect(result.heard, `speech at ${loud} dBFS`).toBe(true);
      expect(result.reason).toBe('silence');
      // Not cut short, and ended a moment after the last word.
      expect(result.stoppedAt!).toBeGreaterThan(spoke + 1);
      expect(result.stoppedAt!).toBeLessThan(spoke + 1.5);
    }
  });

  it('takes neither a loud room’s noise nor its clicks and taps for speech, and hears speech over it', () => {
    const room = listen(new Microphone(-36).quiet(7));
    expect(room).toEqual({ stoppedAt: 6, reason: 'silence', heard: false });
    const taps = new Microphone(-65).quiet(0.3);
    for (let i = 0; i < 20; i++) taps.click(0.01, -20).quiet(0.14);
    taps.click(0.04, -10).quiet(4);
    expect(listen(taps).heard).toBe(false);

    const mic = new Microphone(-36).quiet(1).speech(1.5, -16);
    const spoke = mic.seconds;
    const result = listen(mic.quiet(4));
    expect(result.heard).toBe(true);
    expect(result.stoppedAt!).toBeGreaterThan(spoke + 1);
    expect(result.stoppedAt!).toBeLessThan(spoke + 1.5);
  });

  it('is not fooled by a microphone that opens with digital silence', () => {
    expect(listen(new Microphone(-50).zeros(0.4).quiet(7)).heard).toBe(false);
  });

  it('ends a command when the speaker stops, though a television talks on 30 dB under them', () => {
    const mic = new Microphone(-75).speech(1, -50).speech(1.5, -20);
    const spoke = mic.seconds;
    mic.speech(6, -50);
    const result = listen(mic);
    expect(result.reason).toBe('silence');
    expect(result.stoppedAt!).toBeGreaterThan(spoke + 1);
    expect(result.stoppedAt!).toBeLessThan(spoke + 1.5);
  });

  it('goes on listening to a quiet speaker after a knock on the microphone 30 dB louder than their words', () => {
    const mic = new Microphone(-75).quiet(0.5).speech(1, -45).click(0.02, -15).speech(2, -45);
    const spoke = mic.seconds;
    const result = listen(mic.quiet(4));
    expect(result.stoppedAt!).toBeGreaterThan(spoke + 1);
    expect(result.stoppedAt!).toBeLessThan(spoke + 1.5);
  });

  it('stops a command after 15 s in a room that never goes quiet, but lets a dictation go on', () => {
    const mic = new Microphone(-70).speech(20, -20);
    expect(listen(mic)).toMatchObject({ reason: 'limit', stoppedAt: 15 });
    expect(listen(mic, 'dictation').stoppedAt).toBeNull();
  });

  it('waits through a pause to think in a dictation, and not in a command', () => {
    const mic = new Microphone(-70).quiet(0.5).speech(2, -20).quiet(2).speech(2, -20);
    const spoke = mic.seconds;
    const dictation = listen(mic.quiet(4), 'dictation');
    expect(dictation.stoppedAt!).toBeGreaterThan(spoke + 2.3);
    expect(dictation.stoppedAt!).toBeLessThan(spoke + 2.8);
    expect(listen(mic).stoppedAt!).toBeLessThan(4);
  });

  it('decides the same whatever size of block the audio arrives in', () => {
    const mic = new Microphone(-65).quiet(0.5).speech(1.5, -45).quiet(3);
    const stops = [128, 441, 1024].map((size) => listen(mic, 'command', size).stoppedAt!);
    // Each stops at the end of the block in which its decision fell.
    expect(Math.max(...stops) - Math.min(...stops)).toBeLessThan(0.03);
  });

  it('counts a block with no level (a broken stream) as quiet', () => {
    const endpointer = new Endpointer('command');
    for (let i = 0; i < 100; i++) endpointer.push(Number.NaN, BLOCK, RATE);
    for (let i = 0; i < 400; i++) endpointer.push(i % 90 < 65 ? 0.1 : 0.01, BLOCK, RATE);
    expect(endpointer.heardSpeech).toBe(true);
  });
});

describe('the level meter', () => {
  it('shows levels on a decibel scale, so a microphone set low still moves it', () => {
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(10 ** (-30 / 20))).toBeCloseTo(0.5);
    expect(meterLevel(10 ** (-45 / 20))).toBeCloseTo(0.25);
    expect(meterLevel(10 ** (-70 / 20))).toBe(0);
    expect(meterLevel(0)).toBe(0);
    expect(meterLevel(Number.NaN)).toBe(0);
  });
});
