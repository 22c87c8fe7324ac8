import type { Page } from '@playwright/test';
import { answerNotificationsNotNow, completePopup, expect, passProvider, test } from './web-helpers.ts';

// Issue 5, in the browser: the seed's sign-in behaviour against the embedded OpenID provider,
// popup first, the redirect fallback, and the error catalogue word for word.

const CANCELLED = 'Sign-in cancelled. Click "Connect Gmail Now" to try again.';
const POPUP_BLOCKED = 'Popup was blocked. Redirecting to sign in...';
const BOTH_FAILED = 'Both popup and redirect failed. Please allow popups or try a normal browser window (not incognito).';
const IN_PROGRESS = 'Another sign-in attempt is already in progress. Please wait...';
const NETWORK = 'Network error. Please check your internet connection and try again.';
const REDIRECT_RESULT = 'Failed to complete sign-in. Please try again.';

async function blockPopups(page: Page) {
  await page.addInitScript(() => {
    window.open = () => null;
  });
}

async function cancelAtProvider(page: Page) {
  await page.getByRole('button', { name: 'Cancel' }).click();
}

test('a new user goes from the landing page through popup sign-in and Gmail consent to /connect/success, then /dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(/\/get-started$/);
  await completePopup(page, () => page.getByRole('button', { name: 'Connect Gmail Now' }).click());
  await expect(page).toHaveURL(/\/connect\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gmail connected' })).toBeVisible();
  await page.getByRole('link', { name: 'Skip to Inbox' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('demo@mailroom.local')).toBeVisible();
});

test('the landing page’s Google sign-in goes to /dashboard', async ({ page }) => {
  await page.goto('/');
  await completePopup(page, () => page.getByRole('button', { name: 'Sign in with Google' }).click());
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('/connect signs in and goes to /features', async ({ page }) => {
  await page.goto('/connect');
  await completePopup(page, () => page.getByRole('button', { name: 'Sign in with Google' }).click());
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Demo User' })).toBeVisible();
});

test('closing the popup shows the cancelled message on the connect page, and Try Again', async ({ page }) => {
  await page.goto('/get-started');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Gmail Now' }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: /Continue as Demo User/ }).waitFor();
  await popup.close();
  await expect(page.getByRole('alert')).toHaveText(CANCELLED);
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});

test('closing the popup elsewhere is ignored silently', async ({ page }) => {
  await page.goto('/');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: /Continue as Demo User/ }).waitFor();
  await popup.close();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a second sign-in while the popup is open is refused', async ({ page }) => {
  await page.goto('/get-started');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect Gmail Now' }).click();
  const popup = await popupPromise;
  await popup.getByRole('button', { name: /Continue as Demo User/ }).waitFor();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(IN_PROGRESS);
  await popup.close();
});

test('an error from the provider in the popup says "Sign-in failed: {code} - {message}"', async ({ page }) => {
  await page.goto('/connect');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await cancelAtProvider(popup);
  await expect(page.getByRole('alert')).toHaveText(/^Sign-in failed: access_denied - .+/);
});

test('a blocked popup says so, falls back to redirect, remembers it, and completes at /connect/success', async ({ page }) => {
  await blockPopups(page);
  await page.goto('/get-started');
  // Answer the redirect's first request with 204 (the browser stays on the page) so the message
  // can be read, then follow the very URL the app navigated to.
  let redirectUrl = '';
  await page.route('**/api/auth/signin?mode=redirect*', async (route) => {
    redirectUrl = route.request().url();
    await route.fulfill({ status: 204 });
  });
  await page.getByRole('button', { name: 'Connect Gmail Now' }).click();
  await expect(page.getByRole('status').filter({ hasText: POPUP_BLOCKED })).toBeVisible();
  await expect.poll(() => redirectUrl).toContain('/api/auth/signin?mode=redirect');
  expect(await page.evaluate(() => window.localStorage.getItem('mailroom.auth.preferRedirect'))).toBe('1');
  await page.unrouteAll();
  await page.goto(redirectUrl);
  await passProvider(page, () => /\/connect\/success/.test(page.url()));
  await expect(page).toHaveURL(/\/connect\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gmail connected' })).toBeVisible();
});

test('when the redirect after a blocked popup fails too, both failures are reported', async ({ page }) => {
  await blockPopups(page);
  await page.goto('/connect');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await cancelAtProvider(page);
  await expect(page).toHaveURL(/\/connect\?signin=error/);
  await expect(page.getByRole('alert')).toHaveText(BOTH_FAILED);
});

test('a failed redirect sign-in says "Failed to complete sign-in. Please try again."', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('mailroom.auth.preferRedirect', '1'));
  await page.goto('/connect');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await cancelAtProvider(page);
  await expect(page).toHaveURL(/\/connect\?signin=error/);
  await expect(page.getByRole('alert')).toHaveText(REDIRECT_RESULT);
});

test('offline, sign-in reports the network error', async ({ page, context }) => {
  await page.goto('/connect');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(NETWORK);
  await context.setOffline(false);
});

test('signing out clears the session', async ({ page }) => {
  await page.goto('/');
  // The demo user's first sync may be done (another spec of this worker connected Gmail), and then
  // the notifications opt-in would offer itself on /dashboard over the account menu.
  await answerNotificationsNotNow(page);
  await completePopup(page, () => page.getByRole('button', { name: 'Sign in with Google' }).click());
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: /, account: / }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session).toEqual({ user: null, csrfToken: null });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/connect\?returnTo=%2Fdashboard$/);
});
