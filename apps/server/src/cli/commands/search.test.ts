import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMboxDirectory, runSearch } from './search.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../../../bin/mailroom.js');

/** A small Google Takeout mbox: Rohit with and without his display name, a list, a label. */
const MBOX = [
  'From 1234@xxx Mon Jun 10 10:00:00 +0000 2024',
  'X-Gmail-Labels: Inbox,Unread,Receipts 2024',
  'From: Rohit Khare <khare@alumni.example.edu>',
  'To: Me <me@example.org>',
  'Subject: The web, again',
  'Date: Mon, 10 Jun 2024 10:00:00 +0000',
  'Message-ID: <one@example.edu>',
  'List-Id: Friends of Rohit Khare <fork.example.com>',
  '',
  'Body one.',
  '',
  'From 1235@xxx Tue Jun 11 10:00:00 +0000 2024',
  'X-Gmail-Labels: Archived,Opened',
  'From: khare@alumni.example.edu',
  'To: me@example.org',
  'Subject: Re: The web, again',
  'Date: Tue, 11 Jun 2024 10:00:00 +0000',
  'Message-ID: <two@example.edu>',
  '',
  'Body two.',
  '',
].join('\n');

let dir: string;
let mbox: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-search-cli-'));
  mbox = path.join(dir, 'takeout.mbox');
  fs.writeFileSync(mbox, MBOX);
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
  const code = await runSearch(args, io, { DATA_DIR: path.join(dir, 'data') });
  return { code, stdout, stderr };
}

const NOW = ['--now', '2024-06-12T09:00:00Z', '--tz', 'Europe/Berlin'];

describe('mailroom search translate', () => {
  it('prints exactly one line: the Gmail query', async () => {
    const result = await run('translate', ...NOW, 'unread emails from rohit since monday');
    expect(result).toEqual({ code: 0, stdout: 'is:unread from:rohit after:2024/06/10\n', stderr: '' });
  });

  it('resolves names, lists and labels against the mbox', async () => {
    expect((await run('translate', ...NOW, '--mbox', mbox, 'from rohit')).stdout).toBe('from:rohit OR from:khare@alumni.example.edu\n');
    expect((await run('translate', ...NOW, '--mbox', mbox, 'the fork list')).stdout).toBe('list:fork.example.com\n');
    expect((await run('translate', ...NOW, '--mbox', mbox, 'labeled receipts')).stdout).toBe('label:receipts-2024\n');
  });

  it('keeps the mbox directory in a cache only the user can read, reused while the file is unchanged', async () => {
    const cacheDir = path.join(dir, 'cache');
    const own = path.join(dir, 'own.mbox');
    fs.writeFileSync(own, MBOX);
    const env = { DATA_DIR: path.join(dir, 'own-data') };
    const first = await loadMboxDirectory(own, { cacheDir, env });
    expect(first.fromCache).toBe(false);
    expect(first.people.some((p) => p.name === 'Rohit Khare' && p.address === 'khare@alumni.example.edu')).toBe(true);
    const entries = fs.readdirSync(cacheDir);
    expect(entries).toHaveLength(1);
    expect(fs.statSync(cacheDir).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(cacheDir, entries[0] as string)).mode & 0o077).toBe(0);
    // Only header metadata: no body text reaches the cache.
    expect(fs.readFileSync(path.join(cacheDir, entries[0] as string), 'utf8')).not.toMatch(/Body one/u);
    expect((await loadMboxDirectory(own, { cacheDir, env })).fromCache).toBe(true);
  });

  it('a request in Gmail syntax that starts with "-" is a request, not an option', async () => {
    expect((await run('translate', ...NOW, '-from:amy unread')).stdout).toBe('-from:amy is:unread\n');
  });

  it.each([
    [['translate', ...NOW], /give the request/u],
    [['translate', '--now', 'yesterday', 'razor'], /--now must be an ISO 8601 date-time/u],
    [['translate', '--tz', 'Mars/Olympus', 'razor'], /--tz must be an IANA time zone/u],
    [['translate', ...NOW, '--mbox', '/nonexistent/takeout.mbox', 'razor'], /no such file/u],
    [['translate', ...NOW, '--mbox'], /--mbox needs a value/u],
    [['translate', ...NOW, '--limit', '3', 'razor'], /unknown option --limit/u],
    [['interpret', 'razor'], /unknown subcommand "interpret"/u],
  ])('bad arguments %j exit non-zero with the reason on stderr', async (args, message) => {
    const result = await run(...(args as string[]));
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message as RegExp);
  });

  it('runs as the mailroom binary', () => {
    const result = spawnSync(process.execPath, [bin, 'search', 'translate', ...NOW, '--mbox', mbox, 'from rohit or eugen with attachments'], {
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: path.join(dir, 'bin-data') },
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('from:rohit OR from:khare@alumni.example.edu OR from:eugen has:attachment\n');
  }, 120_000);
});
