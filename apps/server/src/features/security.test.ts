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
  let aliceIds: { userId: string; accountId: string; tokenId: string; messageId: string };

  /** What Alice would notice: her tokens, her Gmail status, her data. */
  const aliceView = async () => ({
    tokens: ((await callFn(alice, 'listApiTokens')).json() as Result<unknown>).result,
    status: ((await callFn(alice, 'getGmailStatus')).json() as Result<unknown>).result,
    session: (await sessionOf(alice)).user,
    messages: await t.database.db.selectFrom('messages').select('id').where('account_id', '=', aliceIds.accountId).execute(),
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
    aliceIds = { userId: account.user_id, accountId: account.id, tokenId: token.tokenId, messageId: 'alice-msg-1' };
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
    };
    // Disconnecting is Bob's own business, but it goes last so every other call sees his account.
    const order = [...implemented.filter((n) => n !== 'disconnectGmail'), ...implemented.filter((n) => n === 'disconnectGmail')];
    for (const name of order) {
      const response = await callFn(bob, name, aimedAtAlice[name] ?? {});
      for (const secret of ['alice@example.com', aliceIds.userId, aliceIds.accountId, aliceIds.tokenId, aliceIds.messageId, 'private subject of alice']) {
        expect(response.body, `${name} leaked ${secret}`).not.toContain(secret);
      }
    }
    await t.jobs.idle();
    expect(await aliceView()).toEqual(before);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', 'bob@example.com').executeTakeFirst()).toBeDefined();
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
