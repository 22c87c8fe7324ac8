import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuery } from '../query.ts';
import { buildCorpusMbox } from './corpus-mbox.ts';

/**
 * `mailroom query eval` over a Takeout-style mbox of the whole SpamAssassin corpus (6,046
 * messages), against answers computed independently by expected.py (Python's email package and
 * hand-written predicates over the raw corpus files; see that script).
 */
interface Expected {
  now: string;
  timeZone: string;
  queries: Array<{ query: string; expected: string[] }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const expected = JSON.parse(fs.readFileSync(path.join(here, 'expected.json'), 'utf8')) as Expected;
const bin = path.resolve(here, '../../../../bin/mailroom.js');

let dir: string;
let mbox: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-conformance-'));
  // The parsed-mbox cache goes to this run's directory, not the user's (the binary inherits it).
  process.env['XDG_CACHE_HOME'] = path.join(dir, 'cache');
  delete process.env['DATA_DIR'];
  mbox = path.join(dir, 'takeout.mbox');
  fs.writeFileSync(mbox, buildCorpusMbox());
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

async function evalQuery(query: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
  const code = await runQuery(['eval', '--mbox', mbox, '--now', expected.now, '--tz', expected.timeZone, query], io);
  return { code, stdout, stderr };
}

describe('mailroom query eval on the SpamAssassin corpus', { timeout: 120_000 }, () => {
  it('checks at least 60 queries', () => {
    expect(expected.queries.length).toBeGreaterThanOrEqual(60);
    expect(expected.queries.filter((q) => q.expected.length > 0).length).toBe(expected.queries.length);
  });

  it.each(expected.queries.map((q) => [q.query, q.expected] as const))('%s', async (query, ids) => {
    const result = await evalQuery(query);
    expect(result.code).toBe(0);
    const lines = result.stdout === '' ? [] : result.stdout.replace(/\n$/, '').split('\n');
    expect(lines.length).toBe(ids.length);
    expect(lines).toEqual(ids);
  });

  it('runs as the mailroom binary and prints one Message-ID per line', () => {
    const q = expected.queries.find((x) => x.query === 'from:hotmail.com') as Expected['queries'][number];
    const run = spawnSync(process.execPath, [bin, 'query', 'eval', '--mbox', mbox, '--now', expected.now, '--tz', expected.timeZone, q.query], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout.trimEnd().split('\n')).toEqual(q.expected);
  }, 300_000);

  it('exits 2 with the error and a caret under its position on a syntax error', () => {
    const run = spawnSync(process.execPath, [bin, 'query', 'eval', '--mbox', mbox, '--now', expected.now, '--tz', 'UTC', 'from:amy after:2002/13/45'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n');
    expect(lines[0]).toMatch(/position 15: 2002\/13\/45 is not a real date/);
    expect(lines[1]).toBe('  from:amy after:2002/13/45');
    expect(lines[2]).toBe(`  ${' '.repeat(15)}^`);
  });

  it('explains a query: canonical form, Gmail API text, store support and the tree', () => {
    const run = spawnSync(process.execPath, [bin, 'query', 'explain', '--tz', 'America/Los_Angeles', 'FROM:(amy bob) {is:unread is:starred} before:2002/10/01'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe('canonical: from:amy from:bob is:unread OR is:starred before:2002/10/01');
    // Midnight 1 October 2002 in Los Angeles (PDT, UTC-7) is 07:00 UTC.
    expect(lines[1]).toBe(`gmail api q: from:amy from:bob is:unread OR is:starred before:${Date.UTC(2002, 9, 1, 7) / 1000}`);
    expect(lines[2]).toBe('needs message bodies: no');
    expect(lines[3]).toBe('store: runs in the message store (SQL)');
    expect(JSON.parse(lines.slice(5).join('\n'))).toMatchObject({ kind: 'and' });
  });
});
