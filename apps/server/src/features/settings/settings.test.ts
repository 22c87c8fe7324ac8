import { DEFAULT_SETTINGS, UNDO_SEND_MAX_MS } from '@mailroom/contract';
import { toStoreRow } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES } from '../../db/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { testMessage } from '../../testing/messages.ts';
import { InjectBrowser, callFn, connectGmail, signIn } from '../../testing/signin.ts';

type Answer = { result?: { settings: typeof DEFAULT_SETTINGS; timeZoneSource: string; version: number; count?: number }; error?: { status: string; details?: { fields?: Array<{ field: string }> } } };

describe.each(ENGINES)('per-user settings (%s)', (engine) => {
  let t: TestApp;
  let alice: InjectBrowser;
  let bob: InjectBrowser;
  const call = async (who: InjectBrowser, name: string, data: unknown = {}) => {
    const response = await callFn(who, name, data);
    return { http: response.statusCode, ...(response.json() as Answer) };
  };
  const fieldsOf = (answer: Answer) => answer.error?.details?.fields?.map((f) => f.field) ?? [];

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = new InjectBrowser(t.app, t.config.publicUrl);
    bob = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(alice, { account: { email: 'alice@example.com', name: 'Alice' } });
    await signIn(bob, { account: { email: 'bob@example.com', name: 'Bob' } });
  });
  afterAll(() => t.close());

  test('a user who set nothing gets the defaults, every field filled', async () => {
    const answer = await call(bob, 'getSettings');
    expect(answer.result).toEqual({ version: 1, settings: DEFAULT_SETTINGS, timeZoneSource: 'default' });
  });

  test('a time zone and week start are saved for that user only, the zone in its canonical spelling', async () => {
    const updated = await call(alice, 'updateSettings', { patch: { account: { timeZone: 'europe/paris', weekStart: 'sunday' } } });
    expect(updated.result?.settings.account).toEqual({ timeZone: 'Europe/Paris', weekStart: 'sunday' });
    expect(updated.result?.timeZoneSource).toBe('chosen');
    expect((await call(alice, 'getSettings')).result?.settings.account.timeZone).toBe('Europe/Paris');
    // Untouched sections keep their defaults, and another user is not affected.
    expect((await call(alice, 'getSettings')).result?.settings.mail).toEqual(DEFAULT_SETTINGS.mail);
    expect((await call(bob, 'getSettings')).result?.settings.account).toEqual(DEFAULT_SETTINGS.account);
  });

  test.each([
    ['an unknown zone', { account: { timeZone: 'Mars/Olympus_Mons' } }, 'data.patch.account.timeZone'],
    ['an offset instead of a zone', { account: { timeZone: '+02:00' } }, 'data.patch.account.timeZone'],
    ['a zone name holding script', { account: { timeZone: '<script>alert(1)</script>' } }, 'data.patch.account.timeZone'],
    ['a week that starts on Wednesday', { account: { weekStart: 'wednesday' } }, 'data.patch.account.weekStart'],
    ['an undo-send delay over the limit', { mail: { undoSendDelayMs: UNDO_SEND_MAX_MS + 1 } }, 'data.patch.mail.undoSendDelayMs'],
    ['a digest at hour 24', { mail: { digestHour: 24 } }, 'data.patch.mail.digestHour'],
    ['a field no section has', { account: { language: 'fr' } }, 'data.patch.account'],
    ['a section that does not exist', { theme: { dark: true } }, 'data.patch'],
  ])('%s answers INVALID_ARGUMENT naming the field, and changes nothing', async (_what, patch, field) => {
    const before = (await call(alice, 'getSettings')).result;
    const answer = await call(alice, 'updateSettings', { patch });
    expect(answer.http).toBe(400);
    expect(answer.error?.status).toBe('INVALID_ARGUMENT');
    expect(fieldsOf(answer)).toContain(field);
    expect((await call(alice, 'getSettings')).result).toEqual(before);
  });

  test('the zone the browser detects at sign-in applies until the user chooses one, and never replaces a choice', async () => {
    const carol = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(carol, { account: { email: 'carol@example.com', name: 'Carol' } });
    const detected = await call(carol, 'updateSettings', { patch: { account: { timeZone: 'Asia/Tokyo' } }, detected: true });
    expect(detected.result).toMatchObject({ settings: { account: { timeZone: 'Asia/Tokyo' } }, timeZoneSource: 'detected' });
    // Signed in from elsewhere later: the new detection follows the user.
    const travelled = await call(carol, 'updateSettings', { patch: { account: { timeZone: 'America/New_York' } }, detected: true });
    expect(travelled.result).toMatchObject({ settings: { account: { timeZone: 'America/New_York' } }, timeZoneSource: 'detected' });
    // Once chosen by hand, a detection leaves it alone (but the rest of its patch applies).
    await call(carol, 'updateSettings', { patch: { account: { timeZone: 'Europe/Lisbon' } } });
    const ignored = await call(carol, 'updateSettings', { patch: { account: { timeZone: 'Asia/Tokyo', weekStart: 'saturday' } }, detected: true });
    expect(ignored.result).toMatchObject({ settings: { account: { timeZone: 'Europe/Lisbon', weekStart: 'saturday' } }, timeZoneSource: 'chosen' });
  });

  test('category queries read dates in the user’s own time zone', async () => {
    const dan = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(dan, { account: { email: 'dan@example.com', name: 'Dan' } });
    await connectGmail(dan);
    const account = await t.database.db.selectFrom('mail_accounts').select('id').where('email', '=', 'dan@example.com').executeTakeFirstOrThrow();
    // 05:00 UTC on 2 November 2026 is still 1 November in Los Angeles, already 2 November in Paris.
    const sent = Date.UTC(2026, 10, 2, 5, 0, 0);
    await t.database.db.insertInto('messages').values(toStoreRow(account.id, testMessage('early', { internalDate: sent }), { historyId: '1', snippet: '' })).execute();
    const count = async () => (await call(dan, 'previewCategoryQuery', { query: 'after:2026/11/02' })).result?.count;

    expect(await count()).toBe(0);
    await call(dan, 'updateSettings', { patch: { account: { timeZone: 'Europe/Paris' } } });
    expect(await count()).toBe(1);
  });
});
