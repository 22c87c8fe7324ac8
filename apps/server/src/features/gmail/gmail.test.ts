import crypto from 'node:crypto';
import { createSandbox, type Sandbox } from '@mailroom/gmail-sandbox';
import { toLabelRow, toStoreRow, type MessageMeta } from '@mailroom/mail-query';
import { testMessage } from '../../testing/messages.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GMAIL_SCOPES, requireWriteScope } from '../../auth/gmail-scopes.ts';
import { loadGmailCredentials, openGmailCredentials } from '../../auth/gmail-tokens.ts';
import { SecretDecryptionError } from '../../auth/token-cipher.ts';
import { tablesWithColumn } from '../../db/account-data.ts';
import { ENGINES } from '../../db/testing.ts';
import { FnError } from '../../errors.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { OPEN_REDIRECT_RETURN_TOS } from '../../testing/open-redirects.ts';
import { InjectBrowser, callFn, completeIdpPages, connectGmail, signIn } from '../../testing/signin.ts';

const meta = (id: string): MessageMeta => testMessage(id, { to: [{ name: null, address: 'me@example.org' }], sizeEstimate: 1000, rfc822MessageId: `${id}@example.com` });

type Result<T> = { result: T };

describe.each(ENGINES)('connecting Gmail (%s)', (engine) => {
  let t: TestApp;
  let sandbox: Sandbox;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    // The Gmail sandbox, accepting exactly the embedded provider's tokens (as the embedded default wires it).
    const idp = t.app.mailroomAuth.idp!;
    sandbox = createSandbox({ verifyToken: idp.verifyAccessToken, onRevoke: async (token) => void (await idp.revoke(token)) });
    idp.onRevoked((revocation) => sandbox.revokeToken(revocation.token));
  });
  afterAll(async () => {
    await sandbox.app.close();
    await t.close();
  });

  const signedIn = async (email: string) => {
    const b = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(b, { account: { email, name: email.split('@')[0] } });
    return b;
  };
  const accountOf = (email: string) => t.database.db.selectFrom('mail_accounts').selectAll().where('email', '=', email).executeTakeFirst();
  const profileWith = (token: string) =>
    sandbox.app.inject({ method: 'GET', url: '/gmail/v1/users/me/profile', headers: { authorization: `Bearer ${token}` } });

  test('startGmailAuth asks for read-only access; write access is asked for incrementally', async () => {
    const b = await signedIn('reader@example.com');
    const read = new URL(((await callFn(b, 'startGmailAuth', {})).json() as Result<{ authUrl: string }>).result.authUrl);
    expect(read.origin + read.pathname).toBe(`${t.config.publicUrl}/idp/auth`);
    expect(read.searchParams.get('scope')?.split(' ')).toEqual(['openid', 'email', GMAIL_SCOPES.readonly]);
    expect(read.searchParams.get('include_granted_scopes')).toBe('true');
    expect(read.searchParams.get('access_type')).toBe('offline');
    expect(read.searchParams.get('login_hint')).toBe('reader@example.com');
    expect(read.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/gmail/oauth/callback`);
    expect(read.searchParams.get('code_challenge_method')).toBe('S256');

    const write = new URL(((await callFn(b, 'startGmailAuth', { write: true })).json() as Result<{ authUrl: string }>).result.authUrl);
    expect(write.searchParams.get('scope')?.split(' ')).toEqual(['openid', 'email', GMAIL_SCOPES.readonly, GMAIL_SCOPES.modify, GMAIL_SCOPES.labels]);
  });

  test('the consent lands on /connect/success, and the status shows a read-only connection', async () => {
    const b = await signedIn('reader@example.com');
    expect(await connectGmail(b)).toBe('/connect/success');
    const status = (await callFn(b, 'getGmailStatus')).json() as Result<Record<string, unknown>>;
    expect(status.result).toEqual({
      connected: true,
      email: 'reader@example.com',
      scopes: [GMAIL_SCOPES.readonly],
      canWrite: false,
      needsReconnect: false,
      sync: { state: 'never', messageCount: 0, lastSyncAt: null, progress: null, error: null },
    });
    // The stored token opens the mailbox at the sandbox.
    const account = await accountOf('reader@example.com');
    const credentials = await loadGmailCredentials(t.database.db, t.app.mailroomAuth.secrets.tokenKey, account!.id);
    expect((await profileWith(credentials!.access_token)).statusCode).toBe(200);
  });

  test('a returnTo that would leave the origin is ignored: the consent lands on /connect/success (no open redirect)', async () => {
    const b = await signedIn('reader@example.com');
    for (const returnTo of OPEN_REDIRECT_RETURN_TOS) {
      // Each variant was answered `Location: //evil.example` before the normalised path was checked.
      expect(await connectGmail(b, { returnTo }), returnTo).toBe('/connect/success');
    }
    expect(await connectGmail(b, { returnTo: '/manual/abc?tab=mail' })).toBe('/manual/abc?tab=mail');
  });

  test('granting write access later keeps the account and enables write actions', async () => {
    const b = await signedIn('reader@example.com');
    const before = await accountOf('reader@example.com');
    expect(await connectGmail(b, { write: true, mode: 'popup' })).toBe('/auth/popup-complete?status=success&flow=gmail');
    const after = await accountOf('reader@example.com');
    expect(after?.id).toBe(before?.id);
    const status = (await callFn(b, 'getGmailStatus')).json() as Result<{ canWrite: boolean; scopes: string[] }>;
    expect(status.result.canWrite).toBe(true);
    expect(status.result.scopes.sort()).toEqual([GMAIL_SCOPES.labels, GMAIL_SCOPES.modify, GMAIL_SCOPES.readonly].sort());
    expect(() => requireWriteScope(after)).not.toThrow();
  });

  test('a write action without the write scope answers FAILED_PRECONDITION WRITE_SCOPE_REQUIRED', () => {
    let thrown: unknown;
    try {
      requireWriteScope({ scopes: GMAIL_SCOPES.readonly });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FnError);
    expect((thrown as FnError).toBody()).toMatchObject({ error: { status: 'FAILED_PRECONDITION', details: { reason: 'WRITE_SCOPE_REQUIRED' } } });
    expect(() => requireWriteScope(null)).toThrow(FnError);
  });

  test('tokens in the database cannot be read without the key', async () => {
    const account = (await accountOf('reader@example.com'))!;
    const credentials = openGmailCredentials(t.app.mailroomAuth.secrets.tokenKey, account.id, account.token_ciphertext!);
    expect(credentials.access_token.length).toBeGreaterThan(20);
    expect(credentials.refresh_token).toEqual(expect.any(String));
    const row = JSON.stringify(account);
    expect(row).not.toContain(credentials.access_token);
    expect(row).not.toContain(credentials.refresh_token);
    expect(() => openGmailCredentials(crypto.randomBytes(32), account.id, account.token_ciphertext!)).toThrow(SecretDecryptionError);
    // Nor under another account's row.
    expect(() => openGmailCredentials(t.app.mailroomAuth.secrets.tokenKey, 'another-account', account.token_ciphertext!)).toThrow(SecretDecryptionError);
  });

  test('debugGmailTokens describes the grant and leaks no token material', async () => {
    const b = await signedIn('reader@example.com');
    const account = (await accountOf('reader@example.com'))!;
    const credentials = openGmailCredentials(t.app.mailroomAuth.secrets.tokenKey, account.id, account.token_ciphertext!);
    const response = await callFn(b, 'debugGmailTokens');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Result<{ hasTokens: boolean; scopes: string[]; expiresAt: string | null }>;
    expect(body.result.hasTokens).toBe(true);
    expect(body.result.scopes).toContain(GMAIL_SCOPES.modify);
    expect(Date.parse(body.result.expiresAt ?? '')).toBeGreaterThan(Date.now());
    // No piece of 8 characters or more of any token, nor of the ciphertext, appears.
    for (const secret of [credentials.access_token, credentials.refresh_token ?? '', account.token_ciphertext!]) {
      for (let i = 0; i + 8 <= secret.length; i += 1) expect(response.body).not.toContain(secret.slice(i, i + 8));
    }
  });

  test('a consent cannot be finished in another user’s browser', async () => {
    const alice = await signedIn('alice@example.com');
    const { authUrl } = ((await callFn(alice, 'startGmailAuth', {})).json() as Result<{ authUrl: string }>).result;
    const mallory = await signedIn('mallory@example.com');
    const landed = await completeIdpPages(mallory, await mallory.navigate(authUrl));
    const url = new URL(landed.url, t.config.publicUrl);
    expect(url.pathname).toBe('/connect');
    expect(url.searchParams.get('gmail')).toBe('error');
    expect(url.searchParams.get('code')).toBe('session_mismatch');
    expect(await accountOf('alice@example.com')).toBeUndefined();
    expect(await accountOf('mallory@example.com')).toBeUndefined();
  });

  test('declining the Gmail consent reports access_denied to the popup and stores nothing', async () => {
    const b = await signedIn('decliner@example.com');
    const landed = await connectGmail(b, { mode: 'popup', consent: 'deny' });
    const url = new URL(landed, t.config.publicUrl);
    expect(url.pathname).toBe('/auth/popup-complete');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ status: 'error', flow: 'gmail', code: 'access_denied' });
    expect(await accountOf('decliner@example.com')).toBeUndefined();
  });

  test('getGmailStatus reports the sync engine’s progress and the message count', async () => {
    const b = await signedIn('syncing@example.com');
    await connectGmail(b);
    const account = (await accountOf('syncing@example.com'))!;
    await t.database.db.insertInto('messages').values([toStoreRow(account.id, meta('m1'), { historyId: '1', snippet: '' }), toStoreRow(account.id, meta('m2'), { historyId: '2', snippet: '' })]).execute();
    await t.database.db
      .insertInto('sync_state')
      .values({ account_id: account.id, status: 'syncing', phase: 'full', full_sync_started: 1, messages_total: 10, messages_done: 2, updated_at: Date.now() })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ status: 'syncing', messages_total: 10, messages_done: 2 }))
      .execute();
    const status = (await callFn(b, 'getGmailStatus')).json() as Result<{ sync: unknown }>;
    expect(status.result.sync).toEqual({ state: 'syncing', messageCount: 2, lastSyncAt: null, progress: { done: 2, total: 10 }, error: null });
  });

  test('disconnect revokes the grant at the provider, deletes the tokens at once, and purges every row of the account', async () => {
    const b = await signedIn('leaving@example.com');
    await connectGmail(b);
    const bystander = await signedIn('staying@example.com');
    await connectGmail(bystander);
    const account = (await accountOf('leaving@example.com'))!;
    const other = (await accountOf('staying@example.com'))!;
    const credentials = openGmailCredentials(t.app.mailroomAuth.secrets.tokenKey, account.id, account.token_ciphertext!);
    expect((await profileWith(credentials.access_token)).statusCode).toBe(200);
    for (const id of [account.id, other.id]) {
      await t.database.db.insertInto('messages').values(toStoreRow(id, meta(`m-${id}`), { historyId: '1', snippet: 'hello' })).execute();
      await t.database.db.insertInto('labels').values(toLabelRow(id, { id: 'Label_1', name: 'Receipts' })).execute();
      await t.database.db.insertInto('sync_seen').values({ account_id: id, message_id: `m-${id}` }).execute();
      await t.database.db.insertInto('sync_state').values({ account_id: id, status: 'idle', phase: 'incremental', full_sync_started: 0, messages_done: 0, updated_at: Date.now() }).onConflict((oc) => oc.column('account_id').doNothing()).execute();
    }
    const revokedBefore = sandbox.revoked.length;

    const response = await callFn(b, 'disconnectGmail');
    expect(response.statusCode).toBe(200);
    const result = (response.json() as Result<{ disconnected: boolean; purgeJobId: string | null }>).result;
    expect(result.disconnected).toBe(true);
    expect(result.purgeJobId).toEqual(expect.any(String));

    // The tokens are gone when the call returns (the purge job may already have removed the row).
    const right = await accountOf('leaving@example.com');
    expect(right === undefined || right.token_ciphertext === null).toBe(true);
    // Revoked at the provider: the sandbox refuses the token and recorded the revocation.
    expect((await profileWith(credentials.access_token)).statusCode).toBe(401);
    expect(sandbox.revoked.slice(revokedBefore).map((r) => r.token)).toEqual([credentials.refresh_token]);
    expect(((await callFn(b, 'getGmailStatus')).json() as Result<{ connected: boolean }>).result.connected).toBe(false);

    await t.jobs.idle();
    for (const table of await tablesWithColumn(t.database.db, 'account_id')) {
      const rows = await t.database.db
        .selectFrom(table as 'messages')
        .select('account_id')
        .where('account_id', '=', account.id)
        .execute();
      expect(rows, table).toEqual([]);
    }
    expect(await accountOf('leaving@example.com')).toBeUndefined();
    // Another user's account and mail are untouched, and their token still works.
    expect(await t.database.db.selectFrom('messages').select('id').where('account_id', '=', other.id).execute()).toHaveLength(1);
    const otherCredentials = openGmailCredentials(t.app.mailroomAuth.secrets.tokenKey, other.id, other.token_ciphertext!);
    expect((await profileWith(otherCredentials.access_token)).statusCode).toBe(200);
  });

  test('a token revoked at the sandbox’s Google-style /revoke ends the whole grant at the provider', async () => {
    const b = await signedIn('elsewhere@example.com');
    await connectGmail(b);
    const account = (await accountOf('elsewhere@example.com'))!;
    const credentials = openGmailCredentials(t.app.mailroomAuth.secrets.tokenKey, account.id, account.token_ciphertext!);
    const revoked = await sandbox.app.inject({ method: 'POST', url: `/revoke?token=${encodeURIComponent(credentials.access_token)}` });
    expect(revoked.statusCode).toBe(200);
    expect(await t.app.mailroomAuth.idp!.verifyAccessToken(credentials.access_token)).toBeNull();
    // The refresh token went with the grant: it cannot mint a new access token.
    await expect(t.app.mailroomAuth.oauth.refresh(credentials.refresh_token ?? '')).rejects.toThrow();
  });

  test('connecting again after a disconnect starts from a clean account', async () => {
    const b = await signedIn('returning@example.com');
    await connectGmail(b);
    const first = (await accountOf('returning@example.com'))!;
    await t.database.db.insertInto('messages').values(toStoreRow(first.id, meta('old'), { historyId: '1', snippet: '' })).execute();
    await callFn(b, 'disconnectGmail');
    await connectGmail(b);
    await t.jobs.idle();
    const second = (await accountOf('returning@example.com'))!;
    expect(second.id).not.toBe(first.id);
    expect(second.token_ciphertext).not.toBeNull();
    expect(await t.database.db.selectFrom('messages').select('id').where('account_id', '=', first.id).execute()).toEqual([]);
    expect(((await callFn(b, 'getGmailStatus')).json() as Result<{ connected: boolean }>).result.connected).toBe(true);
  });
});
