import type { Category, EmailSummary } from '@mailroom/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mboxrdEscape } from '@mailroom/mail-parse';
import { ENGINES } from '../../db/testing.ts';
import { ATTACHMENT_NAMES } from '../../../../../packages/mail-parse/src/testing/rule-fixtures.ts';
import { createMailboxTestApp, sandboxSearch, userWithMailbox, type MailboxTestApp, type MailboxUser } from '../../testing/mailbox-app.ts';

type Ok<T> = { result: T };
type Failure = { error: { status: string; message: string; details?: Record<string, unknown> } };
type EmailPage = { emails: EmailSummary[]; nextPageToken: string | null; total: number | null; source: 'store' | 'gmail' };

/**
 * Header-only queries (answered from Mailroom's store) and queries over bodies (answered by
 * Gmail search), each checked against the sandbox's own evaluation of the same query.
 */
const STORE_QUERIES = [
  'is:unread',
  'category:forums',
  'in:inbox -is:unread',
  'list:(spamassassin OR exmh)',
  'subject:(re) older_than:30d',
  'from:(boingboing OR rssfeeds) OR has:attachment',
  'is:starred OR is:important',
  '-in:inbox',
  'larger:6K',
];
/** Queries only Gmail can answer: over bodies, or able to match spam (which is never synced). */
const GMAIL_QUERIES = ['linux', '"mailing list" -subject:re', 'in:spam', 'in:anywhere subject:(re OR fwd)'];

describe.each(ENGINES)('manual categories (%s)', (engine) => {
  let t: MailboxTestApp;
  let alice: MailboxUser;
  let bob: MailboxUser;

  beforeAll(async () => {
    t = await createMailboxTestApp(engine);
    // A corpus sample, and mail at the edges of the attachment rule (forwarded, signed, inline).
    await t.sandbox.seedFromCorpus({ email: 'alice@example.com', limit: 160 });
    await t.sandbox.importMbox(ATTACHMENT_NAMES.map(([, raw]) => `From a@b Mon Jun  3 10:00:00 2024\n${mboxrdEscape(raw)}\n`).join(''), 'alice@example.com');
    alice = await userWithMailbox(t, 'alice@example.com');
    bob = await userWithMailbox(t, 'bob@example.com', { corpus: 12 });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (user: MailboxUser, fields: Record<string, unknown>) => {
    const response = await user.call('createCategory', fields);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Ok<Category>).result;
  };
  const failure = (response: { statusCode: number; json: () => unknown }) => ({ http: response.statusCode, ...(response.json() as Failure).error });

  /** Every page of a category, as the web pages through it. */
  const allEmails = async (user: MailboxUser, categoryId: string, pageSize: number) => {
    const emails: EmailSummary[] = [];
    const pages: EmailPage[] = [];
    let pageToken: string | undefined;
    do {
      const response = await user.call('getCategoryEmails', { categoryId, pageSize, ...(pageToken ? { pageToken } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      const page = (response.json() as Ok<EmailPage>).result;
      expect(page.emails.length).toBeLessThanOrEqual(pageSize);
      pages.push(page);
      emails.push(...page.emails);
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    return { emails, pages };
  };

  test('a category shows exactly the mail Gmail matches for its query, page by page, with exact counts', async () => {
    for (const query of STORE_QUERIES) {
      const category = await create(alice, { name: `Store ${query}`, query });
      const expected = await sandboxSearch(t, alice, query);
      const { emails, pages } = await allEmails(alice, category.categoryId, 13);
      expect(emails.map((e) => e.id), query).toEqual(expected);
      expect(pages[0]!.source).toBe('store');
      expect(pages[0]!.total, query).toBe(expected.length);
      expect(category.count, query).toBe(expected.length);
      expect(category.unreadCount, query).toBe((await sandboxSearch(t, alice, `(${query}) is:unread`)).length);
    }
    // The queries are not trivial: together they select different, non-empty sets.
    const sizes = await Promise.all(STORE_QUERIES.map(async (q) => (await sandboxSearch(t, alice, q)).length));
    expect(sizes.filter((n) => n > 0).length).toBeGreaterThanOrEqual(STORE_QUERIES.length - 1);
    expect(new Set(sizes).size).toBeGreaterThan(4);
  });

  test('queries over message bodies or spam are answered by Gmail search, exactly, and have no count', async () => {
    for (const query of GMAIL_QUERIES) {
      const category = await create(alice, { name: `Body ${query}`, query });
      expect(category.count).toBeNull();
      expect(category.unreadCount).toBeNull();
      const expected = await sandboxSearch(t, alice, query);
      expect(expected.length, query).toBeGreaterThan(0);
      const { emails, pages } = await allEmails(alice, category.categoryId, 7);
      expect(pages.every((p) => p.source === 'gmail' && p.total === null)).toBe(true);
      expect(emails.map((e) => e.id), query).toEqual(expected);
    }
  });

  test('each email carries what the list shows: sender as {name, address}, subject, snippet as text, date, labels by name, unread, attachment', async () => {
    // Every message but spam and trash.
    const category = await create(alice, { name: 'Everything', query: 'is:read OR is:unread' });
    const { emails } = await allEmails(alice, category.categoryId, 100);
    const mailbox = t.sandbox.store.mailbox('alice@example.com');
    expect(emails.length).toBe([...mailbox.messages.values()].filter((m) => !m.labelIds.includes('SPAM') && !m.labelIds.includes('TRASH')).length);
    for (const email of emails.slice(0, 40)) {
      const message = mailbox.getMessage(email.id);
      const meta = mailbox.metaOf(message);
      expect(email.threadId).toBe(message.threadId);
      expect(email.subject).toBe(meta.subject);
      // The sender as the store parsed it at sync: the browser never parses headers.
      expect(email.from).toEqual({ name: meta.from[0]!.name?.trim() || null, address: meta.from[0]!.address });
      expect(email.starred).toBe(message.labelIds.includes('STARRED'));
      expect(email.important).toBe(message.labelIds.includes('IMPORTANT'));
      expect(email.date).toBe(new Date(message.internalDate).toISOString());
      expect(email.unread).toBe(message.labelIds.includes('UNREAD'));
      expect(email.hasAttachment).toBe(meta.attachments.length > 0);
      expect(email.labels.sort()).toEqual([...message.labelIds].sort());
      expect(email.snippet).not.toMatch(/&(#\d+|amp|lt|gt|quot);/);
    }
    expect(emails.some((e) => e.hasAttachment)).toBe(true);
  });

  test('listCategories answers {success: true, categories} with counts; get, update and delete work on the user’s own', async () => {
    const category = await create(alice, { name: 'Lists', query: 'list:spamassassin', description: 'Mailing lists', color: '#3366cc', icon: 'mail' });
    const listed = (await alice.call('listCategories')).json() as Ok<{ success: boolean; categories: Category[] }>;
    expect(listed.result.success).toBe(true);
    expect(listed.result.categories.find((c) => c.categoryId === category.categoryId)).toEqual(category);

    const updated = await alice.call('updateCategory', { categoryId: category.categoryId, query: 'list:exmh', color: null, name: 'Exmh' });
    expect(updated.statusCode, updated.body).toBe(200);
    const result = (updated.json() as Ok<Category>).result;
    expect(result).toMatchObject({ name: 'Exmh', query: 'list:exmh', color: null, icon: 'mail', description: 'Mailing lists' });
    expect(result.count).toBe((await sandboxSearch(t, alice, 'list:exmh')).length);
    expect((await alice.call('getCategory', { categoryId: category.categoryId })).json()).toEqual({ result });

    expect((await alice.call('deleteCategory', { categoryId: category.categoryId })).json()).toEqual({ result: { deleted: true } });
    expect(failure(await alice.call('getCategory', { categoryId: category.categoryId }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    const after = (await alice.call('listCategories')).json() as Ok<{ categories: Category[] }>;
    expect(after.result.categories.some((c) => c.categoryId === category.categoryId)).toBe(false);
  });

  test('the editor’s live count (previewCategoryQuery) matches and saves nothing', async () => {
    const before = (await alice.call('listCategories')).json() as Ok<{ categories: Category[] }>;
    const preview = await alice.call('previewCategoryQuery', { query: 'category:forums is:unread' });
    expect(preview.json()).toEqual({ result: { count: (await sandboxSearch(t, alice, 'category:forums is:unread')).length, unreadCount: (await sandboxSearch(t, alice, 'category:forums is:unread')).length } });
    expect((await alice.call('previewCategoryQuery', { query: 'linux' })).json()).toEqual({ result: { count: null, unreadCount: null } });
    expect((await alice.call('listCategories')).json()).toEqual(before);
  });

  test('an invalid query answers INVALID_ARGUMENT with the parser’s message and the position', async () => {
    const unclosed = failure(await alice.call('createCategory', { name: 'Broken', query: 'from:alice "unclosed' }));
    expect(unclosed).toMatchObject({ http: 400, status: 'INVALID_ARGUMENT', details: { field: 'query', position: 11 } });
    expect(unclosed.message).toMatch(/quotation mark/i);

    const paren = failure(await alice.call('createCategory', { name: 'Broken', query: 'subject:(a b' }));
    expect(paren).toMatchObject({ status: 'INVALID_ARGUMENT', details: { field: 'query' } });
    expect(typeof paren.details?.['position']).toBe('number');

    const category = await create(alice, { name: 'Valid', query: 'is:starred' });
    const update = failure(await alice.call('updateCategory', { categoryId: category.categoryId, query: 'is:starred )' }));
    expect(update).toMatchObject({ http: 400, status: 'INVALID_ARGUMENT', details: { field: 'query', position: 11 } });
    expect((await alice.call('getCategory', { categoryId: category.categoryId })).json()).toMatchObject({ result: { query: 'is:starred' } });
    expect(failure(await alice.call('previewCategoryQuery', { query: '-' }))).toMatchObject({ status: 'INVALID_ARGUMENT', details: { position: 0 } });
    // Names that nobody could read back.
    expect(failure(await alice.call('createCategory', { name: 'x'.repeat(61), query: 'is:starred' }))).toMatchObject({ status: 'INVALID_ARGUMENT' });
    expect(failure(await alice.call('createCategory', { name: '   ', query: 'is:starred' }))).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });

  test('a name the user already has (in any case) answers ALREADY_EXISTS; another user may use it', async () => {
    await create(alice, { name: 'Receipts', query: 'subject:receipt' });
    expect(failure(await alice.call('createCategory', { name: 'receipts', query: 'subject:invoice' }))).toMatchObject({ http: 409, status: 'ALREADY_EXISTS' });
    const other = await create(alice, { name: 'Invoices', query: 'subject:invoice' });
    expect(failure(await alice.call('updateCategory', { categoryId: other.categoryId, name: 'RECEIPTS' }))).toMatchObject({ http: 409, status: 'ALREADY_EXISTS' });
    expect((await bob.call('createCategory', { name: 'Receipts', query: 'subject:receipt' })).statusCode).toBe(200);
  });

  test('another user’s category id, or an unknown one, answers NOT_FOUND everywhere and changes nothing', async () => {
    const mine = await create(alice, { name: 'Private', query: 'is:unread' });
    const before = (await alice.call('getCategory', { categoryId: mine.categoryId })).json();
    for (const categoryId of [mine.categoryId, 'no-such-category']) {
      expect(failure(await bob.call('getCategory', { categoryId }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
      expect(failure(await bob.call('updateCategory', { categoryId, name: 'Taken over' }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
      expect(failure(await bob.call('getCategoryEmails', { categoryId }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
      expect(failure(await bob.call('deleteCategory', { categoryId }))).toMatchObject({ http: 404, status: 'NOT_FOUND' });
    }
    expect((await alice.call('getCategory', { categoryId: mine.categoryId })).json()).toEqual(before);
    const bobs = (await bob.call('listCategories')).json() as Ok<{ categories: Category[] }>;
    expect(bobs.result.categories.some((c) => c.categoryId === mine.categoryId || c.name === 'Private')).toBe(false);
  });

  test('page sizes outside 1–100 answer INVALID_ARGUMENT; the default page is 50', async () => {
    const category = await create(alice, { name: 'Paged', query: 'is:read OR is:unread' });
    for (const pageSize of [0, 101, 5000, 2.5]) {
      expect(failure(await alice.call('getCategoryEmails', { categoryId: category.categoryId, pageSize }))).toMatchObject({
        http: 400,
        status: 'INVALID_ARGUMENT',
        details: { fields: [{ field: 'data.pageSize' }] },
      });
    }
    const page = (await alice.call('getCategoryEmails', { categoryId: category.categoryId })).json() as Ok<EmailPage>;
    expect(page.result.emails).toHaveLength(50);
    expect(page.result.nextPageToken).not.toBeNull();
  });

  test('a page token of another category or a made-up one answers INVALID_ARGUMENT', async () => {
    const first = await create(alice, { name: 'Tokens A', query: 'is:read OR is:unread' });
    const second = await create(alice, { name: 'Tokens B', query: 'is:unread' });
    const token = ((await alice.call('getCategoryEmails', { categoryId: first.categoryId, pageSize: 5 })).json() as Ok<EmailPage>).result.nextPageToken;
    expect(failure(await alice.call('getCategoryEmails', { categoryId: second.categoryId, pageToken: token }))).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { field: 'pageToken' },
    });
    expect(failure(await alice.call('getCategoryEmails', { categoryId: first.categoryId, pageToken: 'bm9wZQ' }))).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });

  test('sorting by priority works for queries the store answers; a query over bodies (answered by Gmail search) answers FAILED_PRECONDITION', async () => {
    const category = await create(alice, { name: 'By priority', query: 'is:unread' });
    const byPriority = await alice.call('getCategoryEmails', { categoryId: category.categoryId, sort: 'priority', pageSize: 50 });
    expect(byPriority.statusCode).toBe(200);
    const byDate = (await alice.call('getCategoryEmails', { categoryId: category.categoryId, sort: 'date', pageSize: 50 })).json() as Ok<EmailPage>;
    // The same mail, in another order.
    const priorityIds = (byPriority.json() as Ok<EmailPage>).result.emails.map((e) => e.id);
    expect(new Set(priorityIds)).toEqual(new Set(byDate.result.emails.map((e) => e.id)));
    const bodies = await create(alice, { name: 'Bodies by priority', query: 'linux' });
    expect(failure(await alice.call('getCategoryEmails', { categoryId: bodies.categoryId, sort: 'priority' }))).toMatchObject({
      http: 400,
      status: 'FAILED_PRECONDITION',
      details: { reason: 'PRIORITY_UNAVAILABLE' },
    });
    expect((await alice.call('getCategoryEmails', { categoryId: bodies.categoryId, sort: 'date' })).statusCode).toBe(200);
  });

  test('without a connected Gmail, categories can be defined but their mail cannot be listed', async () => {
    const carol = await (async () => {
      const { InjectBrowser, signIn, callFn } = await import('../../testing/signin.ts');
      const browser = new InjectBrowser(t.app, t.config.publicUrl);
      await signIn(browser, { account: { email: 'carol@example.com', name: 'Carol' } });
      return (name: string, data: unknown = {}) => callFn(browser, name, data);
    })();
    const created = await carol('createCategory', { name: 'Later', query: 'is:unread' });
    expect(created.json()).toMatchObject({ result: { count: 0, unreadCount: 0 } });
    const { categoryId } = (created.json() as Ok<Category>).result;
    expect(failure(await carol('getCategoryEmails', { categoryId }))).toMatchObject({ status: 'FAILED_PRECONDITION', details: { reason: 'GMAIL_NOT_CONNECTED' } });
  });
});
