// `npm run screenshots`: every page of the web app, signed out and signed in, at 375 px and
// 1280 px wide, in light and dark, into ./screenshots/ at the repository root, so anyone can
// look at them. Builds the web app, starts the real server on a free port with a temp data
// directory (as the browser tests do), signs the demo user in through the embedded provider.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_PATH } from './playwright.config.ts';
import { startTestServer } from './server.ts';
import { contextOptions, createSignedInState, type ContextShape } from './web-journeys.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'screenshots');

interface Shot {
  name: string;
  path: string;
  signedIn: boolean;
  /** Brings the page into the state worth seeing (a dialog open, a tour step). */
  prepare?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'get-started', path: '/get-started', signedIn: false },
  {
    name: 'get-started-permissions',
    path: '/get-started',
    signedIn: false,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Which permissions does Mailroom ask for?' }).click();
      await page.getByRole('dialog', { name: 'Permissions Mailroom asks for' }).waitFor();
    },
  },
  { name: 'connect', path: '/connect', signedIn: false },
  { name: 'connect-success-signed-out', path: '/connect/success', signedIn: false },
  { name: 'privacy', path: '/privacy', signedIn: false },
  { name: 'security', path: '/security', signedIn: false },
  { name: 'features-signed-out', path: '/features', signedIn: false },
  { name: 'diagnostics-signed-out', path: '/test', signedIn: false },
  {
    name: 'error-screen',
    path: '/__e2e/render-error?message=Example%20render%20error',
    signedIn: false,
    prepare: async (page) => {
      await page.evaluate(() => window.localStorage.setItem('mailroom.e2e.renderErrorProbe', 'enabled'));
      await page.reload();
      await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    },
  },
  {
    name: 'install-banner',
    path: '/',
    signedIn: false,
    prepare: async (page) => {
      await page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: async () => undefined });
        window.dispatchEvent(event);
      });
      await page.getByRole('region', { name: 'Install Mailroom' }).waitFor({ timeout: 10_000 });
    },
  },
  { name: 'landing-signed-in', path: '/', signedIn: true },
  { name: 'features-signed-in', path: '/features', signedIn: true },
  { name: 'connect-success', path: '/connect/success', signedIn: true },
  {
    name: 'connect-success-tour',
    path: '/connect/success',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Take the tour' }).click();
      await page.getByTestId('tour-step').waitFor();
    },
  },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  {
    name: 'notifications',
    path: '/dashboard',
    signedIn: true,
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Notifications' }).click();
      await page.getByRole('button', { name: 'Turn on notifications' }).click();
      await page.getByRole('dialog', { name: 'Turn on notifications?' }).waitFor();
    },
  },
  { name: 'categories', path: '/categories', signedIn: true },
  { name: 'manual', path: '/manual', signedIn: true },
  { name: 'manual-category', path: '/manual/example-category', signedIn: true },
  { name: 'recovery', path: '/recovery', signedIn: true },
  { name: 'settings', path: '/settings', signedIn: true },
  { name: 'gmail-fix', path: '/gmail-fix', signedIn: true },
  { name: 'diagnostics', path: '/gmail/test', signedIn: true },
  { name: 'inbox', path: '/inbox', signedIn: true },
  { name: 'bundles', path: '/bundles', signedIn: true },
  { name: 'digest', path: '/digest', signedIn: true },
  { name: 'unsubscribe', path: '/unsubscribe', signedIn: true },
  { name: 'voice-reply', path: '/reply/voice', signedIn: true },
  { name: 'insights', path: '/insights', signedIn: true },
  { name: 'ops', path: '/ops', signedIn: true },
];

const SHAPES: ContextShape[] = [
  { width: 375, scheme: 'light' },
  { width: 1280, scheme: 'light' },
  { width: 375, scheme: 'dark' },
  { width: 1280, scheme: 'dark' },
];

/** Pages that could not be captured, reported at the end (one broken page does not stop the rest). */
const failures: string[] = [];

async function capture(page: Page, shot: Shot, shape: ContextShape): Promise<void> {
  // One more try for a page that does not come up: the server may be busy with the first sync.
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(shot.path);
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      break;
    } catch (error) {
      if (attempt === 2) throw error;
      console.warn(`${shot.name}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}; retrying`);
    }
  }
  await page.waitForLoadState('networkidle');
  if (shot.prepare) await shot.prepare(page);
  // Let the set-up bar and transitions settle so pages look as a user sees them after a moment.
  await page.waitForTimeout(shot.path === '/connect/success' && !shot.prepare ? 3_500 : 300);
  const file = path.join(OUT, `${shot.name}-${shape.width}-${shape.scheme}.png`);
  await page.screenshot({ path: file, fullPage: !shot.prepare });
  console.log(path.relative(ROOT, file));
}

async function shoot(browser: Browser, baseURL: string, shape: ContextShape, shots: Shot[], storageState?: string): Promise<void> {
  // Service workers off: every screenshot shows what the server serves now.
  const context = await browser.newContext({ ...contextOptions(baseURL, shape, storageState), serviceWorkers: 'block' });
  const page = await context.newPage();
  for (const shot of shots) {
    try {
      await capture(page, shot, shape);
    } catch (error) {
      const where = `${shot.name} at ${shape.width} px ${shape.scheme}`;
      failures.push(`${where}: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
      await page.screenshot({ path: path.join(OUT, `FAILED-${shot.name}-${shape.width}-${shape.scheme}.png`) }).catch(() => undefined);
    }
  }
  await context.close();
}

const build = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
  cwd: path.join(ROOT, 'apps/web'),
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const server = await startTestServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const signedInState = await createSignedInState(browser, server.url);
  for (const shape of SHAPES) {
    await shoot(browser, server.url, shape, SHOTS.filter((s) => !s.signedIn));
    await shoot(browser, server.url, shape, SHOTS.filter((s) => s.signedIn), signedInState);
  }
  console.log(`${SHOTS.length * SHAPES.length - failures.length} screenshots in ${path.relative(process.cwd(), OUT) || '.'}`);
  if (failures.length > 0) {
    console.error(`${failures.length} could not be taken (a FAILED-*.png shows each page as it was):\n${failures.join('\n')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}
