import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gmail } from '@googleapis/gmail';
import { createSandbox } from '@mailroom/gmail-sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox as command } from './sandbox.ts';

const BIN = fileURLToPath(new URL('../../../bin/mailroom.js', import.meta.url));
let dir: string | null = null;

afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
  dir = null;
});

describe('mailroom sandbox', () => {
  it('imports an mbox into the sandbox data file', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-cli-'));
    const mbox = path.join(dir, 'mail.mbox');
    const data = path.join(dir, 'sandbox.sqlite');
    await fs.writeFile(
      mbox,
      ['From a@example.org Mon Jan 01 10:00:00 2024', 'From: a@example.org', 'To: me@example.org', 'Subject: Hello', 'Date: Mon, 01 Jan 2024 10:00:00 +0000', '', 'Hi.', ''].join('\n'),
    );
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => written.push(chunk) > 0) as typeof process.stdout.write;
    try {
      expect(await command.run(['import', '--mbox', mbox, '--email', 'me@example.org', '--data', data])).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    expect(JSON.parse(written.join(''))).toEqual({ email: 'me@example.org', imported: 1, threads: 1, labelsCreated: [] });
    const reopened = createSandbox({ dataFile: data });
    try {
      const [message] = reopened.store.mailbox('me@example.org').sorted();
      expect(message?.index.meta.subject).toBe('Hello');
      expect(message?.labelIds).toEqual(['INBOX', 'UNREAD']);
    } finally {
      await reopened.close();
    }
  });

  it('serves standalone: prints its root URL and token, and the real client works against it', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--memory', '--no-corpus', '--token', 'cli-token', '--email', 'cli@mailroom.local'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
      });
      const started = JSON.parse(firstLine) as { rootUrl: string; email: string; token: string; messages: number };
      expect(started).toMatchObject({ email: 'cli@mailroom.local', token: 'cli-token', messages: 0 });
      const api = gmail({ version: 'v1', rootUrl: started.rootUrl, headers: { authorization: 'Bearer cli-token' }, retry: false });
      expect((await api.users.getProfile({ userId: 'me' })).data.emailAddress).toBe('cli@mailroom.local');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('explains its usage for an unknown subcommand', async () => {
    const errors: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => errors.push(chunk) > 0) as typeof process.stderr.write;
    try {
      expect(await command.run(['frobnicate'])).toBe(1);
    } finally {
      process.stderr.write = write;
    }
    expect(errors.join('')).toContain('mailroom sandbox serve');
  });
});
