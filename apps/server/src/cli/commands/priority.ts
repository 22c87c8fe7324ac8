import fs from 'node:fs';
import { isPriorityAction, PRIORITY_ACTIONS, scoreMailbox, type MailboxInput } from '@mailroom/intelligence/priority';
import type { Command } from '../command.ts';
import { MboxFormatError, readPriorityMailbox } from './priority-mbox.ts';

const USAGE = `Usage:
  mailroom priority eval --mbox FILE --actions ACTIONS.jsonl --now ISO-8601 --tz IANA-ZONE --me ADDRESS
      Learns the priority model from the actions (one JSON object per line, in the order given:
      {"messageId": "<Message-ID without angle brackets>", "action": "${PRIORITY_ACTIONS.join('"|"')}",
       "at": ISO-8601}; an empty file means no actions), then prints MESSAGE-ID<TAB>SCORE (0–100)
      for every message of the Google Takeout mbox, in mbox order, the user's own included.
      A message without a Message-ID is printed as mbox-N (N: its 1-based position in the
      file) and can be named so in the actions. Copies of one Message-ID are one message,
      printed once. --me may be repeated (or comma-separated) for the user's other addresses.
      A file with no negative action at all (ignore, archive, delete, not_important) is taken
      as a log of deliberate actions only: messages it leaves untouched that arrived a day or
      more before its last action are learned as weakly ignored.
Bad input (an unreadable mbox, a malformed actions line, an unknown message id) exits with
status 2 and names the file, line and reason.`;

export interface PriorityIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const priority: Command = {
  usage: 'priority eval --mbox FILE --actions FILE --now ISO --tz ZONE --me ADDRESS',
  summary: 'Learn from actions and print each message\'s priority score',
  run: (args) => runPriority(args, process),
};

/** Exit status for every kind of bad input (the CLI contract). */
const BAD_INPUT = 2;

/**
 * ISO 8601 dates and date-times: `2024-06-01`, `2024-06-01T12:00`, `...:00`, `...:00.123456`,
 * with `Z`, `±hh:mm`, `±hhmm` or `±hh`. Without an offset the time is the user's wall-clock time
 * in --tz (ISO 8601 leaves it "local"; the process's own zone must not change the result).
 */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/u;

export function isoTime(value: unknown, timeZone: string): number | null {
  if (typeof value !== 'string') return null;
  const m = ISO_8601.exec(value.trim());
  if (!m) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] = m;
  const text = `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.slice(0, 4)}`;
  // Date.parse rolls 30 February over into March; a date that does not exist is not a date.
  const calendar = new Date(Date.parse(`${year}-${month}-${day}T00:00:00Z`));
  if (Number.isNaN(calendar.getTime()) || calendar.getUTCMonth() + 1 !== Number(month) || calendar.getUTCDate() !== Number(day)) return null;
  if (zone) {
    const offset = /^[zZ]$/u.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(':', '') || '00'}`;
    const t = Date.parse(`${text}${offset}`);
    return Number.isNaN(t) ? null : t;
  }
  const asUtc = Date.parse(`${text}Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at the instant, found twice so a time next to a DST change settles.
  let t = asUtc - zoneOffset(asUtc, timeZone);
  t = asUtc - zoneOffset(t, timeZone);
  return t;
}

/** The zone's offset from UTC at an instant, in ms (from Intl's wall-clock parts). */
function zoneOffset(epochMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(
    new Date(epochMs),
  );
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(epochMs / 1000) * 1000;
}

export async function runPriority(args: string[], io: PriorityIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (sub !== 'eval') {
    io.stderr.write(`${sub ? `mailroom priority: unknown subcommand "${sub}"\n` : ''}${USAGE}\n`);
    return BAD_INPUT;
  }
  return evalCommand(rest, io);
}

interface Options {
  mbox: string;
  actions: string;
  now: number;
  timeZone: string;
  me: string[];
}

function readOptions(args: string[], io: PriorityIo): Options | number {
  const values: Record<string, string[]> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const option = /^--(mbox|actions|now|tz|me)(?:=(.*))?$/u.exec(arg);
    if (!option) return fail(io, `unexpected argument "${arg}"`);
    const value = option[2] ?? args[++i];
    if (value === undefined || value === '') return fail(io, `--${option[1]} needs a value`);
    (values[option[1] as string] ??= []).push(value);
  }
  for (const name of ['mbox', 'actions', 'now', 'tz', 'me']) if (!values[name]) return fail(io, `--${name} is required`);
  for (const name of ['mbox', 'actions', 'now', 'tz']) if ((values[name] as string[]).length > 1) return fail(io, `--${name} is given more than once`);
  const timeZone = values.tz?.[0] as string;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return fail(io, `--tz must be an IANA time zone such as Europe/Berlin, not "${timeZone}"`);
  }
  const now = isoTime(values.now?.[0], timeZone);
  if (now === null) return fail(io, `--now must be an ISO 8601 date-time such as 2024-06-01T12:00:00Z, not "${values.now?.[0]}"`);
  const me = (values.me as string[]).flatMap((v) => v.split(',')).map((a) => a.trim()).filter(Boolean);
  const bad = me.find((a) => !/^[^\s@]+@[^\s@]+$/u.test(a));
  if (bad !== undefined || me.length === 0) return fail(io, `--me must be an email address, not "${bad ?? ''}"`);
  return { mbox: values.mbox?.[0] as string, actions: values.actions?.[0] as string, now, timeZone, me };
}

function fail(io: PriorityIo, reason: string): number {
  io.stderr.write(`mailroom priority eval: ${reason}\n${USAGE}\n`);
  return BAD_INPUT;
}

function readFile(file: string): Buffer | string {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
  }
}

async function evalCommand(args: string[], io: PriorityIo): Promise<number> {
  const options = readOptions(args, io);
  if (typeof options === 'number') return options;
  const report = (where: string, reason: string) => {
    io.stderr.write(`mailroom priority eval: ${where}: ${reason}\n`);
    return BAD_INPUT;
  };

  const mboxBytes = readFile(options.mbox);
  if (typeof mboxBytes === 'string') return report(options.mbox, `cannot read the mbox: ${mboxBytes}`);
  const actionBytes = readFile(options.actions);
  if (typeof actionBytes === 'string') return report(options.actions, `cannot read the actions: ${actionBytes}`);

  let mailbox;
  try {
    mailbox = await readPriorityMailbox(mboxBytes);
  } catch (error) {
    if (error instanceof MboxFormatError) return report(`${options.mbox} line ${error.line}`, error.message);
    return report(options.mbox, `cannot read the mbox: ${error instanceof Error ? error.message : String(error)}`);
  }

  // Actions name messages by Message-ID (as printed); angle brackets are tolerated.
  const byId = new Map<string, number>();
  mailbox.ids.forEach((id, i) => byId.set(id, i));
  const actions: MailboxInput['actions'][number][] = [];
  const lines = actionBytes.toString('utf8').split('\n');
  for (let n = 0; n < lines.length; n++) {
    const text = (lines[n] as string).replace(/\r$/u, '');
    if (text.trim() === '') continue;
    const where = `${options.actions} line ${n + 1}`;
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch (error) {
      return report(where, `not a JSON object (${(error as Error).message})`);
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return report(where, 'not a JSON object');
    const { messageId, action, at } = entry as Record<string, unknown>;
    if (typeof messageId !== 'string' || messageId.trim() === '') return report(where, '"messageId" must be a non-empty string');
    if (!isPriorityAction(action)) return report(where, `"action" must be one of ${PRIORITY_ACTIONS.join(', ')}, not ${JSON.stringify(action)}`);
    const time = isoTime(at, options.timeZone);
    if (time === null) return report(where, `"at" must be an ISO 8601 date-time, not ${JSON.stringify(at)}`);
    const id = messageId.trim().replace(/^<(.*)>$/u, '$1');
    const index = byId.get(id);
    if (index === undefined) return report(where, `unknown message id "${messageId}" (no message in ${options.mbox} has it)`);
    actions.push({ message: index, action, at: time });
  }

  const { scores } = scoreMailbox({ messages: mailbox.messages, actions, selfAddresses: options.me, timeZone: options.timeZone, now: options.now, inferIgnores: true });
  // A Message-ID has no white space (RFC 5322 §3.6.4); a broken one must not break the line format.
  io.stdout.write(mailbox.ids.map((id, i) => `${id.replace(/[\t\r\n]/gu, ' ')}\t${scores[i]}\n`).join(''));
  return 0;
}
