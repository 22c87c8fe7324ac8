import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSearchDirectory, translate, type SearchDirectory } from '@mailroom/intelligence/search';
import type { Command } from '../command.ts';
import { loadParsedMbox } from './mbox-cache.ts';

const USAGE = `Usage:
  mailroom search translate [--now ISO-8601] [--tz IANA-ZONE] [--mbox FILE] "REQUEST"
      Prints the Gmail search query for a request in plain English, on one line.
      Dates are relative to --now (default: the current time) in --tz (default: this
      machine's zone). With --mbox, names, mailing lists and labels are resolved against the
      senders, recipients, List-Ids and labels of that Google Takeout mbox (kept in a small
      cache under $DATA_DIR/cache, else ~/.cache/mailroom, while the file is unchanged).`;

export interface SearchIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

export const search: Command = {
  usage: 'search translate --now ISO --tz ZONE [--mbox FILE] "REQUEST"',
  summary: 'natural-language request -> Gmail search query',
  run: (args) => runSearch(args, process),
};

/** `mailroom search ...` with its output sent to `io`; returns the exit code. */
export async function runSearch(args: string[], io: SearchIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'translate') return translateCommand(rest, io, env);
  if (sub === '--help' || sub === '-h') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  io.stderr.write(`${sub ? `mailroom search: unknown subcommand "${sub}"\n` : ''}${USAGE}\n`);
  return 1;
}

async function translateCommand(args: string[], io: SearchIo, env: NodeJS.ProcessEnv): Promise<number> {
  const values: { mbox?: string; now?: string; tz?: string } = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const option = /^--(mbox|now|tz)(?:=(.*))?$/.exec(arg);
    if (option) {
      const value = option[2] ?? args[++i];
      if (value === undefined || value === '') {
        io.stderr.write(`mailroom search translate: --${option[1]} needs a value\n${USAGE}\n`);
        return 1;
      }
      values[option[1] as 'mbox' | 'now' | 'tz'] = value;
    } else if (arg === '--help' || arg === '-h') {
      io.stdout.write(`${USAGE}\n`);
      return 0;
    } else if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    } else if (/^--[a-z]/i.test(arg)) {
      // A request never starts with "--"; a mistyped option must not become search words.
      io.stderr.write(`mailroom search translate: unknown option ${arg}\n${USAGE}\n`);
      return 1;
    } else {
      positionals.push(arg);
    }
  }
  if (positionals.length === 0) {
    io.stderr.write(`mailroom search translate: give the request as one argument, in quotes\n${USAGE}\n`);
    return 1;
  }
  let now = new Date();
  if (values.now !== undefined) {
    // ISO 8601 date-time (Date.parse reads the ECMAScript subset of ISO 8601 exactly).
    const t = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(values.now) ? Date.parse(values.now) : Number.NaN;
    if (Number.isNaN(t)) {
      io.stderr.write(`mailroom search translate: --now must be an ISO 8601 date-time such as 2024-06-01T12:00:00Z, not "${values.now}"\n`);
      return 1;
    }
    now = new Date(t);
  }
  const timeZone = values.tz ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    io.stderr.write(`mailroom search translate: --tz must be an IANA time zone such as Europe/Berlin, not "${timeZone}"\n`);
    return 1;
  }
  let directory: SearchDirectory | undefined;
  if (values.mbox !== undefined) {
    if (!fs.existsSync(values.mbox) || !fs.statSync(values.mbox).isFile()) {
      io.stderr.write(`mailroom search translate: no such file: ${values.mbox}\n`);
      return 1;
    }
    directory = await loadMboxDirectory(values.mbox, { env });
  }
  const request = positionals.join(' ');
  const translation = translate(request, {
    now,
    timeZone,
    ...(directory ? { directory: directory.people, lists: directory.lists, labels: directory.labels } : {}),
  });
  // Exactly one line: a query never contains a line break (the request's are spaces to it).
  io.stdout.write(`${translation.query.replace(/[\r\n]+/gu, ' ')}\n`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// The directory of a Takeout mbox, cached.

/**
 * Reading a Takeout mbox means parsing every message (seconds for a few thousand), while the
 * directory the translator needs is small: names, addresses, counts, list ids and label names.
 * It is kept on disk, keyed by the file's path, size, modification time and inode (and this
 * format's version), under `$DATA_DIR/cache/search-directory`, else `$XDG_CACHE_HOME` or
 * `~/.cache` `/mailroom/search-directory`, readable by the user only. It holds header metadata
 * from the user's own mbox, which is on the same disk; never message bodies. When it is missing,
 * the mbox is read through `mailroom query eval`'s parsed-mbox cache (mbox-cache.ts), so either
 * command's first run over a file makes the other one's fast.
 */
const FORMAT = 'mailroom-search-directory-1';

export function searchDirectoryCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['DATA_DIR']) return path.join(path.resolve(env['DATA_DIR']), 'cache', 'search-directory');
  const base = env['XDG_CACHE_HOME'] || (os.homedir() ? path.join(os.homedir(), '.cache') : os.tmpdir());
  return path.join(base, 'mailroom', 'search-directory');
}

const inMemory = new Map<string, { key: string; directory: Promise<SearchDirectory> }>();

export async function loadMboxDirectory(file: string, options: { env?: NodeJS.ProcessEnv; cacheDir?: string } = {}): Promise<SearchDirectory & { fromCache: boolean }> {
  const stat = fs.statSync(file);
  const real = fs.realpathSync(file);
  const key = `${FORMAT}\n${real}\n${stat.size}\n${stat.mtimeMs}\n${stat.ino}`;
  const remembered = inMemory.get(real);
  if (remembered && remembered.key === key) return { ...(await remembered.directory), fromCache: true };
  const dir = options.cacheDir ?? searchDirectoryCacheDir(options.env);
  const entry = path.join(dir, `${crypto.createHash('sha256').update(real).digest('hex').slice(0, 24)}.json`);
  const cached = readEntry(entry, key);
  if (cached) {
    inMemory.set(real, { key, directory: Promise.resolve(cached) });
    return { ...cached, fromCache: true };
  }
  const building = loadParsedMbox(file, options.env ? { env: options.env } : {}).then((mailbox) => buildSearchDirectory(mailbox.messages, mailbox.labels));
  inMemory.set(real, { key, directory: building });
  try {
    const directory = await building;
    writeEntry(dir, entry, key, directory);
    return { ...directory, fromCache: false };
  } catch (error) {
    inMemory.delete(real);
    throw error;
  }
}

function readEntry(entry: string, key: string): SearchDirectory | null {
  try {
    const value = JSON.parse(fs.readFileSync(entry, 'utf8')) as { key?: unknown; directory?: SearchDirectory };
    const d = value.directory;
    if (value.key !== key || !d || !Array.isArray(d.people) || !Array.isArray(d.lists) || !Array.isArray(d.labels)) return null;
    return d;
  } catch {
    // Missing, truncated or foreign: a miss; it is replaced below.
    return null;
  }
}

/** Writes atomically (temp file, then rename); a cache that cannot be written is only a miss. */
function writeEntry(dir: string, entry: string, key: string, directory: SearchDirectory): void {
  const temp = `${entry}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(temp, JSON.stringify({ key, directory }), { mode: 0o600 });
    fs.renameSync(temp, entry);
  } catch {
    fs.rmSync(temp, { force: true });
  }
}
