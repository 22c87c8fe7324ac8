import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, testWithServer } from './fixtures.ts';
import { mboxOf, startDemoServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, contextOptions, sidewaysScroll, signInAndConnectGmail } from './web-journeys.ts';

// Issue 19's delivery settings in Inbox Flow, against the embedded default: a bundle set to "one
// grouped row" is one row in /inbox that opens the bundle, and its mail is not listed on its own;
// a bundle "held for the daily digest" is not in /inbox at all, except its starred mail. A sender
// the user moved is listed in the bundle settings on /bundles and can be removed there, after
// which their mail is filed by its headers again. Both pages pass axe at 375 px dark and 1280 px
// light, without scrolling sideways.

const CORPUS_SAMPLE = 60;

/** A newsletter with three issues (one starred) and a mailing list with three posts. */
function mbox(): string {
  const newsletter = ['List-Id: Weekly Notes <weekly.notes.example>', 'List-Unsubscribe: <https://notes.example/u>', 'Precedence: bulk'];
  const forum = ['List-Id: Gardeners <gardeners.lists.example>', 'List-Post: <mailto:gardeners@lists.example>', 'Precedence: list'];
  const entries = [
    { from: 'Weekly Notes <editor@notes.example>', subject: 'Weekly Notes: issue 41', extra: newsletter, labels: 'Inbox,Unread' },
    { from: 'Weekly Notes <editor@notes.example>', subject: 'Weekly Notes: issue 42', extra: newsletter, labels: 'Inbox,Unread' },
    { from: 'Weekly Notes <editor@notes.example>', subject: 'Weekly Notes: issue 43 (starred)', extra: newsletter, labels: 'Inbox,Starred' },
    { from: 'Rosa Beet <rosa@beet.example>', subject: 'Re: tomatoes in November', extra: forum, labels: 'Inbox,Unread' },
    { from: 'Tom Leek <tom@leek.example>', subject: 'Re: tomatoes in November', extra: forum, labels: 'Inbox,Unread' },
    { from: 'Rosa Beet <rosa@beet.example>', subject: 'Seed swap on Saturday', extra: forum, labels: 'Inbox' },
  ];
  return mboxOf(
    entries.map((e, i) => ({
      ...e,
      to: DEMO_ACCOUNT.email,
      messageId: `bundle-delivery-${i}@example.org`,
      minutesAgo: 20 + i,
      headers: e.extra,
      body: `Body of ${e.subject}.`,
    })),
  );
}

const test = testWithServer(() => startDemoServer({ email: DEMO_ACCOUNT.email, corpusSample: CORPUS_SAMPLE, mbox: mbox() }));

test.describe.configure({ timeout: 180_000 });

type Email = { id: string; subject: string; starred: boolean; important: boolean; from: { address: string } };
type InboxAnswer = { messages: Email[]; nextPageToken: string | null; groups: Array<{ bundleId: string; count: number; unreadCount: number }> };

async function bundleMail(page: Page, bundleId: string): Promise<Email[]> {
  const emails: Email[] = [];
  let pageToken: string | null = null;
  do {
    const answer: { emails: Email[]; nextPageToken: string | null } = await callFn(page, 'getBundleEmails', { bundleId, pageSize: 100, ...(pageToken ? { pageToken } : {}) });
    emails.push(...answer.emails);
    pageToken = answer.nextPageToken;
  } while (pageToken);
  return emails;
}

async function inboxFlow(page: Page, split: 'important' | 'other' | 'all'): Promise<{ ids: string[]; first: InboxAnswer }> {
  const first = await callFn<InboxAnswer>(page, 'listInbox', { split, pageSize: 100 });
  const ids = first.messages.map((m) => m.id);
  let pageToken = first.nextPageToken;
  while (pageToken) {
    const next: InboxAnswer = await callFn(page, 'listInbox', { split, pageSize: 100, pageToken });
    ids.push(...next.messages.map((m) => m.id));
    pageToken = next.nextPageToken;
  }
  return { ids, first };
}

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ iframes: false }).setLegacyMode(true).analyze();
  const problems = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${where}: ${v.id}: ${v.nodes[0]?.target.join(' ')}`);
  return [...problems, ...(await sidewaysScroll(page, where))];
}

test('Inbox Flow follows bundle delivery (a grouped row that opens the bundle, held mail gone but starred mail kept), and a moved sender is removed from the bundle settings', async ({ page, browser, server }) => {
  await signInAndConnectGmail(page);
  await expect
    .poll(async () => (await callFn<{ bundles: Array<{ bundleId: string; count: number }> }>(page, 'listBundles')).bundles.find((b) => b.bundleId === 'newsletters')?.count ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0);

  // The bundle settings, on /bundles.
  await page.goto('/bundles');
  await page.getByTestId('bundle-forums').getByLabel(/Shows as/).selectOption('grouped');
  await expect(page.getByText('Forums and mailing lists: one grouped row in the inbox')).toBeVisible();
  await page.getByTestId('bundle-newsletters').getByLabel(/Shows as/).selectOption('digest');
  await expect(page.getByText('Newsletters: held for the daily digest')).toBeVisible();

  // What should show: held newsletters only when important (starred, marked, or above the line).
  const newsletters = await bundleMail(page, 'newsletters');
  const starredIssue = newsletters.find((e) => e.subject === 'Weekly Notes: issue 43 (starred)');
  expect(starredIssue, 'the starred issue is filed as a newsletter').toBeTruthy();
  const aboveLine = new Set((await inboxFlow(page, 'important')).ids);
  const held = newsletters.filter((e) => !e.starred && !e.important && !aboveLine.has(e.id));
  expect(held.length).toBeGreaterThan(0);
  const forums = await bundleMail(page, 'forums');
  const grouped = forums.filter((e) => !e.starred && !e.important && !aboveLine.has(e.id));
  expect(grouped.length).toBeGreaterThan(0);

  // The server's list leaves them out, and groups the forums.
  const all = await inboxFlow(page, 'all');
  for (const e of [...held, ...grouped]) expect(all.ids, e.subject).not.toContain(e.id);
  expect(all.ids).toContain(starredIssue!.id);
  expect(all.first.groups).toEqual([expect.objectContaining({ bundleId: 'forums', count: grouped.length })]);

  // The page: one row for the forums, with the count, above Other's messages; held mail absent.
  await page.goto('/inbox?tab=other');
  const groupRows = page.getByRole('list', { name: 'Bundles in your inbox' }).getByRole('link');
  await expect(groupRows).toHaveCount(1);
  await expect(groupRows.first()).toContainText('Forums and mailing lists');
  await expect(groupRows.first().getByTestId('inbox-bundle-count')).toHaveText(String(grouped.length));
  await expect(page.getByTestId('message-row').first()).toBeVisible();
  for (const e of [...held, ...grouped]) await expect(page.locator(`[data-message-id="${e.id}"]`)).toHaveCount(0);
  await page.goto('/inbox?tab=all');
  await expect(page.locator(`[data-message-id="${starredIssue!.id}"]`)).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Bundles in your inbox' })).toBeVisible();
  await page.goto('/inbox?tab=important');
  await expect(page.getByTestId('learning-status')).toContainText('Important starts at');
  await expect(page.getByRole('list', { name: 'Bundles in your inbox' })).toHaveCount(0);
  // The row opens the bundle.
  await page.goto('/inbox?tab=other');
  await groupRows.first().click();
  await page.waitForURL('**/bundles/forums');
  await expect(page.getByRole('heading', { level: 1, name: 'Forums and mailing lists' })).toBeVisible();

  // A moved sender is listed in the settings and can be removed there; the removal sticks.
  const rosa = forums.find((e) => e.from.address === 'rosa@beet.example');
  expect(rosa, 'Rosa’s post is filed under forums').toBeTruthy();
  await callFn(page, 'moveSender', { address: 'rosa@beet.example', bundleId: 'travel' });
  expect((await bundleMail(page, 'forums')).map((e) => e.id)).not.toContain(rosa!.id);
  await page.goto('/bundles');
  const rules = page.getByRole('list', { name: 'Senders you moved' });
  await expect(rules.getByRole('listitem')).toHaveCount(1);
  await expect(rules.getByRole('listitem').first()).toContainText('rosa@beet.example');
  await expect(rules.getByRole('listitem').first()).toContainText('To Travel and reservations');

  // Looks: both pages with their new parts, axe-clean, at a phone's width in dark and a desktop's in light.
  const state = await page.context().storageState();
  const problems: string[] = [];
  for (const shape of [{ width: 375, scheme: 'dark' }, { width: 1280, scheme: 'light' }] as const) {
    const shaped = await browser.newContext({ ...contextOptions(server.url, shape), storageState: state });
    const shapePage = await shaped.newPage();
    await shapePage.goto('/inbox?tab=other');
    await expect(shapePage.getByRole('list', { name: 'Bundles in your inbox' })).toBeVisible();
    await expect(shapePage.getByTestId('message-row').first()).toBeVisible();
    problems.push(...(await seriousViolations(shapePage, `${shape.width}px ${shape.scheme} /inbox`)));
    await shapePage.goto('/bundles');
    await expect(shapePage.getByRole('list', { name: 'Senders you moved' })).toBeVisible();
    problems.push(...(await seriousViolations(shapePage, `${shape.width}px ${shape.scheme} /bundles`)));
    await shaped.close();
  }
  expect(problems).toEqual([]);

  await rules.getByRole('button', { name: 'Remove the choice for rosa@beet.example' }).click();
  await expect(page.getByText('rosa@beet.example is filed by its headers again')).toBeVisible();
  await expect(page.getByTestId('sender-rules')).toContainText('None yet');
  await page.reload();
  await expect(page.getByTestId('sender-rules')).toContainText('None yet');
  expect((await bundleMail(page, 'forums')).map((e) => e.id)).toContain(rosa!.id);
  expect((await bundleMail(page, 'travel')).map((e) => e.id)).not.toContain(rosa!.id);
});
