import { DEFAULT_SETTINGS, type Insights, type UserSettings } from '@mailroom/contract';
import { toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../db/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { testMessage } from '../../testing/messages.ts';
import { callFn, InjectBrowser, signIn } from '../../testing/signin.ts';
import { computeInsights } from './service.ts';

// A small mailbox in New York around the end of daylight saving time (Sunday 1 November 2026,
// 02:00 EDT -> 01:00 EST, so that day has 25 hours), every figure worked out by hand below.
const TZ = 'America/New_York';
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-03T17:00:00Z');
const ME = { name: 'Me', address: 'me@me.example' };
const ALICE = { name: 'Alice', address: 'Alice@A.example' };
const BOB = { name: 'Bob', address: 'bob@b.example' };
const NEWS = { name: 'Weekly', address: 'news@list.example' };
const LIST = { listId: 'Weekly news <weekly.list.example>', listUnsubscribe: '<https://list.example/u>' };

function message(id: string, overrides: Partial<MessageMeta>): MessageMeta {
  return testMessage(id, { to: [ME], rfc822MessageId: `${id}@mail.example`, ...overrides });
}

const MAILBOX: MessageMeta[] = [
  // Saturday 31 October (EDT, UTC-4).
  message('r1', { from: [ALICE], internalDate: at('2026-10-31T14:00:00Z'), labelIds: ['INBOX'], rfc822MessageId: 'R1@A.example' }),
  message('s1', { from: [ME], to: [ALICE], internalDate: at('2026-10-31T16:00:00Z'), labelIds: ['SENT'], inReplyTo: 'r1@a.example' }),
  message('r6', { from: [NEWS], internalDate: at('2026-10-31T13:00:00Z'), labelIds: ['INBOX', 'UNREAD'], ...LIST }),
  // Sunday 1 November: 01:30 EST (the second 01:30 of the night), and a reply at 23:30 EST,
  // which is already 2 November in UTC.
  message('r3', { from: [BOB], internalDate: at('2026-11-01T06:30:00Z'), labelIds: ['INBOX'] }),
  message('r2', { from: [ALICE], internalDate: at('2026-11-02T04:00:00Z'), labelIds: ['INBOX', 'UNREAD'] }),
  message('s2', { from: [ME], to: [ALICE], internalDate: at('2026-11-02T04:30:00Z'), labelIds: ['SENT'], inReplyTo: 'r2@mail.example' }),
  // Monday 2 November (EST, UTC-5).
  message('s3', { from: [ME], to: [BOB], internalDate: at('2026-11-02T13:00:00Z'), labelIds: ['SENT'] }),
  message('r4', { from: [NEWS], internalDate: at('2026-11-02T14:00:00Z'), labelIds: ['INBOX', 'UNREAD'], ...LIST }),
  message('r5', { from: [NEWS], internalDate: at('2026-11-02T15:00:00Z'), labelIds: ['INBOX', 'UNREAD'], ...LIST }),
  message('r7', { from: [BOB], internalDate: at('2026-11-02T16:00:00Z'), labelIds: ['INBOX'], inReplyTo: 's3@mail.example' }),
  message('d1', { from: [ME], internalDate: at('2026-11-02T17:00:00Z'), labelIds: ['DRAFT'] }),
  // Outside the range: still unread from before it (the backlog it starts with), and after it.
  message('old', { from: [BOB], internalDate: at('2026-10-20T12:00:00Z'), labelIds: ['INBOX', 'UNREAD'] }),
  message('late', { from: [BOB], internalDate: at('2026-11-03T05:00:00Z'), labelIds: ['INBOX', 'UNREAD'] }),
];

function heatmapWith(cells: Array<[weekday: number, hour: number]>): number[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [weekday, hour] of cells) (grid[weekday] as number[])[hour] = ((grid[weekday] as number[])[hour] as number) + 1;
  return grid;
}

const stats = (...durations: number[]) => ({ count: durations.length, medianMs: durations[0] ?? null, p90Ms: durations.at(-1) ?? null });
const none = { count: 0, medianMs: null, p90Ms: null };

async function seed(db: TestDatabase['db']): Promise<void> {
  await db.insertInto('users').values({ id: 'u1', email: ME.address, display_name: null, created_at: 1, updated_at: 1 }).execute();
  await db
    .insertInto('mail_accounts')
    .values({ id: 'a1', user_id: 'u1', provider: 'gmail', email: ME.address, scopes: '', token_ciphertext: 'sealed', token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1, disconnected_at: null })
    .execute();
  await db.insertInto('messages').values(MAILBOX.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
  // Another account's mail is never counted.
  await db.insertInto('users').values({ id: 'u2', email: 'other@x.example', display_name: null, created_at: 1, updated_at: 1 }).execute();
  await db
    .insertInto('mail_accounts')
    .values({ id: 'a2', user_id: 'u2', provider: 'gmail', email: 'other@x.example', scopes: '', token_ciphertext: 'sealed', token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1, disconnected_at: null })
    .execute();
  await db.insertInto('messages').values(MAILBOX.map((m) => toStoreRow('a2', m, { historyId: null, snippet: null }))).execute();
  const batch = (id: string, account: string, kind: 'quarantine' | 'delete' | 'archive', done: number, restored: number, createdAt: number) => ({
    id, account_id: account, kind, category_id: null, category_name: null, status: 'done' as const, message_count: done, done_count: done, restored_count: restored,
    error: null, created_at: createdAt, expires_at: createdAt + 7 * DAY, completed_at: createdAt, undone_at: null, updated_at: createdAt, label_change: '{"add":[],"remove":[]}',
  });
  await db
    .insertInto('action_batches')
    .values([
      batch('b1', 'a1', 'quarantine', 10, 2, at('2026-11-01T15:00:00Z')),
      batch('b2', 'a1', 'delete', 5, 0, at('2026-11-02T15:00:00Z')),
      batch('b3', 'a1', 'delete', 7, 0, at('2026-10-20T15:00:00Z')),
      // Older than the 30 days the action log is kept (the retention job deletes such rows).
      batch('b4', 'a1', 'archive', 100, 0, NOW - 40 * DAY),
      batch('b5', 'a2', 'quarantine', 1000, 0, at('2026-11-01T15:00:00Z')),
    ])
    .execute();
  const unsubscribe = (id: string, account: string, outcome: 'unsubscribed' | 'sent' | 'open-link' | 'failed', requestedAt: number, watch: { stoppedAt?: number; stillSending?: string } = {}) => ({
    id, account_id: account, subscription_key: `list:${id}`, name: id, method: 'one-click' as const, outcome, result: '', requested_at: requestedAt,
    checked_at: null, stopped_at: watch.stoppedAt ?? null, still_sending_message_id: watch.stillSending ?? null, still_sending_date: watch.stillSending ? requestedAt + 3 * DAY : null, still_sending_subject: watch.stillSending ? 'Still here' : null,
  });
  await db
    .insertInto('unsubscribe_requests')
    .values([
      // The watch (issue 17) found u1 stopped and u2 still sending.
      unsubscribe('u1', 'a1', 'unsubscribed', at('2026-11-01T12:00:00Z'), { stoppedAt: at('2026-11-03T13:00:00Z') }),
      unsubscribe('u2', 'a1', 'sent', at('2026-11-02T12:00:00Z'), { stillSending: 'late-1' }),
      // Only a link opened for the user, a failure, one before the range and another account's: not counted.
      unsubscribe('u3', 'a1', 'open-link', at('2026-11-02T12:00:00Z')),
      unsubscribe('u4', 'a1', 'failed', at('2026-11-02T12:00:00Z')),
      unsubscribe('u5', 'a1', 'unsubscribed', at('2026-10-20T12:00:00Z')),
      unsubscribe('u6', 'a2', 'unsubscribed', at('2026-11-01T12:00:00Z')),
    ])
    .execute();
  const reply = (id: string, account: string, stance: 'accept' | null, createdAt: number) => ({ id, account_id: account, mode: 'reply' as const, suggestion_stance: stance, created_at: createdAt });
  await db
    .insertInto('reply_events')
    .values([reply('e1', 'a1', 'accept', at('2026-10-31T16:00:00Z')), reply('e2', 'a1', null, at('2026-11-02T04:30:00Z')), reply('e3', 'a1', 'accept', at('2026-11-02T13:00:00Z')), reply('e4', 'a2', 'accept', at('2026-11-02T13:00:00Z'))])
    .execute();
}

describe.each(ENGINES)('insights aggregates on %s', (engine) => {
  let t: TestDatabase;
  let insights: Insights;
  const run = (overrides: { from?: string; to?: string; timeZone?: string; settings?: UserSettings } = {}) =>
    computeInsights(t.db, { accountId: 'a1', from: '2026-10-31', to: '2026-11-02', timeZone: TZ, settings: DEFAULT_SETTINGS, now: NOW, ...overrides });

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await seed(t.db);
    const classified = (account: string, id: string, bundle: string | null) => ({ account_id: account, message_id: id, bundle_id: bundle, reason: 'test', source: 'rules' as const, sender: 'x@x.example', classified_at: NOW });
    await t.db
      .insertInto('message_bundles')
      .values([classified('a1', 'r6', 'newsletters'), classified('a1', 'r4', 'newsletters'), classified('a1', 'r5', 'newsletters'), classified('a1', 'r3', null), classified('a2', 'r1', 'travel')])
      .execute();
    insights = await run();
  });
  afterAll(() => t.destroy());

  test('the range is three local days, the DST day 25 hours long', () => {
    expect(insights.range).toMatchObject({ from: '2026-10-31', to: '2026-11-02', days: 3, timeZone: TZ, startsAt: '2026-10-31T04:00:00.000Z', endsAt: '2026-11-03T05:00:00.000Z' });
  });

  test('received, sent, read, unread and the backlog per local day; a reply at 23:30 on the DST day counts on that day', () => {
    expect(insights.days.map(({ byBundle: _, ...day }) => day)).toEqual([
      { date: '2026-10-31', received: 2, sent: 1, read: 1, unread: 1, backlog: 2 },
      { date: '2026-11-01', received: 2, sent: 1, read: 1, unread: 1, backlog: 3 },
      { date: '2026-11-02', received: 3, sent: 1, read: 1, unread: 2, backlog: 5 },
    ]);
    expect(insights.totals).toEqual({ received: 7, sent: 3, read: 3, unread: 4, backlogBefore: 1 });
  });

  test('received mail per local day by bundle: the newsletters in theirs, Bob’s sorted into none, the rest not sorted yet', () => {
    // r6 (Sat) and r4, r5 (Mon) are Newsletters; r3 (Sun 01:30 EST) was sorted into no bundle;
    // r1, r2 and r7 have no row yet. Another account's classification of the same ids is not read.
    expect(insights.days.map((d) => [d.date, d.byBundle])).toEqual([
      ['2026-10-31', { newsletters: 1, none: 1 }],
      ['2026-11-01', { none: 2 }],
      ['2026-11-02', { newsletters: 2, none: 1 }],
    ]);
    expect(insights.bundles).toEqual([
      { id: 'newsletters', name: 'Newsletters', received: 3 },
      { id: 'none', name: 'No bundle', received: 4 },
    ]);
  });

  // A plan is the engine's own: SQLite's is fixed by the schema, PostgreSQL's by the table's
  // statistics (on a few rows it scans the table whatever the indexes), so only SQLite's is checked.
  if (engine === 'sqlite') {
    test('the backlog before the range is counted from the partial index of unread received mail', async () => {
      const { rows } = await sql<{ detail: string }>`explain query plan select count(*) as n from messages
        where account_id = 'a1' and internal_date < 1 and (system_labels & 270) = 0 and (system_labels & 32) <> 0`.execute(t.db);
      expect(rows.map((r) => r.detail).join(' ')).toContain('COVERING INDEX messages_unread_received');
    });
  }

  test('arrivals by local weekday and hour (Monday first), across the change of offset', () => {
    // Sat 10:00 r1, Sat 09:00 r6; Sun 01:30 r3 (EST), Sun 23:00 r2; Mon 09:00, 10:00, 11:00.
    // s-messages are sent, not arrivals; r7 and "late" are Monday 11:00 and Tuesday (outside).
    expect(insights.heatmap).toEqual(heatmapWith([[5, 10], [5, 9], [6, 1], [6, 23], [0, 9], [0, 10], [0, 11]]));
  });

  test('top senders and domains with share read, reply rate and median time to the user’s reply', () => {
    expect(insights.senders).toEqual([
      { key: 'news@list.example', name: 'Weekly', received: 3, read: 0, replied: 0, medianReplyMs: null },
      { key: 'alice@a.example', name: 'Alice', received: 2, read: 1, replied: 2, medianReplyMs: 30 * MINUTE },
      { key: 'bob@b.example', name: 'Bob', received: 2, read: 2, replied: 0, medianReplyMs: null },
    ]);
    expect(insights.domains).toEqual([
      { key: 'list.example', name: null, received: 3, read: 0, replied: 0, medianReplyMs: null },
      { key: 'a.example', name: null, received: 2, read: 1, replied: 2, medianReplyMs: 30 * MINUTE },
      { key: 'b.example', name: null, received: 2, read: 2, replied: 0, medianReplyMs: null },
    ]);
  });

  test('response times: the user’s median and 90th percentile, correspondents’, and by weekday of the message answered', () => {
    expect(insights.responseTimes.mine).toEqual({ count: 2, medianMs: 30 * MINUTE, p90Ms: 2 * HOUR });
    expect(insights.responseTimes.theirs).toEqual(stats(3 * HOUR));
    expect(insights.responseTimes.byWeekday).toEqual([
      { weekday: 0, mine: none, theirs: stats(3 * HOUR) },
      { weekday: 1, mine: none, theirs: none },
      { weekday: 2, mine: none, theirs: none },
      { weekday: 3, mine: none, theirs: none },
      { weekday: 4, mine: none, theirs: none },
      { weekday: 5, mine: stats(2 * HOUR), theirs: none },
      // Alice's 23:00 message on Sunday (already Monday in UTC), answered at 23:30.
      { weekday: 6, mine: stats(30 * MINUTE), theirs: none },
    ]);
  });

  test('lists by volume with their read rate; one read less than a fifth of the time is a candidate to unsubscribe', () => {
    expect(insights.lists).toEqual([
      { key: 'Weekly news <weekly.list.example>', name: 'Weekly news', sender: 'news@list.example', received: 3, read: 0, unsubscribable: true, candidate: true },
    ]);
  });

  test('what Mailroom did in the range, net of Undo, and the time-saved estimate from the per-action seconds', () => {
    expect(insights.mailroom).toEqual({
      countedSince: '2026-10-31T04:00:00.000Z',
      truncated: false,
      actions: [
        { action: 'quarantined', count: 8, seconds: 4, savedSeconds: 32 },
        { action: 'trashed', count: 5, seconds: 4, savedSeconds: 20 },
        { action: 'archived', count: 0, seconds: 3, savedSeconds: 0 },
        { action: 'markedRead', count: 0, seconds: 2, savedSeconds: 0 },
        { action: 'unsubscribed', count: 2, seconds: 60, savedSeconds: 120 },
        { action: 'repliesFromSuggestions', count: 2, seconds: 60, savedSeconds: 120 },
      ],
      restored: 2,
      repliesSent: 3,
      unsubscribes: { stopped: 1, stillSending: 1 },
      savedSeconds: 292,
    });
  });

  test('the user’s own seconds per action change the estimate', async () => {
    const settings = { ...DEFAULT_SETTINGS, insights: { ...DEFAULT_SETTINGS.insights, secondsPerQuarantined: 10, secondsPerReplyFromSuggestion: 0 } };
    const { mailroom } = await run({ settings });
    expect(mailroom.actions.find((a) => a.action === 'quarantined')).toEqual({ action: 'quarantined', count: 8, seconds: 10, savedSeconds: 80 });
    expect(mailroom.savedSeconds).toBe(80 + 20 + 120);
  });

  test('a range reaching past the 30 days the action log is kept counts from 30 days ago, and says so', async () => {
    const { mailroom, totals } = await run({ from: '2026-08-06', to: '2026-11-02' });
    expect(mailroom.countedSince).toBe(new Date(NOW - 30 * DAY).toISOString());
    expect(mailroom.truncated).toBe(true);
    // b3 (20 October) now counts; b4 (40 days ago) does not.
    expect(mailroom.actions.find((a) => a.action === 'trashed')?.count).toBe(12);
    expect(mailroom.actions.find((a) => a.action === 'archived')?.count).toBe(0);
    expect(mailroom.actions.find((a) => a.action === 'unsubscribed')?.count).toBe(3);
    expect(totals).toEqual({ received: 8, sent: 3, read: 3, unread: 5, backlogBefore: 0 });
  });

  test('the same mail in another zone falls on other days and hours', async () => {
    const utc = await run({ timeZone: 'UTC', from: '2026-10-31', to: '2026-11-02' });
    // In UTC, Alice's Sunday-night message and its reply are Monday 04:00 and 04:30.
    expect(utc.days.map((d) => [d.date, d.received, d.sent])).toEqual([
      ['2026-10-31', 2, 1],
      ['2026-11-01', 1, 0],
      ['2026-11-02', 4, 2],
    ]);
    expect(utc.heatmap[0]?.[4]).toBe(1);
    expect(utc.responseTimes.byWeekday[0]?.mine).toEqual(stats(30 * MINUTE));
  });
});

describe.each(ENGINES)('getInsights through the app on %s', (engine) => {
  let t: TestApp;
  let alice: InjectBrowser;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
  });
  afterAll(() => t.close());

  test.each([
    ['to before from', { from: '2026-11-02', to: '2026-11-01' }, 'data.to'],
    ['more than 366 days', { from: '2025-01-01', to: '2026-01-02' }, 'data.to'],
    ['a day the calendar does not have', { from: '2026-02-30', to: '2026-03-01' }, 'data.from'],
    ['an unknown zone', { from: '2026-11-01', to: '2026-11-02', tz: 'Mars/Olympus' }, 'data.tz'],
  ])('%s answers INVALID_ARGUMENT naming the field', async (_what, data, field) => {
    const response = await callFn(alice, 'getInsights', data);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: { status: string; details?: { fields?: Array<{ field: string }> } } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.details?.fields?.map((f) => f.field)).toContain(field);
  });

  test('without a mailbox the page gets empty figures in the user’s zone, and their per-action seconds', async () => {
    expect((await callFn(alice, 'updateSettings', { patch: { account: { timeZone: 'Europe/Paris' }, insights: { secondsPerTrashed: 9 } } })).statusCode).toBe(200);
    const response = await callFn(alice, 'getInsights', { from: '2026-03-28', to: '2026-03-29' });
    expect(response.statusCode).toBe(200);
    const { result } = response.json() as { result: Insights };
    // Paris moves its clocks forward on 29 March 2026: that day starts at 23:00 UTC the day before.
    expect(result.range).toMatchObject({ timeZone: 'Europe/Paris', startsAt: '2026-03-27T23:00:00.000Z', endsAt: '2026-03-29T22:00:00.000Z' });
    expect(result.days.map((d) => d.received)).toEqual([0, 0]);
    expect(result.mailroom.actions.find((a) => a.action === 'trashed')?.seconds).toBe(9);
  });
});
