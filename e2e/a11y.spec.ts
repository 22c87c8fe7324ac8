import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DIAGNOSTIC_ROUTES, PROTECTED_ROUTES, PUBLIC_ROUTES, SHAPES, contextOptions, expect, sidewaysScroll, test, type ContextShape } from './web-helpers.ts';

// Issue 6: axe-core finds no serious or critical violation on any route, in light and dark, at
// 375 px and 1280 px wide (WCAG 2.1 A and AA rules), and no page scrolls sideways.

// Each page once: the seed's test and debug paths all open the one Diagnostics page, and an
// unknown path shows the landing page (routes.spec.ts and web-shell.spec.ts check that they do).
const SIGNED_OUT_ROUTES = [...PUBLIC_ROUTES.filter((path) => path !== '/no/such/page'), DIAGNOSTIC_ROUTES[0]];
// Routes with a parameter, besides the list above: one bundle's page (issue 19).
const SIGNED_IN_ROUTES = ['/', '/features', '/connect/success', ...PROTECTED_ROUTES, '/bundles/forums'];

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: [${v.impact}] ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`);
}

async function settle(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Opens each route and checks the page it shows, once: an old address that redirects to a page already checked is not checked again. */
async function walk(page: Page, routes: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  const checked = new Set<string>();
  for (const path of routes) {
    await settle(page, path);
    const shown = new URL(page.url()).pathname;
    if (checked.has(shown)) continue;
    checked.add(shown);
    problems.push(...(await seriousViolations(page, path)), ...(await sidewaysScroll(page, path)));
  }
  return problems;
}

const label = (shape: ContextShape) => `${shape.width}px ${shape.scheme}`;

// Each test walks many routes; on a busy two-core machine that takes minutes. The four walks are
// independent, so they are spread over the workers instead of queueing in one.
test.describe.configure({ mode: 'parallel', timeout: 300_000 });

// Two shapes cover both widths and both schemes (a phone in dark, a desktop in light) and keep the
// CI run under its 30 minutes; the mail list, search, replies, unsubscribe and voice specs check
// their own pages and open states in all four.
const A11Y_SHAPES = SHAPES.filter((shape) => (shape.width < 1024) === (shape.scheme === 'dark'));

for (const shape of A11Y_SHAPES) {
  test(`signed-out routes have no serious or critical violations at ${label(shape)}`, async ({ browser, server }) => {
    const context = await browser.newContext(contextOptions(server.url, shape));
    const page = await context.newPage();
    const problems = await walk(page, SIGNED_OUT_ROUTES);
    // Open states: the permissions popover and, on a phone, the menu.
    await settle(page, '/get-started');
    await page.getByRole('button', { name: 'Which permissions does Mailroom ask for?' }).click();
    await expect(page.getByRole('dialog', { name: 'Permissions Mailroom asks for' })).toBeVisible();
    problems.push(...(await seriousViolations(page, '/get-started (permissions open)')));
    await page.keyboard.press('Escape');
    if (shape.width < 1024) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
      problems.push(...(await seriousViolations(page, '/get-started (menu open)')));
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  test(`signed-in routes have no serious or critical violations at ${label(shape)}`, async ({ browser, server, signedInState }) => {
    const context = await browser.newContext(contextOptions(server.url, shape, signedInState));
    const page = await context.newPage();
    const problems = await walk(page, SIGNED_IN_ROUTES);
    // Open states: the tour, the bell, the notification dialog, the settings confirmations.
    await settle(page, '/connect/success');
    await page.getByRole('button', { name: 'Take the tour' }).click();
    await expect(page.getByTestId('tour-step')).toBeVisible();
    problems.push(...(await seriousViolations(page, '/connect/success (tour open)')));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications' }).click();
    // The demo sync may already have notified something (new mail from a correspondent): either state is checked.
    await expect(page.getByText('No notifications').or(page.getByRole('list', { name: 'Latest notifications' }))).toBeVisible();
    problems.push(...(await seriousViolations(page, 'bell open')));
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect(page.getByRole('dialog', { name: 'Turn on notifications?' })).toBeVisible();
    problems.push(...(await seriousViolations(page, 'notification opt-in dialog')));
    await settle(page, '/settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
    problems.push(...(await seriousViolations(page, '/settings (delete dialog)')));
    await page.keyboard.press('Escape');
    // Voice (issue 16): the command palette, and the panel saying what a command was taken for.
    await settle(page, '/reply/voice');
    await page.keyboard.press('Control+k');
    await expect(page.getByTestId('command-input')).toBeFocused();
    await page.getByTestId('command-input').fill('archeeve');
    problems.push(...(await seriousViolations(page, 'command palette')));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('voice-panel').getByRole('list', { name: 'Did you mean' })).toBeVisible();
    problems.push(...(await seriousViolations(page, 'voice panel (did you mean)')));
    await context.close();
    expect(problems).toEqual([]);
  });
}
