// Voice (issue 16): telling telephone-band recordings (a Bluetooth headset in call mode, a WAV
// made at 8 kHz) from wideband ones (apps/server/src/providers/speech/bandwidth.ts), on which the
// recogniser says "your microphone sends telephone-quality sound". Every third phrasing (commands
// and other sentences) of each voice of the tuning sets (the first set, B, C, loud and quiet: the
// threshold was chosen on these) and of the held-out sets (held out, B, C, loud and quiet: only
// reported), as synthesised and through sox as other microphones would send them: cut to 7 kHz
// (a headset's wideband call mode) and to 5.5 kHz (wideband, not telephone), and to a telephone's
// band (3.4 kHz, 300-3400 Hz) or resampled to 8 kHz and back. Per microphone: the measure's
// lowest, median and highest (the high band's loudest against the loudest, dB) and how many were
// taken for telephone-band audio; then the measure's time per second of audio. Needs espeak-ng and sox.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { highBandDb, NARROWBAND_BELOW_DB } from '../apps/server/src/providers/speech/bandwidth.ts';
import {
  SPOKEN_CATEGORIES,
  SPOKEN_COMMANDS,
  SPOKEN_HELD_OUT,
  SPOKEN_HELD_OUT_B,
  SPOKEN_HELD_OUT_C,
  SPOKEN_HELD_OUT_LOUD,
  SPOKEN_HELD_OUT_QUIET,
  SPOKEN_TUNING_B,
  SPOKEN_TUNING_C,
  SPOKEN_TUNING_LOUD,
  SPOKEN_TUNING_NON_COMMANDS,
  SPOKEN_TUNING_QUIET,
  SPOKEN_TUNING_VOICES,
  speechToolsAvailable,
  synthesise,
  type SpokenSet,
} from '../apps/server/src/providers/speech/spoken-commands.ts';
import { readSpeechWav } from '../apps/server/src/providers/speech/wav.ts';

const run = promisify(execFile);

/** The microphones, as sox effects on the synthesised recording; whether each is telephone-band. */
const MICROPHONES: { name: string; effects: string[]; telephone: boolean }[] = [
  { name: 'as synthesised', effects: [], telephone: false },
  { name: 'cut to 7 kHz', effects: ['sinc', '-7000'], telephone: false },
  { name: 'cut to 5.5 kHz', effects: ['sinc', '-5500'], telephone: false },
  { name: 'cut to 3.4 kHz', effects: ['sinc', '-3400'], telephone: true },
  { name: '300-3400 Hz', effects: ['sinc', '300-3400'], telephone: true },
  { name: '8 kHz and back', effects: ['rate', '8000', 'rate', '16000'], telephone: true },
];

const GROUPS: [string, SpokenSet[]][] = [
  ['tuning sets', [{ voices: SPOKEN_TUNING_VOICES, categories: SPOKEN_CATEGORIES, commands: SPOKEN_COMMANDS, nonCommands: SPOKEN_TUNING_NON_COMMANDS }, SPOKEN_TUNING_B, SPOKEN_TUNING_C, SPOKEN_TUNING_LOUD, SPOKEN_TUNING_QUIET]],
  ['held-out sets', [SPOKEN_HELD_OUT, SPOKEN_HELD_OUT_B, SPOKEN_HELD_OUT_C, SPOKEN_HELD_OUT_LOUD, SPOKEN_HELD_OUT_QUIET]],
];

export default async function runBench(): Promise<void> {
  if (!(await speechToolsAvailable())) throw new Error('the bandwidth figures need espeak-ng and sox');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-bandwidth-'));
  let measuredSeconds = 0;
  let measuringMs = 0;
  try {
    for (const [group, sets] of GROUPS) {
      const measures = new Map<string, number[]>(MICROPHONES.map((m) => [m.name, []]));
      for (const set of sets) {
        const texts = [...set.commands.map(([text]) => text), ...set.nonCommands].filter((_, i) => i % 3 === 0);
        for (const voice of set.voices) {
          for (const text of texts) {
            const source = path.join(dir, 'said.wav');
            fs.writeFileSync(source, await synthesise(text, voice.voice, voice.speed, dir, voice));
            for (const microphone of MICROPHONES) {
              const sent = path.join(dir, 'sent.wav');
              await run('sox', ['-R', source, sent, ...microphone.effects]);
              const { pcm, seconds } = readSpeechWav(fs.readFileSync(sent));
              const started = performance.now();
              const db = highBandDb(pcm);
              measuringMs += performance.now() - started;
              measuredSeconds += seconds;
              if (db !== null) measures.get(microphone.name)?.push(db);
            }
          }
        }
      }
      console.log(`${group}: taken for telephone-band audio when the high band's loudest is under ${NARROWBAND_BELOW_DB} dB`);
      for (const microphone of MICROPHONES) {
        const values = [...(measures.get(microphone.name) ?? [])].sort((a, b) => a - b);
        const taken = values.filter((db) => db < NARROWBAND_BELOW_DB).length;
        const at = (share: number) => (values[Math.min(values.length - 1, Math.floor(share * values.length))] as number).toFixed(1);
        const right = microphone.telephone ? taken : values.length - taken;
        console.log(
          `  ${microphone.name.padEnd(15)} ${microphone.telephone ? 'telephone' : 'wideband '}  high band ${at(0)} / ${at(0.5)} / ${at(1)} dB (lowest / median / highest)  taken for telephone ${taken} of ${values.length}  right ${right}`,
        );
      }
    }
    console.log(`measure: ${(measuringMs / measuredSeconds).toFixed(2)} ms per second of audio`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
