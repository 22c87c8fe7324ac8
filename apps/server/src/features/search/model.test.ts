import { AI_STEP_TIMEOUT_MS, type SearchPart } from '@mailroom/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createMailboxTestApp, sandboxSearch, type MailboxTestApp, type MailboxUser, userWithMailbox } from '../../testing/mailbox-app.ts';
import { startFakeLlmServer, type FakeLlmServer } from '../../testing/fake-llm-server.ts';
import { cleanAnswer, forgetModelAnswers, MODEL_CONFIDENCE_BELOW } from './model.ts';

type Reply = { statusCode: number; body: string; json: () => unknown };
interface SearchPage {
  query: string;
  parts: SearchPart[];
  confidence: number;
  translator: 'local' | 'model';
  fallbackReason: string | null;
  messages: Array<{ id: string }>;
  source: 'store' | 'gmail';
}

async function ok<T>(response: Promise<Reply>): Promise<T> {
  const r = await response;
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { result: T }).result;
}

const MBOX = [
  ['Wren <wren@elsewhere.example>', 'Weekly notes'],
  ['Zebulon Quackenbush <zq@quack.example>', 'Pond report'],
]
  .map(([from, subject], i) =>
    ['From x@example.org Sat Nov 21 06:00:00 2026', `From: ${from}`, 'To: model@example.com', `Subject: ${subject}`, `Message-ID: <model-${i}@example.org>`, `Date: ${new Date(Date.now() - (i + 1) * 3_600_000).toUTCString()}`, 'X-Gmail-Labels: Inbox', '', `Body ${i}.`, ''].join('\n'),
  )
  .join('\n');

/** Unsure: the local translator understands half of it ("wren" as a word). */
const UNSURE = 'that thing wren mentioned';

// The model step is the same code on both engines (it decides before the store is read), so it
// runs on SQLite only; search.test.ts covers both engines for everything the store answers.
describe('the optional language model for requests the local translator is unsure of', () => {
  let t: MailboxTestApp;
  let llm: FakeLlmServer;
  let user: MailboxUser;
  let other: MailboxUser;
  const search = (who: MailboxUser, data: Record<string, unknown>) => ok<SearchPage>(who.call('searchMail', data));
  const asked = () => llm.requests.filter((r) => r.path === '/v1/chat/completions').length;

  beforeAll(async () => {
    llm = await startFakeLlmServer({ model: 'search-test' });
    t = await createMailboxTestApp('sqlite', { AI_BASE_URL: llm.url, AI_MODEL: 'search-test', AI_TIMEOUT_MS: '20000' });
    await t.sandbox.importMbox(MBOX, 'model@example.com');
    user = await userWithMailbox(t, 'model@example.com');
    other = await userWithMailbox(t, 'other-model@example.com', { corpus: 5 });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  beforeEach(() => forgetModelAnswers());

  test('a request the translator is sure of never goes to the model', async () => {
    const before = asked();
    const page = await search(user, { request: 'unread from zebulon' });
    expect(page.confidence).toBeGreaterThanOrEqual(MODEL_CONFIDENCE_BELOW);
    expect(page).toMatchObject({ translator: 'local', fallbackReason: null });
    expect(asked()).toBe(before);
  });

  test('an unsure request is answered by the model’s query, checked and run like any other; the model is told nothing of the mailbox', async () => {
    llm.enqueue({ kind: 'reply', text: 'from:wren' });
    const page = await search(user, { request: UNSURE });
    expect(page.confidence).toBeLessThan(MODEL_CONFIDENCE_BELOW);
    expect(page).toMatchObject({ translator: 'model', fallbackReason: null, query: 'from:wren', source: 'store' });
    expect(page.parts.map((p) => p.query)).toEqual(['from:wren']);
    expect(page.messages.map((m) => m.id)).toEqual(await sandboxSearch(t, user, 'from:wren'));
    const prompt = JSON.stringify(llm.requests.at(-1)?.body?.messages);
    expect(prompt).toContain(UNSURE);
    for (const secret of ['wren@elsewhere.example', 'Zebulon', 'Pond report', 'model@example.com']) expect(prompt).not.toContain(secret);
    // Asked once: the same search again (a refetch, the next page) keeps the model's answer.
    const count = asked();
    expect((await search(user, { request: UNSURE })).query).toBe('from:wren');
    expect(asked()).toBe(count);
  });

  test('another user’s identical request is asked on its own, never answered from the first user’s', async () => {
    llm.enqueue({ kind: 'reply', text: 'from:wren' }, { kind: 'reply', text: 'subject:notes' });
    expect((await search(user, { request: UNSURE })).query).toBe('from:wren');
    expect((await search(other, { request: UNSURE })).query).toBe('subject:notes');
  });

  test('a proposal that does not parse, or is not one query, falls back to the local translation and says why', async () => {
    llm.enqueue({ kind: 'reply', text: 'from:(wren' });
    const broken = await search(user, { request: UNSURE });
    expect(broken).toMatchObject({ translator: 'local', query: 'wren' });
    expect(broken.fallbackReason).toMatch(/does not parse .*never closed.*character 6/);
    forgetModelAnswers();
    llm.enqueue({ kind: 'reply', text: 'Sure! Here is the query:\nfrom:wren' });
    expect(await search(user, { request: UNSURE })).toMatchObject({ translator: 'local', query: 'wren', fallbackReason: expect.stringMatching(/not a single Gmail query/) });
  });

  test(`a model that does not answer within ${AI_STEP_TIMEOUT_MS / 1000} s is not waited for`, async () => {
    llm.enqueue({ kind: 'hang' });
    const started = Date.now();
    const page = await search(user, { request: UNSURE });
    const took = Date.now() - started;
    expect(page).toMatchObject({ translator: 'local', query: 'wren', fallbackReason: expect.stringMatching(/did not answer within 3 s/) });
    expect(took).toBeGreaterThanOrEqual(AI_STEP_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(AI_STEP_TIMEOUT_MS + 2000);
  });

  test('a model that answers with an error falls back at once', async () => {
    llm.enqueue({ kind: 'status', status: 401, message: 'bad key' });
    expect(await search(user, { request: UNSURE })).toMatchObject({ translator: 'local', fallbackReason: expect.stringMatching(/could not be asked/) });
  });

  test('an edited query is run as written: no model is asked', async () => {
    const before = asked();
    expect(await search(user, { request: UNSURE, query: 'subject:pond' })).toMatchObject({ translator: 'local', query: 'subject:pond' });
    expect(asked()).toBe(before);
  });
});

describe('what counts as the model’s query', () => {
  test.each([
    ['from:wren', 'from:wren'],
    ['  `from:wren is:unread`  ', 'from:wren is:unread'],
    ['```\nfrom:wren\n```', 'from:wren'],
    ['Query: "from:wren"', 'from:wren'],
    ['Gmail search query: label:receipts', 'label:receipts'],
    ['"mailing list"', '"mailing list"'],
  ])('%j is %j', (answer, query) => {
    expect(cleanAnswer(answer)).toBe(query);
  });

  test.each(['', '   ', 'from:wren\nsubject:notes', 'Here you go:\nfrom:wren', 'x'.repeat(2001)])('%j is no query', (answer) => {
    expect(cleanAnswer(answer)).toBeNull();
  });
});
