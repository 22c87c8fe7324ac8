import { test as base, expect } from '@playwright/test';
import { startTestServer, type TestServer } from './server.ts';

/**
 * `test` with a worker-scoped real server: `baseURL` points at it, so `page.goto('/')` hits the
 * built app. Specs that need their own server (special env) call startTestServer directly.
 */
export const test = base.extend<object, { server: TestServer }>({
  server: [
    // Playwright requires an object pattern for fixtures that use no other fixture.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startTestServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

/**
 * `test` whose worker-scoped server is the one `start` starts: a spec's own demo mailbox or
 * settings. `baseURL` points at it as above.
 */
export function testWithServer(start: () => Promise<TestServer>) {
  return test.extend<object, { server: TestServer }>({
    server: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const server = await start();
        await use(server);
        await server.stop();
      },
      { scope: 'worker' },
    ],
  });
}

export { expect };
