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
