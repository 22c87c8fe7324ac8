/**
 * Recorded audio -> what the server's recogniser takes: 16 kHz mono 16-bit PCM in a RIFF/WAVE
 * file (Microsoft/IBM "Multimedia Programming Interface and Data Specifications 1.0": a RIFF
 * header, a 16-byte `fmt ` chunk for PCM, a `data` chunk).
 *
 * Microphones deliver 44.1 or 48 kHz. Going down to 16 kHz needs a low-pass filter below the new
 * Nyquist frequency (8 kHz) first, or everything between 8 kHz and the old Nyquist folds back
 * into the speech band as noise. The browser does both steps with its own audio engine: an
 * OfflineAudioContext at the recording's rate runs the samples through a cascade of low-pass
 * biquads (Web Audio's BiquadFilterNode, Audio EQ Cookbook filters), and a second one at 16 kHz
 * resamples the filtered signal.
 */
import { VOICE_SAMPLE_RATE } from '@mailroom/contract/promises';

/** Four second-order sections: about 48 dB per octave above the corner. */
const LOW_PASS_SECTIONS = 4;
/** Below 8 kHz (the 16 kHz Nyquist frequency), leaving the speech band (to ~7 kHz) as it is. */
const LOW_PASS_HZ = 7_000;

/** Joins recorded chunks into one buffer. */
export function concatenate(chunks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Samples at `rate` -> 16 kHz, filtered first (see above). */
export async function resampleTo16k(samples: Float32Array, rate: number): Promise<Float32Array> {
  if (samples.length === 0) return new Float32Array(0);
  if (rate === VOICE_SAMPLE_RATE) return samples;
  let signal = samples;
  if (rate > VOICE_SAMPLE_RATE) {
    const filtering = new OfflineAudioContext(1, samples.length, rate);
    const input = filtering.createBuffer(1, samples.length, rate);
    input.copyToChannel(samples as Float32Array<ArrayBuffer>, 0);
    const source = filtering.createBufferSource();
    source.buffer = input;
    let node: AudioNode = source;
    for (let i = 0; i < LOW_PASS_SECTIONS; i++) {
      const filter = filtering.createBiquadFilter();
      filter.type = 'lowpass';
      filter.frequency.value = LOW_PASS_HZ;
      node.connect(filter);
      node = filter;
    }
    node.connect(filtering.destination);
    source.start();
    signal = (await filtering.startRendering()).getChannelData(0);
  }
  const frames = Math.max(1, Math.round((signal.length * VOICE_SAMPLE_RATE) / rate));
  const resampling = new OfflineAudioContext(1, frames, VOICE_SAMPLE_RATE);
  const buffer = resampling.createBuffer(1, signal.length, rate);
  buffer.copyToChannel(signal as Float32Array<ArrayBuffer>, 0);
  const source = resampling.createBufferSource();
  source.buffer = buffer;
  source.connect(resampling.destination);
  source.start();
  return (await resampling.startRendering()).getChannelData(0);
}

/** 16 kHz mono float samples (-1..1) -> a 16-bit PCM WAV file. */
export function encodeWav(samples: Float32Array, rate: number = VOICE_SAMPLE_RATE): Blob {
  const dataBytes = samples.length * 2;
  const view = new DataView(new ArrayBuffer(44 + dataBytes));
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // PCM fmt chunk size
  view.setUint16(20, 1, true); // format 1: PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] as number));
    view.setInt16(44 + i * 2, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return new Blob([view.buffer], { type: 'audio/wav' });
}

/** Size of the WAV encodeWav makes for `seconds` of 16 kHz audio (the 30 s cap is under 1 MB). */
export function wavBytes(seconds: number): number {
  return 44 + Math.ceil(seconds * VOICE_SAMPLE_RATE) * 2;
}
