import fs from 'node:fs';
import { JSDOM, VirtualConsole } from 'jsdom';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ENGINES } from '../../db/testing.ts';
import { createMailboxTestApp, settle, userWithMailbox, type MailboxTestApp, type MailboxUser } from '../../testing/mailbox-app.ts';
import type { EmailContent } from './content.ts';

type Ok<T> = { result: T };

const XSS_DIR = new URL('../../../../../../shared/test-data/xss/', import.meta.url);
const PAYLOADS: string[] = [
  ...(JSON.parse(fs.readFileSync(new URL('h5sc-vectors.json', XSS_DIR), 'utf8')) as Array<{ payload: string }>).map((v) => v.payload),
  ...(JSON.parse(fs.readFileSync(new URL('dompurify-fixture-payloads.json', XSS_DIR), 'utf8')) as Array<{ payload: string }>).map((v) => v.payload),
];

const SECRET_SENTENCE = 'The vault combination is seven three nine, never store this sentence.';
const FILLER = 'This newsletter paragraph pads the body well past the snippet Gmail keeps. '.repeat(8);

/** A message as an mbox entry (base64 parts, so any payload survives the mbox format intact). */
function mboxMessage(options: { subject: string; html?: string; text?: string; attachment?: { name: string; type: string; content: string } }): string {
  const boundary = `b-${Math.random().toString(36).slice(2)}`;
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64').replace(/.{76}/g, '$&\n');
  const parts: string[] = [];
  if (options.text !== undefined) parts.push(['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64', '', b64(options.text)].join('\n'));
  if (options.html !== undefined) parts.push(['Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: base64', '', b64(options.html)].join('\n'));
  if (options.attachment) {
    parts.push(
      [
        `Content-Type: ${options.attachment.type}; name="${options.attachment.name}"`,
        `Content-Disposition: attachment; filename="${options.attachment.name}"`,
        'Content-Transfer-Encoding: base64',
        '',
        b64(options.attachment.content),
      ].join('\n'),
    );
  }
  return [
    'From sender@example.org Sat Nov 21 06:00:00 2026',
    'From: "Newsletter Sender" <sender@example.org>',
    'To: Alice <alice@example.com>',
    'Cc: team@example.org',
    'Reply-To: replies@example.org',
    `Subject: ${options.subject}`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@example.org>`,
    'Date: Sat, 21 Nov 2026 06:00:00 +0000',
    'X-Gmail-Labels: Inbox,Unread',
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts.flatMap((part) => [`--${boundary}`, part]),
    `--${boundary}--`,
    '',
  ].join('\n');
}

function idOfSubject(t: MailboxTestApp, email: string, subject: string): string {
  const mailbox = t.sandbox.store.mailbox(email);
  const message = [...mailbox.messages.values()].find((m) => mailbox.metaOf(m).subject === subject);
  if (!message) throw new Error(`no message "${subject}" in ${email}`);
  return message.id;
}

const SCRIPTABLE = new Set(['script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button', 'textarea', 'select', 'base', 'link', 'meta', 'svg', 'math', 'template', 'noscript', 'audio', 'video']);

/** What in sanitised HTML could run script or fetch something before the user allows images. */
function dangers(html: string): string[] {
  const found: string[] = [];
  // A silent console: hostile CSS that jsdom cannot parse is expected here.
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`, { virtualConsole: new VirtualConsole() }).window;
  for (const element of document.body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (SCRIPTABLE.has(tag)) found.push(`<${tag}>`);
    for (const { name, value } of element.attributes) {
      if (name.startsWith('on')) found.push(`${name} on <${tag}>`);
      if (['src', 'srcset', 'action', 'formaction', 'background', 'poster', 'data', 'xlink:href', 'lowsrc', 'dynsrc'].includes(name)) found.push(`${name} on <${tag}>`);
      if (name === 'href' && !/^(https?:|mailto:)/i.test(value.trim())) found.push(`href="${value.slice(0, 40)}"`);
      if (name === 'style' && /url\s*\(|@import|expression\s*\(|javascript:/i.test(value)) found.push('fetching style attribute');
    }
    if (tag === 'style' && /url\s*\(|@import|expression\s*\(|javascript:/i.test(element.textContent ?? '')) found.push('fetching <style>');
  }
  return found;
}

describe.each(ENGINES)('reading an email (%s)', (engine) => {
  let t: MailboxTestApp;
  let alice: MailboxUser;
  let bob: MailboxUser;
  let newsletterId: string;

  beforeAll(async () => {
    t = await createMailboxTestApp(engine);
    alice = await userWithMailbox(t, 'alice@example.com', { corpus: 30 });
    bob = await userWithMailbox(t, 'bob@example.com', { corpus: 5 });
    const html = [
      '<style>.title{color:#123456}</style>',
      '<h1 class="title">Weekly news</h1>',
      `<p>${FILLER}</p>`,
      `<p>${SECRET_SENTENCE}</p>`,
      '<img src="https://tracker.example.net/open.gif?u=alice" alt="">',
      '<img src="http://insecure.example.net/logo.png" alt="logo">',
      '<script>alert(document.cookie)</script>',
      '<a href="javascript:alert(1)">bad link</a> <a href="https://example.org/read">read online</a>',
      '<form action="https://phish.example.net"><input name="password"></form>',
      '<div onclick="steal()" style="background:url(https://tracker.example.net/bg.png)">styled</div>',
    ].join('\n');
    await t.sandbox.importMbox(
      mboxMessage({
        subject: 'Weekly news',
        text: `Weekly news\n\n${FILLER}\n\n${SECRET_SENTENCE}`,
        html,
        attachment: { name: 'report.pdf', type: 'application/pdf', content: '%PDF-1.4 a small report' },
      }),
      'alice@example.com',
    );
    await settle(t);
    newsletterId = idOfSubject(t, 'alice@example.com', 'Weekly news');
  });
  afterAll(async () => {
    await t.close();
  });

  test('getEmailContent returns headers, sanitised HTML with remote images blocked and counted, text and attachments', async () => {
    const response = await alice.call('getEmailContent', { messageId: newsletterId });
    expect(response.statusCode, response.body).toBe(200);
    const content = (response.json() as Ok<EmailContent>).result;
    expect(content.id).toBe(newsletterId);
    expect(content.labelIds).toEqual(expect.arrayContaining(['INBOX', 'UNREAD']));
    expect(content.headers).toEqual({
      from: 'Newsletter Sender <sender@example.org>',
      to: 'Alice <alice@example.com>',
      cc: 'team@example.org',
      replyTo: 'replies@example.org',
      subject: 'Weekly news',
      date: '2026-11-21T06:00:00.000Z',
    });
    expect(content.text).toContain(SECRET_SENTENCE);
    expect(content.attachments).toEqual([{ filename: 'report.pdf', mimeType: 'application/pdf', size: '%PDF-1.4 a small report'.length }]);

    const html = content.html ?? '';
    expect(html).toContain('Weekly news');
    expect(html).toContain('href="https://example.org/read"');
    expect(html).toContain('.title{color:#123456}');
    expect(dangers(html)).toEqual([]);
    expect(html).not.toContain('tracker.example.net');
    expect(html).not.toContain('alert(');
    // Two images and one CSS background were held back.
    expect(content.remoteImagesBlocked).toBe(3);
  });

  test('"Show images" keeps remote https images, never http ones or scripts', async () => {
    const content = ((await alice.call('getEmailContent', { messageId: newsletterId, showRemoteImages: true })).json() as Ok<EmailContent>).result;
    const { document } = new JSDOM(`<body>${content.html}</body>`).window;
    const sources = [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toContain('https://tracker.example.net/open.gif?u=alice');
    expect(sources).not.toContain('http://insecure.example.net/logo.png');
    expect(content.remoteImagesBlocked).toBe(1);
    expect(content.html).not.toContain('<script');
    expect(content.html).not.toContain('onclick');
  });

  test('the body is fetched on demand and never written to the database', async () => {
    await alice.call('getEmailContent', { messageId: newsletterId });
    await settle(t);
    for (const table of await t.database.db.introspection.getTables()) {
      if (table.schema !== undefined && table.schema !== t.database.schema) continue;
      const rows = await t.database.db.selectFrom(table.name as 'messages').selectAll().execute();
      expect(JSON.stringify(rows), table.name).not.toContain('vault combination');
    }
    // The message itself is stored, as metadata.
    expect(await t.database.db.selectFrom('messages').select('subject').where('id', '=', newsletterId).where('account_id', '=', alice.accountId).executeTakeFirst()).toEqual({
      subject: 'Weekly news',
    });
  });

  test('an id that is not in the user’s own mailbox answers NOT_FOUND, another user’s included', async () => {
    const bobs = t.sandbox.store.mailbox('bob@example.com');
    // Alice has more messages than Bob: her newest ids do not exist in his mailbox.
    const onlyAlices = [...t.sandbox.store.mailbox('alice@example.com').messages.keys()].find((id) => !bobs.messages.has(id))!;
    for (const messageId of [onlyAlices, newsletterId, 'ffffffffffffffff']) {
      const response = await bob.call('getEmailContent', { messageId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { status: 'NOT_FOUND' } });
      expect(response.body).not.toContain('Weekly news');
    }
    expect((await bob.call('getEmailContent', { messageId: '' })).json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  test('a message id outside Gmail’s id alphabet answers INVALID_ARGUMENT naming the field, never a Gmail error', async () => {
    // A lone surrogate once reached Gmail and came back as 503 "Gmail is not answering".
    for (const messageId of ['\ud800', `${newsletterId}\udfff`, '../../etc/passwd', 'a b', 'x'.repeat(65), 'id\u0000', '１２３']) {
      const response = await alice.call('getEmailContent', { messageId });
      expect(response.statusCode, JSON.stringify(messageId)).toBe(400);
      expect(response.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field: 'data.messageId' }] } } });
    }
  });
});

describe('reading hostile email', () => {
  let t: MailboxTestApp;
  let mallory: MailboxUser;

  beforeAll(async () => {
    t = await createMailboxTestApp('sqlite');
    mallory = await userWithMailbox(t, 'target@example.com');
    const mbox = PAYLOADS.map((payload, i) => mboxMessage({ subject: `XSS ${i}`, html: payload })).join('\n');
    await t.sandbox.importMbox(mbox, 'target@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  test(`none of the ${PAYLOADS.length} public XSS payloads, each the HTML of a message, survives getEmailContent with script, handler, unsafe URL or remote fetch`, { timeout: 120_000 }, async () => {
    expect(PAYLOADS.length).toBe(372);
    const failures: string[] = [];
    for (let i = 0; i < PAYLOADS.length; i++) {
      const messageId = idOfSubject(t, 'target@example.com', `XSS ${i}`);
      const response = await mallory.call('getEmailContent', { messageId });
      if (response.statusCode !== 200) {
        failures.push(`#${i}: HTTP ${response.statusCode} ${response.body.slice(0, 120)}`);
        continue;
      }
      const found = dangers((response.json() as Ok<EmailContent>).result.html ?? '');
      if (found.length > 0) failures.push(`#${i}: ${found.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});
