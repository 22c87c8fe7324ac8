import { expect, test, watchConsole } from './web-helpers.ts';

// Issue 2's web shell, in the production build served by the real server under its strict CSP.

test('the landing page renders at / without a CSP violation', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Gmail, sorted by rules you can read.' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
  expect(problems).toEqual([]);
});

test('any unknown path shows the landing page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Gmail, sorted by rules you can read.' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
});

test('a thrown render error shows "Something went wrong" with the message and a way back', async ({ page }) => {
  // The probe route exists only when this key is set before the app starts (see renderErrorProbe.tsx).
  await page.addInitScript(() => window.localStorage.setItem('mailroom.e2e.renderErrorProbe', 'enabled'));
  await page.goto('/__e2e/render-error?message=Category%20list%20exploded');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText('Category list exploded');
  // The header is still there: the error is contained to the page.
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Mailroom' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Gmail, sorted by rules you can read.' })).toBeVisible();
});

test('without the test switch the probe path is just an unknown path (the landing page)', async ({ page }) => {
  await page.goto('/__e2e/render-error?message=nope');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Gmail, sorted by rules you can read.' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test.describe('failed page loads', () => {
  // The service worker would fetch the chunk itself, past page.route.
  test.use({ serviceWorkers: 'block' });

  test('a page that fails to load shows the error screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Privacy' }).first()).toBeVisible();
    // The privacy page's code-split chunk cannot be fetched (a deploy replaced it, the network dropped).
    await page.route(/\/assets\/PrivacyPage-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.getByRole('link', { name: 'Privacy' }).first().click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByTestId('error-message')).toContainText(/PrivacyPage|dynamically imported module|Failed to fetch/i);
  });
});

test('dark mode follows the system setting', async ({ browser, server }) => {
  for (const [scheme, expected] of [
    ['light', 'rgb(246, 247, 249)'],
    ['dark', 'rgb(11, 17, 32)'],
  ] as const) {
    const context = await browser.newContext({ baseURL: server.url, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('main')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(expected);
    await context.close();
  }
});
