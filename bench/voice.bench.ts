// Voice (issue 16): the command parser's median time; the offline recogniser's real-time factor
// (decode time / audio length) for commands and for dictation; and command accuracy (intent and
// slots right) per espeak-ng voice, on the tuning set (the voices and phrasings the recogniser's
// settings were chosen on) and on the held-out set (other voices, phrasings, category names and
// sentences, never used to choose anything); and a second tuning set and held-out set B (other
// speeds, pitches, room noise and voices, written together before the second look was tuned);
// and tuning C / held-out C (politeness, filler and synonyms; held-out C with voice variants no
// other set uses), written before the grammar-coverage work; held-out C is only ever reported.
// Tuning D / held-out D: MBROLA voices (diphones of recorded people; US, British and foreign
// accents), left out where not installed. Names and held-out names: categories named after brands
// the pronouncing dictionary lacks (letter-to-sound.ts). Tuning loud and held-out loud: a loud room's
// noise (the other sets' is a quiet office's hum). Tuning quiet and held-out quiet: a microphone set low.
// Tuning search and held-out search: searches said aloud (and their requests' word error rate).
// Blind A, B and C: the phrasings written blind (phrasings-blind.ts; C held out). Dictation's word error rate on tuning and held-out
// sentences and voices. Needs pocketsphinx, pocketsphinx-en-us, espeak-ng and sox. `npm run
// bench -- voice` runs only this one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createVoiceParser, parseVoiceCommand } from '@mailroom/intelligence/voice';
import { TUNING_CATEGORIES, TUNING_PHRASINGS } from '../packages/intelligence/src/voice/phrasings.ts';
import { BLIND_TUNING_A, BLIND_TUNING_B, BLIND_TUNING_D, BLIND_TUNING_G, BLIND_TUNING_H, BLIND_TUNING_J, HELD_OUT_BLIND, HELD_OUT_BLIND_E, HELD_OUT_BLIND_F, HELD_OUT_BLIND_I, HELD_OUT_BLIND_K, OTHER_SPEECH, type PhrasingGroup } from '../packages/intelligence/src/voice/phrasings-blind.ts';
import { HELD_OUT_PHRASINGS, HELD_OUT_PHRASINGS_B, HELD_OUT_PHRASINGS_C } from '../packages/intelligence/src/voice/phrasings-held-out.ts';
import { LOWERED_DECODE, PocketsphinxRecognizer } from '../apps/server/src/providers/speech/index.ts';
import { ACCENT_FEATURES, type AccentFeature } from '../apps/server/src/providers/speech/dictionary.ts';
import {
  DICTATION_HELD_OUT,
  DICTATION_TUNING,
  DICTATION_TUNING_B,
  SPOKEN_CATEGORIES,
  SPOKEN_COMMANDS,
  SPOKEN_HELD_OUT,
  SPOKEN_HELD_OUT_B,
  SPOKEN_HELD_OUT_C,
  SPOKEN_HELD_OUT_D,
  SPOKEN_HELD_OUT_LOUD,
  SPOKEN_HELD_OUT_NAMES,
  SPOKEN_HELD_OUT_QUIET,
  SPOKEN_HELD_OUT_SEARCH,
  SPOKEN_TUNING_B,
  SPOKEN_TUNING_C,
  SPOKEN_TUNING_D,
  SPOKEN_TUNING_LOUD,
  SPOKEN_TUNING_NAMES,
  SPOKEN_TUNING_NON_COMMANDS,
  SPOKEN_TUNING_QUIET,
  SPOKEN_TUNING_SEARCH,
  SPOKEN_TUNING_VOICES,
  measureDictation,
  MBROLA_INSTALL_HINT,
  measureSpokenCommands,
  combineAccuracy,
  missingVoices,
  speechToolsAvailable,
  type SpokenAccuracy,
  type SpokenSet,
  type SpokenVoice,
} from '../apps/server/src/providers/speech/spoken-commands.ts';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The blind phrasings' groups as spoken sets: the commands, and the sentences that are none. */
function blindSets(groups: readonly PhrasingGroup[], voices: SpokenVoice[]): SpokenSet[] {
  return groups.map(({ categories, phrasings }) => ({
    voices,
    categories,
    commands: phrasings.filter(([, intent]) => intent !== 'unknown'),
    nonCommands: phrasings.filter(([, intent]) => intent === 'unknown').map(([text]) => text),
  }));
}

/** The first held-out set's voices at the speeds the blind phrasings were said at. */
const BLIND_HELD_OUT_VOICES: SpokenVoice[] = [
  { voice: 'en-gb-x-rp', speed: 165 },
  { voice: 'en-us+f4', speed: 180 },
  { voice: 'en-us-nyc+m5', speed: 145 },
];

export default async function run(): Promise<void> {
  const parser = createVoiceParser({ categories: TUNING_CATEGORIES });
  const texts = [...TUNING_PHRASINGS, ...HELD_OUT_PHRASINGS, ...HELD_OUT_PHRASINGS_B, ...HELD_OUT_PHRASINGS_C].map(([text]) => text);
  // The first round is each phrasing as it comes, after the ones before it (the parser keeps the
  // costs of words it has heard, as it does for a user); the next two are the same phrasings again.
  const firstTimes: number[] = [];
  const againTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const text of texts) {
      const started = performance.now();
      parser.parse(text);
      (round === 0 ? firstTimes : againTimes).push(performance.now() - started);
    }
  }
  console.log(`parser: median ${median(firstTimes).toFixed(2)} ms per command as the phrasings come, ${median(againTimes).toFixed(2)} ms said again (${texts.length} phrasings, 7 categories)`);
  // Said freely: the blind sets and the everyday sentences that are no command, where the parser
  // also looks for a command in a clause of a longer sentence (the whole sentence first).
  const free = [...[BLIND_TUNING_A, BLIND_TUNING_B, HELD_OUT_BLIND, BLIND_TUNING_D, HELD_OUT_BLIND_E].flat().flatMap((group) => group.phrasings.map(([text]) => text)), ...OTHER_SPEECH];
  for (const clauses of [true, false]) {
    const freeParser = createVoiceParser({ categories: TUNING_CATEGORIES, clauses });
    for (const text of free) freeParser.parse(text);
    const times = free.map((text) => {
      const started = performance.now();
      freeParser.parse(text);
      return performance.now() - started;
    });
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `parser: said freely, ${clauses ? 'clauses looked for' : 'whole sentences only'}: median ${median(times).toFixed(2)} ms, 95th percentile ${(sorted[Math.floor(sorted.length * 0.95)] as number).toFixed(1)} ms, slowest ${(sorted[sorted.length - 1] as number).toFixed(1)} ms (${free.length} sentences, said again)`,
    );
  }
  const pasted = Array.from({ length: 5000 }, (_, i) => texts[i % texts.length]?.split(' ')[0] ?? 'word').join(' ');
  const pasteStarted = performance.now();
  parser.parse(pasted);
  console.log(`parser: ${(performance.now() - pasteStarted).toFixed(1)} ms for 5,000 words pasted into the palette (past MAX_COMMAND_WORDS, no command is looked for)`);
  const compileStarted = performance.now();
  parseVoiceCommand('open receipts', { categories: ['Receipts', 'Work', String(Math.random())] });
  console.log(`parser: ${(performance.now() - compileStarted).toFixed(1)} ms to compile the phrases for a new category list`);

  // VOICE_SECOND_LOOK=off: the recogniser without its second look, for the README's before/after figures.
  // VOICE_POLITE_CHECK=off: without the check of commands heard with a lead-in or closing (before/after).
  // VOICE_WARP=off: the grammar decoded at one frequency warp only (before/after the warp choice);
  // VOICE_WARP=1,1.1,1.2: the warps to choose from, in place of WARP_FACTORS.
  // VOICE_TOPN=4: the acoustic model's default number of Gaussians scored (before/after TOP_GAUSSIANS).
  // VOICE_REMOVE_NOISE=on / off: the decoder's own spectral subtraction for every recording / for none, in place of
  // REMOVE_NOISE's for recordings in a room's noise only (on: as before the earlier REMOVE_NOISE; off: as before this one).
  // VOICE_GRAMMAR_ARGS="-wip 0.65": decoder arguments for the grammar's decodes, in place of the
  // recogniser's own (that one gives the word insertion penalty before GRAMMAR_WORD_INSERTION).
  // VOICE_DICTATION_ARGS="-lw 10": decoder arguments for dictation's decodes, in place of the recogniser's own.
  // VOICE_LEAD_WEIGHT=0.01: the weight of a lead-in ("could you") in the grammar, in place of LEAD_WEIGHT.
  // VOICE_OOG_WEIGHT=0.000000000001: the weight of each word of the grammar's loop of other words, in
  // place of OUT_OF_GRAMMAR_WEIGHT (written out in decimals, as JSGF weights are).
  // VOICE_ACCENTS=th-stopping,non-rhotic: the accent variants the grammar's words get, in place of ACCENTS (off: none).
  // VOICE_LETTER_TO_SOUND=off: names the dictionary lacks composed from its words or spelled, without espeak-ng's guesses.
  // VOICE_KEEP=0.1,0.3: seconds of silence kept before and after the speech, in place of KEPT_SILENCE.
  // VOICE_LEVEL=-12: the level quiet speech's loudest frame is raised to, in place of SPEECH_PEAK_DBFS; off leaves every recording at its own level.
  // VOICE_LOWERED=off: no decode of the audio lowered (LOWERED_DECODE); VOICE_LOWERED_MARGIN=8 another margin for it.
  // VOICE_RATE=espeak: the WAVs at the rate espeak-ng wrote them (22050 Hz), resampled by the recogniser itself.
  const accents = process.env.VOICE_ACCENTS && process.env.VOICE_ACCENTS !== 'off' ? process.env.VOICE_ACCENTS.split(',') : [];
  if (accents.some((a) => !(ACCENT_FEATURES as readonly string[]).includes(a))) throw new Error(`VOICE_ACCENTS takes off or some of ${ACCENT_FEATURES.join(',')}`);
  if (process.env.VOICE_OOG_WEIGHT && !/^0?\.\d+$/.test(process.env.VOICE_OOG_WEIGHT)) throw new Error('VOICE_OOG_WEIGHT is a weight written out in decimals, e.g. 0.000000000001');
  const recognizer = new PocketsphinxRecognizer({
    ...(process.env.VOICE_SECOND_LOOK === 'off' ? { secondLookDistance: 0 } : {}),
    ...(process.env.VOICE_POLITE_CHECK === 'off' ? { checkPolite: false } : {}),
    ...(process.env.VOICE_LOWERED === 'off' ? { lowered: null } : process.env.VOICE_LOWERED_MARGIN ? { lowered: { ...LOWERED_DECODE, margin: Number(process.env.VOICE_LOWERED_MARGIN) } } : {}),
    ...(process.env.VOICE_WARP === 'off' ? { warps: [1] } : process.env.VOICE_WARP ? { warps: process.env.VOICE_WARP.split(',').map(Number) } : {}),
    ...(process.env.VOICE_TOPN ? { topGaussians: Number(process.env.VOICE_TOPN) } : {}),
    ...(process.env.VOICE_REMOVE_NOISE === 'on' ? { removeNoise: true } : process.env.VOICE_REMOVE_NOISE === 'off' ? { removeNoise: false } : {}),
    ...(process.env.VOICE_GRAMMAR_ARGS ? { grammarArgs: process.env.VOICE_GRAMMAR_ARGS.split(' ') } : {}),
    ...(process.env.VOICE_DICTATION_ARGS ? { dictationArgs: process.env.VOICE_DICTATION_ARGS.split(' ') } : {}),
    ...(process.env.VOICE_ACCENTS ? { accents: accents as AccentFeature[] } : {}),
    ...(process.env.VOICE_LETTER_TO_SOUND === 'off' ? { letterToSound: null } : {}),
    ...(process.env.VOICE_LEVEL ? { speechPeakDb: process.env.VOICE_LEVEL === 'off' ? -Infinity : Number(process.env.VOICE_LEVEL) } : {}),
    ...(process.env.VOICE_KEEP ? { keptSilence: (([lead, tail]) => ({ lead: Number(lead), tail: Number(tail) }))(process.env.VOICE_KEEP.split(',')) } : {}),
    grammar: {
      ...(process.env.VOICE_LEAD_WEIGHT ? { leadWeight: process.env.VOICE_LEAD_WEIGHT } : {}),
      ...(process.env.VOICE_OOG_WEIGHT ? { outOfGrammarWeight: process.env.VOICE_OOG_WEIGHT } : {}),
    },
  });
  const availability = await recognizer.availability();
  if (!availability.available || !(await speechToolsAvailable())) {
    throw new Error(`recogniser figures need pocketsphinx and espeak-ng + sox: ${availability.available ? 'espeak-ng or sox missing' : availability.reason}`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-voice-'));
  try {
    const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
    let commandSeconds = 0;
    let commandDecode = 0;
    const sets: [string, SpokenSet | SpokenSet[]][] = [
      ['tuning', { voices: SPOKEN_TUNING_VOICES, categories: SPOKEN_CATEGORIES, commands: SPOKEN_COMMANDS, nonCommands: SPOKEN_TUNING_NON_COMMANDS }],
      ['tuning B', SPOKEN_TUNING_B],
      ['tuning C', SPOKEN_TUNING_C],
      ['tuning D', SPOKEN_TUNING_D],
      ['held-out', SPOKEN_HELD_OUT],
      ['held-out B', SPOKEN_HELD_OUT_B],
      ['held-out C', SPOKEN_HELD_OUT_C],
      ['held-out D', SPOKEN_HELD_OUT_D],
      ['tuning loud', SPOKEN_TUNING_LOUD],
      ['held-out loud', SPOKEN_HELD_OUT_LOUD],
      ['tuning quiet', SPOKEN_TUNING_QUIET],
      ['held-out quiet', SPOKEN_HELD_OUT_QUIET],
      ['names', SPOKEN_TUNING_NAMES],
      ['held-out names', SPOKEN_HELD_OUT_NAMES],
      ['tuning search', SPOKEN_TUNING_SEARCH],
      ['held-out search', SPOKEN_HELD_OUT_SEARCH],
      // The phrasings written blind (phrasings-blind.ts), each group with its own category names:
      // A said by three tuning voices, B and C (C held out) by the first held-out set's three;
      ['blind A', blindSets(BLIND_TUNING_A, SPOKEN_TUNING_SEARCH.voices)],
      ['blind B', blindSets(BLIND_TUNING_B, BLIND_HELD_OUT_VOICES)],
      ['blind C', blindSets(HELD_OUT_BLIND, BLIND_HELD_OUT_VOICES)],
      // D to G (E and F held out), written December 1: D and G by the tuning voices, E and F by the held-out ones.
      ['blind D', blindSets(BLIND_TUNING_D, SPOKEN_TUNING_SEARCH.voices)],
      ['blind E', blindSets(HELD_OUT_BLIND_E, BLIND_HELD_OUT_VOICES)],
      ['blind F', blindSets(HELD_OUT_BLIND_F, BLIND_HELD_OUT_VOICES)],
      ['blind G', blindSets(BLIND_TUNING_G, SPOKEN_TUNING_SEARCH.voices)],
      // H (tuning) and I (held out), written in a later session of December 1.
      ['blind H', blindSets(BLIND_TUNING_H, SPOKEN_TUNING_SEARCH.voices)],
      ['blind I', blindSets(HELD_OUT_BLIND_I, BLIND_HELD_OUT_VOICES)],
      // J (tuning) and K (held out), written in a third session of December 1.
      ['blind J', blindSets(BLIND_TUNING_J, SPOKEN_TUNING_SEARCH.voices)],
      ['blind K', blindSets(HELD_OUT_BLIND_K, BLIND_HELD_OUT_VOICES)],
    ];
    // VOICE_SETS="tuning,held-out B" measures only those (each set is a few minutes on a busy machine).
    const only = process.env.VOICE_SETS?.split(',').map((name) => name.trim());
    const chosen = only ? sets.filter(([name]) => only.includes(name)) : sets;
    for (const [name, chosenSet] of chosen) {
      const groups = Array.isArray(chosenSet) ? chosenSet : [chosenSet];
      const set = { voices: groups[0]?.voices ?? [], commands: groups.flatMap((g) => g.commands), nonCommands: groups.flatMap((g) => g.nonCommands) };
      // The D sets' MBROLA voices are a developer's extra (non-free): left out where missing,
      // unless asked for by name.
      const missing = await missingVoices(set.voices);
      if (missing.length > 0) {
        if (only) throw new Error(`${name} needs the MBROLA voices ${missing.join(', ')}: ${MBROLA_INSTALL_HINT}`);
        console.log(`recogniser, command accuracy (${name}): left out, the voices ${missing.join(', ')} are not installed (${MBROLA_INSTALL_HINT})`);
        continue;
      }
      const parts: SpokenAccuracy[] = [];
      for (const group of groups) parts.push(await measureSpokenCommands(recognizer, group, dir, process.env.VOICE_RATE === 'espeak' ? 'espeak' : 16000));
      const m = combineAccuracy(parts);
      commandSeconds += m.audioSeconds;
      commandDecode += m.decodeSeconds;
      console.log(`recogniser, command accuracy (${name}, ${set.commands.length} phrasings x ${set.voices.length} voices): ${m.right}/${m.total} (${pct(m.right, m.total)}) understood; ${m.withoutQuestion}/${m.total} (${pct(m.withoutQuestion, m.total)}) carried out without a question`);
      for (const v of m.perVoice) console.log(`  ${v.label}: ${v.right}/${v.total} (${pct(v.right, v.total)}); without a question ${pct(v.withoutQuestion, v.total)}`);
      const s = m.searches;
      if (s.said > 0) console.log(`  searches heard as a search: ${s.heard}/${s.said}, as another command carried out: ${s.actedAsOther}; requests' word error rate ${pct(s.errors, s.words)} (${s.errors} errors in ${s.words} words; a search heard as something else counts all its words)`);
      console.log(`  wrong destructive actions: ${m.wrongDestructive.length}${m.wrongDestructive.length ? ` (${m.wrongDestructive.join('; ')})` : ''}`);
      console.log(`  other speech carried out as a command: ${m.nonCommandsActedOn.length}/${set.nonCommands.length}; asked about as a destructive one: ${m.nonCommandsAsked.length}`);
      for (const line of [...m.nonCommandsActedOn, ...m.nonCommandsAsked, ...m.misses]) console.log(`    ${line}`);
    }
    if (commandSeconds > 0) console.log(`recogniser, commands: real-time factor ${(commandDecode / commandSeconds).toFixed(2)} (${commandDecode.toFixed(1)} s to decode ${commandSeconds.toFixed(1)} s of speech, one at a time)`);

    // Dictation (Voice Reply): word error rate on the tuning sentences and voices (settings may be
    // chosen on them) and on held-out ones (never), and the real-time factor over both.
    let dictationSeconds = 0;
    let dictationDecode = 0;
    for (const [name, set] of [['tuning', DICTATION_TUNING], ['tuning B', DICTATION_TUNING_B], ['held-out', DICTATION_HELD_OUT]] as const) {
      const m = await measureDictation(recognizer, set, dir);
      dictationSeconds += m.audioSeconds;
      dictationDecode += m.decodeSeconds;
      console.log(`recogniser, dictation word error rate (${name}, ${set.sentences.length} sentences x ${set.voices.length} voices): ${pct(m.errors, m.words)} (${m.errors} errors in ${m.words} words)`);
      for (const v of m.perVoice) console.log(`  ${v.label}: ${pct(v.errors, v.words)}`);
      for (const line of m.examples) console.log(`    ${line}`);
    }
    console.log(`recogniser, dictation: real-time factor ${(dictationDecode / dictationSeconds).toFixed(2)} (${dictationDecode.toFixed(1)} s to decode ${dictationSeconds.toFixed(1)} s of speech)`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
