import { toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES, createTestDatabase, type TestDatabase } from '../../db/testing.ts';
import { createAccount, MAILBOX } from '../../sync/testing/fixtures.ts';
import { learn, modelSummary, recordActions, recordUndo } from './model.ts';

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

// An action in Mailroom writes the messages' new labels to the store, then records the act. A
// background step that reads the store in between (a job due just then, or a loaded server)
// learns the label change as seen in Gmail; the act recorded a moment later is the same act.
describe.each(ENGINES)('an act a background step saw first is learned once (%s)', (engine) => {
  let database: TestDatabase;
  const account = 'a2';
  const star = async (id: string, starred: boolean) => {
    const labels = starred ? ['INBOX', 'STARRED'] : ['INBOX'];
    await database.db.updateTable('messages').set({ label_ids: JSON.stringify(labels) }).where('account_id', '=', account).where('id', '=', id).execute();
  };
  const at = (t: number) => ({ db: database.db, clock: { now: () => t } });
  const log = async (id: string) =>
    (await database.db.selectFrom('priority_actions').select(['source', 'action', 'learned_at']).where('account_id', '=', account).where('message_id', '=', id).execute())
      .map((l) => `${l.source}:${l.action}${l.learned_at === null ? ' (pending)' : ''}`)
      .sort();
  const learned = async () => (await modelSummary(database.db, account))!.actionsLearned;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await createAccount(database.db, account);
    const rows = Array.from({ length: 6 }, (_, n) => toStoreRow(account, { ...message(n), labelIds: ['INBOX'] }, { historyId: null, snippet: `Snippet ${n}` }));
    await database.db.insertInto('messages').values(rows).execute();
    await learn(at(NOW), account, 'full');
  });
  afterAll(async () => {
    await database?.destroy();
  });

  test('a star read by sync before Mailroom recorded it counts once, is logged as Mailroom’s, and one undo takes it back', async () => {
    const before = await learned();
    const batchStarted = NOW + 1_000;
    await star('m00000', true);
    await learn(at(NOW + 1_500), account, 'full');
    expect(await log('m00000')).toEqual(['sync:star']);
    await recordActions(database.db, account, [{ messageId: 'm00000', action: 'star' }], 'mailroom', NOW + 2_000);
    await learn(at(NOW + 2_000), account, 'related');
    expect(await learned()).toBe(before + 1);
    expect(await log('m00000')).toEqual(['mailroom:star']);

    expect(await recordUndo(database.db, account, ['m00000'], 'star', batchStarted, NOW + 3_000)).toBe(1);
    await star('m00000', false);
    await learn(at(NOW + 3_000), account, 'related', ['m00000']);
    expect(await learned()).toBe(before);
    expect(await log('m00000')).toEqual(['mailroom:star', 'undo:star']);
  });

  test('a star in Gmail and another in Mailroom minutes later are two acts', async () => {
    const before = await learned();
    await star('m00001', true);
    await learn(at(NOW + 10_000), account, 'full');
    await star('m00001', false);
    await learn(at(NOW + 20_000), account, 'full');
    const later = NOW + 10 * 60_000;
    await star('m00001', true);
    await recordActions(database.db, account, [{ messageId: 'm00001', action: 'star' }], 'mailroom', later);
    await learn(at(later), account, 'related');
    expect(await learned()).toBe(before + 2);
    expect(await log('m00001')).toEqual(['mailroom:star', 'sync:star']);
  });
});
