import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, testWithServer } from './fixtures.ts';
import { mboxOf, startDemoServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, completePopup, contextOptions, signInAndConnectGmail } from './web-journeys.ts';

// Issue 13 in the browser, against the embedded default (one server, one page for the file):
// Inbox Flow lists the inbox by priority with an Important / Other split and counts, a score on
// every row and "Why is this here?" in the reading pane; starring one of a sender's messages
// raises the sender's others once the list re-ranks (and the page says so), and its Undo takes
// that back; `-` and `!` move a message between the tabs; `e` archives and Undo brings it back.

const CORPUS_SAMPLE = 60;

/** A few people and a newsletter the demo mailbox gets besides its corpus sample. */
function mbox(): string {
  const entries = [
    { from: 'Bartholomew Finch <bart@finch.example>', subject: 'Lunch on Thursday?' },
    { from: 'Bartholomew Finch <bart@finch.example>', subject: 'The contract draft' },
    { from: 'Bartholomew Finch <bart@finch.example>', subject: 'Photos from the trip' },
    { from: 'Shop Deals <deals@news.shop.example>', subject: 'Huge savings this weekend', extra: ['List-Unsubscribe: <https://news.shop.example/u>', 'Precedence: bulk'] },
  ];
  return mboxOf(
    entries.map((e, i) => ({
      ...e,
      to: DEMO_ACCOUNT.email,
      messageId: `inbox-e2e-${i}@example.org`,
      minutesAgo: 30 + i,
      labels: 'Inbox,Unread',
      headers: e.extra ?? [],
      body: `Body of ${e.subject}.`,
    })),
  );
}

const test = testWithServer(() => startDemoServer({ email: DEMO_ACCOUNT.email, corpusSample: CORPUS_SAMPLE, mbox: mbox() }));

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let context: BrowserContext;
let page: Page;

const rows = () => page.getByTestId('message-row');
const row = (subject: string) => rows().filter({ has: page.getByTestId('row-subject').getByText(subject, { exact: true }) });
const scoreOf = async (subject: string) => Number(await row(subject).getByTestId('priority-badge').getAttribute('data-score'));
const tab = (name: 'Important' | 'Other' | 'All') => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const count = async (split: 'important' | 'other' | 'all') => Number((await page.getByTestId(`count-${split}`).textContent())?.replace(/\D/g, ''));

test.beforeAll(async ({ browser, server }) => {
  context = await browser.newContext(contextOptions(server.url, { width: 1280, scheme: 'light' }));
  page = await context.newPage();
  await signInAndConnectGmail(page);
  await expect
    .poll(async () => {
      const { sync } = await callFn<{ sync: { state: string; messageCount: number } }>(page, 'getGmailStatus');
      return sync.state === 'idle' && sync.messageCount > 0;
    }, { timeout: 30_000, intervals: [250] })
    .toBe(true);
  await page.goto('/inbox?tab=all');
  const banner = page.getByTestId('write-access-banner');
  await expect(banner).toBeVisible();
  await completePopup(page, () => banner.getByRole('button', { name: 'Grant write access' }).click());
  await expect(banner).toBeHidden();
});

test.afterAll(async () => {
  await context.close();
});

test('/inbox lists the inbox by score with an Important / Other split, counts, and the reasons', async () => {
  await page.goto('/inbox');
  await expect(tab('Important')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('count-all')).toBeVisible();
  expect((await count('important')) + (await count('other'))).toBe(await count('all'));
  expect(await count('important')).toBeGreaterThan(0);

  await tab('All').click();
  await expect(tab('All')).toHaveAttribute('aria-selected', 'true');
  // The newsletter is below the line: its row shows once the All list has loaded.
  await expect(row('Huge savings this weekend')).toBeVisible();
  const scores = await page.getByTestId('priority-badge').evaluateAll((badges) => badges.map((b) => Number(b.getAttribute('data-score'))));
  expect(scores.length).toBe(await rows().count());
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  // A person writing to the user ranks above a newsletter.
  expect(await scoreOf('Lunch on Thursday?')).toBeGreaterThan(await scoreOf('Huge savings this weekend'));
  await expect(row('Lunch on Thursday?').getByTestId('priority-badge')).toHaveAttribute('title', /Priority \d+ of 100/);

  await row('Lunch on Thursday?').getByRole('button').click();
  const why = page.getByTestId('why-this-score');
  await expect(why.getByRole('heading', { name: 'Why is this here?' })).toBeVisible();
  const reasons = why.getByRole('list', { name: 'What moved the score' }).getByRole('listitem');
  await expect(reasons.first()).toBeVisible();
  // Three to five reasons, each in words.
  expect(await reasons.count()).toBeGreaterThanOrEqual(3);
  expect(await reasons.count()).toBeLessThanOrEqual(5);
  await expect(why).toContainText(`Priority ${await scoreOf('Lunch on Thursday?')} of 100`);
  // As mail-list.spec: the message frame (the sender's HTML, sandboxed) is not Mailroom's page,
  // and one run in the page itself (the default's fresh tab hangs once a message is open).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ iframes: false }).setLegacyMode(true).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
});

test('starring one of a sender’s messages raises the sender’s other mail once the list re-ranks', async () => {
  await page.goto('/inbox?tab=all');
  await expect(row('The contract draft')).toBeVisible();
  const before = [await scoreOf('Lunch on Thursday?'), await scoreOf('The contract draft')];
  await row('Photos from the trip').getByRole('checkbox').check();
  await page.keyboard.press('s');
  await expect(page.getByTestId('undo-bar')).toContainText('Starred');
  await expect(page.getByTestId('learning-status')).toContainText('Mail from Bartholomew Finch will rank higher');
  await expect.poll(() => scoreOf('Lunch on Thursday?')).toBeGreaterThan(before[0]!);
  await expect.poll(() => scoreOf('The contract draft')).toBeGreaterThan(before[1]!);

  // Undo takes back what the star taught: the sender's other mail ranks as it did.
  const raised = await scoreOf('Lunch on Thursday?');
  expect(raised).toBeGreaterThan(before[0]! + 2);
  await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('undo-bar')).toContainText('Undone');
  await expect.poll(() => scoreOf('Lunch on Thursday?')).toBeLessThanOrEqual(before[0]! + 2);
  await expect.poll(() => scoreOf('The contract draft')).toBeLessThanOrEqual(before[1]! + 2);
});

test('"-" moves a message from Important to Other, "!" brings it back', async () => {
  await page.goto('/inbox?tab=important');
  const first = rows().first();
  const subject = (await first.getByTestId('row-subject').textContent()) ?? '';
  const important = await count('important');
  await first.getByRole('checkbox').check();
  await page.keyboard.press('-');
  await expect(row(subject)).toHaveCount(0);
  // The model learns from it: the message (and maybe mail like it) falls below the line.
  await expect.poll(() => count('important')).toBeLessThan(important);

  await tab('Other').click();
  await expect(row(subject)).toHaveCount(1);
  await row(subject).getByRole('checkbox').check();
  await page.keyboard.press('!');
  await expect(row(subject)).toHaveCount(0);
  await tab('Important').click();
  await expect(row(subject)).toHaveCount(1);
  await expect(row(subject).getByTestId('priority-badge')).toHaveAttribute('title', /\(important\)/);
});

test('"e" archives out of Inbox Flow, and Undo puts it back', async () => {
  await page.goto('/inbox?tab=all');
  const all = await count('all');
  await row('Huge savings this weekend').getByRole('checkbox').check();
  await page.keyboard.press('e');
  await expect(page.getByTestId('undo-bar')).toContainText('Archived 1 message');
  await expect(row('Huge savings this weekend')).toHaveCount(0);
  await expect.poll(() => count('all')).toBe(all - 1);
  await page.getByTestId('undo-bar').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('undo-bar')).toContainText('Undone');
  await expect(row('Huge savings this weekend')).toHaveCount(1);
  await expect.poll(() => count('all')).toBe(all);
});
