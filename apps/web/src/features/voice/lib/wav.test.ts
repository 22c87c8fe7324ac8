import { describe, expect, it } from 'vitest';
import { encodeWav, wavBytes } from './wav';

describe('the recording as the server takes it', () => {
  it('is a 16 kHz mono 16-bit PCM WAV the size the 30 s limit was worked out from', async () => {
    const samples = Float32Array.from({ length: 1600 }, (_, i) => Math.sin(i / 5) * 0.5);
    const blob = encodeWav(samples);
    expect(blob.type).toBe('audio/wav');
    const view = new DataView(await blob.arrayBuffer());
    const text = (at: number, length: number) => String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(at + i)));
    expect(text(0, 4)).toBe('RIFF');
    expect(text(8, 4)).toBe('WAVE');
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(3200);
    expect(blob.size).toBe(wavBytes(0.1));
    // 30 s is under the 1 MB the server accepts.
    expect(wavBytes(30)).toBeLessThan(1_048_576);
  });

  it('clips what is louder than full scale instead of wrapping round', async () => {
    const view = new DataView(await encodeWav(Float32Array.from([2, -2, 0])).arrayBuffer());
    expect(view.getInt16(44, true)).toBe(32767);
    expect(view.getInt16(46, true)).toBe(-32768);
    expect(view.getInt16(48, true)).toBe(0);
  });
});
