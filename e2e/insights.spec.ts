import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Insights, OpsStatus } from '@mailroom/contract';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, testWithServer } from './fixtures.ts';
import { startDemoServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, signInAndConnectGmail } from './web-journeys.ts';

// Issue 18 in the browser, on the demo mailbox (a corpus sample) plus a conversation whose figures
// are known: Ann writes two days ago and the demo user answers two hours later; Bo's message is
// unread; a newsletter came 20 and 40 days ago. /insights renders every chart and its table, the
// range switch changes the numbers (to what getInsights answers), and the CSV download holds what
// the page shows. /ops shows the demo mailbox's sync and asks for one; the demo user is an operator
// here (OPS_ADMINS), so a fault drill makes the embedded sandbox refuse Gmail requests: the sync
// job shows failed with its reason, and Retry after the drill runs it to completion.

const CORPUS_SAMPLE = 60;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.now();
const at = (ago: number) => new Date(now - ago).toUTCString();

const MBOX = [
  { from: 'Ann Smith <ann@acme.example>', to: DEMO_ACCOUNT.email, labels: 'Inbox', date: at(2 * DAY), id: 'ann-1@acme.example', subject: 'Launch plan' },
  { from: `Demo User <${DEMO_ACCOUNT.email}>`, to: 'ann@acme.example', labels: 'Archived,Opened,Sent', date: at(2 * DAY - 2 * HOUR), id: 'demo-1@mailroom.local', subject: 'Re: Launch plan', inReplyTo: 'ann-1@acme.example' },
  { from: 'Bo Chen <bo@acme.example>', to: DEMO_ACCOUNT.email, labels: 'Inbox,Unread', date: at(3 * DAY), id: 'bo-1@acme.example', subject: 'Slides' },
  { from: 'Acme Weekly <news@mail.acme.example>', to: DEMO_ACCOUNT.email, labels: 'Inbox,Unread', date: at(20 * DAY), id: 'weekly-41@mail.acme.example', subject: 'Acme Weekly #41', list: true },
  { from: 'Acme Weekly <news@mail.acme.example>', to: DEMO_ACCOUNT.email, labels: 'Inbox,Unread', date: at(40 * DAY), id: 'weekly-40@mail.acme.example', subject: 'Acme Weekly #40', list: true },
]
  .map((m, i) =>
    [
      `From ${i + 1}@xxx Mon Jun  3 09:00:00 +0000 2024`,
      `X-Gmail-Labels: ${m.labels}`,
      `From: ${m.from}`,
      `To: ${m.to}`,
      `Subject: ${m.subject}`,
      `Message-ID: <${m.id}>`,
      ...(m.inReplyTo ? [`In-Reply-To: <${m.inReplyTo}>`, `References: <${m.inReplyTo}>`] : []),
      ...(m.list ? ['List-Id: Acme Weekly <weekly.acme.example>', 'List-Unsubscribe: <https://acme.example/unsubscribe>'] : []),
      `Date: ${m.date}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello.',
      '',
    ].join('\n'),
  )
  .join('\n');

const test = testWithServer(() => startDemoServer({ email: DEMO_ACCOUNT.email, corpusSample: CORPUS_SAMPLE, mbox: MBOX }, { OPS_ADMINS: DEMO_ACCOUNT.email }));

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let context: BrowserContext;
let page: Page;

/** A summary figure: the value after its label. */
const stat = (label: string) => page.locator('dl[aria-label="Summary"] dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
const fmt = (n: number) => new Intl.NumberFormat('en').format(n);

async function insightsFor(days: number): Promise<Insights> {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY).toISOString().slice(0, 10);
  return callFn<Insights>(page, 'getInsights', { from, to });
}

test.beforeAll(async ({ browser, server }) => {
  // The browser's zone is the user's (detected at sign-in): UTC here, so "today" is the same everywhere.
  context = await browser.newContext({ baseURL: server.url, timezoneId: 'UTC', acceptDownloads: true });
  page = await context.newPage();
  await signInAndConnectGmail(page);
  // The first sync of the sample takes seconds: wait until the conversation is in the store.
  await expect.poll(async () => (await insightsFor(7)).responseTimes.mine.count, { timeout: 60_000 }).toBe(1);
});

test.afterAll(async () => {
  await context.close();
});

test('/insights renders every chart with its table, and the range switch changes the numbers', async () => {
  const week = await insightsFor(7);
  const quarter = await insightsFor(90);
  expect(quarter.totals.received).toBeGreaterThan(week.totals.received);

  await page.goto('/insights?days=7');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(stat('Received')).toHaveText(fmt(week.totals.received));
  // Ann's message answered two hours later: the only reply of the range.
  await expect(stat('Your median reply')).toHaveText('2 h');
  for (const id of ['per-day', 'backlog', 'response']) await expect(page.getByTestId(`${id}-chart`).locator('svg.recharts-surface:not([aria-label])')).toBeVisible();
  await expect(page.getByTestId('heatmap-chart')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Top senders' }).getByText('ann@acme.example')).toBeVisible();

  // Every chart's table is there for screen readers; "Show table" shows it to everyone.
  const perDay = page.getByRole('region', { name: 'Mail per day', exact: true });
  await perDay.getByRole('button', { name: 'Show table' }).click();
  await expect(perDay.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-pressed', 'true');
  await expect(perDay.getByRole('table', { name: 'Mail per day', exact: true }).getByRole('row')).toHaveCount(1 + 7);
  await expect(page.getByTestId('per-day-chart')).toHaveCount(0);
  await expect(page.getByTestId('per-day-bundles-chart')).toHaveCount(1);

  // Received mail stacked by bundle: the chart, and its table with a column per bundle as getInsights answers.
  const byBundle = page.getByRole('region', { name: 'Mail per day by bundle' });
  await expect(page.getByTestId('per-day-bundles-chart').locator('svg.recharts-surface:not([aria-label])')).toBeVisible();
  await byBundle.getByRole('button', { name: 'Show table' }).click();
  const bundleTable = byBundle.getByRole('table', { name: 'Mail per day by bundle' });
  await expect(bundleTable.getByRole('columnheader')).toHaveText(['Day', ...week.bundles.map((b) => b.name), 'Sent']);
  await expect(bundleTable.getByRole('row')).toHaveCount(1 + 7);
  expect(week.bundles.reduce((sum, b) => sum + b.received, 0)).toBe(week.totals.received);

  await page.getByText('90 days', { exact: true }).click();
  await expect(page).toHaveURL(/days=90/);
  await expect(stat('Received')).toHaveText(fmt(quarter.totals.received));
  // The newsletter, twice unread in 90 days: a candidate to unsubscribe from, linked to /unsubscribe.
  const lists = page.getByRole('region', { name: 'Newsletters and lists' });
  await expect(lists.getByRole('link', { name: /unsubscribe from Acme Weekly/ })).toHaveAttribute('href', '/unsubscribe');
  // axe finds nothing serious on the page with every chart (and one table) showing.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});

test('Export CSV downloads what the page shows', async () => {
  await page.goto('/insights?days=30');
  const shown = await insightsFor(30);
  await expect(stat('Received')).toHaveText(fmt(shown.totals.received));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`mailroom-insights-${shown.range.from}-to-${shown.range.to}.csv`);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const sections = new Map(csv.split('\r\n\r\n').map((block) => {
    const [title, ...lines] = block.split('\r\n');
    return [title, lines] as const;
  }));
  const days = (sections.get('Mail per day') ?? []).slice(1).map((line) => line.split(','));
  expect(days).toHaveLength(30);
  expect(days.reduce((sum, d) => sum + Number(d[1]), 0)).toBe(shown.totals.received);
  expect(days.reduce((sum, d) => sum + Number(d[4]), 0)).toBe(shown.totals.sent);
  const senders = (sections.get('Top senders') ?? []).slice(1);
  expect(senders[0]?.split(',')[0]).toBe(shown.senders[0]?.key);
  await expect(page.getByRole('table', { name: 'Top senders' }).getByRole('row').nth(1)).toContainText(shown.senders[0]?.key ?? '');
  expect(sections.get('Response times')?.[1]).toBe('you,all,1,7200,7200');
  // Received per day by bundle: a column per bundle, each day's columns adding up to its received mail.
  const byBundle = sections.get('Received per day by bundle') ?? [];
  expect(byBundle[0]).toBe(['date', ...shown.bundles.map((b) => b.name), 'sent'].join(','));
  expect(byBundle.slice(1).map((line) => line.split(',').slice(1, -1).reduce((sum, n) => sum + Number(n), 0))).toEqual(days.map((d) => Number(d[1])));
});

test('/ops shows the demo mailbox’s sync, and Sync now asks for one', async () => {
  await page.goto('/ops');
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  const sync = page.getByRole('region', { name: 'Mailbox sync' });
  await expect(sync.getByText(DEMO_ACCOUNT.email)).toBeVisible();
  await expect(sync.getByText('idle', { exact: true })).toBeVisible();
  const stored = await callFn<{ account: { messagesStored: number } }>(page, 'getOpsStatus');
  await expect(sync.getByText(fmt(stored.account.messagesStored), { exact: true })).toBeVisible();
  await sync.getByRole('button', { name: 'Sync now' }).click();
  await expect(sync.getByRole('status')).toHaveText('A sync was asked for; the state above follows it.');
  // An operator here: the instance view with the queues, the requests per route and the Gmail quota spent.
  const instance = page.getByRole('region', { name: 'This Mailroom (operators)' });
  await expect(instance.getByRole('table', { name: 'Jobs by queue and state' }).getByRole('row', { name: /Mailbox sync/ })).toBeVisible();
  await expect(instance.getByRole('table', { name: /by route/ }).getByText('POST /api/fn/:name')).toBeVisible();
  const quota = page.getByRole('region', { name: 'Gmail quota' });
  await expect(quota.getByRole('table', { name: /by API method/ }).getByText('users.getProfile')).toBeVisible();
});

test('/ops: a fault drill makes the sync fail with its reason, and Retry after the drill runs it', async () => {
  await page.goto('/ops');
  const instance = page.getByRole('region', { name: 'This Mailroom (operators)' });
  await instance.getByRole('button', { name: 'Make Gmail requests fail' }).click();
  await expect(instance.getByText('The drill is on: Gmail requests fail.')).toBeVisible();
  await page.getByRole('region', { name: 'Mailbox sync' }).getByRole('button', { name: 'Sync now' }).click();

  // The sync fails at its first Gmail request (400 failedPrecondition is not retried by the client) and waits for its next attempt.
  const jobs = page.getByRole('list', { name: 'Background jobs for your mailbox' });
  const failed = jobs.getByRole('listitem').filter({ hasText: 'Mailbox sync' }).filter({ hasText: 'failed' });
  await expect(failed.first()).toBeVisible({ timeout: 30_000 });
  await expect(failed.first()).toContainText('Mail service not enabled');
  const jobId = await failed.first().getAttribute('data-job-id');
  // The operators' list of every account's failed jobs has it too.
  await expect(page.getByRole('list', { name: 'Failed jobs, every account' }).locator(`[data-job-id="${jobId}"]`)).toBeVisible();

  // The page passes axe with every operator section showing, failures included.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

  // The job also tries again by itself, 5, 10, 20 and 40 s after each failure. Had the drill ended
  // just before one of those attempts, that attempt would run it and leave nothing to retry (a
  // busy CI machine once did exactly that). So end the drill while its next attempt is well ahead
  // (or once it is out of attempts): then it is the Retry button that runs the job.
  await expect
    .poll(
      async () => {
        const { jobs: mine } = await callFn<OpsStatus>(page, 'getOpsStatus');
        const job = mine.find((j) => j.id === jobId);
        return job?.state === 'failed' || (job?.state === 'retry' && job.runAt !== null && Date.parse(job.runAt) - Date.now() > 8_000);
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  await instance.getByRole('button', { name: 'End the drill' }).click();
  await expect(instance.getByText('The drill is off.')).toBeVisible();
  const row = jobs.locator(`[data-job-id="${jobId}"]`);
  await row.getByRole('button', { name: /^Retry/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Retried: Mailbox sync is (queued|running|done)\.$/ })).toBeVisible();
  await expect(row.getByText('done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row).not.toContainText('Mail service not enabled');
});

test('/ops at 375 px in dark mode: nothing wider than the screen, every section reachable by keyboard', async ({ browser, server }) => {
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 800 }, colorScheme: 'dark', storageState: await context.storageState() });
  const small = await phone.newPage();
  await small.goto('/ops');
  // A fresh context loads the app and the page's lazy chunk first: give it time on a busy machine.
  await expect(small.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible({ timeout: 30_000 });
  await expect(small.getByRole('region', { name: 'This Mailroom (operators)' }).getByRole('table', { name: /by route/ })).toBeVisible();
  expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The wide tables scroll inside their own box, which takes keyboard focus.
  const routes = small.getByRole('group', { name: 'Requests by route' });
  await routes.focus();
  await expect(routes).toBeFocused();
  const axe = await new AxeBuilder({ page: small }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  await phone.close();
});
