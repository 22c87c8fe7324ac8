import { toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createAccount, MAILBOX } from '../../sync/testing/fixtures.ts';
import { learn } from './model.ts';

// A new model reads the whole mailbox a page at a time (allModelRows). Pages end in the middle of
// runs of messages that arrived in the same millisecond, where a page that resumed by date alone
// would skip or repeat some: every message must be learned and scored exactly once.

const COUNT = 4500;
const NOW = Date.UTC(2026, 10, 20);

function message(n: number): MessageMeta {
  return {
    id: `m${String(n).padStart(5, '0')}`,
    threadId: `t${n}`,
    labelIds: n % 3 === 0 ? ['INBOX', 'UNREAD'] : ['INBOX'],
    from: [{ name: `Sender ${n % 40}`, address: `sender${n % 40}@example.com` }],
    to: [{ name: 'Me', address: MAILBOX }],
    cc: [],
    bcc: [],
    deliveredTo: [MAILBOX],
    subject: `Message ${n}`,
    // Runs of 7 messages share a millisecond, ids in no particular order within a run.
    internalDate: NOW - Math.floor(n / 7) * 60_000,
    sizeEstimate: 2000,
    attachments: [],
    listId: null,
    listPost: null,
    rfc822MessageId: `${n}@example.com`,
  };
}

describe.each(ENGINES)('a new priority model over a mailbox of several pages (%s)', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    await createAccount(db, 'a1');
    // Shuffled (a fixed permutation) so the store's own order is not the arrival order.
    const order = Array.from({ length: COUNT }, (_, i) => (i * 2003) % COUNT);
    for (let i = 0; i < COUNT; i += 500) {
      await db
        .insertInto('messages')
        .values(order.slice(i, i + 500).map((n) => toStoreRow('a1', message(n), { historyId: null, snippet: `Snippet ${n}` })))
        .execute();
    }
  });
  afterAll(async () => {
    await database?.destroy();
  });

  test('learns from every message once and scores each of them', async () => {
    const summary = await learn({ db: database.db, clock: { now: () => NOW } }, 'a1', 'full');
    expect(summary).not.toBeNull();
    const scores = await database.db.selectFrom('priority_scores').select('message_id').where('account_id', '=', 'a1').execute();
    const ids = scores.map((s) => s.message_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(COUNT);
  });
});
