import { defineConfig } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (playwright-core cannot download its own browser here).
 * Each worker starts the real, built server on a free port with a temp data directory
 * (see fixtures.ts), so specs never share state with each other or with a developer's ./data.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two workers on CI's two cores: the specs spend much of their time waiting (undo windows, syncs,
  // network idle), and one worker alone took CI past its 30 minutes. Each worker has its own
  // server and browser, shared by every spec file it runs.
  workers: 2,
  retries: 0,
  // Room for a slow machine: CI machines of the same kind have differed threefold in how fast
  // Chromium runs (the whole suite 7 min on one, 26 on another), and a page that a user sees at
  // once on a quiet machine took over 10 s to show its heading on the slow one. With the other
  // worker walking every route under axe, /settings once stood at its spinner for over 15 s: its
  // code had arrived in 4 s, then the tab did nothing for 13 s (the trace's network log), and its
  // first calls went out at 17 s. A wait that ends as soon as the page is there costs a passing test nothing.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    // A failed test keeps its trace of actions, console and errors, its page as an accessibility
    // tree (error-context.md) and a screenshot. The trace's DOM snapshots (which carry its network
    // log) and its filmstrip were recorded in every passing test too and cost over a quarter of
    // the suite's time: the whole suite on two workers took 569 s and 460 CPU seconds with them,
    // 415 s and 333 without. They are kept only when asked for: E2E_TRACE=full.
    trace: process.env.E2E_TRACE === 'full' ? 'retain-on-failure' : { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
