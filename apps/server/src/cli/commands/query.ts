import fs from 'node:fs';
import { compileMatcher, needsBodyText, parse, print, QuerySyntaxError, toGmailQuery, toSql, type QueryNode } from '@mailroom/mail-query';
import type { Command } from '../command.ts';
import { loadParsedMbox, type ParsedMbox } from './mbox-cache.ts';

const USAGE = `Usage:
  mailroom query eval --mbox FILE [--now ISO-8601] [--tz IANA-ZONE] "QUERY"
      Prints the Message-ID (no angle brackets) of each message of a Google Takeout mbox that
      matches the Gmail search QUERY, one per line, in mbox order. The parsed mbox is cached
      (under $DATA_DIR/cache, else ~/.cache/mailroom) while the file is unchanged.
  mailroom query explain [--tz IANA-ZONE] [--now ISO-8601] "QUERY"
      Prints the canonical form of QUERY, its syntax tree, and how Mailroom runs it.
A query that is not valid exits with status 2 and shows where the problem is.`;

/** Where the command writes; the process streams by default, strings in tests. */
export interface QueryIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const query: Command = {
  usage: 'query eval --mbox FILE --now ISO --tz ZONE "QUERY"',
  summary: 'Gmail search over a Takeout mbox; `query explain "QUERY"` shows the parse',
  run: (args) => runQuery(args, process),
};

/** `mailroom query ...` with its output sent to `io`; returns the exit code. */
export async function runQuery(args: string[], io: QueryIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'eval') return evalCommand(rest, io);
  if (sub === 'explain') return explainCommand(rest, io);
  io.stderr.write(`${sub ? `mailroom query: unknown subcommand "${sub}"\n` : ''}${USAGE}\n`);
  return sub === '--help' || sub === '-h' ? 0 : 1;
}

interface Options {
  mbox?: string;
  now: Date;
  timeZone: string;
  query: string;
}

function readOptions(args: string[], needMbox: boolean, io: QueryIo): Options | number {
  // Hand-rolled on purpose: a query may itself start with '-' (`-from:amy`), which a generic
  // option parser would take for an option.
  const values: { mbox?: string; now?: string; tz?: string } = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const option = /^--(mbox|now|tz)(?:=(.*))?$/.exec(arg);
    if (option) {
      const value = option[2] ?? args[++i];
      if (value === undefined) {
        io.stderr.write(`mailroom query: --${option[1]} needs a value\n${USAGE}\n`);
        return 1;
      }
      values[option[1] as 'mbox' | 'now' | 'tz'] = value;
    } else if (arg === '--help' || arg === '-h') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    } else {
      positionals.push(arg);
    }
  }
  if (needMbox && !values.mbox) {
    io.stderr.write(`mailroom query eval: --mbox FILE is required\n${USAGE}\n`);
    return 1;
  }
  if (positionals.length !== 1) {
    io.stderr.write(`mailroom query: give the query as one argument, in quotes\n${USAGE}\n`);
    return 1;
  }
  let now = new Date();
  if (values.now !== undefined) {
    // ISO 8601 date-time (Date.parse reads the ECMAScript subset of ISO 8601 exactly).
    const t = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(values.now) ? Date.parse(values.now) : Number.NaN;
    if (Number.isNaN(t)) {
      io.stderr.write(`mailroom query: --now must be an ISO 8601 date-time such as 2024-06-01T12:00:00Z, not "${values.now}"\n`);
      return 1;
    }
    now = new Date(t);
  }
  const timeZone = values.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    io.stderr.write(`mailroom query: --tz must be an IANA time zone such as Europe/Berlin, not "${timeZone}"\n`);
    return 1;
  }
  return { ...(values.mbox ? { mbox: values.mbox } : {}), now, timeZone, query: positionals[0] as string };
}

/** Parses or prints the error with a caret under its position and returns exit code 2. */
function parseOrReport(text: string, io: QueryIo): QueryNode | number {
  try {
    return parse(text);
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    io.stderr.write(
      `mailroom query: invalid query at position ${error.position}: ${error.message}\n` +
        `  ${error.query}\n  ${' '.repeat(error.position)}^\n` +
        `  expected: ${error.expected.join(', ')}\n`,
    );
    return 2;
  }
}

/**
 * Parsed mailboxes by file identity: reading a large mbox is the slow part. A run reuses the
 * parse of an earlier run from the on-disk cache (mbox-cache.ts), and a process that runs
 * several queries over the same unchanged file (tests, scripts) also keeps it in memory.
 */
const mailboxes = new Map<string, { stamp: string; mailbox: Promise<ParsedMbox> }>();

function loadMailbox(file: string): Promise<ParsedMbox> {
  const stat = fs.statSync(file);
  const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  const cached = mailboxes.get(file);
  if (cached && cached.stamp === stamp) return cached.mailbox;
  const mailbox = loadParsedMbox(file);
  mailboxes.set(file, { stamp, mailbox });
  mailbox.catch(() => mailboxes.delete(file));
  return mailbox;
}

async function evalCommand(args: string[], io: QueryIo): Promise<number> {
  const options = readOptions(args, true, io);
  if (typeof options === 'number') return options;
  const ast = parseOrReport(options.query, io);
  if (typeof ast === 'number') return ast;
  if (!fs.existsSync(options.mbox as string)) {
    io.stderr.write(`mailroom query eval: no such file: ${options.mbox}\n`);
    return 1;
  }
  const mailbox = await loadMailbox(options.mbox as string);
  const matches = compileMatcher(ast, { now: options.now, timeZone: options.timeZone, labels: mailbox.labels });
  const out: string[] = [];
  let withoutId = 0;
  for (const message of mailbox.messages) {
    if (!matches(message)) continue;
    if (message.rfc822MessageId) out.push(message.rfc822MessageId);
    else withoutId++;
  }
  io.stdout.write(out.map((id) => `${id}\n`).join(''));
  if (withoutId > 0) io.stderr.write(`mailroom query eval: ${withoutId} matching message(s) have no Message-ID and are not listed\n`);
  return 0;
}

async function explainCommand(args: string[], io: QueryIo): Promise<number> {
  const options = readOptions(args, false, io);
  if (typeof options === 'number') return options;
  const ast = parseOrReport(options.query, io);
  if (typeof ast === 'number') return ast;
  const compiled = toSql(ast, { now: options.now, timeZone: options.timeZone });
  const lines = [
    `canonical: ${print(ast)}`,
    `gmail api q: ${toGmailQuery(ast, { timeZone: options.timeZone, now: options.now })}`,
    `needs message bodies: ${needsBodyText(ast) ? 'yes' : 'no'}`,
    compiled.ok
      ? 'store: runs in the message store (SQL)'
      : `store: cannot run in the message store; needs the provider's search for: ${[...new Set(compiled.unsupported.map((u) => u.reason))]
          .map((reason) => {
            const terms = compiled.unsupported.filter((u) => u.reason === reason).map((u) => options.query.slice(u.span.start, u.span.end));
            return `${terms.join(', ')} (${reason})`;
          })
          .join('; ')}`,
    'ast:',
    JSON.stringify(ast, null, 2),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
