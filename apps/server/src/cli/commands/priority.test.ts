import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoTime, runPriority } from './priority.ts';

const BIN = fileURLToPath(new URL('../../../bin/mailroom.js', import.meta.url));
const ME = 'me@home.example';

interface Mail {
  id?: string;
  from: string;
  to?: string;
  subject: string;
  date: string;
  labels?: string;
  extra?: string[];
}

function mboxOf(messages: Mail[]): string {
  return messages
    .map((m) =>
      [
        `From sender@example.org ${new Date(m.date).toUTCString().replace(/,/gu, '')}`,
        `X-Gmail-Labels: ${m.labels ?? 'Inbox'}`,
        ...(m.id ? [`Message-ID: <${m.id}>`] : []),
        `From: ${m.from}`,
        `To: ${m.to ?? ME}`,
        `Subject: ${m.subject}`,
        `Date: ${new Date(m.date).toUTCString()}`,
        ...(m.extra ?? []),
        '',
        'Body text.',
        '',
      ].join('\n'),
    )
    .join('\n');
}

const MAILBOX: Mail[] = [
  { id: 'a1@partner.example', from: 'Alice Example <alice@partner.example>', subject: 'Contract', date: '2024-05-01T09:00:00Z' },
  { id: 'a2@partner.example', from: 'Alice Example <alice@partner.example>', subject: 'Contract, v2', date: '2024-05-02T09:00:00Z' },
  { id: 'b1@stranger.example', from: 'Bob Stranger <bob@stranger.example>', subject: 'Hello', date: '2024-05-02T10:00:00Z' },
  { id: 'a3@partner.example', from: 'Alice Example <alice@partner.example>', subject: 'Contract, final', date: '2024-05-03T09:00:00Z' },
  { id: 'b2@stranger.example', from: 'Bob Stranger <bob@stranger.example>', subject: 'Hello again', date: '2024-05-03T10:00:00Z' },
  {
    id: 'l1@lists.example',
    from: 'Poster <poster@example.org>',
    to: 'dev@lists.example',
    subject: '[dev] release',
    date: '2024-05-03T11:00:00Z',
    extra: ['List-Id: Dev list <dev.lists.example>', 'List-Post: <mailto:dev@lists.example>', 'Precedence: list'],
  },
  { id: 'n1@shop.example', from: 'Shop <news@shop.example>', subject: 'Sale', date: '2024-05-03T12:00:00Z', extra: ['List-Unsubscribe: <https://shop.example/u>', 'Precedence: bulk'] },
  { id: 's1@spam.example', from: 'Winner <win@spam.example>', subject: 'You won', date: '2024-05-03T13:00:00Z', labels: 'Spam' },
  { id: 'me1@home.example', from: `Me <${ME}>`, to: 'alice@partner.example', subject: 'Re: Contract', date: '2024-05-01T10:00:00Z', labels: 'Sent' },
  { from: 'No Id <noid@example.org>', subject: 'Where is my id', date: '2024-05-03T14:00:00Z' },
  { id: 'a1@partner.example', from: 'Alice Example <alice@partner.example>', subject: 'Contract', date: '2024-05-01T09:00:00Z', labels: 'Important' },
];

let dir: string;
let mbox: string;
const NOW = '2024-05-04T12:00:00Z';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-priority-cli-'));
  mbox = path.join(dir, 'mail.mbox');
  fs.writeFileSync(mbox, mboxOf(MAILBOX));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function actionsFile(lines: string[], name = 'actions.jsonl'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runPriority(args, { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) } });
  return { code, stdout, stderr };
}

const evalArgs = (actions: string, extra: string[] = []) => ['eval', '--mbox', mbox, '--actions', actions, '--now', NOW, '--tz', 'Europe/Berlin', '--me', ME, ...extra];

function scores(stdout: string): Map<string, number> {
  return new Map(stdout.trimEnd().split('\n').map((line) => line.split('\t') as [string, string]).map(([id, score]) => [id, Number(score)]));
}

describe('mailroom priority eval', () => {
  it('prints MESSAGE-ID<TAB>SCORE for every message, in mbox order, once per Message-ID, mbox-N for a message without one', async () => {
    const { code, stdout, stderr } = await run(evalArgs(actionsFile([])));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines.pop()).toBe('');
    for (const line of lines) expect(line).toMatch(/^[^\t\n]+\t(?:\d|[1-9]\d|100)$/u);
    expect(lines.map((l) => l.split('\t')[0])).toEqual([
      'a1@partner.example',
      'a2@partner.example',
      'b1@stranger.example',
      'a3@partner.example',
      'b2@stranger.example',
      'l1@lists.example',
      'n1@shop.example',
      's1@spam.example',
      'me1@home.example',
      'mbox-10',
    ]);
  });

  it('with no actions: the correspondent above the stranger above the list above the newsletter; spam 0', async () => {
    const s = scores((await run(evalArgs(actionsFile([])))).stdout);
    expect(s.get('a3@partner.example')).toBeGreaterThan(s.get('b2@stranger.example') as number);
    expect(s.get('b2@stranger.example')).toBeGreaterThan(s.get('l1@lists.example') as number);
    expect(s.get('l1@lists.example')).toBeGreaterThan(s.get('n1@shop.example') as number);
    expect(s.get('s1@spam.example')).toBe(0);
  });

  it('learns from the actions in file order: a sender the user replies to rises, one they delete sinks', async () => {
    const cold = scores((await run(evalArgs(actionsFile([])))).stdout);
    const taught = scores(
      (
        await run(
          evalArgs(
            actionsFile([
              '{"messageId": "b1@stranger.example", "action": "reply", "at": "2024-05-02T11:00:00Z"}',
              '',
              '{"messageId": "<a2@partner.example>", "action": "delete", "at": "2024-05-02T12:00:00Z"}',
              '{"messageId": "a1@partner.example", "action": "not_important", "at": "2024-05-02T12:05:00Z"}',
              '{"messageId": "mbox-10", "action": "open", "at": "2024-05-03T15:00:00.000+02:00"}',
            ]),
          ),
        )
      ).stdout,
    );
    expect(taught.get('b2@stranger.example')).toBeGreaterThan(cold.get('b2@stranger.example') as number);
    expect(taught.get('a3@partner.example')).toBeLessThan(cold.get('a3@partner.example') as number);
  });

  it('is deterministic: the same mbox and actions print the same bytes', async () => {
    const file = actionsFile(['{"messageId":"b1@stranger.example","action":"star","at":"2024-05-02T11:00:00Z"}']);
    expect((await run(evalArgs(file))).stdout).toBe((await run(evalArgs(file))).stdout);
  });

  it.each([
    [['{"messageId": "a1@partner.example", "action": "open", "at": "2024-05-02T11:00:00Z"}', '{"messageId": "nobody@nowhere", "action": "open", "at": "2024-05-02T11:00:00Z"}'], 'line 2', /unknown message id "nobody@nowhere"/u],
    [['{"messageId": "a1@partner.example", "action": "open", "at": "2024-05-02T11:00:00Z"', ''], 'line 1', /not a JSON object/u],
    [['', '', '["a1@partner.example", "open"]'], 'line 3', /not a JSON object/u],
    [['{"messageId": "a1@partner.example", "action": "like", "at": "2024-05-02T11:00:00Z"}'], 'line 1', /"action" must be one of open, reply/u],
    [['{"messageId": "a1@partner.example", "action": "open", "at": "yesterday"}'], 'line 1', /"at" must be an ISO 8601 date-time/u],
    [['{"messageId": "", "action": "open", "at": "2024-05-02T11:00:00Z"}'], 'line 1', /"messageId" must be a non-empty string/u],
  ])('bad actions exit 2 with the line and reason (%#)', async (lines, where, reason) => {
    const file = actionsFile(lines, 'bad.jsonl');
    const { code, stdout, stderr } = await run(evalArgs(file));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`${file} ${where}:`);
    expect(stderr).toMatch(reason);
  });

  it('an unreadable or missing mbox exits 2 and says why', async () => {
    const empty = actionsFile([]);
    const missing = await run(['eval', '--mbox', path.join(dir, 'nope.mbox'), '--actions', empty, '--now', NOW, '--tz', 'UTC', '--me', ME]);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/nope\.mbox: cannot read the mbox: no such file/u);
    const directory = await run(['eval', '--mbox', dir, '--actions', empty, '--now', NOW, '--tz', 'UTC', '--me', ME]);
    expect(directory).toMatchObject({ code: 2 });
    expect(directory.stderr).toMatch(/is a directory/u);
    const notMbox = path.join(dir, 'notes.txt');
    fs.writeFileSync(notMbox, '\nShopping list\nmilk\n');
    const text = await run(['eval', '--mbox', notMbox, '--actions', empty, '--now', NOW, '--tz', 'UTC', '--me', ME]);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain(`${notMbox} line 2: not an mbox`);
    const noActions = await run(['eval', '--mbox', mbox, '--actions', path.join(dir, 'missing.jsonl'), '--now', NOW, '--tz', 'UTC', '--me', ME]);
    expect(noActions.code).toBe(2);
    expect(noActions.stderr).toMatch(/missing\.jsonl: cannot read the actions: no such file/u);
  });

  it.each([
    [['--now', 'tomorrow'], /--now must be an ISO 8601 date-time/u],
    [['--tz', 'Mars/Olympus'], /--tz must be an IANA time zone/u],
    [['--me', 'not-an-address'], /--me must be an email address/u],
  ])('bad options exit 2 (%#)', async (override, reason) => {
    const args = evalArgs(actionsFile([]));
    const at = args.indexOf(override[0] as string);
    args.splice(at, 2, ...override);
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toMatch(reason);
  });

  it('reads ISO 8601 times with Z, ±hh:mm, ±hhmm or ±hh, and times without an offset in --tz', () => {
    const utc = Date.parse('2024-05-03T13:00:00Z');
    expect(isoTime('2024-05-03T13:00:00Z', 'UTC')).toBe(utc);
    expect(isoTime('2024-05-03T15:00:00+02:00', 'UTC')).toBe(utc);
    expect(isoTime('2024-05-03T15:00:00+0200', 'UTC')).toBe(utc);
    expect(isoTime('2024-05-03T15:00:00+02', 'UTC')).toBe(utc);
    expect(isoTime('2024-05-03T13:00:00.123456Z', 'UTC')).toBe(utc + 123);
    expect(isoTime('2024-05-03T15:00', 'Europe/Berlin')).toBe(utc);
    expect(isoTime('2024-01-15T10:00:00', 'America/New_York')).toBe(Date.parse('2024-01-15T15:00:00Z'));
    expect(isoTime('2024-05-03', 'UTC')).toBe(Date.parse('2024-05-03T00:00:00Z'));
    for (const bad of ['2024-05-03 15:00', 'yesterday', '2024-13-01T00:00:00Z', '2024-02-30T00:00:00Z', 42]) expect(isoTime(bad, 'UTC'), String(bad)).toBeNull();
  });

  it('a missing option exits 2 and shows the usage', async () => {
    const { code, stderr } = await run(['eval', '--mbox', mbox, '--now', NOW, '--tz', 'UTC', '--me', ME]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--actions is required/u);
    expect(stderr).toMatch(/Usage:/u);
  });

  it('exits 2 through the real `mailroom` binary, naming the line', () => {
    const bad = spawnSync(process.execPath, [BIN, 'priority', ...evalArgs(actionsFile(['{"messageId": "x@y", "action": "open", "at": "2024-05-02T11:00:00Z"}'], 'one.jsonl'))], {
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/one\.jsonl line 1: unknown message id "x@y"/u);
  });
});
