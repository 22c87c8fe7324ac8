import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

/**
 * The web app's browser journeys, usable from specs and from plain scripts (screenshots.ts):
 * signing in through the embedded OpenID provider (its "Choose an account" and consent pages
 * under /idp), and the route lists of issue 6.
 */

export interface LocalAccount {
  email: string;
  name: string;
}

export const DEMO_ACCOUNT: LocalAccount = { email: 'demo@mailroom.local', name: 'Demo User' };

/** Every route of issue 6 that needs a signed-in user. */
export const PROTECTED_ROUTES = [
  '/dashboard',
  '/dashboard-old',
  '/categories',
  '/bundles',
  '/recovery',
  '/digest',
  '/unsubscribe',
  '/settings',
  '/ops',
  '/reply/voice',
  '/inbox',
  '/insights',
  '/manual',
  '/manual-old',
  '/manual/example-category',
  '/manual-test',
  '/gmail-fix',
  '/gmail/test',
  '/search',
] as const;

/** The seed's test and debug routes that open the public Diagnostics page. */
export const DIAGNOSTIC_ROUTES = [
  '/connect/test',
  '/auth/test',
  '/oauth/test',
  '/oauth/diagnostic',
  '/oauth/debug',
  '/gmail-debug',
  '/test',
  '/gmail/debug',
] as const;

export const PUBLIC_ROUTES = ['/', '/no/such/page', '/get-started', '/connect', '/connect/success', '/privacy', '/security', '/features'] as const;

/**
 * Each page's h1 once signed in (redirecting routes name the page they land on). The category
 * and recovery pages belong to issue 7, which decides their headings; any h1 will do there.
 */
export const SIGNED_IN_HEADINGS: Record<(typeof PROTECTED_ROUTES)[number], string | RegExp> = {
  '/dashboard': 'Dashboard',
  '/dashboard-old': 'Dashboard',
  '/categories': 'All categories',
  '/bundles': 'Bundles',
  '/recovery': /\S/,
  '/digest': 'Daily digest',
  '/unsubscribe': 'Unsubscribe',
  '/settings': 'Settings',
  '/ops': 'Operations',
  '/reply/voice': 'Voice reply',
  '/inbox': 'Inbox Flow',
  '/insights': 'Insights',
  '/manual': /\S/,
  '/manual-old': /\S/,
  '/manual/example-category': /\S/,
  '/manual-test': /\S/,
  '/gmail-fix': 'Reconnect Gmail',
  '/gmail/test': 'Diagnostics',
  '/search': 'Search',
};

/**
 * Walks the embedded provider's pages in `page` (a popup or the main window): picks the account
 * (the demo account, or adds a local one) and allows each consent, until `finished()` holds.
 */
export async function passProvider(page: Page, finished: () => boolean, account: LocalAccount = DEMO_ACCOUNT): Promise<void> {
  for (let step = 0; step < 6 && !finished() && !page.isClosed(); step++) {
    const choice =
      account.email === DEMO_ACCOUNT.email
        ? page.getByRole('button', { name: /Continue as Demo User/ })
        : page.getByRole('button', { name: 'Add account and continue' });
    const allow = page.getByRole('button', { name: 'Allow', exact: true });
    const next = choice.or(allow).first();
    try {
      await next.waitFor({ timeout: 20_000 });
    } catch (error) {
      if (finished() || page.isClosed()) return;
      throw error;
    }
    if (await choice.isVisible()) {
      if (account.email !== DEMO_ACCOUNT.email) {
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Your name').fill(account.name);
      }
      await choice.click();
    } else {
      await allow.click().catch((error: unknown) => {
        if (!page.isClosed()) throw error;
      });
    }
    await page.waitForLoadState().catch(() => undefined);
  }
}

/** Runs whatever opens the sign-in popup, then completes it in the popup; resolves when it closed. */
export async function completePopup(page: Page, open: () => Promise<unknown>, account?: LocalAccount): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await open();
  const popup = await popupPromise;
  const closed = popup.waitForEvent('close');
  await passProvider(popup, () => popup.isClosed(), account);
  await closed;
}

/**
 * A new user's journey through the real UI: /get-started -> Connect Gmail Now -> popup sign-in
 * -> Gmail consent -> /connect/success.
 */
export async function signInAndConnectGmail(page: Page, account?: LocalAccount): Promise<void> {
  await page.goto('/get-started');
  await completePopup(page, () => page.getByRole('button', { name: 'Connect Gmail Now' }).click(), account);
  await page.waitForURL('**/connect/success');
  await answerNotificationsNotNow(page);
}

/**
 * The notifications opt-in offers itself as a modal dialog once the first sync is done; specs
 * about other things go on as a user who answered it "Not now" (notifications.spec.ts does not).
 * The page must be on the app's origin.
 */
export async function answerNotificationsNotNow(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('mailroom.notifications.notNowAt', '0'));
}

/** Signs in by the redirect method (no Gmail), landing on `returnTo`. */
export async function signInByRedirect(page: Page, returnTo = '/dashboard', account?: LocalAccount): Promise<void> {
  await page.goto(`/api/auth/signin?mode=redirect&returnTo=${encodeURIComponent(returnTo)}`);
  const onProvider = () => /^\/(idp|api)\//.test(new URL(page.url()).pathname);
  await passProvider(page, () => !onProvider(), account);
  await page.waitForURL((url) => url.pathname === returnTo.split('?')[0]);
}

export interface ContextShape {
  width: number;
  scheme: 'light' | 'dark';
}

export function contextOptions(baseURL: string, shape: ContextShape, storageState?: string): BrowserContextOptions {
  return {
    baseURL,
    viewport: { width: shape.width, height: 900 },
    colorScheme: shape.scheme,
    ...(storageState ? { storageState } : {}),
  };
}

export const SHAPES: ContextShape[] = [
  { width: 375, scheme: 'light' },
  { width: 375, scheme: 'dark' },
  { width: 1280, scheme: 'light' },
  { width: 1280, scheme: 'dark' },
];

/** Signs the demo user in and connects Gmail in a throwaway context; returns its storage state file. */
export async function createSignedInState(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signInAndConnectGmail(page);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-e2e-state-')), 'state.json');
    await context.storageState({ path: file });
    return file;
  } finally {
    await context.close();
  }
}

/** Calls a function as the signed-in page does (session cookie and CSRF proof). */
export async function callFn<T>(page: Page, name: string, data: unknown = {}): Promise<T> {
  return page.evaluate(
    async ([fn, body]) => {
      const session = (await (await fetch('/api/auth/session')).json()) as { csrfToken: string };
      const response = await fetch(`/api/fn/${fn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify({ data: body }),
      });
      const json = (await response.json()) as { result?: unknown; error?: unknown };
      if (!response.ok) throw new Error(`${fn}: ${JSON.stringify(json.error)}`);
      return json.result;
    },
    [name, data] as const,
  ) as Promise<T>;
}

/** A page that scrolls sideways hides content (WCAG 1.4.10, reflow): what it found, or nothing. */
export async function sidewaysScroll(page: Page, where: string): Promise<string[]> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  return scrollWidth > innerWidth ? [`${where}: scrolls sideways (${scrollWidth} px content in a ${innerWidth} px window)`] : [];
}
