// Voice in the browser (issue 16): the recorder's end-pointer (apps/web/src/features/voice/lib/endpoint.ts),
// which decides whether anything was said and when the speaker has finished, on synthesised
// microphones: espeak-ng's speech at an ordinary level and with the microphone set 20, 30 and 40
// dB lower, in four rooms (a microphone's own hiss, a quieter and a louder hiss, a quiet office,
// a loud room), fed as the AudioWorklet feeds it (128-sample blocks at 48 kHz with their RMS).
// Per condition: how many recordings were heard at all (the rest get "Nothing was heard"), how
// many were ended before the last word, and how long after the last word they ended. Then
// recordings with no speech (the room alone, clicks and taps) and a television under the speaker.
// The first set's phrasings in three tuning voices and the held-out set's in its own voices, and
// dictation sentences. VOICE_ENDPOINT=previous measures the release before's end-pointer (a fixed
// threshold, RMS 0.015, over an average of the room) for before/after figures. Needs espeak-ng and sox.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Endpointer, type EndpointMode } from '../apps/web/src/features/voice/lib/endpoint.ts';
import { DICTATION_TUNING, SPOKEN_COMMANDS, SPOKEN_HELD_OUT, SPOKEN_TUNING_NON_COMMANDS, SPOKEN_TUNING_QUIET, speechToolsAvailable } from '../apps/server/src/providers/speech/spoken-commands.ts';

const run = promisify(execFile);
const RATE = 48_000;
const BLOCK = 128;
const TAIL_SECONDS = 9;

interface Detector {
  push(rms: number, samples: number, sampleRate: number): string | null;
  readonly heardSpeech: boolean;
}

/** The release before's end-pointer, kept for the before/after figures only. */
class PreviousEndpointer implements Detector {
  private floor = 0.005;
  private heard = false;
  private quietSamples = 0;
  private samples = 0;
  private readonly mode: EndpointMode;
  constructor(mode: EndpointMode) {
    this.mode = mode;
  }
  get heardSpeech(): boolean {
    return this.heard;
  }
  push(rms: number, samples: number, sampleRate: number): string | null {
    this.samples += samples;
    if (rms > Math.max(0.015, this.floor * 4)) {
      this.heard = true;
      this.quietSamples = 0;
    } else {
      this.floor = this.floor * 0.95 + rms * 0.05;
      this.quietSamples += samples;
    }
    if (this.heard && this.quietSamples / sampleRate >= (this.mode === 'command' ? 1.2 : 2.5)) return 'silence';
    if (this.mode === 'command' && !this.heard && this.samples / sampleRate >= 6) return 'silence';
    return null;
  }
}

const detector = (mode: EndpointMode): Detector => (process.env.VOICE_ENDPOINT === 'previous' ? new PreviousEndpointer(mode) : new Endpointer(mode));

/** What sox makes of `input` (and `effects`) as 48 kHz mono samples. */
async function samplesOf(input: string, effects: string[] = []): Promise<Float32Array> {
  const { stdout } = await run('sox', ['-R', input, '-t', 'f32', '-r', String(RATE), '-c', '1', '-', ...effects], { encoding: 'buffer', maxBuffer: 1 << 28 });
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + stdout.length));
}

/** espeak-ng's words at 48 kHz, their loudest sample at -3 dBFS. */
async function words(dir: string, text: string, voice: string, speed: number): Promise<Float32Array> {
  const file = path.join(dir, 'said.wav');
  await run('espeak-ng', ['-v', voice, '-s', String(speed), '-w', file, text]);
  const said = await samplesOf(file);
  let peak = 0;
  for (const v of said) peak = Math.max(peak, Math.abs(v));
  const scale = peak > 0 ? 10 ** (-3 / 20) / peak : 0;
  return said.map((v) => v * scale);
}

let pink: { samples: Float32Array; rms: number } | null = null;
/** Pink noise at `rmsDbfs`, `length` samples from `offset` into one long repeatable stretch of it (made and measured once). */
async function room(rmsDbfs: number, length: number, offset: number): Promise<Float32Array> {
  if (!pink) {
    const samples = await samplesOf('-n', ['synth', '60', 'pinknoise']);
    let sum = 0;
    for (const v of samples) sum += v * v;
    pink = { samples, rms: Math.sqrt(sum / samples.length) };
  }
  const { samples, rms } = pink;
  const scale = 10 ** (rmsDbfs / 20) / rms;
  return Float32Array.from({ length }, (_, i) => samples[(offset + i) % samples.length]! * scale);
}

/** Runs a recording through a detector: when it said to stop (seconds), and whether it heard speech. */
function listen(mode: EndpointMode, samples: Float32Array): { stoppedAt: number; heard: boolean } {
  const d = detector(mode);
  for (let at = 0; at + BLOCK <= samples.length; at += BLOCK) {
    let sum = 0;
    for (let i = at; i < at + BLOCK; i++) sum += samples[i]! * samples[i]!;
    if (d.push(Math.sqrt(sum / BLOCK), BLOCK, RATE)) return { stoppedAt: (at + BLOCK) / RATE, heard: d.heardSpeech };
  }
  return { stoppedAt: Infinity, heard: d.heardSpeech };
}

const ROOMS = [
  { name: "a microphone's hiss", rms: -75 },
  { name: 'more hiss', rms: -65 },
  { name: 'a quiet office', rms: -52 },
  { name: 'a loud room', rms: -36 },
];
const GAINS = [0, -20, -30, -40];

interface Said {
  text: string;
  voice: string;
  speed: number;
}

async function measure(dir: string, name: string, mode: EndpointMode, said: Said[]): Promise<void> {
  const speech: Float32Array[] = [];
  for (const s of said) speech.push(await words(dir, s.text, s.voice, s.speed));
  for (const { name: roomName, rms } of ROOMS) {
    for (const gain of GAINS) {
      let heard = 0;
      let cut = 0;
      const after: number[] = [];
      for (const [n, clip] of speech.entries()) {
        // The microphone opened 0.3, 0.8 or 1.5 s before the first word.
        const lead = Math.round([0.3, 0.8, 1.5][n % 3]! * RATE);
        const recording = await room(rms, lead + clip.length + TAIL_SECONDS * RATE, n * 7919);
        const k = 10 ** (gain / 20);
        let last = 0;
        for (let i = 0; i < clip.length; i++) {
          recording[lead + i]! += clip[i]! * k;
          // The last word ends at the last sample above 1 % of the words' peak.
        if (Math.abs(clip[i]!) > 0.01 * 10 ** (-3 / 20)) last = lead + i;
        }
        const result = listen(mode, recording);
        if (!result.heard) continue;
        heard++;
        if (result.stoppedAt < last / RATE) cut++;
        else after.push(result.stoppedAt - last / RATE);
      }
      after.sort((a, b) => a - b);
      const ended = after.length ? `, ended ${after[after.length >> 1]!.toFixed(2)} s after the last word (median; longest ${after[after.length - 1]!.toFixed(2)} s)` : '';
      console.log(`end-pointer (${name}, ${mode}, ${roomName} at ${rms} dBFS, speech ${gain} dB): heard ${heard}/${speech.length}, ended before the last word ${cut}${ended}`);
    }
  }
}

export default async function runBench(): Promise<void> {
  if (!(await speechToolsAvailable())) throw new Error('the end-pointer figures need espeak-ng and sox');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-endpoint-'));
  try {
    await measureAll(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function measureAll(dir: string): Promise<void> {
  // The tuning quiet set's three voices say the first set's phrasings; the held-out set's own voices its own.
  const tuning = SPOKEN_TUNING_QUIET.voices.flatMap((v) => SPOKEN_COMMANDS.map(([text]) => ({ text, voice: v.voice, speed: v.speed })));
  const heldOut = SPOKEN_HELD_OUT.voices.flatMap((v) => SPOKEN_HELD_OUT.commands.map(([text]) => ({ text, voice: v.voice, speed: v.speed })));
  await measure(dir, 'tuning', 'command', tuning);
  await measure(dir, 'held-out', 'command', heldOut);
  await measure(dir, 'dictation', 'dictation', DICTATION_TUNING.voices.flatMap((v) => DICTATION_TUNING.sentences.map((text) => ({ text, voice: v.voice, speed: v.speed }))));

  // No speech at all: the room alone, and clicks and taps (10 ms at -20 dBFS every 150 ms for 3 s, then a 40 ms thump at -10).
  for (const { name: roomName, rms } of ROOMS) {
    const alone = await room(rms, 8 * RATE, 0);
    const taps = await room(rms, 8 * RATE, RATE);
    for (let t = 0.5; t < 3.5; t += 0.15) for (let i = Math.round(t * RATE); i < Math.round((t + 0.01) * RATE); i++) taps[i]! += Math.sin(i) * 0.14;
    for (let i = Math.round(3.8 * RATE); i < Math.round(3.84 * RATE); i++) taps[i]! += Math.sin(i * 0.3) * 0.45;
    console.log(`end-pointer (no speech, ${roomName}): the room alone ${listen('command', alone).heard ? 'taken for speech' : 'not taken for speech'}; clicks and a thump ${listen('command', taps).heard ? 'taken for speech' : 'not taken for speech'}`);
  }

  // A television talking on under the speaker: a command said 1 s in, the television never stops.
  const television = await words(dir, SPOKEN_TUNING_NON_COMMANDS.join('. '), 'en-us+m3', 170);
  const command = await words(dir, 'go to the inbox', 'en-us', 160);
  for (const under of [10, 20, 30]) {
    const recording = new Float32Array(31 * RATE);
    const hiss = await room(-75, recording.length, 0);
    for (let i = 0; i < recording.length; i++) recording[i] = television[i % television.length]! * 10 ** (-under / 20) + hiss[i]!;
    for (let i = 0; i < command.length; i++) recording[RATE + i]! += command[i]!;
    const { stoppedAt } = listen('command', recording);
    console.log(`end-pointer (a television ${under} dB under the speaker): the command ends at ${(1 + command.length / RATE).toFixed(2)} s, the recording at ${Number.isFinite(stoppedAt) ? `${stoppedAt.toFixed(2)} s` : 'the 30 s limit'}`);
  }
}
