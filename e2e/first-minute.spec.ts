import type { Page, Response } from '@playwright/test';
import { startDemoServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, contextOptions, expect, signInAndConnectGmail, test, watchConsole } from './web-helpers.ts';

// Issue 11, the first minute: what a new visitor gets before any feature, in the production build
// served by the real server. (How fast is measured in bench/first-minute.bench.ts, not here.)

const HEADLINE = 'Your Gmail, sorted by rules you can read.';

/** Every error the console reports (hydration mismatches included), with the CSP and uncaught errors. */
function watchErrors(page: Page): string[] {
  const problems = watchConsole(page);
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  return problems;
}

test.describe('before any script has run', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page is already there: headline, header and the way in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  test('a signed-out visit to a protected page is at the Sign in page, with the way back', async ({ page }) => {
    await page.goto('/manual?x=1');
    await expect(page).toHaveURL(/\/connect\?returnTo=%2Fmanual%3Fx%3D1$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Sign in to continue where you were going.')).toBeVisible();
  });
});

test('the prerendered pages come alive without a console error, and the redirect keeps the way back', async ({ page }) => {
  const problems = watchErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  // Hydrated: the header's signed-out buttons appear once the session answer is in, and links navigate in the app.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get started' })).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/connect\?returnTo=%2Fsettings$/);
  await expect(page.getByRole('button', { name: /Sign in with Google/ })).toBeEnabled();
  expect(problems).toEqual([]);
});

test('pages and scripts arrive brotli-compressed with the right cache headers', async ({ page }) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
  const document = responses.find((r) => r.request().resourceType() === 'document');
  const scripts = responses.filter((r) => r.url().includes('/assets/') && r.url().endsWith('.js'));
  const documentHeaders = await document!.allHeaders();
  expect(documentHeaders['content-encoding']).toBe('br');
  expect(documentHeaders.vary).toMatch(/accept-encoding/i);
  expect(documentHeaders['cache-control']).toBe('no-cache');
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    const headers = await script.allHeaders();
    expect(headers['content-encoding'], script.url()).toBe('br');
    expect(headers.vary, script.url()).toMatch(/accept-encoding/i);
    expect(headers['cache-control'], script.url()).toBe('public, max-age=31536000, immutable');
  }
});

test("a page opened at another host name moves to PUBLIC_URL's before sign-in can start", async ({ page, server }) => {
  const other = server.url.replace('//localhost:', '//127.0.0.1:');
  await page.goto(`${other}/connect?returnTo=%2Fmanual`);
  expect(page.url()).toBe(`${server.url}/connect?returnTo=%2Fmanual`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('the demo mailbox looks alive: its newest real mail is recent, and new mail arrives in the open list', async ({ browser }) => {
  test.setTimeout(180_000);
  const DAY = 24 * 3600 * 1000;
  // A corpus sample with its last 80 days held back (about 80 messages), delivered about every 3 s
  // while the server runs: minutes of new mail, so some still arrives after a slow sign-in and sync.
  const server = await startDemoServer({ email: DEMO_ACCOUNT.email, corpusSample: 300, holdBackMs: 80 * DAY }, { SANDBOX_LIVE_DELIVERY_SECONDS: '3' });
  const context = await browser.newContext(contextOptions(server.url, { width: 375, scheme: 'dark' }));
  const startedAt = Date.now();
  try {
    const page = await context.newPage();
    await signInAndConnectGmail(page);
    await expect
      .poll(async () => (await callFn<{ sync: { state: string } }>(page, 'getGmailStatus')).sync.state, { timeout: 60_000, intervals: [500] })
      .toBe('idle');
    const { categoryId } = await callFn<{ categoryId: string }>(page, 'createCategory', { name: 'Everything', query: 'is:read OR is:unread' });
    const { emails } = await callFn<{ emails: Array<{ id: string; date: string }> }>(page, 'getCategoryEmails', { categoryId, pageSize: 100 });
    // Seeded mail (dated before this test began) ends about an hour ago, not months back.
    const seeded = emails.map((e) => Date.parse(e.date)).filter((d) => d < startedAt);
    expect(Math.max(...seeded)).toBeGreaterThan(startedAt - DAY);

    await page.goto(`/manual/${encodeURIComponent(categoryId)}`);
    const rows = page.getByTestId('message-row');
    await expect(rows.first()).toBeVisible();
    const openedAt = Date.now();
    const topAtOpen = await rows.first().getAttribute('data-message-id');
    // Without a reload: live delivery, Gmail's push, the incremental sync, and the open list.
    await expect
      .poll(async () => rows.first().getAttribute('data-message-id'), { timeout: 90_000, intervals: [1_000] })
      .not.toBe(topAtOpen);
    const arrived = Date.parse((await rows.first().locator('time').first().getAttribute('datetime'))!);
    expect(arrived).toBeGreaterThan(openedAt - 60_000);
    await context.close();
  } finally {
    await context.close().catch(() => {});
    await server.stop();
  }
});
