import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createSandbox } from '@mailroom/gmail-sandbox';
import { expect, test as base } from './fixtures.ts';
import { SANDBOX_FILE, startTestServer, type TestServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, contextOptions, signInAndConnectGmail, type ContextShape } from './web-journeys.ts';

// Issue 14 in the browser, against the embedded default (one server for the file): a request
// typed in the header's search box shows its query as chips and exactly the mail the sandbox's
// own evaluation of the printed query finds; removing a chip widens the results; editing the
// query text runs the edited query (a mistake is marked where it is); "Save as category" makes a
// category found on /manual; axe finds nothing serious on the results and the open dropdown.

const CORPUS_SAMPLE = 300;
const STATIC_TOKEN = 'e2e-search-reader';
/** Unread mail of one list: a handful of messages, and more once "unread" is removed. */
const REQUEST = 'unread mail from the spamassassin list';

type Sandbox = ReturnType<typeof createSandbox>;

/**
 * A copy of the demo mailbox as the server starts with it, opened here with a token of our own,
 * so the test can ask the sandbox itself what a query matches. Nothing in this file changes the
 * mailbox, so the copy stays what the server's sandbox holds.
 */
interface Mirror {
  sandbox: Sandbox | null;
  file: string;
}

const test = base.extend<object, { server: TestServer; mirror: Mirror }>({
  mirror: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mirror: Mirror = { sandbox: null, file: '' };
      await use(mirror);
      await mirror.sandbox?.close();
      if (mirror.file) fs.rmSync(path.dirname(mirror.file), { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ mirror }, use) => {
      const server = await startTestServer(
        {},
        {
          prepare: async (dataDir) => {
            const seeding = createSandbox({ dataFile: path.join(dataDir, SANDBOX_FILE) });
            try {
              await seeding.seedFromCorpus({ email: DEMO_ACCOUNT.email, limit: CORPUS_SAMPLE });
            } finally {
              await seeding.close();
            }
            const copyDir = fs.mkdtempSync(path.join(path.dirname(dataDir), 'mailroom-e2e-search-mirror-'));
            mirror.file = path.join(copyDir, SANDBOX_FILE);
            fs.copyFileSync(path.join(dataDir, SANDBOX_FILE), mirror.file);
            mirror.sandbox = createSandbox({ dataFile: mirror.file, tokens: { [STATIC_TOKEN]: { email: DEMO_ACCOUNT.email, scopes: ['https://www.googleapis.com/auth/gmail.readonly'] } } });
          },
        },
      );
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** The sandbox's own answer to `q` (messages.list, every page), newest first. */
async function sandboxSearch(mirror: Mirror, q: string): Promise<string[]> {
  const sandbox = mirror.sandbox;
  if (!sandbox) throw new Error('the mirror sandbox is not open');
  const ids: string[] = [];
  let pageToken: string | undefined;
  do {
    const query = new URLSearchParams({ q, maxResults: '500', ...(pageToken ? { pageToken } : {}) });
    const response = await sandbox.app.inject({ method: 'GET', url: `/gmail/v1/users/me/messages?${query.toString()}`, headers: { authorization: `Bearer ${STATIC_TOKEN}` } });
    if (response.statusCode !== 200) throw new Error(`sandbox search failed: ${response.body}`);
    const body = response.json() as { messages?: Array<{ id: string }>; nextPageToken?: string };
    ids.push(...(body.messages ?? []).map((m) => m.id));
    pageToken = body.nextPageToken;
  } while (pageToken);
  return ids;
}

async function waitForSync(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const { sync } = await callFn<{ sync: { state: string; messageCount: number } }>(page, 'getGmailStatus');
        return sync.state === 'idle' && sync.messageCount > 0;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
}

const rows = (page: Page) => page.getByTestId('message-row');
const listedIds = (page: Page) => rows(page).evaluateAll((elements) => elements.map((e) => e.getAttribute('data-message-id') ?? ''));
const printedQuery = async (page: Page) => ((await page.getByTestId('search-query').textContent()) ?? '').trim();

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: [${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}

/** Shows the results of `request` and checks they are exactly what the sandbox finds for the printed query. */
async function expectExactResults(page: Page, mirror: Mirror): Promise<string[]> {
  const query = await printedQuery(page);
  const expected = await sandboxSearch(mirror, query);
  await expect(page.getByTestId('search-total')).toHaveText(expected.length === 1 ? '1 message' : `${expected.length} messages`);
  if (expected.length === 0) return expected;
  await expect(rows(page).first()).toBeVisible();
  const shown = await listedIds(page);
  // A page shows at most 50, newest first: the first page of the sandbox's own list.
  expect(shown).toEqual(expected.slice(0, 50));
  return expected;
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let storageState = '';

test('a request shows its query as chips and exactly the mail it matches; removing a chip widens it; the query text can be edited; it saves as a category', async ({ browser, server, mirror }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAndConnectGmail(page);
  await waitForSync(page);
  storageState = path.join(path.dirname(mirror.file), 'state.json');
  await context.storageState({ path: storageState });

  // "/" anywhere focuses the search box; the chips appear under it as the request is typed.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Search mail' });
  await expect(box).toBeFocused();
  await box.pressSequentially(REQUEST, { delay: 15 });
  const preview = page.getByTestId('chip-preview');
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview).toContainText('is:unread');
  await expect(preview).toContainText('← from the spamassassin list');
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === REQUEST);

  // The chips, each with the words it came from, and exactly the sandbox's matches.
  const chips = page.getByTestId('search-chip');
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toHaveAttribute('data-query', 'is:unread');
  await expect(chips.nth(1)).toHaveAttribute('data-query', /^list:/);
  const query = await printedQuery(page);
  expect(query).toBe(`is:unread ${await chips.nth(1).getAttribute('data-query')}`);
  const narrow = await expectExactResults(page, mirror);
  expect(narrow.length).toBeGreaterThan(0);

  // Remove "unread": the results widen to the whole list.
  await chips.nth(0).getByRole('button', { name: 'Remove is:unread' }).click();
  await expect(chips).toHaveCount(1);
  await expect(page.getByTestId('search-query')).not.toHaveText(query);
  const wide = await expectExactResults(page, mirror);
  expect(wide.length).toBeGreaterThan(narrow.length);
  for (const id of narrow) expect(wide).toContain(id);
  // Back brings the narrower search back.
  await page.goBack();
  await expect(chips).toHaveCount(2);
  await expectExactResults(page, mirror);

  // Edit the query as text: a mistake is marked where it is; the fixed query runs as written.
  await page.getByRole('button', { name: 'Edit query' }).click();
  const text = page.getByTestId('query-text');
  await text.fill(`${query} (`);
  await expect(page.getByTestId('query-error')).toContainText("This '(' is never closed");
  await expect(page.getByTestId('query-error-mark')).toHaveText('(');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
  await text.fill(`${query} -is:important`);
  await text.press('Enter');
  await expect(page.getByTestId('search-query')).toHaveText(`${query} -is:important`);
  await expect(chips).toHaveCount(3);
  await expect(chips.nth(2)).toHaveAttribute('data-query', '-is:important');
  const edited = await expectExactResults(page, mirror);
  for (const id of edited) expect(narrow).toContain(id);

  // A request typed as Gmail syntax shows the same chips.
  await box.fill(query);
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await box.press('Enter');
  await expect(chips).toHaveCount(2);
  await expect(page.getByTestId('search-query')).toHaveText(query);

  // Save as category, in one click; it is on /manual with the same count.
  await page.getByRole('button', { name: 'Save as category' }).click();
  const saved = page.getByTestId('saved-category');
  await expect(saved).toContainText('Saved as the category “');
  const name = /“(.+)”/.exec((await saved.textContent()) ?? '')?.[1] ?? '';
  expect(name.toLowerCase()).toContain('is:unread');
  await page.goto('/manual');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('category-count')).toHaveText(`${narrow.length} message${narrow.length === 1 ? '' : 's'}`);

  // Recent searches: the dropdown lists them, the keyboard moves through them, Escape closes it.
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await expect(listbox.getByRole('option', { name: REQUEST, exact: true })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /option/);
  await box.press('Escape');
  await expect(listbox).toBeHidden();
  await context.close();
});

for (const shape of [
  { width: 375, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
] as ContextShape[]) {
  test(`the search page and the open dropdown have no serious or critical axe violations at ${shape.width}px ${shape.scheme}`, async ({ browser, server }) => {
    expect(storageState, 'the journey above signed in').not.toBe('');
    const context = await browser.newContext(contextOptions(server.url, shape, storageState));
    const page = await context.newPage();
    const problems: string[] = [];
    await page.goto(`/search?q=${encodeURIComponent(REQUEST)}`);
    await expect(page.getByTestId('search-chip').first()).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    problems.push(...(await seriousViolations(page, 'search results')));
    await page.getByTestId('search-chip').first().getByRole('button', { name: /^Edit/ }).click();
    await expect(page.getByTestId('chip-input')).toBeFocused();
    problems.push(...(await seriousViolations(page, 'chip being edited')));
    await page.keyboard.press('Escape');
    // On a phone the box opens from the header's search button.
    if (shape.width < 640) await page.getByTestId('search-toggle').click();
    const box = page.getByRole('combobox', { name: 'Search mail' });
    await box.click();
    await box.fill('starred from rohit');
    await expect(page.getByTestId('chip-preview')).toBeVisible();
    await box.press('ArrowDown');
    problems.push(...(await seriousViolations(page, 'dropdown open')));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth, 'no sideways scrolling').toBeLessThanOrEqual(innerWidth);
    await context.close();
    expect(problems).toEqual([]);
  });
}
