import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { createSandbox } from '@mailroom/gmail-sandbox';
import Database from 'better-sqlite3';
import { expect, testWithServer } from './fixtures.ts';
import { mboxOf, SANDBOX_FILE, startDemoServer, startTestServer, type TestServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, completePopup, contextOptions, signInAndConnectGmail } from './web-journeys.ts';

// Issue 17 in the browser, against the embedded default (no DNS, so one-click is never used
// there): /unsubscribe lists the demo mailbox's lists with their volumes; unsubscribing from a
// mailto list asks for write access, then sends the message (in the sandbox's sent mail) and
// archives the list's mail; Undo puts it back; blocking a sender archives its inbox mail, and
// after the server restarts with new mail from it in the sandbox, that mail skips the inbox.
// axe on the list and the confirmation at 375 and 1280 px. One server (restarted once), one page.
// With SCREENSHOT_DIR set, the page is also captured at 375/1280 px, light and dark.

const CORPUS_SAMPLE = 30;
const WEEKLY = 'Acme Weekly';
const DEALS = 'Shop Deals';

function mbox(messages: Array<{ from: string; subject: string; extra: string[]; hoursAgo: number }>): string {
  return mboxOf(
    messages.map((m, i) => ({
      from: m.from,
      to: `Demo User <${DEMO_ACCOUNT.email}>`,
      subject: m.subject,
      messageId: `${m.subject.replace(/\W+/g, '-').toLowerCase()}-${i}@lists.example`,
      minutesAgo: m.hoursAgo * 60,
      labels: 'Inbox,Unread',
      headers: [...m.extra, 'Content-Type: text/plain; charset=utf-8'],
      body: `${m.subject}: this week's news.`,
    })),
  );
}

const weekly = (n: number, hoursAgo: number) => ({
  from: 'Acme Weekly <news@acme.example>',
  subject: `Acme Weekly #${n}`,
  hoursAgo,
  extra: ['List-Id: "Acme Weekly" <weekly.acme.example>', 'List-Unsubscribe: <mailto:leave-weekly@acme.example?subject=unsubscribe%20weekly>', 'Precedence: bulk'],
});
const deals = (subject: string, hoursAgo: number) => ({ from: 'Shop Deals <deals@shop.example>', subject, hoursAgo, extra: ['List-Unsubscribe: <https://shop.example/prefs>'] });

/** The sandbox's Gmail messages, read from its own file (label ids and the raw message). */
function gmail(dataDir: string): Array<{ labelIds: string[]; raw: string }> {
  const db = new Database(path.join(dataDir, SANDBOX_FILE), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT label_ids, raw FROM messages WHERE email = ?').all(DEMO_ACCOUNT.email) as Array<{ label_ids: string; raw: Buffer }>;
    return rows.map((r) => ({ labelIds: JSON.parse(r.label_ids) as string[], raw: r.raw.toString('utf8') }));
  } finally {
    db.close();
  }
}
const inInbox = (dataDir: string, marker: string) => gmail(dataDir).filter((m) => m.raw.includes(marker) && m.labelIds.includes('INBOX')).length;

async function axe(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const test = testWithServer(() => startDemoServer({ email: DEMO_ACCOUNT.email, corpusSample: CORPUS_SAMPLE, mbox: mbox([weekly(1, 72), weekly(2, 48), weekly(3, 24), deals('Summer sale', 30), deals('Last chance', 6)]) }));

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: TestServer;
let context: BrowserContext;
let page: Page;
const row = (name: string) => page.getByTestId('subscription').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function waitForSync(expected: (count: number) => boolean) {
  await expect
    .poll(async () => {
      const { sync } = await callFn<{ sync: { state: string; messageCount: number } }>(page, 'getGmailStatus');
      return sync.state === 'idle' && expected(sync.messageCount);
    }, { timeout: 60_000, intervals: [250] })
    .toBe(true);
}

test.beforeAll(async ({ browser, server: started }) => {
  server = started;
  context = await browser.newContext(contextOptions(server.url, { width: 1280, scheme: 'light' }));
  page = await context.newPage();
  // Another feature may offer notifications once signed in; this journey declines by closing it.
  await page.addLocatorHandler(page.getByRole('dialog', { name: 'Turn on notifications?' }), async (dialog) => {
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
  await signInAndConnectGmail(page);
  await waitForSync((n) => n > CORPUS_SAMPLE / 2);
});

test.afterAll(async () => {
  await context?.close();
  // The server this spec restarted (the fixture stops the first one).
  await server?.stop();
});

test('lists the demo mailbox’s lists by volume, with method and state, and no serious axe violation', async () => {
  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeVisible();
  await expect(row(WEEKLY).getByTestId('volume')).toHaveText('3 messages');
  await expect(row(WEEKLY)).toContainText('By email');
  await expect(row(WEEKLY)).toContainText('Subscribed');
  await expect(row(DEALS).getByTestId('volume')).toHaveText('2 messages');
  await expect(row(DEALS)).toContainText('Link only');
  // Most messages first.
  const names = await page.getByTestId('subscription').getByRole('heading').allTextContents();
  expect(names.indexOf(WEEKLY)).toBeLessThan(names.indexOf(DEALS));
  await page.getByText('Never opened', { exact: true }).click();
  await expect(row(WEEKLY)).toBeVisible();
  await page.getByText('All', { exact: true }).click();

  const problems: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    problems.push(...(await axe(page, `/unsubscribe ${width}px`)));
    await row(WEEKLY).getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText('cannot be recalled');
    problems.push(...(await axe(page, `/unsubscribe confirmation ${width}px`)));
    await page.getByRole('button', { name: 'Cancel' }).click();
  }
  expect(problems).toEqual([]);

  const shots = process.env.SCREENSHOT_DIR;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: path.join(shots, `unsubscribe-${width}-${scheme}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test('a failed one-click shows its reason and offers the next method by keyboard; axe-clean at 375 px dark and 1280 px light', async () => {
  // The embedded default has no DNS, so one-click is never used here (the server's own tests run
  // it against a list server of theirs, failures included): the answer is edited to show a row
  // whose one-click failed, as listSubscriptions reports it.
  const reason = 'One-click failed: the list’s server refused the unsubscribe (HTTP 500).';
  await page.route('**/api/fn/listSubscriptions', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { subscriptions: Array<Record<string, unknown>> } };
    for (const s of body.result.subscriptions) {
      if (s.name !== DEALS) continue;
      Object.assign(s, { state: 'failed', requestMethod: 'one-click', requestResult: reason, requestedAt: new Date().toISOString(), fallback: 'link', history: [] });
    }
    await route.fulfill({ response, json: body });
  });
  try {
    await page.goto('/unsubscribe');
    await expect(row(DEALS).getByTestId('failure')).toContainText(reason);
    await expect(row(DEALS)).toContainText('Unsubscribe failed');
    const problems: string[] = [];
    for (const shape of [{ width: 375, scheme: 'dark' }, { width: 1280, scheme: 'light' }] as const) {
      await page.emulateMedia({ colorScheme: shape.scheme });
      await page.setViewportSize({ width: shape.width, height: 900 });
      problems.push(...(await axe(page, `/unsubscribe failed row ${shape.width}px ${shape.scheme}`)));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Keyboard only: the next method is a button in the row; Enter asks for confirmation, Escape leaves.
    const next = row(DEALS).getByRole('button', { name: 'Open the unsubscribe page yourself' });
    await next.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Mailroom’s server does not open it');
    problems.push(...(await axe(page, '/unsubscribe fallback confirmation 1280px')));
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(problems).toEqual([]);
  } finally {
    await page.unroute('**/api/fn/listSubscriptions');
  }
});

test('unsubscribing from a mailto list asks for write access, sends the message, archives its mail, and undo restores it', async () => {
  await page.goto('/unsubscribe');
  await row(WEEKLY).getByRole('button', { name: 'Unsubscribe and archive existing' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('leave-weekly@acme.example');
  await dialog.getByRole('button', { name: 'Unsubscribe and archive' }).click();
  // Read-only until now: the first write action asks for gmail.modify, and nothing was sent.
  await expect(dialog.getByRole('alert')).toContainText('Mailroom can only read your mail');
  expect(gmail(server.dataDir).filter((m) => m.labelIds.includes('SENT'))).toHaveLength(0);
  await completePopup(page, () => dialog.getByRole('button', { name: 'Grant write access' }).click());
  // As a user would: once the page has taken in the grant, the warning goes, then try again. A
  // clean-clone CI run on a slow machine clicked just as the warning went: the dialog shrank
  // under the pointer, the click landed on its backdrop, which then closed it, and no result.
  // A confirmation (alertdialog) now ignores backdrop clicks (Dialog.tsx); the test still waits.
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Unsubscribe and archive' }).click();

  const result = page.getByTestId('unsubscribe-result');
  await expect(result).toContainText('Sent “unsubscribe weekly” to leave-weekly@acme.example');
  const sent = gmail(server.dataDir).filter((m) => m.labelIds.includes('SENT'));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.raw).toMatch(/^To: leave-weekly@acme\.example/m);
  expect(sent[0]!.raw).toMatch(/^Subject: unsubscribe weekly/m);
  await expect.poll(() => inInbox(server.dataDir, 'weekly.acme.example')).toBe(0);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(row(WEEKLY)).toContainText('Unsubscribe requested');

  const undoBar = page.getByTestId('undo-bar');
  await expect(undoBar).toContainText('Archived 3');
  await undoBar.getByRole('button', { name: 'Undo' }).click();
  await expect(undoBar).toContainText('Undone');
  await expect.poll(() => inInbox(server.dataDir, 'weekly.acme.example')).toBe(3);
});

test('blocking a sender archives its mail, and its new mail skips the inbox as it syncs', async () => {
  await page.goto('/unsubscribe');
  await row(DEALS).getByRole('button', { name: 'Block' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
  await expect(page.getByTestId('block-bar')).toContainText('Blocked Shop Deals: 2 messages archived');
  await expect(row(DEALS)).toContainText('Blocked');
  await expect.poll(() => inInbox(server.dataDir, 'deals@shop.example')).toBe(0);

  // New mail from the blocked sender reaches the sandbox while Mailroom is down; the restarted
  // server syncs it and archives it at once.
  await server.stop({ keepData: true });
  const sandbox = createSandbox({ dataFile: path.join(server.dataDir, SANDBOX_FILE), tokens: {} });
  try {
    await sandbox.importMbox(mbox([deals('Flash sale', 0)]), DEMO_ACCOUNT.email);
  } finally {
    await sandbox.close();
  }
  const previous = server;
  server = await startTestServer({}, { prepare: async (dataDir) => fs.cpSync(previous.dataDir, dataDir, { recursive: true }) });
  await previous.stop();
  await page.goto(`${server.url}/unsubscribe`);
  await expect(row(DEALS).getByTestId('volume')).toHaveText('3 messages', { timeout: 60_000 });
  await expect.poll(() => gmail(server.dataDir).filter((m) => m.raw.includes('Flash sale')).map((m) => m.labelIds.includes('INBOX')), { timeout: 30_000 }).toEqual([false]);
  await expect(row(DEALS)).toContainText('Blocked');
});
