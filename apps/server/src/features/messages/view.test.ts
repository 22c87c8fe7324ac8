import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { InjectBrowser } from '../../testing/browser.ts';
import { createMailboxTestApp, settle, userWithMailbox, type MailboxTestApp, type MailboxUser } from '../../testing/mailbox-app.ts';

const TRACKER = 'https://tracker.example.net/open.gif?u=alice';

function mboxMessage(subject: string, part: { type: 'text/html' | 'text/plain'; body: string }): string {
  return [
    'From sender@example.org Sat Nov 21 06:00:00 2026',
    'From: "Newsletter Sender" <sender@example.org>',
    'To: Alice <alice@example.com>',
    `Subject: ${subject}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@example.org>`,
    'Date: Sat, 21 Nov 2026 06:00:00 +0000',
    'X-Gmail-Labels: Inbox,Unread',
    'MIME-Version: 1.0',
    `Content-Type: ${part.type}; charset=utf-8`,
    'Content-Transfer-Encoding: base64',
    '',
    Buffer.from(part.body, 'utf8').toString('base64').replace(/.{76}/g, '$&\n'),
    '',
  ].join('\n');
}

function idOfSubject(t: MailboxTestApp, email: string, subject: string): string {
  const mailbox = t.sandbox.store.mailbox(email);
  const message = [...mailbox.messages.values()].find((m) => mailbox.metaOf(m).subject === subject);
  if (!message) throw new Error(`no message "${subject}" in ${email}`);
  return message.id;
}

const viewPath = (id: string, images?: string) => `/api/messages/${id}/view${images === undefined ? '' : `?images=${images}`}`;

describe('the reading pane’s viewer document, GET /api/messages/{id}/view', () => {
  let t: MailboxTestApp;
  let alice: MailboxUser;
  let bob: MailboxUser;
  let newsletterId: string;
  let plainId: string;

  beforeAll(async () => {
    t = await createMailboxTestApp('sqlite');
    alice = await userWithMailbox(t, 'alice@example.com');
    bob = await userWithMailbox(t, 'bob@example.com');
    const html = [
      '<style>.title{color:#123456}</style>',
      '<h1 class="title" style="font-size:28px">Weekly news</h1>',
      `<img src="${TRACKER}" alt="">`,
      '<script>parent.document.title="pwned"</script>',
      '<a href="https://example.org/read">read online</a>',
    ].join('\n');
    await t.sandbox.importMbox(
      [
        mboxMessage('Weekly news', { type: 'text/html', body: html }),
        mboxMessage('Plain <notes>', { type: 'text/plain', body: 'Line one <script>alert(1)</script>\n& line two' }),
      ].join('\n'),
      'alice@example.com',
    );
    await settle(t);
    newsletterId = idOfSubject(t, 'alice@example.com', 'Weekly news');
    plainId = idOfSubject(t, 'alice@example.com', 'Plain <notes>');
  });
  afterAll(async () => {
    await t.close();
  });

  test('answers a complete document of the sanitised HTML under its own sandboxing policy, uncached', async () => {
    const response = await alice.browser.request('GET', viewPath(newsletterId, '0'));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox allow-popups allow-popups-to-escape-sandbox; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    );
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    expect(response.body.startsWith('<!doctype html>')).toBe(true);
    const { document } = new JSDOM(response.body).window;
    expect(document.title).toBe('Weekly news');
    expect(document.querySelector('h1.title')?.textContent).toBe('Weekly news');
    // The email's own styles survive (the reason this is a document of its own).
    expect(document.querySelector('h1')?.getAttribute('style')).toBe('font-size:28px');
    expect(response.body).toContain('.title{color:#123456}');
    expect(document.querySelector('script')).toBeNull();
    expect(response.body).not.toContain('pwned');
    expect(document.querySelector('a')?.getAttribute('href')).toBe('https://example.org/read');
  });

  test('the policy is only this route’s: the app shell keeps its own', async () => {
    const shell = await alice.browser.request('GET', '/manual');
    expect(shell.headers['content-security-policy']).toContain("script-src 'self'");
    expect(shell.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test('remote images are blocked until images=1, and only then does the policy allow https images', async () => {
    const blocked = await alice.browser.request('GET', viewPath(newsletterId));
    expect(blocked.statusCode).toBe(200);
    expect(blocked.body).not.toContain('tracker.example.net');
    expect(blocked.headers['content-security-policy']).toContain('img-src data:;');
    expect(blocked.headers['content-security-policy']).not.toContain('https:');

    const shown = await alice.browser.request('GET', viewPath(newsletterId, '1'));
    expect(shown.statusCode).toBe(200);
    const { document } = new JSDOM(shown.body).window;
    expect(document.querySelector('img')?.getAttribute('src')).toBe(TRACKER);
    expect(shown.headers['content-security-policy']).toContain('img-src data: https:;');
    expect(shown.headers['content-security-policy']).toContain('sandbox allow-popups allow-popups-to-escape-sandbox');

    const invalid = await alice.browser.request('GET', viewPath(newsletterId, 'yes'));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).not.toContain('tracker.example.net');
  });

  test('a plain-text message is shown escaped in <pre>', async () => {
    const response = await alice.browser.request('GET', viewPath(plainId));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Plain &lt;notes&gt;</title>');
    expect(response.body).toContain('<pre>Line one &lt;script&gt;alert(1)&lt;/script&gt;\n&amp; line two</pre>');
    expect(new JSDOM(response.body).window.document.querySelector('script')).toBeNull();
  });

  test('without a session it answers 401 and shows nothing of the message', async () => {
    const stranger = new InjectBrowser(t.app, t.config.publicUrl);
    const response = await stranger.request('GET', viewPath(newsletterId));
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('Weekly news');
    expect(response.body).toContain('Sign in to Mailroom to read this message.');
    // Even the error page is under the viewer's policy.
    expect(response.headers['content-security-policy']).toContain('sandbox allow-popups');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('another user’s message and an unknown id answer 404; a malformed id answers 400 before anything is fetched', async () => {
    for (const id of [newsletterId, 'ffffffffffffffff']) {
      const response = await bob.browser.request('GET', viewPath(id));
      expect(response.statusCode, id).toBe(404);
      expect(response.body).not.toContain('Weekly news');
      expect(response.body).toContain('This message is not in your mailbox.');
    }
    // Outside Gmail's id alphabet: a path trick, dots, a space, an encoded newline.
    for (const id of ['..%2F..%2Fetc', 'msg.with.dots', 'a%20b', 'abc%0A']) {
      const response = await bob.browser.request('GET', viewPath(id));
      expect(response.statusCode, id).toBe(400);
      expect(response.body).toContain('messageId must be a Gmail message id');
      expect(response.body).not.toContain('Weekly news');
    }
    // A lone surrogate (UTF-8 of U+D800) is not even a URL component: Fastify answers 400 itself.
    expect((await bob.browser.request('GET', viewPath('%ED%A0%80'))).statusCode).toBe(400);
    // Alice still reads her own.
    expect((await alice.browser.request('GET', viewPath(newsletterId))).statusCode).toBe(200);
  });
});
