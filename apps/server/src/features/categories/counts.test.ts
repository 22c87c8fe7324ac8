import { evaluate, labelColumns, parse, toLabelRow, toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CATEGORY_QUERY_TIME_ZONE } from '../../constants/categories.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../db/testing.ts';
import { clearCountCache } from './counts.ts';
import { compileForAccount, countQueries } from './service.ts';

const DAY = 86_400_000;
const NOW = new Date('2024-06-15T12:00:00Z');
const LABELS = [{ id: 'Label_1', name: 'Receipts' }];

function meta(id: string, overrides: Partial<MessageMeta>): MessageMeta {
  return {
    id, threadId: id, labelIds: ['INBOX'], from: [{ name: null, address: 'shop@example.com' }], to: [], cc: [], bcc: [], deliveredTo: [],
    subject: 'hello', internalDate: NOW.getTime() - 30 * DAY, sizeEstimate: 5000, attachments: [], listId: null, listPost: null, rfc822MessageId: null,
    ...overrides,
  };
}

/** Queries of every kind: index-only, index-driven, scans (sizes, dates, negations), relative dates. */
const QUERIES = [
  'subject:invoice',
  'from:shop.example.com is:unread',
  'label:receipts OR subject:order',
  'larger:10K',
  '-subject:hello',
  'newer_than:2d',
  'older_than:3d category:updates',
  'after:2024/06/01 -is:unread',
  'newer_than:1m',
  'older_than:1m is:unread OR older_than:1y',
  'has:attachment',
];

describe.each(ENGINES)('category counts on %s', (engine) => {
  let t: TestDatabase;
  let messages: MessageMeta[];
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.db.insertInto('users').values({ id: 'u1', email: 'a@x', display_name: null, created_at: 1, updated_at: 1 }).execute();
    await t.db
      .insertInto('mail_accounts')
      .values({ id: 'a1', user_id: 'u1', provider: 'gmail', email: 'a1@x', scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1 })
      .execute();
    await t.db.insertInto('labels').values(LABELS.map((l) => toLabelRow('a1', l))).execute();
  });
  beforeEach(async () => {
    clearCountCache();
    await t.db.deleteFrom('messages').execute();
    messages = [
      meta('m1', { subject: 'Invoice 42', labelIds: ['INBOX', 'UNREAD', 'Label_1'], internalDate: NOW.getTime() - 1 * DAY - 3_600_000 }),
      meta('m2', { subject: 'Your order', labelIds: ['CATEGORY_UPDATES'], sizeEstimate: 20_000, internalDate: NOW.getTime() - 5 * DAY }),
      meta('m3', { subject: 'hello', labelIds: ['INBOX', 'UNREAD'], attachments: [{ filename: 'a.pdf', mimeType: 'application/pdf' }], internalDate: NOW.getTime() - 12 * 3_600_000 }),
      meta('m4', { subject: 'invoice reminder', labelIds: ['TRASH'] }),
      // Crosses the one-month cut-off (15 May 12:00 at NOW) 12 hours after NOW.
      meta('m6', { subject: 'monthly', labelIds: ['UNREAD'], internalDate: Date.UTC(2024, 4, 16, 0) }),
    ];
    await t.db.insertInto('messages').values(messages.map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
  });
  afterAll(async () => {
    await t?.destroy();
  });

  const expected = (now: Date) =>
    QUERIES.map((q) => {
      const ast = parse(q);
      const ctx = { now, timeZone: CATEGORY_QUERY_TIME_ZONE, labels: LABELS };
      // Categories leave quarantined mail out; none is quarantined here.
      const matching = messages.filter((m) => evaluate(ast, m, ctx));
      return { query: q, count: matching.length, unreadCount: matching.filter((m) => m.labelIds.includes('UNREAD')).length };
    });
  const counted = async (now: Date) => {
    const compiled = await Promise.all(QUERIES.map((q) => compileForAccount(t.db, 'a1', q, { now, timeZone: CATEGORY_QUERY_TIME_ZONE, labels: LABELS })));
    const counts = await countQueries(t.db, 'a1', compiled, now);
    return QUERIES.map((q, i) => ({ query: q, ...counts[i] }));
  };

  it('counts every kind of query exactly, together', async () => {
    expect(await counted(NOW)).toEqual(expected(NOW));
  });

  it('is never stale after a write: a label change or a new message shows at once, from the cache or not', async () => {
    expect(await counted(NOW)).toEqual(expected(NOW));
    // A bulk action writes labels straight into the store (no sync in between).
    messages[0] = { ...(messages[0] as MessageMeta), labelIds: ['INBOX'] };
    await t.db.updateTable('messages').set(labelColumns(['INBOX'])).where('id', '=', 'm1').execute();
    expect(await counted(NOW)).toEqual(expected(NOW));
    const added = meta('m5', { subject: 'invoice', sizeEstimate: 50_000, internalDate: NOW.getTime() - 3_600_000 });
    messages.push(added);
    await t.db.insertInto('messages').values(toStoreRow('a1', added, { historyId: null, snippet: null })).execute();
    expect(await counted(NOW)).toEqual(expected(NOW));
  });

  it('a total counted for a page alone (no unread count) is not served as a category count', async () => {
    const compiled = await Promise.all(QUERIES.map((q) => compileForAccount(t.db, 'a1', q, { now: NOW, timeZone: CATEGORY_QUERY_TIME_ZONE, labels: LABELS })));
    const totals = await countQueries(t.db, 'a1', compiled, NOW, { unread: false });
    expect(totals.map((c) => c.count)).toEqual(expected(NOW).map((e) => e.count));
    expect(await counted(NOW)).toEqual(expected(NOW));
  });

  it('follows the clock for relative dates without any write', async () => {
    expect(await counted(NOW)).toEqual(expected(NOW));
    for (const hours of [1, 11, 13, 25, 26, 50, 24 * 4]) {
      const later = new Date(NOW.getTime() + hours * 3_600_000);
      expect({ hours, counts: await counted(later) }).toEqual({ hours, counts: expected(later) });
    }
  });

  it('follows a month cut-off that moves back at a month end (kept counts are not served past it)', async () => {
    // Los Angeles: at 23:59 on 29 March 2024 one month back is 29 February 23:59; a minute later,
    // at 00:00 on 30 March, it is 29 February 00:00 (30 February clamped), so a message from noon
    // on 29 February comes into newer_than:1m without any write.
    const added = meta('m7', { subject: 'leap day', labelIds: ['UNREAD'], internalDate: Date.UTC(2024, 1, 29, 20) });
    messages.push(added);
    await t.db.insertInto('messages').values(toStoreRow('a1', added, { historyId: null, snippet: null })).execute();
    const before = new Date(Date.UTC(2024, 2, 30, 6, 59));
    const after = new Date(Date.UTC(2024, 2, 30, 7, 0));
    const monthly = (counts: Array<{ query: string }>) => counts.find((c) => c.query === 'newer_than:1m');
    expect(await counted(before)).toEqual(expected(before));
    expect(await counted(after)).toEqual(expected(after));
    expect(monthly(expected(after))).not.toEqual(monthly(expected(before)));
  });
});
