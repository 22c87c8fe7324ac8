/**
 * Uploaded audio -> the 16 kHz mono 16-bit PCM the recogniser decodes. The RIFF/WAVE container
 * (Microsoft/IBM "Multimedia Programming Interface and Data Specifications 1.0", 1991) is read by
 * the `wavefile` library, which walks the chunks properly (fmt, data, LIST, fact in any order) and
 * decodes PCM 8–32 bit, IEEE float, A-law and mu-law (and converts depth and rate). Anything else is refused with a clear
 * message; other rates, channel counts and depths are converted.
 */
import { VOICE_MAX_BYTES, VOICE_MAX_SECONDS, VOICE_SAMPLE_RATE } from '@mailroom/contract';
import wavefilePackage from 'wavefile';

const { WaveFile } = wavefilePackage;

/** The caps on one recording (promises.ts): at most 30 s and 1 MB (1,048,576 bytes) of WAV. */
export const SPEECH_MAX_BYTES = VOICE_MAX_BYTES;
export const SPEECH_MAX_SECONDS = VOICE_MAX_SECONDS;
export const SPEECH_SAMPLE_RATE = VOICE_SAMPLE_RATE;
/**
 * The cap on a WAV file read from disk by `mailroom voice recognize`: 32 MB, which holds 30 s of
 * 96 kHz stereo 32-bit audio. The 1 MB cap is on what a browser sends (30 s of 16 kHz mono 16-bit
 * fits in it); a recording from another program, say 48 kHz stereo, passes 1 MB in under 6 s.
 * The 30 s cap holds for both.
 */
export const SPEECH_FILE_MAX_BYTES = 32 * 1024 * 1024;

/** The audio was refused: the message says why, in terms a person can act on. */
export class SpeechInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SpeechInputError';
  }
}

export interface DecodedAudio {
  /** 16 kHz mono signed 16-bit little-endian samples. */
  pcm: Int16Array;
  seconds: number;
  /** What was converted, e.g. "44100 Hz -> 16000 Hz, 2 channels -> mono": for logs and tests. */
  conversions: string[];
}

interface WaveFormat {
  audioFormat: number;
  numChannels: number;
  sampleRate: number;
  bitsPerSample: number;
}

/** Format codes from the RIFF spec and RFC 2361: PCM, IEEE float, A-law, mu-law, extensible. */
const SUPPORTED_FORMATS = new Map([
  [1, 'PCM'],
  [3, 'IEEE float'],
  [6, 'A-law'],
  [7, 'mu-law'],
  [0xfffe, 'PCM'],
]);

/** `maxBytes`: SPEECH_MAX_BYTES for what a browser sends, SPEECH_FILE_MAX_BYTES for a file on disk. */
export function readSpeechWav(bytes: Uint8Array, maxBytes: number = SPEECH_MAX_BYTES): DecodedAudio {
  if (bytes.byteLength === 0) throw new SpeechInputError('the audio is empty');
  if (bytes.byteLength > maxBytes) {
    throw new SpeechInputError(`the audio is larger than ${maxBytes.toLocaleString('en-US')} bytes (${maxBytes / 1024 / 1024} MB), the limit`);
  }
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(12, bytes.byteLength)).toString('latin1');
  if (head.slice(0, 4) !== 'RIFF' || head.slice(8, 12) !== 'WAVE') {
    throw new SpeechInputError('the audio is not a WAV file (no RIFF/WAVE header); send 16 kHz mono 16-bit WAV');
  }
  const wav = new WaveFile();
  try {
    wav.fromBuffer(bytes instanceof Buffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new SpeechInputError(`the WAV file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  // A copy: the conversions below rewrite the header object in place.
  const format = { ...(wav.fmt as WaveFormat) };
  const kind = SUPPORTED_FORMATS.get(format.audioFormat);
  if (!kind) throw new SpeechInputError(`the WAV audio format ${format.audioFormat} is not supported; send PCM (16 kHz mono 16-bit)`);
  if (!(format.numChannels >= 1 && format.numChannels <= 8)) throw new SpeechInputError(`the WAV file has ${format.numChannels} channels; 1 to 8 are accepted`);
  if (!(format.sampleRate >= 8000 && format.sampleRate <= 192_000)) throw new SpeechInputError(`the WAV sample rate ${format.sampleRate} Hz is not supported; send 16000 Hz`);
  const bytesPerFrame = Math.max(1, Math.ceil(format.bitsPerSample / 8)) * format.numChannels;
  // A WAV written to a pipe (`espeak-ng --stdout`, sox or ffmpeg to stdout) cannot go back to
  // write its length, so its header claims more data than there is (espeak-ng: 0x7ffff000
  // bytes); the audio is what the file holds, as sox and ffmpeg read it too.
  const data = wav.data as { chunkSize: number; samples: Uint8Array };
  const dataBytes = Math.min(data.chunkSize, data.samples.length);
  if (!dataBytes) throw new SpeechInputError('the WAV file has no audio data');
  const seconds = dataBytes / bytesPerFrame / format.sampleRate;
  if (seconds > SPEECH_MAX_SECONDS) throw new SpeechInputError(`the audio is ${seconds.toFixed(1)} s long; the limit is ${SPEECH_MAX_SECONDS} s`);

  const conversions: string[] = [];
  let mono: Float64Array;
  try {
    // The library's own decoders: companded and ADPCM audio to 16-bit, then any depth to 16-bit.
    if (format.audioFormat === 6 || format.audioFormat === 7) {
      if (format.audioFormat === 6) wav.fromALaw('16');
      else wav.fromMuLaw('16');
      conversions.push(`${kind} -> 16-bit PCM`);
    }
    if (wav.bitDepth !== '16') {
      conversions.push(`${kind} ${wav.bitDepth}-bit -> 16-bit`);
      wav.toBitDepth('16');
    }
    const channels = wav.getSamples(false, Float64Array) as unknown as Float64Array | Float64Array[];
    mono = format.numChannels === 1 ? (channels as Float64Array) : mixToMono(channels as Float64Array[]);
    if (format.numChannels > 1) conversions.push(`${format.numChannels} channels -> mono`);
    if (format.sampleRate !== SPEECH_SAMPLE_RATE) {
      const resampled = new WaveFile();
      resampled.fromScratch(1, format.sampleRate, '16', Int16Array.from(mono, clip16));
      resampled.toSampleRate(SPEECH_SAMPLE_RATE, { method: 'sinc' });
      mono = resampled.getSamples(false, Float64Array);
      conversions.push(`${format.sampleRate} Hz -> ${SPEECH_SAMPLE_RATE} Hz`);
    }
  } catch (error) {
    throw new SpeechInputError(`the WAV audio cannot be decoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { pcm: Int16Array.from(mono, clip16), seconds: mono.length / SPEECH_SAMPLE_RATE, conversions };
}

/**
 * The same 16 kHz speech with every frequency lowered by `factor` (0 < factor <= 1): played
 * slower, as a tape would be, so its pitch, formants and tempo all change together. Resampled
 * with the library's sinc filter and read back as if at the original rate.
 */
export function lowered(pcm: Int16Array, factor: number): Int16Array {
  if (factor === 1) return pcm;
  const wav = new WaveFile();
  wav.fromScratch(1, SPEECH_SAMPLE_RATE, '16', pcm);
  wav.toSampleRate(Math.round(SPEECH_SAMPLE_RATE / factor), { method: 'sinc' });
  return Int16Array.from(wav.getSamples(false, Float64Array) as unknown as Float64Array, clip16);
}

function mixToMono(channels: Float64Array[]): Float64Array {
  const length = channels[0]?.length ?? 0;
  const out = new Float64Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) out[i] = (out[i] as number) + (channel[i] as number) / channels.length;
  return out;
}

function clip16(value: number): number {
  return Math.max(-32768, Math.min(32767, Math.round(value)));
}
