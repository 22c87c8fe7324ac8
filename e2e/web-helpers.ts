import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test as base } from './fixtures.ts';
import { createSignedInState } from './web-journeys.ts';

export * from './web-journeys.ts';

/**
 * `test` plus `signedIn`: a page in a context whose demo user is signed in with Gmail connected
 * (one sign-in per worker). Specs that sign out or change the account make their own user.
 */
export const test = base.extend<{ signedIn: Page; signedInContext: BrowserContext }, { signedInState: string }>({
  signedInState: [
    async ({ browser, server }, use) => {
      const file = await createSignedInState(browser, server.url);
      await use(file);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  signedInContext: async ({ browser, server, signedInState }, use) => {
    const context = await browser.newContext({ baseURL: server.url, storageState: signedInState });
    await use(context);
    await context.close();
  },
  signedIn: async ({ signedInContext }, use) => {
    await use(await signedInContext.newPage());
  },
});

export { expect };

/** Collects Content-Security-Policy violations and uncaught errors a page reports. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}
