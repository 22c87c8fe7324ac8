import type { Profile } from '@mailroom/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upsertUserByEmail } from '../../auth/users.ts';
import { ENGINES } from '../../db/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { InjectBrowser, callFn, sessionOf, signIn } from '../../testing/signin.ts';

type Result<T> = { result: T };

/**
 * Issue 20, Settings › Account: the display name. The user sets the name Mailroom greets them by;
 * it is trimmed and checked (empty, over 80 characters, control characters, text-direction
 * overrides answer INVALID_ARGUMENT and change nothing); a later sign-in does not overwrite it;
 * null goes back to the provider's name; another user's name is untouched.
 */
describe.each(ENGINES)('display name in Settings (%s)', (engine) => {
  let t: TestApp;
  let ada: InjectBrowser;
  let grace: InjectBrowser;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    ada = new InjectBrowser(t.app, t.config.publicUrl);
    grace = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(ada, { account: { email: 'ada@example.com', name: 'Ada' } });
    await signIn(grace, { account: { email: 'grace@example.com', name: 'Grace Hopper' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const profile = async (b: InjectBrowser) => {
    const response = await callFn(b, 'getProfile');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Result<Profile>).result;
  };

  test('a chosen name is trimmed, greets in the session, and survives the next sign-in', async () => {
    expect(await profile(ada)).toEqual({ displayName: 'Ada', providerDisplayName: 'Ada', chosen: false });
    const response = await callFn(ada, 'updateProfile', { displayName: '  Countess Ada  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Result<Profile>).result).toEqual({ displayName: 'Countess Ada', providerDisplayName: 'Ada', chosen: true });
    expect((await sessionOf(ada)).user?.displayName).toBe('Countess Ada');

    // Signing in again with another name at the provider keeps the chosen one.
    await upsertUserByEmail(t.database.db, { email: 'ada@example.com', displayName: 'Ada Lovelace' });
    expect(await profile(ada)).toEqual({ displayName: 'Countess Ada', providerDisplayName: 'Ada Lovelace', chosen: true });
    expect((await sessionOf(ada)).user?.displayName).toBe('Countess Ada');
    expect((await sessionOf(grace)).user?.displayName).toBe('Grace Hopper');
  });

  test.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['81 characters', 'x'.repeat(81)],
    ['a line break (would break a From header)', 'Ada\r\nBcc: everyone@example.com'],
    ['a NUL', 'Ada\u0000'],
    ['a right-to-left override', 'Ada \u202Egnp.exe'],
    ['not a string', 42],
  ])('%s answers INVALID_ARGUMENT naming displayName and changes nothing', async (_what, displayName) => {
    const before = await profile(ada);
    const response = await callFn(ada, 'updateProfile', { displayName });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(response.body).toContain('displayName');
    expect(await profile(ada)).toEqual(before);
  });

  test('80 characters and non-Latin names are accepted', async () => {
    const long = 'é'.repeat(80);
    expect(((await callFn(ada, 'updateProfile', { displayName: long })).json() as Result<Profile>).result.displayName).toBe(long);
    expect(((await callFn(ada, 'updateProfile', { displayName: '艾达 👩‍💻' })).json() as Result<Profile>).result.displayName).toBe('艾达 👩‍💻');
  });

  test('null goes back to the provider’s name, which later sign-ins update again', async () => {
    const response = await callFn(ada, 'updateProfile', { displayName: null });
    expect((response.json() as Result<Profile>).result).toEqual({ displayName: 'Ada Lovelace', providerDisplayName: 'Ada Lovelace', chosen: false });
    await upsertUserByEmail(t.database.db, { email: 'ada@example.com', displayName: 'Ada King' });
    expect((await sessionOf(ada)).user?.displayName).toBe('Ada King');
  });

  test('needs a session: without one it is UNAUTHENTICATED', async () => {
    const stranger = new InjectBrowser(t.app, t.config.publicUrl);
    const response = await callFn(stranger, 'updateProfile', { displayName: 'Mallory' });
    expect(response.statusCode).toBe(401);
    expect((await sessionOf(grace)).user?.displayName).toBe('Grace Hopper');
  });
});
