import { functions, type FnName } from '@mailroom/contract';
import { toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { testMessage } from '../testing/messages.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES } from '../db/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { InjectBrowser, callFn, connectGmail, sessionOf, signIn } from '../testing/signin.ts';
import { implementations } from './index.ts';

type Result<T> = { result: T };

const message = (id: string): MessageMeta => testMessage(id, { from: [{ name: null, address: 'x@example.com' }], subject: 'private subject of alice' });

const implemented = (Object.keys(implementations) as FnName[]).sort();

describe.each(ENGINES)('users are isolated and cookie state changes need CSRF proof (%s)', (engine) => {
  let t: TestApp;
  let alice: InjectBrowser;
  let bob: InjectBrowser;
  let aliceIds: { userId: string; accountId: string; tokenId: string; messageId: string; categoryId: string; sendId: string };

  /** What Alice would notice: her tokens, her Gmail status, her data. */
  const aliceView = async () => ({
    tokens: ((await callFn(alice, 'listApiTokens')).json() as Result<unknown>).result,
    status: ((await callFn(alice, 'getGmailStatus')).json() as Result<unknown>).result,
    session: (await sessionOf(alice)).user,
    messages: await t.database.db.selectFrom('messages').select(['id', 'label_ids']).where('account_id', '=', aliceIds.accountId).execute(),
    batches: await t.database.db.selectFrom('action_batches').select(['id', 'kind']).where('account_id', '=', aliceIds.accountId).execute(),
    outbox: await t.database.db.selectFrom('outgoing_messages').select(['id', 'status', 'body']).where('account_id', '=', aliceIds.accountId).execute(),
    recentSearches: ((await callFn(alice, 'listRecentSearches')).json() as Result<unknown>).result,
  });

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    bob = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    await signIn(bob, { account: { email: 'bob@example.com', name: 'Bob' } });
    await connectGmail(alice);
    await connectGmail(bob);
    const account = await t.database.db.selectFrom('mail_accounts').select(['id', 'user_id']).where('email', '=', 'alice@example.com').executeTakeFirstOrThrow();
    await t.database.db.insertInto('messages').values(toStoreRow(account.id, message('alice-msg-1'), { historyId: '1', snippet: '' })).execute();
    const token = ((await callFn(alice, 'createApiToken', { name: 'alice-token' })).json() as Result<{ tokenId: string }>).result;
    await callFn(bob, 'createApiToken', { name: 'bob-token' });
    // A correspondent only Alice's mailbox knows, once with his name and once without (so her
    // directory adds that address to "from quentin"), and a search of hers to remember.
    await t.database.db
      .insertInto('messages')
      .values([
        toStoreRow(account.id, testMessage('alice-msg-2', { from: [{ name: 'Quentin Zanzibar', address: 'qz@alice-only.example' }] }), { historyId: '2', snippet: '' }),
        toStoreRow(account.id, testMessage('alice-msg-3', { from: [{ name: null, address: 'qz@alice-only.example' }] }), { historyId: '3', snippet: '' }),
      ])
      .execute();
    await callFn(alice, 'searchMail', { request: 'private subject of alice from x' });
    const category = ((await callFn(alice, 'createCategory', { name: 'Private', query: 'subject:private' })).json() as Result<{ categoryId: string }>).result;
    // A reply of Alice's that failed to send, kept as a draft (issue 15's outbox).
    const sendId = 'alice-send-1';
    await t.database.db
      .insertInto('outgoing_messages')
      .values({
        id: sendId,
        account_id: account.id,
        user_id: account.user_id,
        mode: 'reply',
        original_message_id: 'alice-msg-1',
        thread_id: 'alice-msg-1',
        to_addresses: JSON.stringify([{ name: null, address: 'x@example.com' }]),
        cc_addresses: '[]',
        bcc_addresses: '[]',
        subject: 'Re: a subject of alice',
        body: 'alice private draft',
        rfc822_message_id: 'alice-reply@example.com',
        from_suggestion: null,
        status: 'failed',
        send_at: Date.now(),
        error: 'Gmail refused',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    aliceIds = { userId: account.user_id, accountId: account.id, tokenId: token.tokenId, messageId: 'alice-msg-1', categoryId: category.categoryId, sendId };
  });
  afterAll(async () => {
    await t.close();
  });

  test('another user’s ids answer NOT_FOUND and change nothing', async () => {
    const before = await aliceView();
    const response = await callFn(bob, 'revokeApiToken', { tokenId: aliceIds.tokenId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
    expect(await aliceView()).toEqual(before);
  });

  test('no function shows Bob anything of Alice’s, and none that Bob calls changes Alice’s data', async () => {
    const before = await aliceView();
    // Inputs aimed at Alice wherever a function takes an id or an address; {} elsewhere.
    const aimedAtAlice: Partial<Record<FnName, unknown>> = {
      revokeApiToken: { tokenId: aliceIds.tokenId },
      deleteMyAccount: { confirmEmail: 'alice@example.com' },
      createApiToken: { name: 'bob-second' },
      startGmailAuth: { returnTo: '/x' },
      getCategory: { categoryId: aliceIds.categoryId },
      getCategoryEmails: { categoryId: aliceIds.categoryId },
      modifyEmails: { target: { source: { kind: 'category', categoryId: aliceIds.categoryId }, all: true }, action: 'delete' },
      quarantineEmails: { categoryId: aliceIds.categoryId, all: true },
      bulkDeleteEmails: { categoryId: aliceIds.categoryId, messageIds: [aliceIds.messageId] },
      getEmailContent: { messageId: aliceIds.messageId },
      suggestReplies: { messageId: aliceIds.messageId },
      sendMessage: { mode: 'reply', messageId: aliceIds.messageId, body: 'hijack' },
      cancelSend: { sendId: aliceIds.sendId },
      getSend: { sendId: aliceIds.sendId },
      listDrafts: { messageId: aliceIds.messageId },
      retrySend: { sendId: aliceIds.sendId },
      discardDraft: { sendId: aliceIds.sendId },
      translateSearch: { request: 'from quentin about the private subject of alice' },
      searchMail: { request: 'from quentin about the private subject of alice', query: 'subject:private' },
      // Alice's messages are dated November 2024: inside this range, never in Bob's figures.
      getInsights: { from: '2024-06-01', to: '2025-05-31' },
      getOpsStatus: { instance: true },
    };
    // Disconnecting is Bob's own business, but it goes last so every other call sees his account.
    const order = [...implemented.filter((n) => n !== 'disconnectGmail'), ...implemented.filter((n) => n === 'disconnectGmail')];
    for (const name of order) {
      const response = await callFn(bob, name, aimedAtAlice[name] ?? {});
      for (const secret of ['alice@example.com', aliceIds.userId, aliceIds.accountId, aliceIds.tokenId, aliceIds.messageId, aliceIds.categoryId, 'private subject of alice from x', 'qz@alice-only.example', aliceIds.sendId, 'alice private draft']) {
        expect(response.body, `${name} leaked ${secret}`).not.toContain(secret);
      }
    }
    await t.jobs.idle();
    expect(await aliceView()).toEqual(before);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').executeTakeFirst()).toBeDefined();
  });

  test('message actions aimed at another user’s category answer NOT_FOUND, and at her messages change nothing, even with write access', async () => {
    // Bob may change his own Gmail: what stops him is whose category and messages they are.
    await connectGmail(bob, { write: true });
    const before = await aliceView();
    const own = ((await callFn(bob, 'createCategory', { name: 'Bob’s', query: 'in:inbox' })).json() as Result<{ categoryId: string }>).result;
    const aliceCategory = { kind: 'category', categoryId: aliceIds.categoryId };
    for (const [name, data] of [
      ['modifyEmails', { target: { source: aliceCategory, all: true }, action: 'archive' }],
      ['modifyEmails', { target: { source: aliceCategory, messageIds: [aliceIds.messageId] }, action: 'star' }],
      ['quarantineEmails', { categoryId: aliceIds.categoryId, all: true }],
      ['bulkDeleteEmails', { categoryId: aliceIds.categoryId, messageIds: [aliceIds.messageId] }],
    ] as const) {
      const response = await callFn(bob, name, data);
      expect(response.statusCode, `${name} ${JSON.stringify(data)}: ${response.body}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
    }
    // Her message ids through his own views: never found in his mailbox (NOT_FOUND against a real
    // Gmail, features/mail/mail.test.ts; here his Gmail is not reachable), and never changed.
    for (const [name, data] of [
      ['modifyEmails', { target: { source: { kind: 'category', categoryId: own.categoryId }, messageIds: [aliceIds.messageId] }, action: 'delete' }],
      ['modifyEmails', { target: { source: { kind: 'query', query: 'subject:private' }, messageIds: [aliceIds.messageId] }, action: 'mark_read' }],
      ['quarantineEmails', { categoryId: own.categoryId, messageIds: [aliceIds.messageId] }],
    ] as const) {
      const response = await callFn(bob, name, data);
      expect(response.statusCode, `${name} ${JSON.stringify(data)}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('private subject of alice');
    }
    await t.jobs.idle();
    expect(await aliceView()).toEqual(before);
  });

  test('one user’s correspondents never reach another’s search: the directory is the caller’s own', async () => {
    const mine = ((await callFn(alice, 'translateSearch', { request: 'emails from quentin' })).json() as Result<{ query: string }>).result;
    expect(mine.query).toBe('from:quentin OR from:qz@alice-only.example');
    const theirs = await callFn(bob, 'translateSearch', { request: 'emails from quentin' });
    expect((theirs.json() as Result<{ query: string }>).result.query).toBe('from:quentin');
    const search = await callFn(bob, 'searchMail', { request: 'emails from quentin' });
    expect(search.body).not.toContain('qz@alice-only.example');
    expect(search.body).not.toContain('alice-msg');
    // Bob's recent searches are his own; clearing them leaves Alice's.
    expect(JSON.stringify((await callFn(bob, 'listRecentSearches')).json())).not.toContain('private subject of alice from x');
    const before = await aliceView();
    await callFn(bob, 'clearRecentSearches');
    expect(await aliceView()).toEqual(before);
  });

  test('another user’s send or draft answers NOT_FOUND to every outbox function, and stays as it was', async () => {
    const before = await aliceView();
    for (const name of ['cancelSend', 'getSend', 'retrySend', 'discardDraft'] as const) {
      const response = await callFn(bob, name, { sendId: aliceIds.sendId });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
    }
    expect((await callFn(bob, 'listDrafts', {})).json()).toEqual({ result: { drafts: [] } });
    expect((await callFn(bob, 'listDrafts', { messageId: aliceIds.messageId })).json()).toEqual({ result: { drafts: [] } });
    await t.jobs.idle();
    expect(await aliceView()).toEqual(before);
  });

  test.each(implemented.filter((name) => functions[name].mutates))('%s with the cookie but no CSRF proof is refused', async (name) => {
    const before = await aliceView();
    const data: Partial<Record<FnName, unknown>> = {
      createApiToken: { name: 'forged' },
      revokeApiToken: { tokenId: aliceIds.tokenId },
      deleteMyAccount: { confirmEmail: 'alice@example.com' },
    };
    const missing = await callFn(alice, name, data[name] ?? {}, { csrf: null });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    // Someone else's valid CSRF token is no proof either.
    const { csrfToken: bobsToken } = await sessionOf(bob);
    const wrong = await callFn(alice, name, data[name] ?? {}, { csrf: bobsToken });
    expect(wrong.statusCode).toBe(403);
    expect(await aliceView()).toEqual(before);
  });
});
