// Voice (issue 16): the command parser's median time; the offline recogniser's real-time factor
// (decode time / audio length) for commands and for dictation; and command accuracy (intent and
// slots right) per espeak-ng voice over the whole spoken command set. Needs pocketsphinx,
// pocketsphinx-en-us, espeak-ng and sox.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createVoiceParser, parseVoiceCommand } from '@mailroom/intelligence/voice';
import { TUNING_CATEGORIES, TUNING_PHRASINGS } from '../packages/intelligence/src/voice/phrasings.ts';
import { HELD_OUT_PHRASINGS, HELD_OUT_PHRASINGS_B, HELD_OUT_PHRASINGS_C } from '../packages/intelligence/src/voice/phrasings-held-out.ts';
import { PocketsphinxRecognizer } from '../apps/server/src/providers/speech/index.ts';
import { SPOKEN_CATEGORIES, SPOKEN_COMMANDS, SPOKEN_VOICES, speechToolsAvailable, synthesise } from '../apps/server/src/providers/speech/spoken-commands.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const DICTATION = [
  'thanks for the update I will send the report on friday morning',
  'sounds good to me let us meet next week at the office',
  'sorry I cannot make it today can we move the call to tomorrow',
];

export default async function run(): Promise<void> {
  const parser = createVoiceParser({ categories: TUNING_CATEGORIES });
  const texts = [...TUNING_PHRASINGS, ...HELD_OUT_PHRASINGS, ...HELD_OUT_PHRASINGS_B, ...HELD_OUT_PHRASINGS_C].map(([text]) => text);
  for (const text of texts) parser.parse(text); // warm-up
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const text of texts) {
      const started = performance.now();
      parser.parse(text);
      times.push(performance.now() - started);
    }
  }
  console.log(`parser: median ${median(times).toFixed(2)} ms per command (${texts.length} phrasings x 3, 7 categories)`);
  const compileStarted = performance.now();
  parseVoiceCommand('open receipts', { categories: ['Receipts', 'Work', String(Math.random())] });
  console.log(`parser: ${(performance.now() - compileStarted).toFixed(1)} ms to compile the phrases for a new category list`);

  const recognizer = new PocketsphinxRecognizer();
  const availability = await recognizer.availability();
  if (!availability.available || !(await speechToolsAvailable())) {
    throw new Error(`recogniser figures need pocketsphinx and espeak-ng + sox: ${availability.available ? 'espeak-ng or sox missing' : availability.reason}`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-voice-'));
  try {
    let commandSeconds = 0;
    let commandDecode = 0;
    const perVoice: string[] = [];
    const misses: string[] = [];
    let right = 0;
    for (const { voice, speed } of SPOKEN_VOICES) {
      let voiceRight = 0;
      for (const [text, intent, slots] of SPOKEN_COMMANDS) {
        const wav = await synthesise(text, voice, speed, dir);
        const started = performance.now();
        const heard = await recognizer.recognize(wav, { mode: 'command', categories: SPOKEN_CATEGORIES });
        commandDecode += (performance.now() - started) / 1000;
        commandSeconds += heard.seconds;
        const got = heard.inGrammar ? parseVoiceCommand(heard.transcript, { categories: SPOKEN_CATEGORIES }) : { intent: 'unknown', slots: {} };
        if (got.intent === intent && JSON.stringify(got.slots) === JSON.stringify(slots)) voiceRight++;
        else misses.push(`${voice}: "${text}" -> "${heard.transcript}" (${got.intent})`);
      }
      right += voiceRight;
      perVoice.push(`${voice} -s ${speed}: ${voiceRight}/${SPOKEN_COMMANDS.length} (${((100 * voiceRight) / SPOKEN_COMMANDS.length).toFixed(0)} %)`);
    }
    const total = SPOKEN_COMMANDS.length * SPOKEN_VOICES.length;
    console.log(`recogniser, commands: real-time factor ${(commandDecode / commandSeconds).toFixed(2)} (${commandDecode.toFixed(1)} s to decode ${commandSeconds.toFixed(1)} s of speech)`);
    console.log(`recogniser, command accuracy: ${right}/${total} (${((100 * right) / total).toFixed(1)} %)`);
    for (const line of perVoice) console.log(`  ${line}`);
    for (const line of misses) console.log(`  miss ${line}`);

    let dictationSeconds = 0;
    let dictationDecode = 0;
    for (const text of DICTATION) {
      const wav = await synthesise(text, 'en-us', 160, dir);
      const started = performance.now();
      const heard = await recognizer.recognize(wav, { mode: 'dictation' });
      dictationDecode += (performance.now() - started) / 1000;
      dictationSeconds += heard.seconds;
      console.log(`  dictated "${text}" -> "${heard.transcript}"`);
    }
    console.log(`recogniser, dictation: real-time factor ${(dictationDecode / dictationSeconds).toFixed(2)} (${dictationDecode.toFixed(1)} s to decode ${dictationSeconds.toFixed(1)} s of speech)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
