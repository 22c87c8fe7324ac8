import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { parseRawMessage } from '@mailroom/mail-parse';
import Database from 'better-sqlite3';
import { startFakeLlmServer, type FakeLlmServer } from '../apps/server/src/testing/fake-llm-server.ts';
import { expect, test as base } from './fixtures.ts';
import { SANDBOX_FILE, startDemoServer, type TestServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, completePopup, contextOptions, signInAndConnectGmail } from './web-journeys.ts';

// Issue 15 in the browser, against the embedded default with an OpenAI-compatible model of the
// test's own (startFakeLlmServer) configured: a personal message shows three suggestions as it
// opens (the time it took is reported, not asserted: the 300 ms goal is measured by
// `npm run bench`, replies.bench.ts, where a busy CI machine cannot fail it); one is picked,
// edited, sent, undone within the window, sent again, and the reply is in the message's thread
// in the sandbox's Gmail with In-Reply-To and References; a newsletter shows none; Draft with AI
// streams a draft, and once the model server is gone the local suggestions still work. axe on
// the editor at 375 and 1280 px. One server, one page.

const CORPUS_SAMPLE = 60;
const UNDO_DELAY_MS = 5_000;

/** People writing to the demo user, and a newsletter: mail whose answer is known. */
const MBOX = [
  {
    thread: 9001,
    from: 'Ann Smith <ann@acme.example>',
    subject: 'Planning call',
    id: 'ann-ask-1@acme.example',
    references: 'ann-root@acme.example',
    body: 'Hi Demo,\n\nAre you free for a quick call on Thursday at 2pm to go over the launch plan?\n\nThanks,\nAnn',
  },
  {
    thread: 9002,
    from: 'Bo Chen <bo@acme.example>',
    subject: 'Slides for Friday',
    id: 'bo-ask-1@acme.example',
    body: 'Hi Demo,\n\nCould you send me the slides from the review before Friday?\n\nBo',
  },
  {
    thread: 9003,
    from: 'Cy Park <cy@acme.example>',
    subject: 'Lunch next week',
    id: 'cy-ask-1@acme.example',
    body: 'Hey Demo,\n\nWould you like to grab lunch next Tuesday?\n\nCy',
  },
  {
    thread: 9004,
    from: 'Acme Weekly <news@mail.acme.example>',
    subject: 'Acme Weekly #42',
    id: 'weekly-42@mail.acme.example',
    extra: ['List-Id: <weekly.acme.example>', 'List-Unsubscribe: <https://acme.example/unsubscribe>', 'Precedence: bulk'],
    body: 'This week at Acme: new offices, a product launch and more.\n\nUnsubscribe: https://acme.example/unsubscribe',
  },
]
  .map((m, i) =>
    [
      `From ${i + 1}@xxx Mon Jun  3 09:00:00 +0000 2024`,
      `X-GM-THRID: ${m.thread}`,
      'X-Gmail-Labels: Inbox,Unread',
      `From: ${m.from}`,
      `To: Demo User <${DEMO_ACCOUNT.email}>`,
      `Subject: ${m.subject}`,
      `Message-ID: <${m.id}>`,
      ...(m.references ? [`In-Reply-To: <${m.references}>`, `References: <${m.references}>`] : []),
      `Date: ${new Date(Date.now() - (i + 1) * 3_600_000).toUTCString()}`,
      ...(m.extra ?? []),
      'Content-Type: text/plain; charset=utf-8',
      '',
      m.body,
      '',
    ].join('\n'),
  )
  .join('\n');

const test = base.extend<object, { llm: FakeLlmServer; server: TestServer }>({
  llm: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const llm = await startFakeLlmServer({ model: 'llama-e2e' });
      await use(llm);
      await llm.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ llm }, use) => {
      const server = await startDemoServer({ email: DEMO_ACCOUNT.email, corpusSample: CORPUS_SAMPLE, mbox: MBOX }, { AI_BASE_URL: llm.url, AI_MODEL: llm.model, AI_TIMEOUT_MS: '2000' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let context: BrowserContext;
let page: Page;
let categoryUrl: string;
const ids: Record<'ann' | 'bo' | 'cy' | 'weekly', string> = { ann: '', bo: '', cy: '', weekly: '' };

const row = (id: string) => page.locator(`[data-testid="message-row"][data-message-id="${id}"]`);
const chips = () => page.getByTestId('suggestion-chip');
const editor = () => page.getByTestId('reply-editor');
const body = () => page.getByTestId('reply-body');
const toast = () => page.getByTestId('send-toast');

/** What the sandbox's Gmail holds in a thread, read from its own store (the server keeps it in this file). */
function gmailThread(server: TestServer, threadId: string): Array<{ id: string; labelIds: string[]; raw: Buffer }> {
  const db = new Database(path.join(server.dataDir, SANDBOX_FILE), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT id, label_ids, raw FROM messages WHERE email = ? AND thread_id = ? ORDER BY internal_date').all(DEMO_ACCOUNT.email, threadId) as Array<{ id: string; label_ids: string; raw: Buffer }>;
    return rows.map((r) => ({ id: r.id, labelIds: JSON.parse(r.label_ids) as string[], raw: r.raw }));
  } finally {
    db.close();
  }
}

/**
 * Milliseconds from the click on a row to the moment three suggestion chips are in the page,
 * timed in the page, with what the requests took meanwhile (for the failure message).
 */
async function openAndTimeSuggestions(id: string): Promise<{ ms: number; detail: string }> {
  await expect(row(id)).toBeVisible();
  await page.evaluate((rowId) => {
    const w = window as unknown as { __suggestionsShown?: Promise<{ ms: number; detail: string }> };
    const target = document.querySelector(`[data-testid="message-row"][data-message-id="${rowId}"] button`);
    if (!target) throw new Error(`no row ${rowId}`);
    performance.clearResourceTimings();
    w.__suggestionsShown = new Promise((resolve) => {
      let started = 0;
      const check = () => {
        if (document.querySelectorAll('[data-testid="suggestion-chip"]').length !== 3) return;
        observer.disconnect();
        const ms = performance.now() - started;
        const requests = performance
          .getEntriesByType('resource')
          .map((e) => `${e.name.replace(/^.*\/api\/fn\//, '').replace(/^.*\/(assets|api)\//, '')} ${Math.round(e.startTime - started)}..${Math.round(e.startTime + e.duration - started)} ms`);
        resolve({ ms, detail: requests.join(', ') });
      };
      const observer = new MutationObserver(check);
      target.addEventListener(
        'click',
        () => {
          started = performance.now();
          observer.observe(document.body, { childList: true, subtree: true });
        },
        { once: true, capture: true },
      );
    });
  }, id);
  await row(id).getByRole('button').click();
  return page.evaluate(() => (window as unknown as { __suggestionsShown: Promise<{ ms: number; detail: string }> }).__suggestionsShown);
}

test.beforeAll(async ({ browser, server }) => {
  context = await browser.newContext(contextOptions(server.url, { width: 1280, scheme: 'light' }));
  page = await context.newPage();
  await signInAndConnectGmail(page);
  await expect
    .poll(async () => {
      const { sync } = await callFn<{ sync: { state: string; messageCount: number } }>(page, 'getGmailStatus');
      return sync.state === 'idle' && sync.messageCount > CORPUS_SAMPLE / 2;
    }, { timeout: 60_000, intervals: [250] })
    .toBe(true);
  await callFn(page, 'updateSettings', { patch: { mail: { undoSendDelayMs: UNDO_DELAY_MS } } });
  const category = await callFn<{ categoryId: string }>(page, 'createCategory', { name: 'People', query: 'from:acme.example' });
  categoryUrl = `/manual/${encodeURIComponent(category.categoryId)}`;
  const listed = await callFn<{ emails: Array<{ id: string; subject: string }> }>(page, 'getCategoryEmails', { categoryId: category.categoryId, pageSize: 50 });
  const bySubject = (subject: string) => listed.emails.find((e) => e.subject === subject)?.id ?? '';
  Object.assign(ids, { ann: bySubject('Planning call'), bo: bySubject('Slides for Friday'), cy: bySubject('Lunch next week'), weekly: bySubject('Acme Weekly #42') });
  expect(Object.values(ids).every(Boolean)).toBe(true);
  // Sending needs gmail.modify, asked for once (as the list's banner does for any first write).
  await page.goto(categoryUrl);
  await completePopup(page, () => page.getByTestId('write-access-banner').getByRole('button', { name: 'Grant write access' }).click());
  await expect(page.getByTestId('write-access-banner')).toBeHidden();
});

test.afterAll(async () => {
  await context.close();
});

test('a newsletter shows no suggestions (and still offers Reply)', async () => {
  await page.goto(categoryUrl);
  await row(ids.weekly).getByRole('button').click();
  const panel = page.getByTestId('reply-panel');
  await expect(panel).toHaveAttribute('data-suggestions', 'none');
  await expect(chips()).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Reply', exact: true })).toBeVisible();
});

test('a personal message: three suggestions as it opens; pick, edit, send, undo, send again; the reply is in the thread with its threading headers', async ({ server }) => {
  // As a person uses the list: it has been on screen and another message was read first (the
  // reply section's code, loaded as the list shows, is in; no page load inside the measurement).
  await page.goto(categoryUrl);
  await row(ids.weekly).getByRole('button').click();
  await expect(page.getByTestId('reply-panel')).toHaveAttribute('data-suggestions', 'none');
  const shown = await openAndTimeSuggestions(ids.ann);
  test.info().annotations.push({ type: 'suggestions shown', description: `${Math.round(shown.ms)} ms after the click (${shown.detail})` });
  await expect(chips()).toHaveCount(3);

  // Pick the yes: the whole reply in the editor, addressed to Ann.
  const accept = chips().first();
  const suggestion = (await accept.getAttribute('title')) ?? '';
  expect(suggestion).toMatch(/^Hi Ann,/);
  await accept.click();
  await expect(editor()).toBeVisible();
  await expect(body()).toHaveValue(suggestion);
  await expect(editor().getByLabel('To', { exact: true })).toHaveValue('Ann Smith <ann@acme.example>');
  await expect(body()).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.type(' I will bring the launch numbers.');
  const written = await body().inputValue();

  // Send, and Undo within the window: nothing goes, the text comes back.
  await page.keyboard.press('Control+Enter');
  await expect(toast()).toHaveAttribute('data-state', 'waiting');
  await expect(editor()).toHaveCount(0);
  await toast().getByRole('button', { name: 'Undo' }).click();
  await expect(editor()).toBeVisible();
  await expect(body()).toHaveValue(written);
  await expect(toast()).toHaveAttribute('data-state', 'cancelled');

  // Send again; after the delay it is sent.
  await body().focus();
  await page.keyboard.press('Control+Enter');
  await expect(toast().first()).toHaveAttribute('data-state', 'waiting');
  await expect(page.locator('[data-testid="send-toast"][data-state="sent"]')).toHaveCount(1, { timeout: UNDO_DELAY_MS + 20_000 });

  // In Gmail: one reply (the undone one never went), in Ann's thread, answering her message.
  const threadId = (await callFn<{ threadId: string }>(page, 'getEmailContent', { messageId: ids.ann })).threadId;
  const thread = gmailThread(server, threadId);
  const sent = thread.filter((m) => m.labelIds.includes('SENT'));
  expect(sent).toHaveLength(1);
  const reply = await parseRawMessage(sent[0]!.raw);
  expect(reply.meta).toMatchObject({ subject: 'Re: Planning call', inReplyTo: 'ann-ask-1@acme.example', references: 'ann-root@acme.example ann-ask-1@acme.example' });
  expect(reply.meta.to.map((a) => a.address)).toEqual(['ann@acme.example']);
  expect(reply.meta.from[0]?.address).toBe(DEMO_ACCOUNT.email);
  expect(reply.text).toContain('I will bring the launch numbers.');
  expect(reply.text).toContain('> Are you free for a quick call on Thursday at 2pm');
});

test('Draft with AI streams the model’s draft into the editor; with the model server gone the local suggestions still work', async ({ llm }) => {
  await page.goto(categoryUrl);
  await row(ids.bo).getByRole('button').click();
  await expect(chips()).toHaveCount(3);
  await page.keyboard.press('r');
  await expect(editor()).toBeVisible();
  const draft = 'Hi Bo,\n\nSure, I will send you the slides from the review before Friday.\n\nDemo';
  llm.enqueue({ kind: 'reply', text: draft, chunkDelayMs: 120 });
  await editor().getByRole('button', { name: 'Draft with AI' }).click();
  // Streaming: the Stop control shows while the draft grows in the editor, piece by piece.
  await expect(editor().getByRole('button', { name: 'Stop' })).toBeVisible();
  await expect.poll(async () => (await body().inputValue()).length).toBeGreaterThan(0);
  const partial = await body().inputValue();
  expect(partial.length).toBeLessThan(draft.length);
  expect(draft.startsWith(partial)).toBe(true);
  await expect(body()).toHaveValue(draft);
  await expect(editor().getByRole('button', { name: 'Draft with AI' })).toBeVisible();
  // Discarding a draft the user did not write asks nothing.
  await page.keyboard.press('Escape');
  await expect(editor()).toHaveCount(0);

  await llm.close();
  await page.goto(categoryUrl);
  await row(ids.cy).getByRole('button').click();
  await expect(chips()).toHaveCount(3);
  await chips().nth(1).click();
  const local = await body().inputValue();
  expect(local).toMatch(/^Hi Cy,/);
  await editor().getByRole('button', { name: 'Draft with AI' }).click();
  await expect(page.getByTestId('ai-status')).toContainText(/Could not reach|did not answer/);
  await expect(page.getByTestId('ai-status')).toContainText('local suggestions');
  await expect(body()).not.toHaveValue('');
  await expect(chips()).toHaveCount(3);
  // Escape with something the user wrote asks first.
  await body().focus();
  await page.keyboard.type(' Thanks!');
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('alertdialog', { name: 'Discard this reply?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(editor()).toHaveCount(0);
});

test('axe finds nothing serious on the reply editor at 375 and 1280 px, light and dark', async ({ browser, server }) => {
  const state = await context.storageState();
  const problems: string[] = [];
  for (const shape of [
    { width: 375, scheme: 'light' },
    { width: 375, scheme: 'dark' },
    { width: 1280, scheme: 'light' },
    { width: 1280, scheme: 'dark' },
  ] as const) {
    const shaped = await browser.newContext({ ...contextOptions(server.url, shape), storageState: state });
    const shapedPage = await shaped.newPage();
    await shapedPage.goto(`${categoryUrl}?message=${ids.cy}`);
    await expect(shapedPage.getByTestId('suggestion-chip')).toHaveCount(3);
    await shapedPage.getByTestId('reply-panel').getByRole('button', { name: 'Reply all' }).click();
    await expect(shapedPage.getByTestId('reply-editor')).toBeVisible();
    const results = await new AxeBuilder({ page: shapedPage })
      .include('[data-testid="reading-pane"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .options({ iframes: false })
      .setLegacyMode(true)
      .analyze();
    for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      problems.push(`${shape.width}px ${shape.scheme}: [${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    const { scrollWidth, innerWidth } = await shapedPage.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    if (scrollWidth > innerWidth) problems.push(`${shape.width}px ${shape.scheme}: scrolls sideways`);
    await shaped.close();
  }
  expect(problems).toEqual([]);
});
