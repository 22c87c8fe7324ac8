import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { expect, testWithServer } from './fixtures.ts';
import { SANDBOX_FILE, startTestServer } from './server.ts';
import { DEMO_ACCOUNT, callFn, signInAndConnectGmail } from './web-journeys.ts';

// Issue 7: the 372 public XSS payloads (html5sec and DOMPurify's fixtures), each the HTML of a
// message in the demo mailbox, rendered by the real viewer endpoint in Chromium. Nothing may run
// (no dialog, no navigation, not even a script the browser had to block) and nothing may be
// fetched before "Show images"; a control message proves the request detector sees a remote image.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const XSS_DIR = path.resolve(ROOT, '../shared/test-data/xss');
const PAYLOADS: string[] = [
  ...(JSON.parse(fs.readFileSync(path.join(XSS_DIR, 'h5sc-vectors.json'), 'utf8')) as Array<{ payload: string }>).map((v) => v.payload),
  ...(JSON.parse(fs.readFileSync(path.join(XSS_DIR, 'dompurify-fixture-payloads.json'), 'utf8')) as Array<{ payload: string }>).map((v) => v.payload),
];
const PAYLOAD_SUBJECT = 'xsspayload';
const CONTROL_SUBJECT = 'xsscontrol remote image';
const REMOTE_IMAGE = 'https://images.example.net/pixel.png';

/** A message as an mbox entry; the HTML travels base64-encoded, so every payload survives intact. */
function mboxMessage(subject: string, html: string, index: number): string {
  const b64 = Buffer.from(html, 'utf8').toString('base64').replace(/.{76}/g, '$&\n');
  return [
    'From attacker@example.org Sat Nov 21 06:00:00 2026',
    'From: Attacker <attacker@example.org>',
    `To: ${DEMO_ACCOUNT.name} <${DEMO_ACCOUNT.email}>`,
    `Subject: ${subject}`,
    `Message-ID: <xss-${index}@example.org>`,
    `Date: ${new Date(Date.now() - (index + 1) * 60_000).toUTCString().replace(/GMT$/, '+0000')}`,
    'X-Gmail-Labels: Inbox',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64,
    '',
  ].join('\n');
}

const test = testWithServer(() =>
  startTestServer(
    {},
    {
      // The payloads go into the demo mailbox before the server starts, with Mailroom's own
      // `mailroom sandbox import` (a mailbox that has mail is not seeded from the corpus).
      prepare: async (dataDir) => {
        const mbox = path.join(dataDir, 'xss.mbox');
        const messages = PAYLOADS.map((payload, i) => mboxMessage(`${PAYLOAD_SUBJECT} ${i}`, payload, i));
        messages.push(mboxMessage(CONTROL_SUBJECT, `<p>A logo: <img src="${REMOTE_IMAGE}" alt="logo"></p>`, PAYLOADS.length));
        fs.writeFileSync(mbox, messages.join('\n'));
        execFileSync(process.execPath, [
          path.join(ROOT, 'apps/server/bin/mailroom.js'),
          'sandbox',
          'import',
          '--mbox',
          mbox,
          '--email',
          DEMO_ACCOUNT.email,
          '--data',
          path.join(dataDir, SANDBOX_FILE),
        ]);
        fs.rmSync(mbox);
      },
    },
  ),
);

// Playwright's trace recorder injects its own script into every document to snapshot it, which the
// viewer's sandbox blocks and reports like any other script: with tracing on, the console check
// below would only see the recorder.
test.use({ trace: 'off' });


/** Message ids by subject, for every message a new category with `query` lists. */
async function idsBySubject(page: Page, name: string, query: string): Promise<Map<string, string>> {
  const { categoryId } = await callFn<{ categoryId: string }>(page, 'createCategory', { name, query });
  const bySubject = new Map<string, string>();
  let pageToken: string | null = null;
  do {
    const result: { emails: Array<{ id: string; subject: string }>; nextPageToken: string | null } = await callFn(page, 'getCategoryEmails', {
      categoryId,
      pageSize: 100,
      ...(pageToken ? { pageToken } : {}),
    });
    for (const email of result.emails) bySubject.set(email.subject, email.id);
    pageToken = result.nextPageToken;
  } while (pageToken);
  return bySubject;
}

test(`none of the ${PAYLOADS.length} public XSS payloads runs script or loads anything in the viewer before "Show images"`, async ({ page, server, context }) => {
  // 372 messages opened one by one: minutes on a busy two-core machine, not one journey's minute.
  test.setTimeout(180_000);
  expect(PAYLOADS.length).toBe(372);
  await signInAndConnectGmail(page);
  await expect
    .poll(
      async () => {
        const { sync } = await callFn<{ sync: { state: string; messageCount: number } }>(page, 'getGmailStatus');
        return sync.state === 'idle' ? sync.messageCount : -1;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(PAYLOADS.length + 1);
  const payloadIds = await idsBySubject(page, 'XSS payloads', `subject:${PAYLOAD_SUBJECT}`);
  const controlId = (await idsBySubject(page, 'XSS control', 'subject:xsscontrol')).get(CONTROL_SUBJECT);
  expect(payloadIds.size).toBe(PAYLOADS.length);
  expect(controlId).toBeDefined();

  // Every request leaving the app's own origin is refused and recorded.
  const origin = new URL(server.url).origin;
  const remote: string[] = [];
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      remote.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  const problems: string[] = [];
  let current = 'setup';
  page.on('dialog', (dialog) => {
    problems.push(`${current}: a ${dialog.type()} dialog opened ("${dialog.message()}")`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Blocked script execution|Refused to (execute|load)/i.test(message.text())) problems.push(`${current}: ${message.text()}`);
  });
  page.on('popup', () => problems.push(`${current}: a window opened`));
  const viewUrls = new Set<string>();
  /** What the frames requested besides their own documents. */
  const fetched: string[] = [];
  page.on('request', (request: Request) => {
    if (request.frame() !== page.mainFrame() && !viewUrls.has(request.url())) fetched.push(request.url());
  });
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame() && !viewUrls.has(frame.url())) problems.push(`${current}: a frame navigated to ${frame.url()}`);
  });

  /**
   * Loads the viewer documents into frames like the reading pane's (same sandbox attribute, in a
   * page of the app's origin under the app's CSP), and checks each answered with its policy.
   */
  async function loadFrames(urls: string[]): Promise<void> {
    for (const url of urls) viewUrls.add(url);
    const responses = urls.map((url) =>
      page.waitForResponse(url).then((response) => {
        if (response.status() !== 200) problems.push(`${url} answered ${response.status()}`);
        if (!response.headers()['content-security-policy']?.includes('sandbox allow-popups allow-popups-to-escape-sandbox')) problems.push(`${url} came without the sandboxing policy`);
      }),
    );
    await page.evaluate(
      async ({ batch, sandbox }) => {
        document.body.replaceChildren();
        await Promise.all(
          batch.map(
            (src) =>
              new Promise((resolve) => {
                const frame = document.createElement('iframe');
                frame.setAttribute('sandbox', sandbox);
                frame.addEventListener('load', resolve, { once: true });
                frame.src = src;
                document.body.append(frame);
              }),
          ),
        );
      },
      { batch: urls, sandbox: 'allow-popups allow-popups-to-escape-sandbox' },
    );
    await Promise.all(responses);
  }

  await page.goto(`${origin}/healthz`);
  const urls = PAYLOADS.map((_payload, i) => {
    const id = payloadIds.get(`${PAYLOAD_SUBJECT} ${i}`);
    if (!id) throw new Error(`payload ${i} is not in the mailbox`);
    return `${origin}/api/messages/${id}/view?images=0`;
  });
  const BATCH = 31;
  for (let start = 0; start < urls.length; start += BATCH) {
    current = `payloads ${start}–${Math.min(start + BATCH, urls.length) - 1}`;
    await loadFrames(urls.slice(start, start + BATCH));
  }
  await page.waitForTimeout(300);
  expect(problems).toEqual([]);
  expect(fetched).toEqual([]);
  expect(remote).toEqual([]);

  // The control: its remote image is not requested until the reader asks for images, then it is
  // (so the detectors above do see a frame's requests).
  current = 'control';
  await loadFrames([`${origin}/api/messages/${controlId}/view?images=0`]);
  await page.waitForTimeout(200);
  expect(fetched).toEqual([]);
  await loadFrames([`${origin}/api/messages/${controlId}/view?images=1`]);
  await expect.poll(() => remote).toEqual([REMOTE_IMAGE]);
  expect(fetched).toEqual([REMOTE_IMAGE]);
  expect(problems).toEqual([]);
});
