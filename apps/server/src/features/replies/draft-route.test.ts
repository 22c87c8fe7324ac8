import { DRAFT_REPLY_PATH, type AiStatus, type DraftReplyEvent } from '@mailroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../db/testing.ts';
import { startFakeLlmServer, type FakeLlmServer } from '../../testing/fake-llm-server.ts';
import { createMailboxTestApp, userWithMailbox, type MailboxTestApp, type MailboxUser } from '../../testing/mailbox-app.ts';
import { sessionOf } from '../../testing/signin.ts';

/**
 * "Draft with AI" against a real OpenAI-compatible server in the test process
 * (testing/fake-llm-server.ts): the draft streams as Server-Sent Events; a model that is slow to
 * start, fails or is gone leaves the local suggestions in place with the reason; only the
 * message's own text and thread snippets go to the endpoint; CSRF and tenancy hold. Settings'
 * status and Test button read the same provider.
 */

const ME = 'drafter@example.com';
const TIMEOUT_MS = 1_000;

const MBOX = [
  'From 1@xxx Mon Jun  3 09:00:00 +0000 2024',
  'X-GM-THRID: 4100',
  'X-Gmail-Labels: Inbox,Unread',
  'From: Ann Smith <ann@acme.example>',
  `To: Dee Drafter <${ME}>`,
  'Subject: Offsite',
  'Message-ID: <offsite-1@acme.example>',
  'Date: Mon, 3 Jun 2024 08:00:00 +0000',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hi Dee,',
  '',
  'Can you join the offsite planning call on Friday at 10am?',
  '',
  'Ann',
  '',
].join('\n');

function eventsOf(body: string): DraftReplyEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as DraftReplyEvent);
}

describe.each(ENGINES)('Draft with AI (%s)', (engine) => {
  let llm: FakeLlmServer;
  let t: MailboxTestApp;
  let dee: MailboxUser;
  let messageId: string;

  const draft = async (data: unknown, options: { csrf?: string | null } = {}) => {
    const csrf = options.csrf === undefined ? (await sessionOf(dee.browser)).csrfToken : options.csrf;
    return dee.browser.request('POST', DRAFT_REPLY_PATH, { json: data, headers: csrf ? { 'x-csrf-token': csrf } : {} });
  };

  beforeAll(async () => {
    llm = await startFakeLlmServer({ model: 'llama-test' });
    t = await createMailboxTestApp(engine, { AI_BASE_URL: llm.url, AI_MODEL: 'llama-test', AI_TIMEOUT_MS: String(TIMEOUT_MS) });
    await t.sandbox.importMbox(MBOX, ME);
    dee = await userWithMailbox(t, ME);
    const row = await t.database.db.selectFrom('messages').select('id').where('account_id', '=', dee.accountId).where('message_id', '=', 'offsite-1@acme.example').executeTakeFirstOrThrow();
    messageId = row.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await llm?.close();
  });

  it('streams the model’s draft piece by piece, then the whole checked draft', async () => {
    llm.enqueue({ kind: 'reply', text: 'Hi Ann,\n\nYes, Friday at 10am works for me. See you on the call.\n\nDee' });
    const response = await draft({ messageId, instruction: 'say yes' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(response.body);
    expect(events[0]).toEqual({ type: 'start', model: 'llama-test' });
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ type: 'done', source: 'model', model: 'llama-test' });
    expect(deltas.map((d) => (d.type === 'delta' ? d.text : '')).join('')).toBe(last.type === 'done' ? last.text : '');
    // What went to the endpoint: the message's text and the instruction, for this one message.
    const prompt = llm.requests.at(-1)!.body!.messages!.map((m) => m.content).join('\n');
    expect(prompt).toContain('Can you join the offsite planning call on Friday at 10am?');
    expect(prompt).toContain('Instruction from the user: say yes');
  });

  it('a model slower than AI_TIMEOUT_MS leaves the local suggestions, and says so', async () => {
    llm.enqueue({ kind: 'reply', text: 'Too late.', firstTokenDelayMs: TIMEOUT_MS * 3 });
    const events = eventsOf((await draft({ messageId })).body);
    const last = events.at(-1)!;
    expect(last.type).toBe('fallback');
    if (last.type !== 'fallback') return;
    expect(last.reason).toMatch(/did not answer within 1 s.*local suggestions/);
    expect(last.suggestions).toHaveLength(3);
    expect(last.text).toBe(last.suggestions[0]);
    expect(last.text).toMatch(/^Hi Ann,/);
  });

  it('a draft with an address nobody in the conversation has is stopped, and the streamed part discarded', async () => {
    llm.enqueue({ kind: 'reply', text: 'Hi Ann,\n\nPlease also invite mallory@evil.example to the call.\n\nDee' });
    const last = eventsOf((await draft({ messageId })).body).at(-1)!;
    expect(last).toMatchObject({ type: 'fallback', discardStreamed: true, reason: expect.stringContaining('mallory@evil.example') });
  });

  it('Settings sees the model: after the last call failed it says so; Test answers and it is connected again', async () => {
    // The previous tests' last model call timed out.
    const before = (await dee.call('getAiStatus')).json() as { result: AiStatus };
    expect(before.result).toMatchObject({ engine: 'model', model: { model: 'llama-test', baseUrl: llm.url, state: 'failing' } });
    expect(before.result.model?.description).toMatch(/^Not working: The model did not answer within 1 s/);
    const tested = (await dee.call('testAi')).json() as { result: { ok: boolean; latencyMs: number; reply: string | null; status: AiStatus } };
    expect(tested.result).toMatchObject({ ok: true, reply: expect.any(String), status: { model: { state: 'ok' } } });
    const after = (await dee.call('getAiStatus')).json() as { result: AiStatus };
    expect(after.result.model?.description).toMatch(/^Connected to llama-test at http:\/\/127\.0\.0\.1:\d+\/v1 · \d+\.\d s last reply$/);
  });

  it('refuses a cookie request without the CSRF proof, bad input by field, and another mailbox’s message', async () => {
    const forged = await draft({ messageId }, { csrf: null });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    const bad = await draft({ messageId, instruction: 'x'.repeat(301) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field: 'instruction' }] } } });
    const foreign = await draft({ messageId: 'ffffffffffffffff' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
    const anonymous = await t.app.inject({ method: 'POST', url: DRAFT_REPLY_PATH, payload: { messageId } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('with the model gone, drafting falls back and suggestions still work', async () => {
    await llm.close();
    const last = eventsOf((await draft({ messageId })).body).at(-1)!;
    expect(last).toMatchObject({ type: 'fallback', reason: expect.stringMatching(/Could not reach|did not answer/) });
    const suggestions = (await dee.call('suggestReplies', { messageId })).json() as { result: { trigger: boolean; suggestions: unknown[] } };
    expect(suggestions.result.trigger).toBe(true);
    expect(suggestions.result.suggestions).toHaveLength(3);
    const status = (await dee.call('getAiStatus')).json() as { result: AiStatus };
    expect(status.result.model?.state).toBe('failing');
  });
});

describe('Draft with AI without a model', () => {
  let t: MailboxTestApp;
  let user: MailboxUser;
  beforeAll(async () => {
    t = await createMailboxTestApp('sqlite');
    await t.sandbox.importMbox(MBOX, ME);
    user = await userWithMailbox(t, ME);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers AI_NOT_CONFIGURED; status says the local engine is the engine', async () => {
    const csrf = (await sessionOf(user.browser)).csrfToken;
    const response = await user.browser.request('POST', DRAFT_REPLY_PATH, { json: { messageId: '1800000000000001' }, headers: csrf ? { 'x-csrf-token': csrf } : {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { status: 'FAILED_PRECONDITION', details: { reason: 'AI_NOT_CONFIGURED' } } });
    expect(((await user.call('getAiStatus')).json() as { result: AiStatus }).result).toMatchObject({ engine: 'local', model: null });
    expect((await user.call('testAi')).json()).toMatchObject({ error: { details: { reason: 'AI_NOT_CONFIGURED' } } });
  });
});
