/**
 * Spoken test material for the recogniser's tests and bench: command phrasings with their
 * expected intent and slots, and speech synthesised from them with Debian's espeak-ng (several
 * voices and speeds), converted to 16 kHz mono 16-bit with sox. Generated on the fly, never
 * committed. Test support only: nothing in the product imports this.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DESTRUCTIVE_INTENTS, parseVoiceCommand } from '@mailroom/intelligence/voice';
import type { SpeechRecognizer } from './recognizer.ts';

const run = promisify(execFile);

export const SPOKEN_CATEGORIES = ['Receipts', 'Travel Plans', 'GitHub', 'Zendesk', 'Family'];

/** [said, intent, slots]: every intent of the command set, said the plain way. */
export const SPOKEN_COMMANDS: [text: string, intent: string, slots: Record<string, unknown>][] = [
  ['go to the inbox', 'navigate', { page: 'inbox' }],
  ['open settings', 'navigate', { page: 'settings' }],
  ['show the digest', 'navigate', { page: 'digest' }],
  ['go to recovery', 'navigate', { page: 'recovery' }],
  ['open insights', 'navigate', { page: 'insights' }],
  ['open receipts', 'open_category', { name: 'Receipts' }],
  ['show travel plans', 'open_category', { name: 'Travel Plans' }],
  ['open zendesk', 'open_category', { name: 'Zendesk' }],
  ['next message', 'next', {}],
  ['previous message', 'previous', {}],
  ['open it', 'open', {}],
  ['close this', 'close', {}],
  ['read it aloud', 'read_aloud', {}],
  ['stop reading', 'stop_reading', {}],
  ['select all', 'select_all', {}],
  ['clear selection', 'clear_selection', {}],
  ['archive this message', 'archive', {}],
  ['trash it', 'trash', {}],
  ['quarantine this', 'quarantine', {}],
  ['star it', 'star', {}],
  ['mark as unread', 'mark_unread', {}],
  ['mark as read', 'mark_read', {}],
  ['not important', 'not_important', {}],
  ['undo', 'undo', {}],
  ['reply to all', 'reply_all', {}],
  ['forward this email', 'forward', {}],
  ['suggest replies', 'suggest_replies', {}],
  ['send it', 'send', {}],
  ['cancel', 'cancel', {}],
  ['use suggestion two', 'choose_suggestion', { index: 2 }],
  ['yes', 'confirm', {}],
  ['no', 'deny', {}],
  ['what can i say', 'help', {}],
];

/** Speech that is no command: the recogniser must answer unknown (never a command). */
export const SPOKEN_NON_COMMANDS = ['what time is it in paris', 'i had a great day at the beach', 'my sister bought a new car'];

/** More speech that is no command, said in turn by the tuning voices. */
export const SPOKEN_TUNING_NON_COMMANDS = [
  'what time is it in paris', 'i had a great day at the beach', 'my sister bought a new car', 'the train leaves at seven tomorrow morning',
  'could you tell me a joke', 'we should paint the kitchen yellow', 'he forgot his umbrella at the office', 'the children are playing in the garden',
  'turn the music down please', 'how much does a ticket cost', 'hello there', 'okay thanks', 'what was that', 'hmm let me think',
  'good morning everyone', 'i will call you back later', 'the meeting starts at noon', 'she is reading a book', 'please pass the salt',
  'it is raining again', 'we are out of coffee', 'nice to meet you', 'this is taking forever', 'where did i put my keys', 'can you hear me now',
  'the dog needs a walk', 'i love this song', 'that sounds great', 'send my regards to your mother', 'delete that thought',
];

/** The voices the recogniser's settings were chosen on (SPOKEN_VOICES and two more). */
export const SPOKEN_TUNING_VOICES: { voice: string; speed: number }[] = [
  { voice: 'en-us', speed: 160 },
  { voice: 'en', speed: 140 },
  { voice: 'en+f3', speed: 175 },
  { voice: 'en+m3', speed: 190 },
  { voice: 'en-gb-scotland', speed: 150 },
  { voice: 'en-us+f2', speed: 130 },
];

/**
 * Held out: other voices, other category names, other phrasings and other sentences, written
 * before any tuning and never used to choose anything. The figures that count are these.
 */
export const SPOKEN_HELD_OUT = {
  voices: [
    { voice: 'en-gb-x-rp', speed: 165 },
    { voice: 'en-us+f4', speed: 205 },
    { voice: 'en-us-nyc+m5', speed: 145 },
  ],
  categories: ['Invoices', 'Kids School', 'Jira', 'Book Club', 'Newsletters'],
  commands: [
    ['open the inbox', 'navigate', { page: 'inbox' }],
    ['show my dashboard', 'navigate', { page: 'dashboard' }],
    ['go to categories', 'navigate', { page: 'categories' }],
    ['open bundles', 'navigate', { page: 'bundles' }],
    ['take me to unsubscribe', 'navigate', { page: 'unsubscribe' }],
    ['open the settings page', 'navigate', { page: 'settings' }],
    ['go to voice reply', 'navigate', { page: 'voice-reply' }],
    ['go to insights', 'navigate', { page: 'insights' }],
    ['open invoices', 'open_category', { name: 'Invoices' }],
    ['show book club', 'open_category', { name: 'Book Club' }],
    ['go to jira', 'open_category', { name: 'Jira' }],
    ['open kids school', 'open_category', { name: 'Kids School' }],
    ['next one', 'next', {}],
    ['go to the previous message', 'previous', {}],
    ['open this message', 'open', {}],
    ['close it', 'close', {}],
    ['read this message aloud', 'read_aloud', {}],
    ['stop talking', 'stop_reading', {}],
    ['select this', 'select', {}],
    ['select everything', 'select_all', {}],
    ['deselect all', 'clear_selection', {}],
    ['archive it', 'archive', {}],
    ['delete this message', 'trash', {}],
    ['move it to the trash', 'trash', {}],
    ['quarantine it', 'quarantine', {}],
    ['star this message', 'star', {}],
    ['remove the star', 'unstar', {}],
    ['mark it as read', 'mark_read', {}],
    ['mark this as unread', 'mark_unread', {}],
    ['mark as important', 'important', {}],
    ['undo that', 'undo', {}],
    ['reply to this message', 'reply', {}],
    ['reply all', 'reply_all', {}],
    ['forward it', 'forward', {}],
    ['send the reply', 'send', {}],
    ['never mind', 'cancel', {}],
    ['choose the first suggestion', 'choose_suggestion', { index: 1 }],
    ['use suggestion three', 'choose_suggestion', { index: 3 }],
    ['yes please', 'confirm', {}],
    ['no thanks', 'deny', {}],
    ['help', 'help', {}],
  ] as [text: string, intent: string, slots: Record<string, unknown>][],
  nonCommands: [
    'the weather in london was lovely yesterday',
    'please remember to buy some milk on the way home',
    'how many people are coming to the party',
    'my brother plays the guitar in a band',
    'this restaurant has the best pizza in town',
  ],
};

/** espeak-ng voices and words-per-minute speeds. */
export const SPOKEN_VOICES: { voice: string; speed: number }[] = [
  { voice: 'en-us', speed: 160 },
  { voice: 'en', speed: 140 },
  { voice: 'en+f3', speed: 175 },
  { voice: 'en+m3', speed: 190 },
];

export async function speechToolsAvailable(): Promise<boolean> {
  try {
    await run('espeak-ng', ['--version']);
    await run('sox', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Says `text` with espeak-ng into `dir` and returns a 16 kHz mono 16-bit WAV's bytes. */
export async function synthesise(text: string, voice: string, speed: number, dir: string): Promise<Buffer> {
  const stem = path.join(dir, `${voice.replace(/\W/g, '_')}-${speed}-${text.replace(/\W+/g, '_').slice(0, 60)}`);
  await run('espeak-ng', ['-v', voice, '-s', String(speed), '-w', `${stem}.raw.wav`, text]);
  await run('sox', [`${stem}.raw.wav`, '-r', '16000', '-c', '1', '-b', '16', `${stem}.wav`]);
  return fs.readFile(`${stem}.wav`);
}

export interface SpokenSet {
  voices: { voice: string; speed: number }[];
  categories: readonly string[];
  commands: [text: string, intent: string, slots: Record<string, unknown>][];
  nonCommands: readonly string[];
}

export interface SpokenAccuracy {
  /** Per voice: commands understood (intent and slots right), and of those carried out without a question. */
  perVoice: { voice: string; speed: number; total: number; right: number; withoutQuestion: number }[];
  total: number;
  right: number;
  withoutQuestion: number;
  /** Destructive actions that would have been carried out (no question) and were not what was said. */
  wrongDestructive: string[];
  /** Other sentences carried out as some command without a question. */
  nonCommandsActedOn: string[];
  misses: string[];
  /** Decode time and audio length, for the real-time factor. */
  decodeSeconds: number;
  audioSeconds: number;
}

/**
 * Command accuracy as the product sees it: the recogniser in command mode with the set's
 * category names, then the parser; a destructive command the recogniser marks doubtful is asked
 * about ("Did you say …?") instead of being done, so it is right but not "without a question".
 */
export async function measureSpokenCommands(recognizer: SpeechRecognizer, set: SpokenSet, dir: string): Promise<SpokenAccuracy> {
  const result: SpokenAccuracy = { perVoice: [], total: 0, right: 0, withoutQuestion: 0, wrongDestructive: [], nonCommandsActedOn: [], misses: [], decodeSeconds: 0, audioSeconds: 0 };
  const hear = async (text: string, voice: string, speed: number) => {
    const wav = await synthesise(text, voice, speed, dir);
    const started = performance.now();
    const heard = await recognizer.recognize(wav, { mode: 'command', categories: set.categories });
    result.decodeSeconds += (performance.now() - started) / 1000;
    result.audioSeconds += heard.seconds;
    const command = heard.inGrammar && heard.transcript ? parseVoiceCommand(heard.transcript, { categories: set.categories }) : { intent: 'unknown' as const, slots: {} };
    const asked = DESTRUCTIVE_INTENTS.has(command.intent as never) && heard.doubtful === true;
    return { heard, command, acted: command.intent !== 'unknown' && !asked };
  };
  for (const { voice, speed } of set.voices) {
    const row = { voice, speed, total: 0, right: 0, withoutQuestion: 0 };
    for (const [text, intent, slots] of set.commands) {
      const { heard, command, acted } = await hear(text, voice, speed);
      row.total++;
      if (command.intent === intent && JSON.stringify(command.slots) === JSON.stringify(slots)) {
        row.right++;
        if (acted) row.withoutQuestion++;
      } else {
        result.misses.push(`${voice} -s ${speed}: "${text}" -> "${heard.transcript}" (${command.intent}${acted ? '' : ', not done'})`);
        if (acted && DESTRUCTIVE_INTENTS.has(command.intent as never)) result.wrongDestructive.push(`${voice} -s ${speed}: "${text}" -> ${command.intent}`);
      }
    }
    result.perVoice.push(row);
    result.total += row.total;
    result.right += row.right;
    result.withoutQuestion += row.withoutQuestion;
  }
  for (const [i, text] of set.nonCommands.entries()) {
    const { voice, speed } = set.voices[i % set.voices.length] as { voice: string; speed: number };
    const { heard, command, acted } = await hear(text, voice, speed);
    if (!acted) continue;
    result.nonCommandsActedOn.push(`${voice} -s ${speed}: "${text}" -> "${heard.transcript}" (${command.intent})`);
    if (DESTRUCTIVE_INTENTS.has(command.intent as never)) result.wrongDestructive.push(`${voice} -s ${speed}: "${text}" (no command) -> ${command.intent}`);
  }
  return result;
}
