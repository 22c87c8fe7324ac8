import { evaluate, labelColumns, parse, toLabelRow, toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../db/testing.ts';
import { clearCountCache } from './counts.ts';
import { queryEmails } from './service.ts';

const NOW = new Date('2024-06-15T12:00:00Z');
const HOUR = 3_600_000;

/**
 * Pages of a query read through the word index, newest-first, or (PostgreSQL, dense matches)
 * inside a date window widened when it falls short: every page, across page tokens, is exactly
 * the next matches in date order, whichever way it was read.
 */
describe.each(ENGINES)('pages of a query on %s', (engine) => {
  let t: TestDatabase;
  let messages: MessageMeta[];
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    await t.db.insertInto('users').values({ id: 'u1', email: 'a@x', display_name: null, created_at: 1, updated_at: 1 }).execute();
    await t.db
      .insertInto('mail_accounts')
      .values({ id: 'a1', user_id: 'u1', provider: 'gmail', email: 'a1@x', scopes: '', token_ciphertext: null, token_expires_at: null, last_refresh_at: null, refresh_failures: 0, last_error: null, needs_reconnect: 0, connected_at: 1, created_at: 1, updated_at: 1 })
      .execute();
    // 600 messages an hour apart: "dense" matches spread evenly, "old" ones only among the oldest
    // 30 % (a date window sized from their share falls short), "rare" ones here and there; some
    // share a date, so the keyset order by id matters.
    messages = Array.from({ length: 600 }, (_, i) => ({
      id: `m${String(i).padStart(4, '0')}`,
      threadId: `t${i}`,
      labelIds: ['INBOX', ...(i % 3 === 0 ? ['UNREAD'] : [])],
      from: [{ name: null, address: i % 2 === 0 ? 'news@dense.example' : `person${i}@example.org` }],
      to: [],
      cc: [],
      bcc: [],
      deliveredTo: [],
      subject: `${i >= 420 ? 'old ' : ''}${i % 97 === 0 ? 'rare ' : ''}message ${i}`,
      internalDate: NOW.getTime() - Math.floor(i / 2) * HOUR,
      sizeEstimate: 1000 + i,
      attachments: [],
      listId: null,
      listPost: null,
      rfc822MessageId: null,
    }));
    for (let i = 0; i < messages.length; i += 200) {
      await t.db.insertInto('messages').values(messages.slice(i, i + 200).map((m) => toStoreRow('a1', m, { historyId: null, snippet: null }))).execute();
    }
  });
  afterAll(async () => {
    await t?.destroy();
  });

  // Sizes grow with age here: larger:1300 is dense, larger:1400 only among the oldest third,
  // smaller:1010 rare (the size index, and a date window for dense sizes); subject:nothing has no
  // match (no page is read).
  it.each(['from:dense.example', 'subject:old', 'subject:rare', 'from:dense.example is:unread', 'subject:message', '-from:dense.example', 'subject:nothing', 'larger:1300', 'larger:1400', 'smaller:1010'])(
    '%s, page by page',
    async (query) => {
      clearCountCache();
      const calendar = { now: NOW, timeZone: 'UTC' };
      const expected = messages
        .filter((m) => evaluate(parse(query), m, { ...calendar, labels: [] }))
        .sort((a, b) => b.internalDate - a.internalDate || (a.id < b.id ? 1 : -1))
        .map((m) => m.id);
      const seen: string[] = [];
      let pageToken: string | undefined;
      let first = true;
      do {
        const page = await queryEmails({ db: t.db, accountId: 'a1', provider: () => Promise.reject(new Error('no Gmail')) }, query, { pageSize: 7, ...(pageToken ? { pageToken } : {}) }, calendar);
        if (first) expect(page.total).toBe(expected.length);
        first = false;
        seen.push(...page.emails.map((e) => e.id));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      expect(seen).toEqual(expected);
    },
  );

  it('a label made after a query was compiled and kept is found at once (labels and compilations are kept per store generation)', async () => {
    const deps = { db: t.db, accountId: 'a1', provider: () => Promise.reject(new Error('no Gmail')) };
    const calendar = { now: NOW, timeZone: 'UTC' };
    const first = await queryEmails(deps, 'label:later', { pageSize: 5 }, calendar);
    expect(first.total).toBe(0);
    await t.db.insertInto('labels').values(toLabelRow('a1', { id: 'Label_later', name: 'Later' })).execute();
    const tagged = messages[3] as MessageMeta;
    await t.db.updateTable('messages').set(labelColumns([...tagged.labelIds, 'Label_later'])).where('account_id', '=', 'a1').where('id', '=', tagged.id).execute();
    try {
      const page = await queryEmails(deps, 'label:later', { pageSize: 5 }, calendar);
      expect({ total: page.total, ids: page.emails.map((e) => e.id), labels: page.emails[0]?.labels }).toEqual({ total: 1, ids: [tagged.id], labels: expect.arrayContaining(['Later']) });
    } finally {
      await t.db.updateTable('messages').set(labelColumns(tagged.labelIds)).where('account_id', '=', 'a1').where('id', '=', tagged.id).execute();
      await t.db.deleteFrom('labels').where('account_id', '=', 'a1').where('id', '=', 'Label_later').execute();
    }
  });
});
