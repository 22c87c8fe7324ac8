import { createSandbox, SCOPES, type Sandbox } from '@mailroom/gmail-sandbox';
import { parseRawMessage } from '@mailroom/mail-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GmailProvider } from '../gmail/gmail-provider.ts';
import { InsufficientScopeError } from '../mail-provider.ts';
import { ComposeError, composeMessage, prefixed, type ComposeInput, type OriginalMessage } from './compose.ts';
import { sendMessage } from './send.ts';

const USER = { addresses: ['jordan@example.com', 'Jordan.Lee@Work.example'], name: 'Jordan Lee' };

function original(overrides: Partial<OriginalMessage> = {}): OriginalMessage {
  return {
    from: [{ name: 'Ann Smith', address: 'ann@acme.example' }],
    to: [{ name: 'Jordan Lee', address: 'JORDAN@example.com' }, { name: 'Bo', address: 'bo@acme.example' }],
    cc: [{ name: null, address: 'jordan.lee@work.example' }, { name: 'Cy', address: 'cy@acme.example' }, { name: 'Bo again', address: 'BO@acme.example' }],
    replyTo: [],
    subject: 'Launch plan',
    messageId: 'orig-3@acme.example',
    inReplyTo: ['orig-2@acme.example'],
    references: ['orig-1@acme.example', 'orig-2@acme.example'],
    date: Date.parse('2024-06-03T09:05:00Z'),
    text: 'Can we ship on Thursday?\n> earlier quoted line\n\nAnn',
    ...overrides,
  };
}

async function compose(input: Partial<ComposeInput> = {}) {
  const composed = await composeMessage({ mode: 'reply', original: original(), user: USER, body: 'Thursday works.', now: new Date('2024-06-03T10:00:00Z'), ...input });
  const parsed = await parseRawMessage(composed.raw);
  const header = (name: string) => parsed.email.headers.find((h) => h.key === name)?.value ?? null;
  return { composed, parsed, header, rawText: composed.raw.toString('utf8') };
}

describe('composing replies and forwards', () => {
  it('a reply goes to the sender, threads with In-Reply-To and References, and quotes the original', async () => {
    const { composed, parsed, header, rawText } = await compose();
    expect(parsed.meta.from).toEqual([{ name: 'Jordan Lee', address: 'jordan@example.com' }]);
    expect(parsed.meta.to).toEqual([{ name: 'Ann Smith', address: 'ann@acme.example' }]);
    expect(parsed.meta.cc).toEqual([]);
    expect(parsed.meta.subject).toBe('Re: Launch plan');
    expect(header('in-reply-to')).toBe('<orig-3@acme.example>');
    expect(parsed.meta.references).toBe('orig-1@acme.example orig-2@acme.example orig-3@acme.example');
    expect(parsed.meta.rfc822MessageId).toBe(composed.messageId);
    expect(composed.messageId).toMatch(/^[0-9a-f-]{36}@example\.com$/);
    expect(parsed.text).toBe('Thursday works.\n\nOn Mon, 3 Jun 2024 at 09:05, Ann Smith <ann@acme.example> wrote:\n> Can we ship on Thursday?\n>> earlier quoted line\n>\n> Ann\n');
    expect(rawText).toMatch(/\r\n/);
    expect(rawText).not.toMatch(/[^\r]\n/);
  });

  it('honours Reply-To', async () => {
    const { parsed } = await compose({ original: original({ replyTo: [{ name: 'Launch list', address: 'launch@lists.acme.example' }] }) });
    expect(parsed.meta.to).toEqual([{ name: 'Launch list', address: 'launch@lists.acme.example' }]);
  });

  it('reply-all copies everyone else once, never the user at any of their addresses', async () => {
    const { parsed, composed } = await compose({ mode: 'reply-all' });
    expect(parsed.meta.to.map((a) => a.address)).toEqual(['ann@acme.example']);
    expect(parsed.meta.cc.map((a) => a.address)).toEqual(['bo@acme.example', 'cy@acme.example']);
    expect(composed.cc).toHaveLength(2);
  });

  it('replying to the user’s own message answers its recipients', async () => {
    const own = original({ from: [{ name: 'Jordan Lee', address: 'jordan@example.com' }], to: [{ name: 'Ann Smith', address: 'ann@acme.example' }], cc: [{ name: 'Cy', address: 'cy@acme.example' }] });
    const reply = await compose({ original: own });
    expect(reply.parsed.meta.to.map((a) => a.address)).toEqual(['ann@acme.example']);
    const all = await compose({ mode: 'reply-all', original: own });
    expect(all.parsed.meta.cc.map((a) => a.address)).toEqual(['cy@acme.example']);
  });

  it('subjects get one Re: or Fwd:', () => {
    expect(prefixed('Re', 'Launch plan')).toBe('Re: Launch plan');
    expect(prefixed('Re', 'RE: re: Re[2]: AW: Launch plan')).toBe('Re: Launch plan');
    expect(prefixed('Re', 'Re: [dev] build broken')).toBe('Re: [dev] build broken');
    expect(prefixed('Fwd', 'Fw: FWD: Launch plan')).toBe('Fwd: Launch plan');
    expect(prefixed('Fwd', 'Re: Launch plan')).toBe('Fwd: Re: Launch plan');
    expect(prefixed('Re', '   ')).toBe('Re: (no subject)');
  });

  it('References: the In-Reply-To when there are none, and a long chain keeps its root and newest ids', async () => {
    const single = await compose({ original: original({ references: [] }) });
    expect(single.parsed.meta.references).toBe('orig-2@acme.example orig-3@acme.example');
    const long = Array.from({ length: 60 }, (_, i) => `r${i}@x.example`);
    const trimmed = await compose({ original: original({ references: long }) });
    const ids = trimmed.parsed.meta.references?.split(' ') ?? [];
    expect(ids).toHaveLength(40);
    expect(ids[0]).toBe('r0@x.example');
    expect(ids.at(-1)).toBe('orig-3@acme.example');
  });

  it('a forward has Fwd:, the forwarded header block, the attachments, and needs recipients', async () => {
    const { parsed } = await compose({
      mode: 'forward',
      to: [{ name: 'Dee', address: 'dee@partner.example' }],
      body: 'FYI, see below.',
      attachments: [{ filename: 'plan.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') }],
    });
    expect(parsed.meta.subject).toBe('Fwd: Launch plan');
    expect(parsed.meta.to).toEqual([{ name: 'Dee', address: 'dee@partner.example' }]);
    expect(parsed.text).toContain('FYI, see below.\n\n---------- Forwarded message ---------\nFrom: Ann Smith <ann@acme.example>\nDate: Mon, 3 Jun 2024 at 09:05\nSubject: Launch plan\n');
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([['plan.pdf', 'application/pdf']]);
    await expect(composeMessage({ mode: 'forward', original: original(), user: USER, body: 'x' })).rejects.toMatchObject({ name: 'ComposeError', field: 'to' });
  });

  it('encodes non-ASCII subjects, names and bodies so they read back the same', async () => {
    const { parsed } = await compose({ original: original({ subject: 'Grüße aus Köln ✓', from: [{ name: 'Zoë Ångström', address: 'zoe@acme.example' }] }), body: 'Danke schön — bis bald!' });
    expect(parsed.meta.subject).toBe('Re: Grüße aus Köln ✓');
    expect(parsed.meta.to[0]?.name).toBe('Zoë Ångström');
    expect(parsed.text?.startsWith('Danke schön — bis bald!')).toBe(true);
  });

  it('keeps Bcc in the message for Gmail to deliver and strip', async () => {
    const { header } = await compose({ bcc: [{ name: null, address: 'archive@example.com' }] });
    expect(header('bcc')).toBe('archive@example.com');
  });

  it('attack: a subject or body carrying CRLF cannot add headers, and a bad recipient is refused by field', async () => {
    const { parsed, rawText } = await compose({ original: original({ subject: 'Hi\r\nBcc: victim@evil.example\r\nX-Injected: 1' }), body: 'ok\r\n\r\nBcc: other@evil.example' });
    expect(parsed.email.headers.filter((h) => h.key === 'bcc')).toEqual([]);
    expect(parsed.email.headers.some((h) => h.key === 'x-injected')).toBe(false);
    expect(rawText).not.toMatch(/^Bcc: victim/m);
    await expect(compose({ to: [{ name: 'Eve\r\nBcc: x@evil.example', address: 'eve@evil.example' }] })).rejects.toBeInstanceOf(ComposeError);
    await expect(compose({ cc: [{ name: null, address: 'not an address' }] })).rejects.toMatchObject({ field: 'cc' });
    await expect(composeMessage({ mode: 'reply', original: original(), user: { addresses: [], name: null }, body: 'x' })).rejects.toMatchObject({ field: 'user' });
  });
});

describe('sending through the Gmail provider (against the sandbox)', () => {
  const EMAIL = 'jordan@example.com';
  const TOKEN = 'outgoing-test-token';
  const READONLY = 'outgoing-readonly-token';
  let sandbox: Sandbox;
  let rootUrl: string;
  let gmail: GmailProvider;

  beforeAll(async () => {
    sandbox = createSandbox({ tokens: { [TOKEN]: { email: EMAIL, scopes: [SCOPES.modify] }, [READONLY]: { email: EMAIL, scopes: [SCOPES.readonly] } } });
    const mbox = [
      'From ann@acme.example Mon Jun  3 09:05:00 2024',
      'From: Ann Smith <ann@acme.example>',
      'To: Jordan Lee <jordan@example.com>, Bo <bo@acme.example>',
      'Cc: Cy <cy@acme.example>',
      'Subject: Launch plan',
      'Message-ID: <orig-3@acme.example>',
      'In-Reply-To: <orig-2@acme.example>',
      'References: <orig-1@acme.example> <orig-2@acme.example>',
      'Date: Mon, 3 Jun 2024 09:05:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Can we ship on Thursday?',
      '',
      'Ann',
      '',
    ].join('\n');
    await sandbox.importMbox(mbox, EMAIL);
    rootUrl = await sandbox.listen();
    gmail = new GmailProvider({ rootUrl, credentials: { access_token: TOKEN }, retry: { baseDelayMs: 2, maxDelayMs: 20, maxAttempts: 3 }, pacing: null });
  });
  afterAll(() => sandbox.close());

  it('a reply-all lands in the original’s thread, labelled SENT, with the right headers', async () => {
    const [ref] = (await gmail.listMessageIds({ q: 'subject:"Launch plan"' })).messages;
    expect(ref).toBeDefined();
    const content = await gmail.getMessageContent(ref!.id, 'raw');
    if (content.format !== 'raw') throw new Error('expected raw');
    const source = await parseRawMessage(content.raw);
    const sent = await sendMessage(gmail, {
      mode: 'reply-all',
      threadId: content.threadId,
      original: {
        from: source.meta.from,
        to: source.meta.to,
        cc: source.meta.cc,
        replyTo: source.meta.replyTo ?? [],
        subject: source.meta.subject,
        messageId: source.meta.rfc822MessageId,
        inReplyTo: source.meta.inReplyTo?.split(' ') ?? [],
        references: source.meta.references?.split(' ') ?? [],
        date: source.headerDate,
        text: source.text ?? '',
      },
      user: { addresses: [EMAIL], name: 'Jordan Lee' },
      body: 'Thursday works for me.',
    });
    expect(sent.threadId).toBe(content.threadId);
    expect(sent.labelIds).toContain('SENT');

    const thread = sandbox.store.mailbox(EMAIL).threadMessages(content.threadId);
    expect(thread.map((m) => m.id)).toEqual([ref!.id, sent.id]);
    const back = await gmail.getMessageContent(sent.id, 'raw');
    if (back.format !== 'raw') throw new Error('expected raw');
    const delivered = await parseRawMessage(back.raw);
    expect(delivered.meta).toMatchObject({
      subject: 'Re: Launch plan',
      inReplyTo: 'orig-3@acme.example',
      references: 'orig-1@acme.example orig-2@acme.example orig-3@acme.example',
      rfc822MessageId: sent.composed.messageId,
    });
    expect(delivered.meta.from[0]?.address).toBe(EMAIL);
    expect(delivered.meta.to.map((a) => a.address)).toEqual(['ann@acme.example']);
    expect(delivered.meta.cc.map((a) => a.address)).toEqual(['bo@acme.example', 'cy@acme.example']);
    expect(delivered.text).toContain('> Can we ship on Thursday?');
  });

  it('needs write access: with gmail.readonly the send is refused and nothing is stored', async () => {
    const readonly = new GmailProvider({ rootUrl, credentials: { access_token: READONLY }, retry: { baseDelayMs: 2, maxDelayMs: 20, maxAttempts: 3 }, pacing: null });
    const before = sandbox.store.mailbox(EMAIL).messages.size;
    await expect(
      sendMessage(readonly, { mode: 'reply', threadId: null, original: original(), user: { addresses: [EMAIL], name: null }, body: 'Hello' }),
    ).rejects.toBeInstanceOf(InsufficientScopeError);
    expect(sandbox.store.mailbox(EMAIL).messages.size).toBe(before);
  });
});
