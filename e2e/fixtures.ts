import { test as base, expect } from '@playwright/test';
import { startDemoServer, type TestServer } from './server.ts';
import { DEMO_ACCOUNT } from './web-journeys.ts';

/**
 * How much of the SpamAssassin corpus the shared server's demo mailbox holds. The whole corpus
 * (what `npm start` seeds) takes a core for a minute and a half to sync, during which every spec
 * of the worker waits on a busy machine; the shell, route and accessibility specs that use this
 * server need a mailbox with mail of every kind in it, not six thousand messages. The whole
 * corpus's sync is measured by `npm run bench` (sync.bench.ts).
 */
const SHARED_CORPUS_SAMPLE = 600;

/**
 * `test` with a worker-scoped real server: `baseURL` points at it, so `page.goto('/')` hits the
 * built app. Specs that need their own server (special env) call startTestServer directly.
 */
export const test = base.extend<object, { server: TestServer }>({
  server: [
    // Playwright requires an object pattern for fixtures that use no other fixture.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startDemoServer({ email: DEMO_ACCOUNT.email, corpusSample: SHARED_CORPUS_SAMPLE });
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
