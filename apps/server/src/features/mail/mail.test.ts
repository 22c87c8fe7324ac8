import { MAIL_SOURCE_KINDS, type ActionBatch, type EmailSummary, type MailAction, type MailSource } from '@mailroom/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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
import { unresolvedMailSourceKinds } from './index.ts';

type Ok<T> = { result: T };
type Failure = { error: { status: string; message: string; details?: Record<string, unknown> } };
type BatchResult = { batchId: string; count: number; status: 'done' | 'running' };
type Snapshot = Record<string, string[]>;

/** The Gmail label each action adds or removes (Gmail's system label ids). */
const EFFECT: Record<Exclude<MailAction, 'quarantine'>, { add?: string; remove?: string }> = {
  archive: { remove: 'INBOX' },
  delete: { add: 'TRASH' },
  star: { add: 'STARRED' },
  unstar: { remove: 'STARRED' },
  important: { add: 'IMPORTANT' },
  not_important: { remove: 'IMPORTANT' },
  mark_read: { remove: 'UNREAD' },
  mark_unread: { add: 'UNREAD' },
};

const inbox: MailSource = { kind: 'query', query: 'in:inbox' };

describe.each(ENGINES)('message actions from any list (%s)', (engine) => {
  let t: MailboxTestApp;
  let alice: MailboxUser;
  let bob: MailboxUser;
  let carol: MailboxUser;

  beforeAll(async () => {
    t = await createMailboxTestApp(engine);
    alice = await userWithMailbox(t, 'alice@example.com', { corpus: 120, write: true });
    bob = await userWithMailbox(t, 'bob@example.com', { corpus: 10, write: true });
    carol = await userWithMailbox(t, 'carol@example.com', { corpus: 10 });
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
  const modify = (user: MailboxUser, target: Record<string, unknown>, action: string) => user.call('modifyEmails', { target, action });
  const batches = async (user: MailboxUser) => (await ok<{ batches: ActionBatch[] }>(user.call('listActionBatches'))).batches;
  const expectStoreMirrorsGmail = async (user: MailboxUser) => {
    await settle(t);
    const gmail = Object.fromEntries(Object.entries(mailboxSnapshot(t, user.email)).filter(([, labels]) => !labels.includes('SPAM')));
    expect(await storeSnapshot(t, user.accountId)).toEqual(gmail);
  };
  const changedIds = (before: Snapshot, after: Snapshot) => Object.keys(after).filter((id) => JSON.stringify(after[id]) !== JSON.stringify(before[id]));

  test('once the app is built, every kind of mail source in the contract has a resolver', () => {
    expect(MAIL_SOURCE_KINDS.length).toBeGreaterThan(0);
    expect(unresolvedMailSourceKinds()).toEqual([]);
  });

  test.each(Object.keys(EFFECT) as Array<keyof typeof EFFECT>)(
    '%s changes exactly its label on the named messages in Gmail, the list shows it at once, and undo puts the mailbox back',
    async (action) => {
      const effect = EFFECT[action];
      const ids = (await sandboxSearch(t, alice, 'in:inbox')).slice(10, 13);
      expect(ids).toHaveLength(3);
      // So that the action changes something: the label it adds is absent, the one it removes present.
      const mailbox = t.sandbox.store.mailbox(alice.email);
      mailbox.modify(ids, effect.remove ? [effect.remove] : [], effect.add ? [effect.add] : []);
      await settle(t);
      const before = mailboxSnapshot(t, alice.email);

      const result = await ok<BatchResult>(modify(alice, { source: inbox, messageIds: ids }, action));
      expect(result).toMatchObject({ count: 3, status: 'done' });
      const after = mailboxSnapshot(t, alice.email);
      expect(changedIds(before, after).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        const expected = before[id]!.filter((label) => label !== effect.remove);
        if (effect.add) expected.push(effect.add);
        expect(after[id]).toEqual(expected.sort());
      }
      await expectStoreMirrorsGmail(alice);
      expect((await batches(alice)).find((b) => b.batchId === result.batchId)).toMatchObject({ kind: action, count: 3, done: 3, status: 'done', categoryId: null });

      expect(await ok(alice.call('undoActionBatch', { batchId: result.batchId }))).toMatchObject({ status: 'undone', restored: 3 });
      expect(mailboxSnapshot(t, alice.email)).toEqual(before);
      await expectStoreMirrorsGmail(alice);
    },
  );

  test('a star from a category’s list is in that list’s rows at once: starred and important travel with each row', async () => {
    const category = await ok<{ categoryId: string }>(alice.call('createCategory', { name: 'Forums', query: 'category:forums' }));
    const page = await ok<{ emails: EmailSummary[] }>(alice.call('getCategoryEmails', { categoryId: category.categoryId, pageSize: 5 }));
    const [first] = page.emails;
    expect(first).toBeDefined();
    t.sandbox.store.mailbox(alice.email).modify([first!.id], [], ['STARRED', 'IMPORTANT']);
    await settle(t);
    const source = { kind: 'category', categoryId: category.categoryId };
    const star = await ok<BatchResult>(modify(alice, { source, messageIds: [first!.id] }, 'star'));
    const important = await ok<BatchResult>(modify(alice, { source, messageIds: [first!.id] }, 'important'));
    const again = await ok<{ emails: EmailSummary[] }>(alice.call('getCategoryEmails', { categoryId: category.categoryId, pageSize: 5 }));
    expect(again.emails.find((e) => e.id === first!.id)).toMatchObject({ starred: true, important: true });
    expect((await batches(alice)).find((b) => b.batchId === star.batchId)).toMatchObject({ kind: 'star', categoryId: category.categoryId, categoryName: 'Forums' });
    await ok(alice.call('undoActionBatch', { batchId: important.batchId }));
    await ok(alice.call('undoActionBatch', { batchId: star.batchId }));
    const undone = await ok<{ emails: EmailSummary[] }>(alice.call('getCategoryEmails', { categoryId: category.categoryId, pageSize: 5 }));
    expect(undone.emails.find((e) => e.id === first!.id)).toMatchObject({ starred: false, important: false });
  });

  test('all: true is resolved on the server from the source: every message the store-answered query matches, and nothing else', async () => {
    const before = mailboxSnapshot(t, alice.email);
    const expected = await sandboxSearch(t, alice, 'category:forums in:inbox');
    expect(expected.length).toBeGreaterThan(3);
    const result = await ok<BatchResult>(modify(alice, { source: { kind: 'query', query: 'category:forums in:inbox' }, all: true }, 'archive'));
    expect(result.count).toBe(expected.length);
    const after = mailboxSnapshot(t, alice.email);
    expect(changedIds(before, after).sort()).toEqual([...expected].sort());
    expect(await sandboxSearch(t, alice, 'category:forums in:inbox')).toEqual([]);
    await ok(alice.call('undoActionBatch', { batchId: result.batchId }));
    expect(mailboxSnapshot(t, alice.email)).toEqual(before);
    await expectStoreMirrorsGmail(alice);
  });

  test('all: true over a query only Gmail can answer (words in bodies) acts on exactly Gmail’s matches', async () => {
    const before = mailboxSnapshot(t, alice.email);
    const query = '"mailing list"';
    const expected = await sandboxSearch(t, alice, query);
    expect(expected.length).toBeGreaterThan(0);
    const result = await ok<BatchResult>(modify(alice, { source: { kind: 'query', query }, all: true }, 'mark_unread'));
    expect(result.count).toBe(expected.length);
    const after = mailboxSnapshot(t, alice.email);
    for (const id of expected) expect(after[id]).toContain('UNREAD');
    for (const id of changedIds(before, after)) expect(expected).toContain(id);
    await ok(alice.call('undoActionBatch', { batchId: result.batchId }));
    expect(mailboxSnapshot(t, alice.email)).toEqual(before);
  });

  test('another user’s category or messages, and unknown ones, answer NOT_FOUND and change nothing', async () => {
    const aliceCategory = await ok<{ categoryId: string }>(alice.call('createCategory', { name: 'Alice inbox', query: 'in:inbox' }));
    const bobCategory = await ok<{ categoryId: string }>(bob.call('createCategory', { name: 'Bob inbox', query: 'in:inbox' }));
    const aliceIds = await sandboxSearch(t, alice, 'in:inbox');
    const bobs = t.sandbox.store.mailbox(bob.email);
    const onlyAlices = aliceIds.filter((id) => !bobs.messages.has(id));
    expect(onlyAlices.length).toBeGreaterThan(0);
    const aliceBefore = mailboxSnapshot(t, alice.email);
    const bobBefore = mailboxSnapshot(t, bob.email);
    const bobBatches = (await batches(bob)).length;

    for (const [target, action] of [
      [{ source: { kind: 'category', categoryId: aliceCategory.categoryId }, all: true }, 'delete'],
      [{ source: { kind: 'category', categoryId: aliceCategory.categoryId }, messageIds: onlyAlices.slice(0, 2) }, 'archive'],
      [{ source: { kind: 'category', categoryId: bobCategory.categoryId }, messageIds: onlyAlices.slice(0, 1) }, 'star'],
      [{ source: { kind: 'query', query: 'in:inbox' }, messageIds: onlyAlices.slice(0, 1) }, 'mark_read'],
      [{ source: { kind: 'category', categoryId: 'no-such-category' }, all: true }, 'archive'],
    ] as const) {
      expect(await failure(modify(bob, target, action)), JSON.stringify(target)).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    }
    // One id of her own and one that is nobody's: nothing is changed, not even her own.
    expect(await failure(modify(alice, { source: inbox, messageIds: [aliceIds[0]!, 'ffffffffffffffff'] }, 'archive'))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    expect(mailboxSnapshot(t, alice.email)).toEqual(aliceBefore);
    expect(mailboxSnapshot(t, bob.email)).toEqual(bobBefore);
    expect(await batches(bob)).toHaveLength(bobBatches);
  });

  test('without the write scope every action answers FAILED_PRECONDITION WRITE_SCOPE_REQUIRED and changes nothing', async () => {
    const ids = await sandboxSearch(t, carol, 'in:inbox');
    const before = mailboxSnapshot(t, carol.email);
    for (const action of [...Object.keys(EFFECT), 'quarantine']) {
      for (const target of [{ source: inbox, all: true }, { source: inbox, messageIds: ids.slice(0, 1) }]) {
        expect(await failure(modify(carol, target, action))).toMatchObject({ http: 400, status: 'FAILED_PRECONDITION', details: { reason: 'WRITE_SCOPE_REQUIRED' } });
      }
    }
    expect(mailboxSnapshot(t, carol.email)).toEqual(before);
    expect(await batches(carol)).toEqual([]);
  });

  test('bad requests answer INVALID_ARGUMENT naming the field; a query with a mistake names its position', async () => {
    const ids = (await sandboxSearch(t, alice, 'in:inbox')).slice(0, 1);
    for (const [data, field] of [
      [{ target: { source: inbox, messageIds: ids }, action: 'explode' }, 'action'],
      [{ target: { source: { kind: 'bundle', bundleId: 'b' }, all: true }, action: 'archive' }, 'target.source'],
      [{ target: { source: inbox }, action: 'archive' }, 'target.messageIds'],
      [{ target: { source: inbox, all: true, messageIds: ids }, action: 'archive' }, 'target.messageIds'],
      [{ target: { source: inbox, messageIds: [] }, action: 'archive' }, 'target.messageIds'],
      [{ target: { source: { kind: 'query', query: '   ' }, all: true }, action: 'archive' }, 'target.source.query'],
    ] as const) {
      const answer = await failure(alice.call('modifyEmails', data));
      expect(answer, JSON.stringify(data)).toMatchObject({ http: 400, status: 'INVALID_ARGUMENT' });
      expect(JSON.stringify(answer), JSON.stringify(data)).toContain(field);
    }
    expect(await failure(modify(alice, { source: { kind: 'query', query: 'from:(alice' }, all: true }, 'archive'))).toMatchObject({
      http: 400,
      status: 'INVALID_ARGUMENT',
      details: { field: 'target.source.query', position: 5 },
    });
  });

  test('acting on all of an empty source answers FAILED_PRECONDITION NO_MESSAGES and records nothing', async () => {
    const count = (await batches(alice)).length;
    expect(await failure(modify(alice, { source: { kind: 'query', query: 'subject:"no message has this subject"' }, all: true }, 'star'))).toMatchObject({
      status: 'FAILED_PRECONDITION',
      details: { reason: 'NO_MESSAGES' },
    });
    expect(await batches(alice)).toHaveLength(count);
  });
});
