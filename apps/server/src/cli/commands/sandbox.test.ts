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
    expect(JSON.parse(written.join(''))).toEqual({ email: 'me@example.org', imported: 1, threads: 1, labelsCreated: [], skipped: [] });
    const reopened = createSandbox({ dataFile: data });
    try {
      const [message] = reopened.store.mailbox('me@example.org').sorted();
      expect(message?.index.meta.subject).toBe('Hello');
      expect(message?.labelIds).toEqual(['INBOX', 'UNREAD']);
    } finally {
      await reopened.close();
    }
  });

  it('imports every other message when one cannot be parsed, and names the skipped one by position and Message-ID', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sandbox-cli-'));
    const mbox = path.join(dir, 'mail.mbox');
    const data = path.join(dir, 'sandbox.sqlite');
    const message = (subject: string, extra: string[] = [], body = ['Hi.']) => [
      `From a@example.org Mon Jan 01 10:00:00 2024`,
      'From: a@example.org',
      'To: me@example.org',
      `Subject: ${subject}`,
      `Message-ID: <${subject.replace(/\W/g, '')}@example.org>`,
      'Date: Mon, 01 Jan 2024 10:00:00 +0000',
      ...extra,
      '',
      ...body,
      '',
    ];
    // 1,000 nested multiparts (issue 22): the MIME parser refuses past 256 levels.
    const nestedBody: string[] = [];
    for (let level = 1; level < 1000; level++) nestedBody.push(`--b${level - 1}`, `Content-Type: multipart/mixed; boundary="b${level}"`, '');
    nestedBody.push('--b999', '', 'deep');
    const lines = [
      ...message('One'),
      ...message('Deep', ['MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b0"'], nestedBody),
      ...message('Three'),
    ];
    await fs.writeFile(mbox, lines.join('\n'));
    const child = spawn(process.execPath, [BIN, 'sandbox', 'import', '--mbox', mbox, '--email', 'me@example.org', '--data', data], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stderr).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ imported: 2, skipped: [{ position: 2, messageId: 'Deep@example.org' }] });
    expect(stderr).toMatch(/^skipped message 2 <Deep@example\.org>: .*nesting depth/m);
    const reopened = createSandbox({ dataFile: data });
    try {
      expect(reopened.store.mailbox('me@example.org').sorted().map((m) => m.index.meta.subject).sort()).toEqual(['One', 'Three']);
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
