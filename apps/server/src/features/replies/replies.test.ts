import { DERIVED_DATA_RETENTION_MS, UNDO_SEND_DEFAULT_MS, type QueuedSend, type SendRecord, type SuggestRepliesResult } from '@mailroom/contract';
import { parseRawMessage } from '@mailroom/mail-parse';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../clock.ts';
import { ENGINES } from '../../db/testing.ts';
import { expireDerivedData } from '../../platform/retention.ts';
import { composeMessage } from '../../providers/outgoing/index.ts';
import { createMailboxTestApp, settle, userWithMailbox, type MailboxTestApp, type MailboxUser } from '../../testing/mailbox-app.ts';
import { deliverDueSends, SEND_LEASE_MS } from './delivery.ts';
import { claimDue } from './outbox.ts';
import { replyCounts } from './index.ts';

/**
 * Replies end to end against the embedded Gmail sandbox, on both engines, with the app's clock
 * in the test's hands: suggestions from a fetched (never stored) message, the style learned from
 * the user's sent replies, the outbox (undo window, Undo, send, threading headers, the body
 * deleted once sent), failures kept as drafts and retried, write scope, and a crash mid-send
 * reconciled by Message-ID so nothing is lost or sent twice.
 */

const ME = 'jordan@example.com';
/** A phrase deep in a message body: it must never be written anywhere by Mailroom. */
const SECRET = 'PLUM-ORCHARD-4471';

interface Mail {
  from: string;
  to: string;
  cc?: string;
  subject: string;
  id: string;
  date: string;
  body: string;
  labels?: string;
  thread: number;
  inReplyTo?: string;
  extra?: string;
}

function mboxOf(mails: Mail[]): string {
  return mails
    .map((m, i) => {
      const headers = [
        `X-GM-THRID: ${m.thread}`,
        `X-Gmail-Labels: ${m.labels ?? 'Inbox,Unread'}`,
        `From: ${m.from}`,
        `To: ${m.to}`,
        ...(m.cc ? [`Cc: ${m.cc}`] : []),
        `Subject: ${m.subject}`,
        `Message-ID: <${m.id}>`,
        `Date: ${m.date}`,
        ...(m.inReplyTo ? [`In-Reply-To: <${m.inReplyTo}>`, `References: <${m.inReplyTo}>`] : []),
        ...(m.extra ? [m.extra] : []),
        'Content-Type: text/plain; charset=utf-8',
      ];
      return `From ${i + 1}@xxx Mon Jun  3 09:00:00 +0000 2024\n${headers.join('\n')}\n\n${m.body.replace(/^(>*From )/gm, '>$1')}\n`;
    })
    .join('\n');
}

const filler = 'The rest of this note is background you can skim. '.repeat(8);
const MAILS: Mail[] = [
  // Jordan's sent replies: "Hey <name>," and "Cheers, J".
  { from: `Jordan Lee <${ME}>`, to: 'Sam <sam@acme.example>', subject: 'Re: build', id: 'sent-1@example.com', date: 'Mon, 20 May 2024 10:00:00 +0000', labels: 'Sent', thread: 101, inReplyTo: 'x1@acme.example', body: 'Hey Sam,\n\nyeah, fixed it last night :)\n\nCheers, J' },
  { from: `Jordan Lee <${ME}>`, to: 'Ann <ann@acme.example>', subject: 'Re: lunch', id: 'sent-2@example.com', date: 'Tue, 21 May 2024 10:00:00 +0000', labels: 'Sent', thread: 102, inReplyTo: 'x2@acme.example', body: "Hey Ann,\n\nsounds great, I'm in!\n\nCheers, J" },
  { from: `Jordan Lee <${ME}>`, to: 'Bo <bo@acme.example>', subject: 'Re: docs', id: 'sent-3@example.com', date: 'Wed, 22 May 2024 10:00:00 +0000', labels: 'Sent', thread: 103, inReplyTo: 'x3@acme.example', body: "Hey Bo,\n\nnope, haven't had a chance yet - tomorrow!\n\nCheers, J" },
  // A person asks Jordan something; the secret phrase is far past Gmail's snippet.
  {
    from: '"Smith, Ann" <ann@acme.example>',
    to: `Jordan Lee <${ME}>, Bo <bo@acme.example>`,
    cc: 'Cy <cy@acme.example>',
    subject: 'Planning',
    id: 'ask-1@acme.example',
    date: 'Mon, 3 Jun 2024 08:00:00 +0000',
    thread: 200,
    inReplyTo: 'orig-0@acme.example',
    body: `Hi Jordan,\n\nAre you free for a quick call on Thursday at 2pm?\n\n${filler}\n\nThe code word is ${SECRET}.\n\nAnn`,
  },
  // A newsletter.
  { from: 'Acme News <news@mail.acme.example>', to: ME, subject: 'Acme Weekly #12', id: 'news-1@mail.acme.example', date: 'Mon, 3 Jun 2024 07:00:00 +0000', thread: 300, extra: 'List-Unsubscribe: <https://acme.example/u>\nList-Id: <weekly.acme.example>\nPrecedence: bulk', body: 'This week at Acme.\n\nUnsubscribe: https://acme.example/u' },
];

type Result<T> = { result: T };

describe.each(ENGINES)('replies (%s)', (engine) => {
  const clock = new FakeClock(Date.parse('2024-06-03T12:00:00Z'));
  let t: MailboxTestApp;
  let jordan: MailboxUser;
  let askId: string;
  let askThreadId: string;
  let newsId: string;

  const call = async <T>(name: string, data: unknown = {}): Promise<T> => {
    const response = await jordan.call(name, data);
    expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
    return (response.json() as Result<T>).result;
  };
  const fails = async (name: string, data: unknown) => {
    const response = await jordan.call(name, data);
    return { status: response.statusCode, error: (response.json() as { error: { status: string; message: string; details?: { reason?: string; fields?: Array<{ field: string }> } } }).error };
  };
  const services = () => ({ ...t.app.mailroom.services, clock });
  const gmailMessages = () => [...t.sandbox.store.mailbox(ME).messages.values()];
  /** Every text value Mailroom stores, all tables: the promise "no bodies stored" is checked against it. */
  const everythingStored = async (): Promise<string> => {
    const tables = (await t.database.db.introspection.getTables()).filter((table) => !table.isView && (t.database.schema === null || table.schema === t.database.schema));
    const rows: unknown[] = [];
    for (const table of tables) rows.push(...(await sql`select * from ${sql.table(table.name)}`.execute(t.database.db)).rows);
    return JSON.stringify(rows);
  };

  beforeAll(async () => {
    t = await createMailboxTestApp(engine, {}, { clock });
    await t.sandbox.importMbox(mboxOf(MAILS), ME);
    jordan = await userWithMailbox(t, ME, { write: true });
    await settle(t);
    const ids = await t.database.db.selectFrom('messages').select(['id', 'message_id', 'thread_id']).where('account_id', '=', jordan.accountId).execute();
    const byMessageId = (id: string) => ids.find((r) => r.message_id === id) ?? (() => { throw new Error(`${id} was not synced`); })();
    askId = byMessageId('ask-1@acme.example').id;
    askThreadId = byMessageId('ask-1@acme.example').thread_id;
    newsId = byMessageId('news-1@mail.acme.example').id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('learns the user’s style from their sent replies once sync has them, storing only the profile', async () => {
    await t.jobs.idle();
    const profile = await t.database.db.selectFrom('reply_style_profiles').selectAll().where('account_id', '=', jordan.accountId).executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ greeting: 'Hey', sign_off: 'Cheers, J', samples: 3, sender_name: 'Jordan Lee' });
  });

  it('suggests three replies to a person’s question, in the user’s style, with the editor’s recipients', async () => {
    const result = await call<SuggestRepliesResult>('suggestReplies', { messageId: askId });
    expect(result).toMatchObject({ messageId: askId, trigger: true, kind: 'scheduling', style: { learned: true, samples: 3 }, modelAvailable: false });
    expect(result.suggestions.map((s) => s.stance).sort()).toEqual(['accept', 'ask', 'decline']);
    for (const s of result.suggestions) {
      expect(s.text).toMatch(/^Hey Ann,\n\n/);
      expect(s.text).toMatch(/\n\nCheers, J$/);
    }
    expect(new Set(result.suggestions.map((s) => s.body)).size).toBe(3);
    // Reply goes to Ann; reply-all copies the others but never Jordan; a comma in a name is quoted.
    expect(result.compose.reply).toEqual({ to: ['"Smith, Ann" <ann@acme.example>'], cc: [] });
    expect(result.compose.replyAll).toEqual({ to: ['"Smith, Ann" <ann@acme.example>'], cc: ['Bo <bo@acme.example>', 'Cy <cy@acme.example>'] });
    expect(result.compose.subjects).toEqual({ reply: 'Re: Planning', forward: 'Fwd: Planning' });
  });

  it('offers no suggestions for a newsletter, and says why', async () => {
    const result = await call<SuggestRepliesResult>('suggestReplies', { messageId: newsId });
    expect(result.trigger).toBe(false);
    expect(result.suggestions).toEqual([]);
    expect(result.reason).toMatch(/bulk|list|newsletter/i);
  });

  it('a send waits for the undo delay; Undo gives the text back and nothing reaches Gmail', async () => {
    const before = gmailMessages().length;
    const queued = await call<QueuedSend>('sendMessage', { mode: 'reply', messageId: askId, body: 'Thursday works.' });
    expect(Date.parse(queued.sendAt) - clock.now()).toBe(UNDO_SEND_DEFAULT_MS);
    expect(queued).toMatchObject({ status: 'queued', subject: 'Re: Planning', to: ['"Smith, Ann" <ann@acme.example>'] });
    clock.advance(UNDO_SEND_DEFAULT_MS - 1);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 0 });
    const undone = await call<{ cancelled: true; draft: { body: string; to: string[] } }>('cancelSend', { sendId: queued.sendId });
    expect(undone.draft).toMatchObject({ body: 'Thursday works.', to: ['"Smith, Ann" <ann@acme.example>'], mode: 'reply', messageId: askId });
    clock.advance(60_000);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 0, failed: 0 });
    expect(gmailMessages()).toHaveLength(before);
    expect((await fails('getSend', { sendId: queued.sendId })).status).toBe(404);
  });

  it('after the delay the reply lands in the thread with In-Reply-To and References, the body is deleted here, and it counts as from a suggestion', async () => {
    const suggestions = await call<SuggestRepliesResult>('suggestReplies', { messageId: askId });
    const chosen = suggestions.suggestions.find((s) => s.stance === 'accept')!;
    // The user's own words end past the ~200 characters of Gmail's snippet (which is stored, by design).
    const body = `${chosen.text}\n\n${filler}\n\nP.S. bring the slides`;
    const queued = await call<QueuedSend>('sendMessage', { mode: 'reply-all', messageId: askId, body, fromSuggestion: { stance: 'accept', edited: true } });
    expect(queued.cc).toEqual(['Bo <bo@acme.example>', 'Cy <cy@acme.example>']);
    clock.advance(UNDO_SEND_DEFAULT_MS);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 1, failed: 0 });

    const record = await call<SendRecord>('getSend', { sendId: queued.sendId });
    expect(record).toMatchObject({ status: 'sent', body: '', error: null });
    const sent = t.sandbox.store.mailbox(ME).messages.get(record.sentMessageId!)!;
    expect(sent.threadId).toBe(askThreadId);
    expect(sent.labelIds).toContain('SENT');
    const parsed = await parseRawMessage(sent.raw);
    expect(parsed.meta).toMatchObject({ subject: 'Re: Planning', inReplyTo: 'ask-1@acme.example', references: 'orig-0@acme.example ask-1@acme.example' });
    expect(parsed.meta.to.map((a) => a.address)).toEqual(['ann@acme.example']);
    expect(parsed.meta.cc.map((a) => a.address)).toEqual(['bo@acme.example', 'cy@acme.example']);
    expect(parsed.text).toContain('P.S. bring the slides');
    expect(parsed.text).toContain('> Are you free for a quick call on Thursday at 2pm?');

    expect(await replyCounts(t.database.db, jordan.accountId, 0)).toEqual({ sent: 1, fromSuggestions: 1, editedSuggestions: 1 });
    const tooLate = await fails('cancelSend', { sendId: queued.sendId });
    expect(tooLate).toMatchObject({ status: 400, error: { status: 'FAILED_PRECONDITION', details: { reason: 'ALREADY_SENT' } } });

    // The original's text and the user's own body are nowhere in Mailroom's store (the reply is in Gmail).
    const stored = await everythingStored();
    expect(stored).not.toContain(SECRET);
    expect(stored).not.toContain('bring the slides');
  });

  it('the wait is the user’s undo-send delay from Settings', async () => {
    await call('updateSettings', { patch: { mail: { undoSendDelayMs: 5_000 } } });
    const queued = await call<QueuedSend>('sendMessage', { mode: 'reply', messageId: askId, body: 'Five seconds.' });
    expect(queued.delayMs).toBe(5_000);
    expect(Date.parse(queued.sendAt) - clock.now()).toBe(5_000);
    await call('cancelSend', { sendId: queued.sendId });
    await call('updateSettings', { patch: { mail: { undoSendDelayMs: UNDO_SEND_DEFAULT_MS } } });
  });

  it('a send that fails is kept as a draft with the reason, and Retry sends it once', async () => {
    const queued = await call<QueuedSend>('sendMessage', { mode: 'reply', messageId: askId, body: 'Will this get there?' });
    // Write access is withdrawn while the message waits.
    const scopes = (await t.database.db.selectFrom('mail_accounts').select('scopes').where('id', '=', jordan.accountId).executeTakeFirstOrThrow()).scopes;
    await t.database.db.updateTable('mail_accounts').set({ scopes: 'openid email https://www.googleapis.com/auth/gmail.readonly' }).where('id', '=', jordan.accountId).execute();
    clock.advance(UNDO_SEND_DEFAULT_MS);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 0, failed: 1 });
    const { drafts } = await call<{ drafts: SendRecord[] }>('listDrafts', { messageId: askId });
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ sendId: queued.sendId, status: 'failed', body: 'Will this get there?', error: expect.stringMatching(/write access/) });
    expect(await fails('retrySend', { sendId: queued.sendId })).toMatchObject({ error: { details: { reason: 'WRITE_SCOPE_REQUIRED' } } });

    await t.database.db.updateTable('mail_accounts').set({ scopes }).where('id', '=', jordan.accountId).execute();
    const before = gmailMessages().length;
    const again = await call<QueuedSend>('retrySend', { sendId: queued.sendId });
    expect(again.sendId).toBe(queued.sendId);
    clock.advance(UNDO_SEND_DEFAULT_MS);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 1 });
    expect(await deliverDueSends(services())).toMatchObject({ sent: 0, reconciled: 0 });
    expect(gmailMessages()).toHaveLength(before + 1);
    expect((await call<{ drafts: SendRecord[] }>('listDrafts', { messageId: askId })).drafts).toEqual([]);
  });

  it('a worker that dies after Gmail accepted the message: after the lease the send is marked sent, never sent twice', async () => {
    const queued = await call<QueuedSend>('sendMessage', { mode: 'reply', messageId: askId, body: 'Sent before the crash.' });
    clock.advance(UNDO_SEND_DEFAULT_MS);
    // The dying worker: claims the send and hands it to Gmail, then stops before recording it.
    expect(await claimDue(t.database.db, queued.sendId, clock.now())).toBe(true);
    const row = await t.database.db.selectFrom('outgoing_messages').selectAll().where('id', '=', queued.sendId).executeTakeFirstOrThrow();
    const provider = (await t.app.mailroom.services.providers(jordan.accountId))!;
    const content = await provider.getMessageContent(askId, 'raw');
    const source = await parseRawMessage(content.format === 'raw' ? content.raw : Buffer.alloc(0));
    const composed = await composeMessage({
      mode: 'reply',
      original: { from: source.meta.from, to: source.meta.to, cc: source.meta.cc, replyTo: [], subject: source.meta.subject, messageId: source.meta.rfc822MessageId, inReplyTo: [], references: [], date: null, text: source.text ?? '' },
      user: { addresses: [ME], name: 'Jordan Lee' },
      body: row.body!,
      messageId: row.rfc822_message_id,
    });
    await provider.send(composed.raw, { threadId: askThreadId });
    const copies = () => gmailMessages().filter((m) => m.raw.toString('latin1').includes(row.rfc822_message_id)).length;
    expect(copies()).toBe(1);

    // Another worker within the lease leaves the claim alone.
    expect(await deliverDueSends(services())).toMatchObject({ sent: 0, reconciled: 0, requeued: 0 });
    expect((await call<SendRecord>('getSend', { sendId: queued.sendId })).status).toBe('sending');
    // Cancel is too late for a message already being handed over.
    expect(await fails('cancelSend', { sendId: queued.sendId })).toMatchObject({ error: { details: { reason: 'ALREADY_SENT' } } });
    clock.advance(SEND_LEASE_MS + 1);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 0, reconciled: 1 });
    expect(copies()).toBe(1);
    expect(await call<SendRecord>('getSend', { sendId: queued.sendId })).toMatchObject({ status: 'sent', body: '' });
  });

  it('a worker that dies before Gmail got the message: after the lease it is sent, once', async () => {
    const queued = await call<QueuedSend>('sendMessage', { mode: 'reply', messageId: askId, body: 'Sent after the crash.' });
    clock.advance(UNDO_SEND_DEFAULT_MS);
    expect(await claimDue(t.database.db, queued.sendId, clock.now())).toBe(true);
    const row = await t.database.db.selectFrom('outgoing_messages').select('rfc822_message_id').where('id', '=', queued.sendId).executeTakeFirstOrThrow();
    const copies = () => gmailMessages().filter((m) => m.raw.toString('latin1').includes(row.rfc822_message_id)).length;
    clock.advance(SEND_LEASE_MS + 1);
    expect(await deliverDueSends(services())).toMatchObject({ requeued: 1, sent: 1 });
    expect(copies()).toBe(1);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 0, reconciled: 0, requeued: 0 });
    expect(copies()).toBe(1);
  });

  it('needs write access: without gmail.modify the answer is WRITE_SCOPE_REQUIRED and nothing is queued', async () => {
    const scopes = (await t.database.db.selectFrom('mail_accounts').select('scopes').where('id', '=', jordan.accountId).executeTakeFirstOrThrow()).scopes;
    await t.database.db.updateTable('mail_accounts').set({ scopes: 'openid email https://www.googleapis.com/auth/gmail.readonly' }).where('id', '=', jordan.accountId).execute();
    try {
      const before = await t.database.db.selectFrom('outgoing_messages').select('id').execute();
      const refused = await fails('sendMessage', { mode: 'reply', messageId: askId, body: 'Hi' });
      expect(refused).toMatchObject({ status: 400, error: { status: 'FAILED_PRECONDITION', details: { reason: 'WRITE_SCOPE_REQUIRED' } } });
      expect(await t.database.db.selectFrom('outgoing_messages').select('id').execute()).toEqual(before);
      // Reading still works: suggestions need no write access.
      expect((await call<SuggestRepliesResult>('suggestReplies', { messageId: askId })).trigger).toBe(true);
    } finally {
      await t.database.db.updateTable('mail_accounts').set({ scopes }).where('id', '=', jordan.accountId).execute();
    }
  });

  it('bad input answers INVALID_ARGUMENT naming the field, and queues nothing', async () => {
    const before = await t.database.db.selectFrom('outgoing_messages').select('id').execute();
    expect(await fails('sendMessage', { mode: 'reply', messageId: askId, body: 'x', cc: ['bo@acme.example', 'not an address'] })).toMatchObject({
      status: 400,
      error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field: 'cc.1' }] } },
    });
    expect(await fails('sendMessage', { mode: 'forward', messageId: askId, body: 'fyi' })).toMatchObject({ error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field: 'to' }] } } });
    expect(await fails('sendMessage', { mode: 'reply', messageId: askId, body: '   ' })).toMatchObject({ error: { status: 'INVALID_ARGUMENT', details: { fields: [{ field: 'body' }] } } });
    expect(await fails('sendMessage', { mode: 'reply', messageId: 'no/such', body: 'x' })).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(await fails('sendMessage', { mode: 'reply', messageId: 'ffffffffffffffff', body: 'x' })).toMatchObject({ status: 404, error: { status: 'NOT_FOUND' } });
    // A subject carrying CRLF never becomes a header.
    const injected = await call<QueuedSend>('sendMessage', { mode: 'forward', messageId: askId, to: ['bo@acme.example'], subject: 'Hi\r\nBcc: eve@evil.example', body: 'fyi' });
    expect(injected.subject).toBe('Hi Bcc: eve@evil.example');
    expect(injected.bcc).toEqual([]);
    await call('cancelSend', { sendId: injected.sendId });
    expect(await t.database.db.selectFrom('outgoing_messages').select('id').execute()).toEqual(before);
  });

  it('a forward carries the original’s text and goes to whom the user chose', async () => {
    const queued = await call<QueuedSend>('sendMessage', { mode: 'forward', messageId: askId, to: ['Dee <dee@elsewhere.example>, eli@elsewhere.example'], body: 'FYI, see below.' });
    expect(queued).toMatchObject({ subject: 'Fwd: Planning', to: ['Dee <dee@elsewhere.example>', 'eli@elsewhere.example'] });
    clock.advance(UNDO_SEND_DEFAULT_MS);
    expect(await deliverDueSends(services())).toMatchObject({ sent: 1 });
    const record = await call<SendRecord>('getSend', { sendId: queued.sendId });
    const parsed = await parseRawMessage(t.sandbox.store.mailbox(ME).messages.get(record.sentMessageId!)!.raw);
    expect(parsed.meta.to.map((a) => a.address)).toEqual(['dee@elsewhere.example', 'eli@elsewhere.example']);
    expect(parsed.text).toContain('---------- Forwarded message ---------');
    expect(parsed.text).toContain(SECRET);
  });

  it('drafts are derived data: a failed send older than 30 days is deleted by the retention job', async () => {
    const queued = await call<QueuedSend>('sendMessage', { mode: 'reply', messageId: askId, body: 'Old draft.' });
    await t.database.db.updateTable('outgoing_messages').set({ status: 'failed', error: 'Gmail refused', updated_at: clock.now() - DERIVED_DATA_RETENTION_MS - 1 }).where('id', '=', queued.sendId).execute();
    await expireDerivedData(services(), t.app.mailroom.features.derivedTables);
    expect((await fails('getSend', { sendId: queued.sendId })).status).toBe(404);
    const registered = t.app.mailroom.features.derivedTables.map((d) => d.table);
    expect(registered).toEqual(expect.arrayContaining(['outgoing_messages', 'reply_style_profiles', 'reply_events']));
  });
});
