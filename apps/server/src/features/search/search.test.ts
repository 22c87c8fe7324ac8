import { DERIVED_DATA_RETENTION_MS, DAY_MS, MAX_RECENT_SEARCHES, PROMISE_JOBS, type EmailSummary, type RecentSearch, type SearchPart } from '@mailroom/contract';
import { translate } from '@mailroom/intelligence/search';
import { toStoreRow } from '@mailroom/mail-query';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FakeClock } from '../../clock.ts';
import { ENGINES } from '../../db/testing.ts';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { createMailboxTestApp, sandboxSearch, settle, type MailboxTestApp, type MailboxUser, userWithMailbox } from '../../testing/mailbox-app.ts';
import { testMessage } from '../../testing/messages.ts';
import { InjectBrowser, callFn, connectGmail, signIn } from '../../testing/signin.ts';

type Ok<T> = { result: T };
type Failure = { error: { status: string; message: string; details?: Record<string, unknown> } };
type Reply = { statusCode: number; body: string; json: () => unknown };

interface Translation {
  query: string;
  parts: SearchPart[];
  confidence: number;
  translator: 'local' | 'model';
}
interface SearchPage extends Translation {
  messages: EmailSummary[];
  nextPageToken: string | null;
  total: number | null;
  source: 'store' | 'gmail';
}

async function ok<T>(response: Promise<Reply>): Promise<T> {
  const r = await response;
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as Ok<T>).result;
}

async function failure(response: Promise<Reply>) {
  const r = await response;
  return { http: r.statusCode, ...(r.json() as Failure).error };
}

/** A Takeout-style mbox (what the sandbox imports): one message per entry, headers as given. */
function mbox(entries: ReadonlyArray<{ from: string; subject: string; body?: string; labels?: string; listId?: string; minutesAgo?: number }>): string {
  return entries
    .map((e, i) =>
      [
        'From sender@example.org Sat Nov 21 06:00:00 2026',
        `From: ${e.from}`,
        'To: alice@example.com',
        `Subject: ${e.subject}`,
        `Message-ID: <search-${e.subject.replace(/\W+/g, '-')}-${i}@example.org>`,
        `Date: ${new Date(Date.now() - (e.minutesAgo ?? 60 + i) * 60_000).toUTCString()}`,
        ...(e.listId ? [`List-Id: ${e.listId}`] : []),
        `X-Gmail-Labels: ${e.labels ?? 'Inbox'}`,
        '',
        e.body ?? `Body of ${e.subject}.`,
        '',
      ].join('\n'),
    )
    .join('\n');
}

/** Zebulon writes from two addresses; from his home address once without his name. */
const ZEBULON = [
  { from: 'Zebulon Quackenbush <zq@quack.example>', subject: 'Pond report', labels: 'Inbox,Unread', listId: 'Pond watchers <pond-watchers.quack.example>' },
  { from: 'Zebulon Quackenbush <zq.home@mail.example>', subject: 'Ducks at home', labels: 'Inbox' },
  { from: 'zq.home@mail.example', subject: 'Sent from my phone', labels: 'Inbox,Unread' },
  { from: 'Marigold Pond <marigold@quack.example>', subject: 'About the flibbertigibbet', body: 'The word is only here.', labels: 'Inbox', listId: 'Pond watchers <pond-watchers.quack.example>' },
  { from: 'Wren <wren@elsewhere.example>', subject: 'Weekly notes', body: 'Nothing but a flibbertigibbet in the body.', labels: 'Inbox' },
];

describe.each(ENGINES)('natural-language search (%s)', (engine) => {
  let t: MailboxTestApp;
  let alice: MailboxUser;
  let bob: MailboxUser;

  const translateAs = (user: MailboxUser, request: string) => ok<Translation>(user.call('translateSearch', { request }));
  const search = (user: MailboxUser, data: Record<string, unknown>) => ok<SearchPage>(user.call('searchMail', data));
  /** Every message a search lists, page after page. */
  const allPages = async (user: MailboxUser, data: Record<string, unknown>, pageSize = 7) => {
    const ids: string[] = [];
    let first: SearchPage | null = null;
    let pageToken: string | null = null;
    do {
      const page: SearchPage = await search(user, { ...data, pageSize, ...(pageToken ? { pageToken } : {}) });
      first ??= page;
      ids.push(...page.messages.map((m) => m.id));
      pageToken = page.nextPageToken;
    } while (pageToken);
    return { first: first as SearchPage, ids };
  };
  const subjectIds = async (user: MailboxUser, subject: string) => sandboxSearch(t, user, `subject:"${subject}"`);

  beforeAll(async () => {
    t = await createMailboxTestApp(engine);
    // The demo corpus first (seeding skips a mailbox that has mail), then the people of these tests.
    await t.sandbox.seedFromCorpus({ email: 'alice@example.com', limit: 80 });
    await t.sandbox.importMbox(mbox(ZEBULON), 'alice@example.com');
    alice = await userWithMailbox(t, 'alice@example.com', { write: true });
    bob = await userWithMailbox(t, 'bob@example.com', { corpus: 20 });
  });
  afterAll(async () => {
    await t.close();
  });

  test('a name resolves against the user’s own correspondents: "from zebulon" also finds what he sent from his address without his name', async () => {
    const translation = await translateAs(alice, 'emails from zebulon');
    expect(translation.query).toBe('from:zebulon OR from:zq.home@mail.example');
    expect(translation.parts).toEqual([expect.objectContaining({ kind: 'person', text: 'from zebulon', query: translation.query })]);

    const { first, ids } = await allPages(alice, { request: 'emails from zebulon' });
    const expected = await sandboxSearch(t, alice, translation.query);
    expect(ids).toEqual(expected);
    expect(ids).toHaveLength(3);
    expect(ids).toContain((await subjectIds(alice, 'Sent from my phone'))[0]);
    expect(first).toMatchObject({ query: translation.query, source: 'store', total: 3 });
    // Without the directory the word alone would miss the message without his name.
    expect(await sandboxSearch(t, alice, translate('emails from zebulon', { now: new Date(), timeZone: 'UTC' }).query)).toHaveLength(2);
  });

  test('a header-only request is answered from the store: exactly the mail Gmail’s own evaluation of the printed query finds, newest first, page after page', async () => {
    for (const request of ['emails without attachments', 'unread mail on the pond list', 'is:unread from zebulon', 'read emails not from zebulon']) {
      const translation = await translateAs(alice, request);
      const expected = await sandboxSearch(t, alice, translation.query);
      const { first, ids } = await allPages(alice, { request });
      expect(first.source, request).toBe('store');
      expect(first.total, request).toBe(expected.length);
      expect(ids, `${request} -> ${translation.query}`).toEqual(expected);
    }
    // Something was found at all, so the comparison means something.
    expect((await allPages(alice, { request: 'emails without attachments' })).ids.length).toBeGreaterThan(7);
  });

  test('a request with words that only bodies hold goes to Gmail search and lists exactly Gmail’s matches', async () => {
    const page = await search(alice, { request: 'mentioning flibbertigibbet' });
    expect(page).toMatchObject({ query: 'flibbertigibbet', source: 'gmail', total: null });
    const expected = await sandboxSearch(t, alice, 'flibbertigibbet');
    expect(page.messages.map((m) => m.id)).toEqual(expected);
    // One says it in the subject, one only in the body: the store alone could not have found it.
    expect(expected).toHaveLength(2);
    expect(expected).toContain((await subjectIds(alice, 'Weekly notes'))[0]);
  });

  test('a request typed as Gmail syntax gives the same query and chips as the same words in plain English', async () => {
    const plain = await translateAs(alice, 'unread from zebulon');
    const syntax = await translateAs(alice, 'is:unread from:zebulon');
    expect(syntax.parts.map((p) => p.kind)).toEqual(['syntax', 'syntax']);
    expect(await sandboxSearch(t, alice, syntax.query)).toEqual(await sandboxSearch(t, alice, 'is:unread from:zebulon'));
    expect(plain.parts.map((p) => p.kind)).toEqual(['status', 'person']);
  });

  test('an edited query runs exactly as written, keeps the words of the chips left, and removing a chip widens the results', async () => {
    const request = 'unread mail from zebulon';
    const full = await search(alice, { request });
    const person = full.parts.find((p) => p.kind === 'person')!;
    const status = full.parts.find((p) => p.kind === 'status')!;
    expect(full.messages).toHaveLength(2);

    // The status chip removed: the query is the other parts joined, and more mail matches.
    const widened = await allPages(alice, { request, query: person.query });
    expect(widened.first.query).toBe(person.query);
    expect(widened.first.parts).toEqual([expect.objectContaining({ text: person.text, kind: 'person', query: person.query })]);
    expect(widened.ids).toEqual(await sandboxSearch(t, alice, person.query));
    expect(widened.ids.length).toBeGreaterThan(full.messages.length);

    // A chip typed over by hand: a chip of its own, its words are the query itself.
    const edited = await search(alice, { request, query: `${status.query}   subject:pond` });
    expect(edited.query).toBe(`${status.query} subject:pond`);
    expect(edited.parts.map((p) => [p.kind, p.text])).toEqual([
      ['status', status.text],
      ['syntax', 'subject:pond'],
    ]);
    expect(edited.messages.map((m) => m.id)).toEqual(await sandboxSearch(t, alice, 'is:unread subject:pond'));
  });

  test('an edited query with a mistake answers INVALID_ARGUMENT naming the field and the position; bad requests name theirs', async () => {
    expect(await failure(alice.call('searchMail', { request: 'from zebulon', query: 'from:(zebulon' }))).toMatchObject({
      http: 400,
      status: 'INVALID_ARGUMENT',
      details: { field: 'query', position: 5 },
    });
    for (const [data, field] of [
      [{ request: '   ' }, 'request'],
      [{ request: 'x'.repeat(1001) }, 'request'],
      [{ request: 'a', pageSize: 0 }, 'pageSize'],
      [{ request: 'a', sort: 'loudest' }, 'sort'],
      [{ request: 'a', pageToken: 'not-a-token' }, 'pageToken'],
    ] as const) {
      const answer = await failure(alice.call('searchMail', data));
      expect(answer, JSON.stringify(data).slice(0, 80)).toMatchObject({ http: 400, status: 'INVALID_ARGUMENT' });
      expect(JSON.stringify(answer)).toContain(field);
    }
  });

  test('sorting results by priority lists the same matches highest score first; a search over bodies cannot be sorted by priority', async () => {
    const byDate = await allPages(alice, { request: 'unread' });
    const byPriority = await allPages(alice, { request: 'unread', sort: 'priority' });
    expect([...byPriority.ids].sort()).toEqual([...byDate.ids].sort());
    expect(byPriority.first.total).toBe(byDate.first.total);
    const scores = await t.database.db.selectFrom('priority_scores').select(['message_id', 'score']).where('account_id', '=', alice.accountId).execute();
    const scoreOf = new Map(scores.map((s) => [s.message_id, Number(s.score)]));
    const ranked = byPriority.ids.map((id) => scoreOf.get(id));
    expect(ranked.every((score) => score !== undefined)).toBe(true);
    expect(ranked).toEqual([...ranked].sort((a, b) => b! - a!));
    expect(new Set(ranked).size).toBeGreaterThan(1);
    expect(await failure(alice.call('searchMail', { request: 'mentioning flibbertigibbet', sort: 'priority' }))).toMatchObject({
      http: 400,
      status: 'FAILED_PRECONDITION',
      details: { reason: 'PRIORITY_UNAVAILABLE' },
    });
  });

  test('"select all" on the results acts on exactly the mail the search found, and is undone', async () => {
    const page = await search(alice, { request: 'unread mail from zebulon' });
    const expected = await sandboxSearch(t, alice, page.query);
    const result = await ok<{ batchId: string; count: number }>(alice.call('modifyEmails', { target: { source: { kind: 'query', query: page.query }, all: true }, action: 'star' }));
    expect(result.count).toBe(expected.length);
    expect((await sandboxSearch(t, alice, 'is:starred')).sort()).toEqual(expect.arrayContaining([...expected].sort()));
    await ok(alice.call('undoActionBatch', { batchId: result.batchId }));
    for (const id of expected) expect(t.sandbox.store.mailbox(alice.email).messages.get(id)?.labelIds).not.toContain('STARRED');
    await settle(t);
  });

  test('a new correspondent is known once the sync brings their mail; a change of labels keeps the directory', async () => {
    const marker = async () =>
      (await t.database.db.selectFrom('search_directory_marks').select('marker').where('account_id', '=', alice.accountId).executeTakeFirst())?.marker ?? '';
    expect((await translateAs(alice, 'from ignatius')).query).toBe('from:ignatius');
    const before = await marker();

    // Starring changes no name, list or label: the directory stays as it is.
    const [someId] = await sandboxSearch(t, alice, 'from:zebulon');
    t.sandbox.store.mailbox(alice.email).modify([someId!], ['STARRED'], []);
    await settle(t);
    expect(await marker()).toBe(before);

    await t.sandbox.importMbox(
      mbox([
        { from: 'Ignatius Fairweather <iggy@weather.example>', subject: 'Forecast', minutesAgo: 5 },
        { from: 'Ignatius Fairweather <gale@home.example>', subject: 'Umbrella', minutesAgo: 4 },
        { from: 'gale@home.example', subject: 'Rain again', minutesAgo: 3 },
      ]),
      alice.email,
    );
    await settle(t);
    expect(await marker()).not.toBe(before);
    // The search right after the sync may still use the directory from before while the new
    // one is built; the next ones know him.
    await expect.poll(async () => (await translateAs(alice, 'from ignatius')).query, { timeout: 5000, interval: 20 }).toBe('from:ignatius OR from:gale@home.example');
    expect(await search(alice, { request: 'from ignatius' })).toMatchObject({ total: 3 });
  });

  test('another server process sees the directory change: the mark in the database, not this process’s memory, decides', async () => {
    const db = t.database.db;
    const row = (id: string, name: string, address: string) =>
      toStoreRow(alice.accountId, testMessage(id, { from: [{ name, address }] }), { historyId: null, snippet: '' });
    // Written straight to the store, as another worker's sync would; this process is not told.
    await db.insertInto('messages').values([row('proc-1', 'Philippa Quill', 'pq@ink.example'), row('proc-2', 'Philippa Quill', 'inkwell@home.example'), row('proc-3', '', 'inkwell@home.example')]).execute();
    expect((await translateAs(alice, 'from philippa')).query).toBe('from:philippa');
    // That worker's messages-changed job replaces the mark; the next search here rebuilds.
    await db.updateTable('search_directory_marks').set({ marker: 'changed-by-another-process' }).where('account_id', '=', alice.accountId).execute();
    await expect.poll(async () => (await translateAs(alice, 'from philippa')).query, { timeout: 5000, interval: 20 }).toBe('from:philippa OR from:inkwell@home.example');
    await db.deleteFrom('messages').where('account_id', '=', alice.accountId).where('id', 'in', ['proc-1', 'proc-2', 'proc-3']).execute();
  });

  test('one user’s directory never reaches another: Bob’s "from zebulon" knows none of Alice’s correspondents', async () => {
    const translation = await translateAs(bob, 'emails from zebulon on the pond list');
    expect(translation.query).toBe('from:zebulon list:pond');
    const response = await bob.call('searchMail', { request: 'emails from zebulon or ignatius' });
    expect(response.statusCode).toBe(200);
    for (const secret of ['zq.home@mail.example', 'gale@home.example', 'pond-watchers', 'Pond report']) expect(response.body).not.toContain(secret);
  });

  test('recent searches: each first page is recorded once, newest first, edited queries with it; another user’s are never listed; clearing forgets them', async () => {
    await ok(alice.call('clearRecentSearches'));
    await ok(bob.call('clearRecentSearches'));
    await search(alice, { request: 'unread mail' });
    await search(alice, { request: 'from zebulon' });
    const page = await search(alice, { request: 'Unread   MAIL', pageSize: 1 });
    // Later pages are not new searches.
    await search(alice, { request: 'from zebulon', pageSize: 1, pageToken: (await search(alice, { request: 'from zebulon', pageSize: 1 })).nextPageToken });
    await search(alice, { request: 'from zebulon', query: 'from:zebulon' });
    await search(bob, { request: 'bob’s own search' });
    const list = (await ok<{ searches: RecentSearch[] }>(alice.call('listRecentSearches'))).searches;
    expect(list.map((s) => [s.request, s.query])).toEqual([
      ['from zebulon', 'from:zebulon'],
      ['from zebulon', null],
      ['Unread   MAIL', null],
    ]);
    expect(page.messages.length).toBe(1);
    expect(JSON.stringify(await ok(bob.call('listRecentSearches')))).not.toContain('zebulon');
    expect(await ok(alice.call('clearRecentSearches'))).toEqual({ cleared: 3 });
    expect(await ok(alice.call('listRecentSearches'))).toEqual({ searches: [] });
    expect((await ok<{ searches: RecentSearch[] }>(bob.call('listRecentSearches'))).searches).toHaveLength(1);
  });

  test(`at most ${MAX_RECENT_SEARCHES} recent searches are kept; the oldest go first`, async () => {
    await ok(bob.call('clearRecentSearches'));
    for (let i = 0; i < MAX_RECENT_SEARCHES + 3; i++) await search(bob, { request: `search number ${i}`, pageSize: 1 });
    const list = (await ok<{ searches: RecentSearch[] }>(bob.call('listRecentSearches'))).searches;
    expect(list).toHaveLength(MAX_RECENT_SEARCHES);
    expect(list[0]!.request).toBe(`search number ${MAX_RECENT_SEARCHES + 2}`);
    expect(list.at(-1)!.request).toBe('search number 3');
    expect(await t.database.db.selectFrom('recent_searches').select('id').where('user_id', '=', bob.userId).execute()).toHaveLength(MAX_RECENT_SEARCHES);
  });
});

describe.each(ENGINES)('search on the user’s calendar, and recent searches kept 30 days (%s)', (engine) => {
  // Thursday 12 September 2024, 20:00 UTC: already Friday 01:30 in Kolkata.
  const start = Date.parse('2024-09-12T20:00:00Z');
  const clock = new FakeClock(start);
  let t: TestApp;
  let user: InjectBrowser;
  let unconnected: InjectBrowser;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock, env: { SIGNIN_RATE_LIMIT_PER_MINUTE: '1000' } });
    user = new InjectBrowser(t.app, t.config.publicUrl);
    unconnected = new InjectBrowser(t.app, t.config.publicUrl);
    await signIn(user, { account: { email: 'cal@example.com', name: 'Cal' } });
    await signIn(unconnected, { account: { email: 'nomail@example.com', name: 'Nomail' } });
    await connectGmail(user);
    accountId = (await t.database.db.selectFrom('mail_accounts').select('id').where('email', '=', 'cal@example.com').executeTakeFirstOrThrow()).id;
    // Messages at the edges of Thursday in Kolkata (11 Sep 18:30Z to 12 Sep 18:30Z).
    const at = (id: string, iso: string) => toStoreRow(accountId, testMessage(id, { internalDate: Date.parse(iso) }), { historyId: null, snippet: '' });
    await t.database.db
      .insertInto('messages')
      .values([at('before', '2024-09-11T18:29:59Z'), at('first', '2024-09-11T18:30:00Z'), at('last', '2024-09-12T18:29:59Z'), at('today', '2024-09-12T18:30:00Z')])
      .execute();
  });
  afterAll(() => t.close());

  const call = async <T>(browser: InjectBrowser, name: string, data: unknown = {}) => ok<T>(callFn(browser, name, data));

  test('"yesterday" at 01:30 in Kolkata is the Kolkata day before, by the settings’ time zone and the app’s clock', async () => {
    clock.set(start);
    await call(user, 'updateSettings', { patch: { account: { timeZone: 'Asia/Kolkata' } } });
    const page = await call<SearchPage>(user, 'searchMail', { request: 'yesterday' });
    expect(page.query).toBe('after:2024/09/12 before:2024/09/13');
    expect(page.messages.map((m) => m.id)).toEqual(['last', 'first']);
    await call(user, 'updateSettings', { patch: { account: { timeZone: 'UTC' } } });
    expect((await call<Translation>(user, 'translateSearch', { request: 'yesterday' })).query).toBe('after:2024/09/11 before:2024/09/12');
  });

  test('"last week" follows the week start in the settings', async () => {
    clock.set(start);
    await call(user, 'updateSettings', { patch: { account: { timeZone: 'UTC', weekStart: 'sunday' } } });
    expect((await call<Translation>(user, 'translateSearch', { request: 'last week' })).query).toBe('after:2024/09/01 before:2024/09/08');
    await call(user, 'updateSettings', { patch: { account: { weekStart: 'monday' } } });
    expect((await call<Translation>(user, 'translateSearch', { request: 'last week' })).query).toBe('after:2024/09/02 before:2024/09/09');
  });

  test('without a connected mailbox a request is still translated, and searching says to connect Gmail', async () => {
    expect((await call<Translation>(unconnected, 'translateSearch', { request: 'unread from rohit' })).query).toBe('is:unread from:rohit');
    expect(await failure(callFn(unconnected, 'searchMail', { request: 'unread' }))).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'GMAIL_NOT_CONNECTED' } });
  });

  test(`a recent search is forgotten ${DERIVED_DATA_RETENTION_MS / DAY_MS} days after it was last run, by the daily ${PROMISE_JOBS.derivedDataRetention} job`, async () => {
    clock.set(start);
    await call(user, 'clearRecentSearches');
    await call(user, 'searchMail', { request: 'from oldfriend' });
    clock.set(start + 10 * DAY_MS);
    await call(user, 'searchMail', { request: 'from keptfriend' });
    clock.set(start + 20 * DAY_MS);
    // Run again: its 30 days start over.
    await call(user, 'searchMail', { request: 'from oldfriend' });
    clock.set(start + 10 * DAY_MS + DERIVED_DATA_RETENTION_MS + 1);
    const listed = async () => (await call<{ searches: RecentSearch[] }>(user, 'listRecentSearches')).searches.map((s) => s.request);
    // Past its 30 days a search is not listed, even before the job has run.
    expect(await listed()).toEqual(['from oldfriend']);
    expect(await t.database.db.selectFrom('recent_searches').select('request').orderBy('request').execute()).toHaveLength(2);
    await t.jobs.enqueue(PROMISE_JOBS.derivedDataRetention, {});
    await t.jobs.idle();
    expect((await t.database.db.selectFrom('recent_searches').select('request').execute()).map((r) => r.request)).toEqual(['from oldfriend']);
    clock.set(start + 20 * DAY_MS + DERIVED_DATA_RETENTION_MS + 1);
    await t.jobs.enqueue(PROMISE_JOBS.derivedDataRetention, {});
    await t.jobs.idle();
    expect(await t.database.db.selectFrom('recent_searches').select('request').execute()).toEqual([]);
    expect(await listed()).toEqual([]);
  });
});
