import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { LabelInfo, MessageMeta } from '@mailroom/mail-query';

/**
 * What `mailroom query eval` needs of a Takeout mbox: each message's metadata (with its body
 * text, for free-text terms) and the user labels. Parsing every message is the slow part (seconds
 * for a few thousand messages), so the result is kept on disk and reused while the file is
 * unchanged.
 *
 * The cache entry is keyed by the mbox's path, size, modification time and inode, and by a
 * fingerprint of the parsing and query code (the sources of @mailroom/mail-parse and
 * @mailroom/mail-query), so a change to either rule set never serves stale metadata. It lives
 * under `$DATA_DIR/cache/query-eval` when DATA_DIR is set, else the system's cache directory
 * (`$XDG_CACHE_HOME` or `~/.cache`, `mailroom/query-eval`), in a directory only the user can read:
 * it holds text derived from the user's own mbox, which is on the same disk.
 */
export interface ParsedMbox {
  labels: LabelInfo[];
  messages: MessageMeta[];
}

const FORMAT = 'mailroom-query-eval-1';

export function queryEvalCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env['DATA_DIR']) return path.join(path.resolve(env['DATA_DIR']), 'cache', 'query-eval');
  const base = env['XDG_CACHE_HOME'] || (os.homedir() ? path.join(os.homedir(), '.cache') : os.tmpdir());
  return path.join(base, 'mailroom', 'query-eval');
}

let codeFingerprint: string | null = null;

/** A hash of the parsing and query sources (the rules whose output the cache holds). */
function fingerprintOfCode(): string {
  if (codeFingerprint) return codeFingerprint;
  const hash = crypto.createHash('sha256').update(FORMAT);
  for (const specifier of ['@mailroom/mail-parse', '@mailroom/mail-query']) {
    const dir = path.dirname(fileURLToPath(import.meta.resolve(specifier)));
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort();
    for (const file of files) hash.update(file).update(fs.readFileSync(path.join(dir, file)));
  }
  // The MIME parser underneath decides decoding too.
  const postalMime = JSON.parse(fs.readFileSync(fileURLToPath(import.meta.resolve('postal-mime/package.json')), 'utf8')) as { version: string };
  hash.update(`postal-mime@${postalMime.version}`);
  codeFingerprint = hash.digest('hex').slice(0, 16);
  return codeFingerprint;
}

function entryName(file: string, stat: fs.Stats): { name: string; key: string } {
  const real = fs.realpathSync(file);
  const key = `${real}\n${stat.size}\n${stat.mtimeMs}\n${stat.ino}\n${fingerprintOfCode()}`;
  // One entry per mbox path: a newer version of the file replaces the older entry.
  return { name: `${crypto.createHash('sha256').update(real).digest('hex').slice(0, 24)}.v8`, key };
}

/** Parses the mbox, or reads the parse of the same unchanged file from the cache. */
export async function loadParsedMbox(file: string, options: { cacheDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<ParsedMbox & { fromCache: boolean }> {
  const stat = fs.statSync(file);
  const dir = options.cacheDir ?? queryEvalCacheDir(options.env);
  const { name, key } = entryName(file, stat);
  const cached = readEntry(path.join(dir, name), key);
  if (cached) return { ...cached, fromCache: true };

  // The MIME parser loads only when the file must be parsed: a cached run starts faster.
  const { readTakeoutMbox } = await import('@mailroom/mail-parse');
  const mailbox = await readTakeoutMbox(fs.readFileSync(file));
  const parsed: ParsedMbox = { labels: mailbox.labels, messages: mailbox.messages.map((m) => m.meta) };
  writeEntry(dir, name, key, parsed);
  return { ...parsed, fromCache: false };
}

function readEntry(entry: string, key: string): ParsedMbox | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(entry);
  } catch {
    return null;
  }
  try {
    const value = v8.deserialize(bytes) as { key?: unknown; parsed?: ParsedMbox };
    return value.key === key && value.parsed && Array.isArray(value.parsed.messages) ? value.parsed : null;
  } catch {
    // A truncated or foreign file is a miss; it is replaced below.
    return null;
  }
}

/** Writes atomically (temp file, then rename); a cache that cannot be written is only a miss. */
function writeEntry(dir: string, name: string, key: string, parsed: ParsedMbox): void {
  const temp = path.join(dir, `${name}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(temp, v8.serialize({ key, parsed }), { mode: 0o600 });
    fs.renameSync(temp, path.join(dir, name));
  } catch {
    fs.rmSync(temp, { force: true });
  }
}
