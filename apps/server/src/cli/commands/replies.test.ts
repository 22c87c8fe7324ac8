import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReplies } from './replies.ts';

/**
 * `mailroom replies suggest` on a small Takeout mbox written here: the exact output contract,
 * style learned from the user's sent mail, threads from X-GM-THRID and References, --now, and
 * the errors.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.resolve(here, '../../../bin/mailroom.js');
const ME = 'jordan@example.com';

interface Mail {
  from: string;
  to: string;
  subject: string;
  id: string;
  date: string;
  body: string;
  labels?: string;
  thread?: number;
  inReplyTo?: string;
  extra?: string;
}

function mboxOf(mails: Mail[]): string {
  return mails
    .map((m, i) => {
      const headers = [
        `X-GM-THRID: ${m.thread ?? 5000 + i}`,
        `X-Gmail-Labels: ${m.labels ?? 'Inbox,Unread'}`,
        `From: ${m.from}`,
        `To: ${m.to}`,
        `Subject: ${m.subject}`,
        `Message-ID: <${m.id}>`,
        `Date: ${m.date}`,
        ...(m.inReplyTo ? [`In-Reply-To: <${m.inReplyTo}>`, `References: <${m.inReplyTo}>`] : []),
        ...(m.extra ? [m.extra] : []),
        'Content-Type: text/plain; charset=utf-8',
      ];
      return `From ${i + 1}@xxx Mon Jun  3 09:00:00 +0000 2024\n${headers.join('\n')}\n\n${m.body.replace(/^(>*From )/gm, '>$1')}\n`;
    })
    .join('\n');
}

const MAILS: Mail[] = [
  // The user's sent replies: they sign "Cheers, J" and open with "Hey <name>,".
  { from: `Jordan Lee <${ME}>`, to: 'Sam <sam@acme.example>', subject: 'Re: build', id: 'sent-1@example.com', date: 'Mon, 20 May 2024 10:00:00 +0000', labels: 'Sent', inReplyTo: 'x1@acme.example', body: 'Hey Sam,\n\nyeah, fixed it last night :)\n\nCheers, J' },
  { from: `Jordan Lee <${ME}>`, to: 'Ann <ann@acme.example>', subject: 'Re: lunch', id: 'sent-2@example.com', date: 'Tue, 21 May 2024 10:00:00 +0000', labels: 'Sent', inReplyTo: 'x2@acme.example', body: "Hey Ann,\n\nsounds great, I'm in!\n\nCheers, J\n\nOn Tue, Ann wrote:\n> Lunch Friday?" },
  { from: `Jordan Lee <${ME}>`, to: 'Bo <bo@acme.example>', subject: 'Re: docs', id: 'sent-3@example.com', date: 'Wed, 22 May 2024 10:00:00 +0000', labels: 'Sent', inReplyTo: 'x3@acme.example', body: "Hey Bo,\n\nnope, haven't had a chance yet - tomorrow!\n\nCheers, J" },
  // A person asks the user something.
  { from: '"Smith, Ann" <ann@acme.example>', to: `Jordan Lee <${ME}>`, subject: 'Planning', id: 'ask-1@acme.example', date: 'Mon, 3 Jun 2024 08:00:00 +0000', body: 'Hi Jordan,\n\nAre you free for a quick call on Thursday at 2pm?\n\nAnn' },
  // A newsletter.
  { from: 'Acme News <news@mail.acme.example>', to: ME, subject: 'Acme Weekly #12', id: 'news-1@mail.acme.example', date: 'Mon, 3 Jun 2024 07:00:00 +0000', extra: 'List-Unsubscribe: <https://acme.example/u>', body: 'This week at Acme.\n\nUnsubscribe: https://acme.example/u' },
  // A list thread: someone asks the list; the user answers later (same X-GM-THRID); then a reply to the user.
  { from: 'Kim <kim@dev.example>', to: 'dev@lists.example.org', subject: '[dev] flaky test', id: 'list-1@dev.example', date: 'Mon, 3 Jun 2024 09:00:00 +0000', thread: 900, extra: 'List-Id: <dev.lists.example.org>', body: 'Is anyone else seeing test_sync fail?' },
  { from: `Jordan Lee <${ME}>`, to: 'dev@lists.example.org', subject: 'Re: [dev] flaky test', id: 'sent-4@example.com', date: 'Mon, 3 Jun 2024 12:00:00 +0000', thread: 900, labels: 'Sent', inReplyTo: 'list-1@dev.example', extra: 'List-Id: <dev.lists.example.org>', body: 'Hey Kim,\n\nyes, looking at it now.\n\nCheers, J' },
  { from: 'Kim <kim@dev.example>', to: 'dev@lists.example.org', subject: 'Re: [dev] flaky test', id: 'list-2@dev.example', date: 'Mon, 3 Jun 2024 13:00:00 +0000', inReplyTo: 'sent-4@example.com', extra: 'List-Id: <dev.lists.example.org>', body: 'Thanks so much for jumping on it!' },
];

let dir: string;
let mbox: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-replies-'));
  mbox = path.join(dir, 'takeout.mbox');
  fs.writeFileSync(mbox, mboxOf(MAILS));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function suggest(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } };
  const code = await runReplies(['suggest', ...args], io);
  return { code, stdout, stderr };
}

describe('mailroom replies suggest', () => {
  it('prints one JSON line with the trigger, the reason and three suggestions in the user’s style', async () => {
    const { code, stdout } = await suggest('--mbox', mbox, '--message-id', '<ask-1@acme.example>', '--me', ME);
    expect(code).toBe(0);
    expect(stdout.endsWith('\n')).toBe(true);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(stdout) as { trigger: boolean; reason: string; suggestions: string[] };
    expect(Object.keys(result)).toEqual(['trigger', 'reason', 'suggestions']);
    expect(result.trigger).toBe(true);
    expect(result.reason).toMatch(/wrote to you/);
    expect(result.suggestions).toHaveLength(3);
    for (const text of result.suggestions) {
      expect(text).toMatch(/^Hey Ann,\n\n/);
      expect(text).toMatch(/\n\nCheers, J$/);
    }
    expect(result.suggestions[0]).toContain('Thursday at 2pm');
  });

  it('answers false with a reason and no suggestions for a newsletter', async () => {
    const { code, stdout } = await suggest('--mbox', mbox, '--message-id', 'news-1@mail.acme.example', '--me', ME);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ trigger: false, reason: expect.stringMatching(/bulk/i), suggestions: [] });
  });

  it('follows the thread: list mail triggers once the user has written in it, and --now turns back the clock', async () => {
    const now = await suggest('--mbox', mbox, '--message-id', 'list-1@dev.example', '--me', ME);
    expect(JSON.parse(now.stdout)).toMatchObject({ trigger: true, reason: expect.stringMatching(/thread/) });
    const before = await suggest('--mbox', mbox, '--message-id', 'list-1@dev.example', '--me', ME, '--now', '2024-06-03T10:00:00Z');
    expect(JSON.parse(before.stdout)).toMatchObject({ trigger: false, reason: expect.stringMatching(/list/i), suggestions: [] });
    // A reply to the user's list message, linked only by References (its own X-GM-THRID differs).
    const reply = await suggest('--mbox', mbox, '--message-id', 'list-2@dev.example', '--me', ME);
    const parsed = JSON.parse(reply.stdout) as { trigger: boolean; suggestions: string[] };
    expect(parsed.trigger).toBe(true);
    expect(parsed.suggestions[0]).toMatch(/welcome|glad|anytime/i);
    // A message dated after --now can still be asked about.
    const early = await suggest('--mbox', mbox, '--message-id', 'ask-1@acme.example', '--me', ME, '--now', '2024-01-01T00:00:00Z');
    expect(early.code).toBe(0);
    expect(JSON.parse(early.stdout)).toMatchObject({ trigger: true });
  });

  it('says the user wrote it when asked about their own message', async () => {
    const { stdout } = await suggest('--mbox', mbox, '--message-id', 'sent-2@example.com', '--me', ME.toUpperCase());
    expect(JSON.parse(stdout)).toEqual({ trigger: false, reason: expect.stringMatching(/you/i), suggestions: [] });
  });

  it('exits 2 with a clear message for an unknown message id', async () => {
    const { code, stdout, stderr } = await suggest('--mbox', mbox, '--message-id', 'nope@nowhere', '--me', ME);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('no message with Message-ID "nope@nowhere"');
  });

  it('exits 1 naming what is wrong with the arguments', async () => {
    expect((await suggest('--mbox', mbox, '--message-id', 'ask-1@acme.example')).stderr).toContain('--me');
    expect((await suggest('--mbox', mbox, '--message-id', 'x', '--me', 'not-an-address')).stderr).toContain('--me must be an email address');
    expect((await suggest('--mbox', mbox, '--message-id', 'x', '--me', ME, '--now', 'tomorrow')).stderr).toContain('ISO 8601');
    expect((await suggest('--mbox', path.join(dir, 'missing.mbox'), '--message-id', 'x', '--me', ME)).stderr).toContain('no such file');
    expect((await suggest('--mbox', mbox, '--message-id', 'x', '--me', ME, '--colour')).code).toBe(1);
  });

  it('is the `npx mailroom replies suggest` command, with its exit codes', () => {
    const ok = spawnSync(process.execPath, [bin, 'replies', 'suggest', '--mbox', mbox, '--message-id', 'ask-1@acme.example', '--me', ME], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ trigger: true });
    const unknown = spawnSync(process.execPath, [bin, 'replies', 'suggest', '--mbox', mbox, '--message-id', 'nope@nowhere', '--me', ME], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no message with Message-ID');
  });
});
