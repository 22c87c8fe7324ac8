import type { Page, Response } from '@playwright/test';
import { expect, test, watchConsole } from './web-helpers.ts';

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
