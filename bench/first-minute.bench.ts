// The first minute (issue 11): what a new visitor waits for, in Debian's Chromium with the CPU
// slowed 4× (CDP Emulation.setCPUThrottlingRate), against the built app served by the real server
// (`mailroom serve`, as `npm start` runs it). Each run is a fresh browser context, so nothing is
// cached. Figures are medians over RUNS runs, with the worst run beside them.
//   landing page: largest contentful paint (target < 1.0 s) and bytes transferred (< 150 KB)
//   a protected route opened signed out: time until /connect shows its heading (< 500 ms)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer } from '../e2e/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CPU_SLOWDOWN = 4;
const RUNS = Number(process.env.FIRST_MINUTE_RUNS ?? 5);
const TARGETS = { landingLcpMs: 1000, protectedRedirectMs: 500, landingBytes: 150 * 1024 };

interface Visit {
  lcpMs: number;
  fcpMs: number;
  bytes: number;
  requests: number;
}

/** Records, from inside the page, when /connect first shows its heading (performance.now(), ms since navigation start). */
const RECORD_CONNECT_SHOWN = `
  new MutationObserver((_, observer) => {
    if (location.pathname === '/connect' && document.querySelector('main h1')) {
      window.__connectShownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function throttledPage(browser: Browser): Promise<{ page: Page; bytes: () => number; requests: () => number; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  let bytes = 0;
  let requests = 0;
  // encodedDataLength: what crossed the wire (headers and the body as sent, compressed or not).
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests++;
  });
  return { page, bytes: () => bytes, requests: () => requests, close: () => context.close() };
}

async function visitLanding(browser: Browser, url: string): Promise<Visit> {
  const tab = await throttledPage(browser);
  try {
    await tab.page.goto(url, { waitUntil: 'load' });
    await tab.page.getByRole('heading', { level: 1 }).first().waitFor();
    await tab.page.waitForLoadState('networkidle');
    const paints = await tab.page.evaluate(
      () =>
        new Promise<{ lcp: number; fcp: number }>((resolve) => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({ lcp: entries[entries.length - 1]?.startTime ?? Number.NaN, fcp });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { lcpMs: paints.lcp, fcpMs: paints.fcp, bytes: tab.bytes(), requests: tab.requests() };
  } finally {
    await tab.close();
  }
}

async function visitProtected(browser: Browser, url: string): Promise<number> {
  const tab = await throttledPage(browser);
  try {
    await tab.page.addInitScript(RECORD_CONNECT_SHOWN);
    await tab.page.goto(url);
    await tab.page.waitForFunction(() => typeof (window as { __connectShownAt?: number }).__connectShownAt === 'number');
    return await tab.page.evaluate(() => (window as unknown as { __connectShownAt: number }).__connectShownAt);
  } finally {
    await tab.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const ms = (value: number) => `${Math.round(value)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(name: string, values: number[], target: number, format: (value: number) => string): boolean {
  const mid = median(values);
  const met = mid < target;
  console.log(
    `${name}: median ${format(mid)}, best ${format(Math.min(...values))}, worst ${format(Math.max(...values))} over ${values.length} runs; target < ${format(target)}, ` +
      `${(mid / target).toFixed(2)}× the target: ${met ? 'met' : 'NOT MET'}`,
  );
  return met;
}

export default async function run(): Promise<void> {
  // The app as `npm run build` makes it (pre-compressed files included), in a directory of its own.
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mailroom-bench-dist-'));
  const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', dist, '--emptyOutDir'], {
    cwd: path.join(ROOT, 'apps/web'),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}${build.stderr}`);

  const server = await startTestServer({ WEB_DIST_DIR: dist });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'] });
  try {
    // One untimed visit warms the server (first file reads, JIT) so the runs measure the page.
    await visitLanding(browser, server.url);
    const landing: Visit[] = [];
    const redirects: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      landing.push(await visitLanding(browser, `${server.url}/`));
      redirects.push(await visitProtected(browser, `${server.url}/dashboard`));
    }
    // The machine's load matters: throttling multiplies whatever CPU time the browser gets.
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`Chromium, CPU ${CPU_SLOWDOWN}× slower, cache disabled, fresh context per run, server on localhost; load average ${load} on ${os.cpus().length} cores`);
    console.log(`landing first contentful paint: median ${ms(median(landing.map((v) => v.fcpMs)))}`);
    const results = [
      report('landing largest contentful paint', landing.map((v) => v.lcpMs), TARGETS.landingLcpMs, ms),
      report('landing bytes transferred', landing.map((v) => v.bytes), TARGETS.landingBytes, kb),
      report('signed-out /dashboard until /connect shows its heading', redirects, TARGETS.protectedRedirectMs, ms),
    ];
    console.log(`landing requests: ${median(landing.map((v) => v.requests))}`);
    if (results.includes(false)) throw new Error('a first-minute target is not met (figures above)');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  }
}
