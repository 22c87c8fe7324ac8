import { ACTION_UNDO_WINDOW_MS, type ActionBatch, type Category, type EmailSummary } from '@mailroom/contract';
import { labelKey } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QUARANTINE_LABEL_NAME } from '../../constants/recovery.ts';
import { ENGINES } from '../../db/testing.ts';
import {
  createMailboxTestApp,
  mailboxSnapshot,
  sandboxSearch,
  settle,
  storeSnapshot,
  userWithMailbox,
  type MailboxTestApp,
  type MailboxUser,
} from '../../testing/mailbox-app.ts';

type Ok<T> = { result: T };
type Failure = { error: { status: string; message: string; details?: Record<string, unknown> } };
type BatchResult = { batchId: string; count: number; status: 'done' | 'running' };

describe.each(ENGINES)('bulk actions and seven-day recovery (%s)', (engine) => {
  let t: MailboxTestApp;
  let alice: MailboxUser;
  let bob: MailboxUser;
  let dave: MailboxUser;

  beforeAll(async () => {
    t = await createMailboxTestApp(engine);
    alice = await userWithMailbox(t, 'alice@example.com', { corpus: 150, write: true });
    bob = await userWithMailbox(t, 'bob@example.com', { corpus: 10, write: true });
    dave = await userWithMailbox(t, 'dave@example.com', { corpus: 20 });
  });
  afterAll(async () => {
    await t.close();
  });

  const ok = async <T>(response: Promise<{ statusCode: number; body: string; json: () => unknown }>): Promise<T> => {
    const r = await response;
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as Ok<T>).result;
  };
  const failure = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
    const r = await response;
    return { http: r.statusCode, ...(r.json() as Failure).error };
  };
  const category = (user: MailboxUser, name: string, query: string) => ok<Category>(user.call('createCategory', { name, query }));
  const emailIds = async (user: MailboxUser, categoryId: string) => {
    const ids: string[] = [];
    let pageToken: string | null = null;
    do {
      const page: { emails: EmailSummary[]; nextPageToken: string | null } = await ok(
        user.call('getCategoryEmails', { categoryId, pageSize: 100, ...(pageToken ? { pageToken } : {}) }),
      );
      ids.push(...page.emails.map((e) => e.id));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return ids;
  };
  const batches = async (user: MailboxUser) => (await ok<{ batches: ActionBatch[] }>(user.call('listActionBatches'))).batches;
  /** Mailroom's store mirrors Gmail: every non-spam message with the same labels. */
  const expectStoreMirrorsGmail = async (user: MailboxUser) => {
    await settle(t);
    const gmail = Object.fromEntries(Object.entries(mailboxSnapshot(t, user.email)).filter(([, labels]) => !labels.includes('SPAM')));
    expect(await storeSnapshot(t, user.accountId)).toEqual(gmail);
  };
  const quarantineLabelId = (email: string) =>
    [...t.sandbox.store.mailbox(email).labels.values()].find((l) => labelKey(l.name) === labelKey(QUARANTINE_LABEL_NAME))?.id;

  test('quarantining a selection moves it from the inbox into Mailroom/Quarantine, and undo puts the mailbox back exactly', async () => {
    const inbox = await category(alice, 'Inbox', 'in:inbox');
    const selected = (await emailIds(alice, inbox.categoryId)).slice(3, 9);
    expect(selected).toHaveLength(6);
    const before = mailboxSnapshot(t, alice.email);

    const result = await ok<BatchResult>(alice.call('quarantineEmails', { categoryId: inbox.categoryId, messageIds: selected }));
    expect(result).toMatchObject({ count: 6, status: 'done' });

    const label = quarantineLabelId(alice.email);
    expect(label).toBeDefined();
    const after = mailboxSnapshot(t, alice.email);
    for (const id of selected) {
      expect(after[id]).toContain(label);
      expect(after[id]).not.toContain('INBOX');
      expect(after[id]!.filter((l) => l !== label).sort()).toEqual(before[id]!.filter((l) => l !== 'INBOX'));
    }
    // Nothing else moved.
    for (const id of Object.keys(before).filter((id) => !selected.includes(id))) expect(after[id]).toEqual(before[id]);
    // The category no longer shows them, at once; Gmail agrees.
    const remaining = await emailIds(alice, inbox.categoryId);
    expect(remaining.some((id) => selected.includes(id))).toBe(false);
    expect(remaining).toEqual(await sandboxSearch(t, alice, 'in:inbox -label:mailroom-quarantine'));
    // A category on the label shows them.
    const quarantined = await category(alice, 'Quarantined', `label:${QUARANTINE_LABEL_NAME}`);
    expect((await emailIds(alice, quarantined.categoryId)).sort()).toEqual([...selected].sort());
    expect(quarantined.count).toBe(6);

    const listed = (await batches(alice)).find((b) => b.batchId === result.batchId)!;
    expect(listed).toMatchObject({ kind: 'quarantine', categoryId: inbox.categoryId, categoryName: 'Inbox', count: 6, done: 6, restored: 0, status: 'done', error: null, undoneAt: null });
    expect(Date.parse(listed.expiresAt) - Date.parse(listed.createdAt)).toBe(ACTION_UNDO_WINDOW_MS);
    await expectStoreMirrorsGmail(alice);

    expect(await ok(alice.call('undoActionBatch', { batchId: result.batchId }))).toEqual({ batchId: result.batchId, status: 'undone', restored: 6 });
    expect(mailboxSnapshot(t, alice.email)).toEqual(before);
    expect((await emailIds(alice, inbox.categoryId)).sort()).toEqual(Object.keys(before).filter((id) => before[id]!.includes('INBOX') && !before[id]!.includes('TRASH') && !before[id]!.includes('SPAM')).sort());
    expect((await batches(alice)).find((b) => b.batchId === result.batchId)).toMatchObject({ status: 'undone', restored: 6 });
    await expectStoreMirrorsGmail(alice);
  });

  test('deleting all of a category moves it to Gmail’s trash (never deleted for good), and undo restores it exactly', async () => {
    const forums = await category(alice, 'Forums', 'category:forums');
    const members = await emailIds(alice, forums.categoryId);
    expect(members.length).toBeGreaterThan(5);
    const before = mailboxSnapshot(t, alice.email);

    const result = await ok<BatchResult>(alice.call('bulkDeleteEmails', { categoryId: forums.categoryId, all: true }));
    expect(result).toMatchObject({ count: members.length, status: 'done' });
    const after = mailboxSnapshot(t, alice.email);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const id of members) expect(after[id]).toEqual([...before[id]!, 'TRASH'].sort());
    expect(await emailIds(alice, forums.categoryId)).toEqual([]);
    expect((await ok<Category>(alice.call('getCategory', { categoryId: forums.categoryId }))).count).toBe(0);

    expect(await ok(alice.call('undoActionBatch', { batchId: result.batchId }))).toMatchObject({ status: 'undone', restored: members.length });
    expect(mailboxSnapshot(t, alice.email)).toEqual(before);
    expect(await emailIds(alice, forums.categoryId)).toEqual(members);
    await expectStoreMirrorsGmail(alice);
  });

  test('undo restores exactly what the action changed, and keeps what the user changed since', async () => {
    const inbox = await category(alice, 'Inbox again', 'in:inbox');
    const selected = (await emailIds(alice, inbox.categoryId)).slice(0, 4);
    const before = mailboxSnapshot(t, alice.email);
    const result = await ok<BatchResult>(alice.call('quarantineEmails', { categoryId: inbox.categoryId, messageIds: selected }));
    // Meanwhile, in Gmail: one message is starred, another already taken out of quarantine by hand.
    const mailbox = t.sandbox.store.mailbox(alice.email);
    mailbox.modify([selected[0]!], ['STARRED'], []);
    mailbox.modify([selected[1]!], ['INBOX'], [quarantineLabelId(alice.email)!]);
    await settle(t);

    await ok(alice.call('undoActionBatch', { batchId: result.batchId }));
    const after = mailboxSnapshot(t, alice.email);
    expect(after[selected[0]!]).toEqual([...new Set([...before[selected[0]!]!, 'STARRED'])].sort());
    for (const id of selected.slice(1)) expect(after[id]).toEqual(before[id]);
    await expectStoreMirrorsGmail(alice);
  });

  test('an action batch is undone once; a second undo answers FAILED_PRECONDITION', async () => {
    const inbox = await category(alice, 'Once', 'in:inbox');
    const [first] = await emailIds(alice, inbox.categoryId);
    const { batchId } = await ok<BatchResult>(alice.call('bulkDeleteEmails', { categoryId: inbox.categoryId, messageIds: [first!] }));
    await ok(alice.call('undoActionBatch', { batchId }));
    expect(await failure(alice.call('undoActionBatch', { batchId }))).toMatchObject({ http: 400, status: 'FAILED_PRECONDITION', details: { reason: 'ALREADY_UNDONE' } });
  });

  test('after 7 days a batch can no longer be undone (FAILED_PRECONDITION) and is gone from the list', async () => {
    const inbox = await category(alice, 'Aging', 'in:inbox');
    const [first] = await emailIds(alice, inbox.categoryId);
    const { batchId } = await ok<BatchResult>(alice.call('quarantineEmails', { categoryId: inbox.categoryId, messageIds: [first!] }));
    const quarantined = mailboxSnapshot(t, alice.email);
    // Seven days and a second pass.
    const created = Date.now() - ACTION_UNDO_WINDOW_MS - 1000;
    await t.database.db.updateTable('action_batches').set({ created_at: created, expires_at: created + ACTION_UNDO_WINDOW_MS }).where('id', '=', batchId).execute();

    expect((await batches(alice)).some((b) => b.batchId === batchId)).toBe(false);
    expect(await failure(alice.call('undoActionBatch', { batchId }))).toMatchObject({ http: 400, status: 'FAILED_PRECONDITION', details: { reason: 'BATCH_EXPIRED' } });
    expect(mailboxSnapshot(t, alice.email)).toEqual(quarantined);
    // What undo needed is not kept past the window.
    expect(await t.database.db.selectFrom('action_batch_messages').select('message_id').where('batch_id', '=', batchId).execute()).toEqual([]);
  });

  test('without the write scope, quarantine, delete and undo answer FAILED_PRECONDITION WRITE_SCOPE_REQUIRED and change nothing', async () => {
    const inbox = await category(dave, 'Inbox', 'in:inbox');
    const ids = await emailIds(dave, inbox.categoryId);
    const before = mailboxSnapshot(t, dave.email);
    for (const [name, data] of [
      ['quarantineEmails', { categoryId: inbox.categoryId, all: true }],
      ['bulkDeleteEmails', { categoryId: inbox.categoryId, messageIds: ids.slice(0, 2) }],
    ] as const) {
      expect(await failure(dave.call(name, data))).toMatchObject({ http: 400, status: 'FAILED_PRECONDITION', details: { reason: 'WRITE_SCOPE_REQUIRED' } });
    }
    expect(mailboxSnapshot(t, dave.email)).toEqual(before);
    expect(await batches(dave)).toEqual([]);
    // A batch made while the grant could write cannot be undone after write access was given up.
    const { batchId } = await ok<BatchResult>(bob.call('bulkDeleteEmails', { categoryId: (await category(bob, 'Bob inbox', 'in:inbox')).categoryId, all: true }));
    const { scopes: bobScopes } = await t.database.db.selectFrom('mail_accounts').select('scopes').where('id', '=', bob.accountId).executeTakeFirstOrThrow();
    await t.database.db.updateTable('mail_accounts').set({ scopes: 'https://www.googleapis.com/auth/gmail.readonly' }).where('id', '=', bob.accountId).execute();
    expect(await failure(bob.call('undoActionBatch', { batchId }))).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'WRITE_SCOPE_REQUIRED' } });
    expect((await batches(bob)).find((b) => b.batchId === batchId)).toMatchObject({ status: 'done' });
    await t.database.db.updateTable('mail_accounts').set({ scopes: bobScopes }).where('id', '=', bob.accountId).execute();
  });

  test('another user’s category, messages or batch, and unknown ones, answer NOT_FOUND and change nothing', async () => {
    const inbox = await category(alice, 'Mine', 'in:inbox');
    const ids = await emailIds(alice, inbox.categoryId);
    const { batchId } = await ok<BatchResult>(alice.call('quarantineEmails', { categoryId: inbox.categoryId, messageIds: ids.slice(0, 2) }));
    const aliceBefore = mailboxSnapshot(t, alice.email);
    const bobsCategory = await category(bob, 'Theirs', 'is:read OR is:unread');
    const bobBefore = mailboxSnapshot(t, bob.email);
    const bobs = t.sandbox.store.mailbox(bob.email);
    const onlyAlices = ids.filter((id) => !bobs.messages.has(id));
    expect(onlyAlices.length).toBeGreaterThan(0);

    for (const [user, name, data] of [
      [bob, 'quarantineEmails', { categoryId: inbox.categoryId, all: true }],
      [bob, 'bulkDeleteEmails', { categoryId: 'no-such-category', all: true }],
      [bob, 'quarantineEmails', { categoryId: bobsCategory.categoryId, messageIds: onlyAlices.slice(0, 1) }],
      [bob, 'undoActionBatch', { batchId }],
      [alice, 'undoActionBatch', { batchId: 'no-such-batch' }],
      [alice, 'bulkDeleteEmails', { categoryId: inbox.categoryId, messageIds: [ids[5]!, 'ffffffffffffffff'] }],
    ] as const) {
      const answer = await failure(user.call(name, data));
      expect(answer, `${name} ${JSON.stringify(data)}`).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    }
    expect(mailboxSnapshot(t, alice.email)).toEqual(aliceBefore);
    expect(mailboxSnapshot(t, bob.email)).toEqual(bobBefore);
    expect((await batches(bob)).some((b) => b.batchId === batchId)).toBe(false);
    expect((await batches(alice)).filter((b) => b.categoryId === inbox.categoryId)).toHaveLength(1);
  });

  test('what an action covered: its messages in order with sender and subject, paged, restored after undo; only to its owner', async () => {
    const inbox = await category(alice, 'Covered', 'is:read OR is:unread');
    const listed = await ok<{ emails: EmailSummary[]; nextPageToken: string | null }>(alice.call('getCategoryEmails', { categoryId: inbox.categoryId, pageSize: 60 }));
    const chosen = listed.emails.slice(0, 55);
    expect(chosen).toHaveLength(55);
    const { batchId } = await ok<BatchResult>(alice.call('quarantineEmails', { categoryId: inbox.categoryId, messageIds: chosen.map((e) => e.id) }));
    type Covered = { messages: Array<{ messageId: string; state: string; email: EmailSummary | null }>; nextPageToken: string | null };
    const first = await ok<Covered>(alice.call('listActionBatchMessages', { batchId }));
    expect(first.messages).toHaveLength(50);
    expect(first.nextPageToken).not.toBeNull();
    const second = await ok<Covered>(alice.call('listActionBatchMessages', { batchId, pageToken: first.nextPageToken! }));
    expect(second).toMatchObject({ nextPageToken: null });
    const all = [...first.messages, ...second.messages];
    expect(all.map((m) => m.messageId)).toEqual(chosen.map((e) => e.id));
    expect(all.every((m) => m.state === 'applied')).toBe(true);
    for (const [i, m] of all.entries()) {
      expect(m.email).toMatchObject({ id: chosen[i]!.id, from: chosen[i]!.from, subject: chosen[i]!.subject });
      expect(m.email!.labels).toContain(QUARANTINE_LABEL_NAME);
    }

    await ok(alice.call('undoActionBatch', { batchId }));
    const after = await ok<Covered>(alice.call('listActionBatchMessages', { batchId }));
    expect(after.messages.every((m) => m.state === 'restored' && !m.email?.labels.includes(QUARANTINE_LABEL_NAME))).toBe(true);

    // Another user's batch, an unknown one and an expired one are not found.
    expect(await failure(bob.call('listActionBatchMessages', { batchId }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    expect(await failure(alice.call('listActionBatchMessages', { batchId: 'no-such-batch' }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    expect(await failure(alice.call('listActionBatchMessages', { batchId, pageToken: 'x' }))).toMatchObject({ http: 400, status: 'INVALID_ARGUMENT' });
    const created = Date.now() - ACTION_UNDO_WINDOW_MS - 1000;
    await t.database.db.updateTable('action_batches').set({ created_at: created, expires_at: created + ACTION_UNDO_WINDOW_MS }).where('id', '=', batchId).execute();
    expect(await failure(alice.call('listActionBatchMessages', { batchId }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
  });

  test('a bulk action names its messages or says all, not both or neither', async () => {
    const inbox = await category(alice, 'Either', 'in:inbox');
    for (const data of [{ categoryId: inbox.categoryId }, { categoryId: inbox.categoryId, all: true, messageIds: ['x'] }, { categoryId: inbox.categoryId, messageIds: [] }]) {
      expect(await failure(alice.call('quarantineEmails', data))).toMatchObject({ http: 400, status: 'INVALID_ARGUMENT' });
    }
    const empty = await category(alice, 'Empty', 'subject:"no message has this subject"');
    expect(await failure(alice.call('bulkDeleteEmails', { categoryId: empty.categoryId, all: true }))).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'NO_MESSAGES' },
    });
  });
});
