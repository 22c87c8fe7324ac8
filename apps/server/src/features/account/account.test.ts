import { toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { testMessage } from '../../testing/messages.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openGmailCredentials } from '../../auth/gmail-tokens.ts';
import { tablesWithColumn } from '../../db/account-data.ts';
import { ENGINES } from '../../db/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { InjectBrowser, callFn, connectGmail, sessionOf, signIn } from '../../testing/signin.ts';

type Result<T> = { result: T };

const message = (id: string): MessageMeta => testMessage(id, { from: [{ name: null, address: 'news@example.com' }], subject: `Subject ${id}` });

describe.each(ENGINES)('your data is yours: export and delete (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const setUpUser = async (email: string) => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(b, { account: { email, name: email.split('@')[0] } });
    await connectGmail(b);
    const account = await t.database.db.selectFrom('mail_accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    await t.database.db.insertInto('messages').values(toStoreRow(account.id, message(`msg-${email}`), { historyId: '1', snippet: `snippet of ${email}` })).execute();
    const created = ((await callFn(b, 'createApiToken', { name: `token of ${email}` })).json() as Result<{ token: string }>).result;
    const credentials = openGmailCredentials(t.app.mailroomAuth.secrets.tokenKey, account.id, account.token_ciphertext!);
    return { browser: b, account, apiToken: created.token, credentials };
  };

  test('exportMyData holds the user’s own data, nobody else’s, and no secret', async () => {
    const me = await setUpUser('exporter@example.com');
    const other = await setUpUser('neighbour@example.com');
    const response = await callFn(me.browser, 'exportMyData');
    expect(response.statusCode).toBe(200);
    const data = (response.json() as Result<Record<string, unknown>>).result;
    expect(data).toMatchObject({
      format: 'mailroom-export/1',
      user: { email: 'exporter@example.com', displayName: 'exporter' },
      mailAccount: { email: 'exporter@example.com', connected: true, scopes: ['https://www.googleapis.com/auth/gmail.readonly'] },
      apiTokens: [{ name: 'token of exporter@example.com', tokenId: expect.any(String) }],
    });
    const tables = data.tables as Record<string, Array<Record<string, unknown>>>;
    expect(tables.messages?.map((m) => m.id)).toEqual(['msg-exporter@example.com']);

    const text = response.body;
    expect(text).not.toContain('neighbour');
    expect(text).not.toContain(other.account.id);
    const { csrfToken } = await sessionOf(me.browser);
    for (const secret of [me.apiToken, me.credentials.access_token, me.credentials.refresh_token ?? '', me.account.token_ciphertext!, csrfToken ?? '']) {
      expect(text).not.toContain(secret);
    }
    const hashes = await t.database.db.selectFrom('api_tokens').select('token_hash').execute();
    for (const { token_hash: hash } of hashes) expect(text).not.toContain(hash);
  });

  test('deleteMyAccount needs the exact email, then removes every row of the user and revokes Gmail', async () => {
    const me = await setUpUser('deleter@example.com');
    const other = await setUpUser('survivor@example.com');
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', 'deleter@example.com').executeTakeFirstOrThrow();

    const wrong = await callFn(me.browser, 'deleteMyAccount', { confirmEmail: 'survivor@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();

    const verify = t.app.mailroomAuth.idp!.verifyAccessToken;
    expect(await verify(me.credentials.access_token)).not.toBeNull();
    const done = await callFn(me.browser, 'deleteMyAccount', { confirmEmail: ' Deleter@Example.com ' });
    expect(done.json()).toEqual({ result: { deleted: true } });

    expect(await verify(me.credentials.access_token)).toBeNull();
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    for (const table of await tablesWithColumn(t.database.db, 'user_id')) {
      const rows = await t.database.db.selectFrom(table as 'sessions').select('user_id').where('user_id', '=', user.id).execute();
      expect(rows, table).toEqual([]);
    }
    for (const table of await tablesWithColumn(t.database.db, 'account_id')) {
      const rows = await t.database.db.selectFrom(table as 'messages').select('account_id').where('account_id', '=', me.account.id).execute();
      expect(rows, table).toEqual([]);
    }
    expect((await sessionOf(me.browser)).user).toBeNull();
    const tokenCall = await t.app.inject({
      method: 'POST',
      url: '/api/fn/listApiTokens',
      headers: { authorization: `Bearer ${me.apiToken}`, 'content-type': 'application/json' },
      payload: { data: {} },
    });
    expect(tokenCall.statusCode).toBe(401);

    // The other user is untouched.
    expect(((await callFn(other.browser, 'getGmailStatus')).json() as Result<{ connected: boolean }>).result.connected).toBe(true);
    expect(await verify(other.credentials.access_token)).not.toBeNull();
    expect(await t.database.db.selectFrom('messages').select('id').where('account_id', '=', other.account.id).execute()).toHaveLength(1);
  });
});
