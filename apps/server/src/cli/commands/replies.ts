import fs from 'node:fs';
import { htmlToText, readTakeoutMbox, type ParsedMessage } from '@mailroom/mail-parse';
import { ReplyMailbox, suggestReplies, type MailboxEntry } from '@mailroom/intelligence/replies';
import type { Command } from '../command.ts';

const USAGE = `Usage:
  mailroom replies suggest --mbox FILE --message-id ID --me ADDRESS [--now ISO-8601]
      Prints one JSON line for the message with that Message-ID (angle brackets optional) in a
      Google Takeout mbox: {"trigger": true|false, "reason": "...", "suggestions": [...]}, three
      suggested replies when it triggers, none when it does not. The user's own messages in the
      mbox (From ADDRESS, or labelled Sent) teach their style; threads come from X-GM-THRID and
      References. --now: the mailbox as it was then (the user's later messages do not count)
      and the reference for "tomorrow". An unknown message id exits with status 2.`;

export interface RepliesIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const replies: Command = {
  usage: 'replies suggest --mbox FILE --message-id ID --me ADDR',
  summary: 'Smart-reply suggestions for one message of a Takeout mbox (JSON)',
  run: (args) => runReplies(args, process),
};

/** `mailroom replies ...` with its output sent to `io`; returns the exit code. */
export async function runReplies(args: string[], io: RepliesIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'suggest') return suggestCommand(rest, io);
  if (sub === '--help' || sub === '-h') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  io.stderr.write(`${sub ? `mailroom replies: unknown subcommand "${sub}"\n` : ''}${USAGE}\n`);
  return 1;
}

const OPTIONS = ['mbox', 'message-id', 'me', 'now'] as const;
type Option = (typeof OPTIONS)[number];

async function suggestCommand(args: string[], io: RepliesIo): Promise<number> {
  const values: Partial<Record<Option, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m || !(OPTIONS as readonly string[]).includes(m[1] as string)) {
      io.stderr.write(`mailroom replies suggest: unknown argument "${arg}"\n${USAGE}\n`);
      return 1;
    }
    const value = m[2] ?? args[++i];
    if (value === undefined || value === '') {
      io.stderr.write(`mailroom replies suggest: --${m[1]} needs a value\n${USAGE}\n`);
      return 1;
    }
    values[m[1] as Option] = value;
  }
  const missing = (['mbox', 'message-id', 'me'] as const).filter((name) => !values[name]);
  if (missing.length > 0) {
    io.stderr.write(`mailroom replies suggest: ${missing.map((n) => `--${n}`).join(', ')} required\n${USAGE}\n`);
    return 1;
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(values.me as string)) {
    io.stderr.write(`mailroom replies suggest: --me must be an email address, not "${values.me}"\n`);
    return 1;
  }
  let now: number | undefined;
  if (values.now !== undefined) {
    // ISO 8601 date-time (Date.parse reads the ECMAScript subset of ISO 8601 exactly).
    const t = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(values.now) ? Date.parse(values.now) : Number.NaN;
    if (Number.isNaN(t)) {
      io.stderr.write(`mailroom replies suggest: --now must be an ISO 8601 date-time such as 2024-06-01T12:00:00Z, not "${values.now}"\n`);
      return 1;
    }
    now = t;
  }
  const file = values.mbox as string;
  if (!fs.existsSync(file)) {
    io.stderr.write(`mailroom replies suggest: no such file: ${file}\n`);
    return 1;
  }
  const mailbox = await loadMailbox(file, values.me as string, now);
  const entry = mailbox.find(values['message-id'] as string);
  if (!entry) {
    io.stderr.write(`mailroom replies suggest: no message with Message-ID ${JSON.stringify(values['message-id'])} in ${file}\n`);
    return 2;
  }
  const result = suggestReplies(mailbox.inputFor(entry));
  io.stdout.write(`${JSON.stringify({ trigger: result.trigger, reason: result.reason, suggestions: result.suggestions.map((s) => s.text) })}\n`);
  return 0;
}

/** Parsed mbox files by identity, so a process answering many questions about one file parses it once. */
const parsed = new Map<string, { stamp: string; entries: Promise<MailboxEntry[]> }>();
const mailboxes = new Map<string, ReplyMailbox>();

export async function loadMailbox(file: string, me: string, now?: number): Promise<ReplyMailbox> {
  const stat = fs.statSync(file);
  const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  let cached = parsed.get(file);
  if (!cached || cached.stamp !== stamp) {
    cached = { stamp, entries: readTakeoutMbox(fs.readFileSync(file)).then((box) => box.messages.map(mailboxEntryOf)) };
    parsed.set(file, cached);
    for (const key of mailboxes.keys()) if (key.startsWith(`${file}\n`)) mailboxes.delete(key);
  }
  const key = `${file}\n${stamp}\n${me.toLowerCase()}\n${now ?? ''}`;
  let mailbox = mailboxes.get(key);
  if (!mailbox) {
    mailbox = new ReplyMailbox(await cached.entries, me, now === undefined ? {} : { now });
    mailboxes.set(key, mailbox);
  }
  return mailbox;
}

/** A parsed message as the engine reads it: the text part, or the HTML part as text. */
export function mailboxEntryOf(message: ParsedMessage): MailboxEntry {
  const plain = message.text && message.text.trim() !== '' ? message.text : null;
  const text = plain ?? (message.html ? htmlToText(message.html).text : '');
  return {
    meta: message.meta,
    headers: message.email.headers.map((h) => ({ name: h.key, value: h.value })),
    text,
    htmlOnly: plain === null && !!message.html,
  };
}
