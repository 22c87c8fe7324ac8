import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mboxrdEscape } from '@mailroom/mail-parse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadParsedMbox, queryEvalCacheDir } from './mbox-cache.ts';

const message = (i: number) =>
  `From a@b Mon Jun  3 10:00:00 2024\n${mboxrdEscape(`X-Gmail-Labels: Inbox,Work\nFrom: s${i}@example.com\nSubject: message ${i}\nMessage-ID: <m${i}@example.com>\n\nFrom the body ${i}\n`)}\n`;

describe('the parsed-mbox cache of mailroom query eval', () => {
  let dir: string;
  let mbox: string;
  let cacheDir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-mbox-cache-'));
    mbox = path.join(dir, 'takeout.mbox');
    cacheDir = path.join(dir, 'cache');
    fs.writeFileSync(mbox, [1, 2, 3].map(message).join(''));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('parses once and answers the next run from the cache, with the same messages', async () => {
    const first = await loadParsedMbox(mbox, { cacheDir });
    const second = await loadParsedMbox(mbox, { cacheDir });
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(second.messages).toEqual(first.messages);
    expect(second.labels).toEqual([{ id: 'Label_1', name: 'Work' }]);
    expect(second.messages.map((m) => m.subject)).toEqual(['message 1', 'message 2', 'message 3']);
    // Only the user can read it: it holds text from the user's mail.
    expect(fs.statSync(cacheDir).mode & 0o077).toBe(0);
    for (const f of fs.readdirSync(cacheDir)) expect(fs.statSync(path.join(cacheDir, f)).mode & 0o077).toBe(0);
  });

  it('parses again when the file changes size or modification time', async () => {
    await loadParsedMbox(mbox, { cacheDir });
    fs.appendFileSync(mbox, message(4));
    const grown = await loadParsedMbox(mbox, { cacheDir });
    expect(grown.fromCache).toBe(false);
    expect(grown.messages).toHaveLength(4);
    // Same size, new content and time: still parsed again.
    fs.writeFileSync(mbox, fs.readFileSync(mbox, 'utf8').replace('message 4', 'massage 4'));
    fs.utimesSync(mbox, new Date(), new Date(Date.now() + 5_000));
    const edited = await loadParsedMbox(mbox, { cacheDir });
    expect(edited.fromCache).toBe(false);
    expect(edited.messages[3]?.subject).toBe('massage 4');
  });

  it('treats a damaged cache file as a miss and replaces it', async () => {
    await loadParsedMbox(mbox, { cacheDir });
    for (const f of fs.readdirSync(cacheDir)) fs.writeFileSync(path.join(cacheDir, f), 'not a cache entry');
    const again = await loadParsedMbox(mbox, { cacheDir });
    expect(again.fromCache).toBe(false);
    expect(again.messages).toHaveLength(3);
    expect((await loadParsedMbox(mbox, { cacheDir })).fromCache).toBe(true);
  });

  it('lives under DATA_DIR when set, else the system cache directory', () => {
    expect(queryEvalCacheDir({ DATA_DIR: '/srv/mailroom' })).toBe(path.join('/srv/mailroom', 'cache', 'query-eval'));
    expect(queryEvalCacheDir({ XDG_CACHE_HOME: '/home/u/.cache' })).toBe(path.join('/home/u/.cache', 'mailroom', 'query-eval'));
  });
});
