import type { FnParsedRequest, QueuedSend } from '@mailroom/contract';
import { requireWriteScope } from '../../auth/gmail-scopes.ts';
import { failedPrecondition, invalidArgument, notFound } from '../../errors.ts';
import { ComposeError, composeMessage, newMessageId, recipientsFor, subjectFor, type Mailbox } from '../../providers/outgoing/index.ts';
import type { UserFnContext } from '../registry.ts';
import { loadSettings } from '../settings/index.ts';
import { scheduleDelivery } from './delivery.ts';
import { readOriginal } from './original.ts';
import { findSend, insertSend, mailboxesOf, requeueFailed, type OutboxRow } from './outbox.ts';
import { formatMailbox, parseRecipients } from './recipients.ts';
import { replyContextOf } from './service.ts';

/**
 * Queuing a send (sendMessage, retrySend). Everything that can be checked now is checked now
 * (the message is the user's, write access, recipients, the MIME builds), so what the job sends
 * after the undo delay is what the user saw; the job builds it again then, from a fresh fetch,
 * because the original's text (quoted in the reply) is never stored.
 */

function queued(sendId: string, sendAt: number, delayMs: number, subject: string, to: Mailbox[], cc: Mailbox[], bcc: Mailbox[]): QueuedSend {
  return { sendId, status: 'queued', sendAt: new Date(sendAt).toISOString(), delayMs, subject, to: to.map(formatMailbox), cc: cc.map(formatMailbox), bcc: bcc.map(formatMailbox) };
}

async function undoDelayOf(ctx: UserFnContext): Promise<number> {
  return (await loadSettings(ctx.db, ctx.principal.userId)).settings.mail.undoSendDelayMs;
}

function asInvalidArgument(error: unknown): never {
  if (error instanceof ComposeError) throw invalidArgument(`${error.field}: ${error.message}`, { fields: [{ field: error.field, message: error.message }] });
  throw error;
}

export async function queueSend(ctx: UserFnContext, data: FnParsedRequest<'sendMessage'>): Promise<QueuedSend> {
  const rc = await replyContextOf(ctx, ctx.principal);
  const now = ctx.clock.now();
  // NOT_FOUND for a message that is not in this mailbox (another user's id included), before anything else is said.
  const mail = await readOriginal(rc.provider, { accountId: rc.account.id, messageId: data.messageId }, { now });
  requireWriteScope(rc.account);

  const to = parseRecipients('to', data.to);
  const cc = parseRecipients('cc', data.cc);
  const bcc = parseRecipients('bcc', data.bcc) ?? [];
  const body = data.body.replace(/\r\n?/g, '\n');
  if (data.mode !== 'forward' && body.trim() === '') throw invalidArgument('body: write something before sending', { fields: [{ field: 'body', message: 'write something before sending' }] });
  if (to !== undefined && to.length === 0 && (cc?.length ?? 0) + bcc.length === 0) {
    throw invalidArgument('to: name at least one recipient', { fields: [{ field: 'to', message: 'name at least one recipient' }] });
  }

  // The recipients as the editor showed them (computed ones where the caller sent none); once
  // chosen they are final: the job sends to exactly these.
  let recipients: { to: Mailbox[]; cc: Mailbox[]; bcc: Mailbox[] };
  try {
    const computed = data.mode === 'forward' ? { to: to ?? [], cc: [] } : recipientsFor({ mode: data.mode, original: mail.original, user: rc.user });
    recipients = recipientsFor({ mode: data.mode === 'forward' ? 'forward' : 'reply', original: mail.original, user: rc.user, to: to ?? computed.to, cc: cc ?? computed.cc, bcc });
  } catch (error) {
    asInvalidArgument(error);
  }
  const subject = data.subject?.replace(/[\r\n]+/g, ' ').trim() || subjectFor(data.mode, mail.original.subject);
  const rfc822MessageId = newMessageId(rc.account.email);
  // Builds the MIME once now, so a bad address or header fails here, in the editor, not later.
  await composeMessage({
    mode: data.mode === 'forward' ? 'forward' : 'reply',
    original: mail.original,
    user: rc.user,
    body,
    ...recipients,
    subject,
    messageId: rfc822MessageId,
  }).catch(asInvalidArgument);

  if (data.replacesSendId) {
    const replaced = await findSend(ctx.db, ctx.principal.userId, data.replacesSendId);
    if (!replaced) throw notFound('No such draft');
    if (replaced.status !== 'failed') throw failedPrecondition('ALREADY_SENT', 'That draft is already on its way; it cannot be replaced.');
  }
  const delayMs = await undoDelayOf(ctx);
  const sendAt = now + delayMs;
  const sendId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertSend(trx, {
      accountId: rc.account.id,
      userId: ctx.principal.userId,
      mode: data.mode,
      originalMessageId: mail.id,
      threadId: mail.threadId,
      ...recipients,
      subject,
      body,
      rfc822MessageId,
      fromSuggestion: data.fromSuggestion ?? null,
      sendAt,
      now,
    });
    if (data.replacesSendId) await trx.deleteFrom('outgoing_messages').where('id', '=', data.replacesSendId).where('user_id', '=', ctx.principal.userId).where('status', '=', 'failed').execute();
    return id;
  });
  await scheduleDelivery(ctx, sendAt);
  return queued(sendId, sendAt, delayMs, subject, recipients.to, recipients.cc, recipients.bcc);
}

/** The user's send, or NOT_FOUND (another user's id is not theirs to know about). */
export async function requireSend(ctx: UserFnContext, sendId: string): Promise<OutboxRow> {
  const row = await findSend(ctx.db, ctx.principal.userId, sendId);
  if (!row) throw notFound('No such message in your outbox');
  return row;
}

export async function retryFailedSend(ctx: UserFnContext, sendId: string): Promise<QueuedSend> {
  const row = await requireSend(ctx, sendId);
  if (row.status === 'sent') throw failedPrecondition('ALREADY_SENT', 'It has already been sent.');
  if (row.status !== 'failed') throw failedPrecondition('ALREADY_SENT', 'It is already on its way.');
  const rc = await replyContextOf(ctx, ctx.principal);
  requireWriteScope(rc.account);
  const now = ctx.clock.now();
  const delayMs = await undoDelayOf(ctx);
  const sendAt = now + delayMs;
  if (!(await requeueFailed(ctx.db, ctx.principal.userId, sendId, sendAt, now))) throw failedPrecondition('ALREADY_SENT', 'It is already on its way.');
  await scheduleDelivery(ctx, sendAt);
  return queued(sendId, sendAt, delayMs, row.subject, mailboxesOf(row.to_addresses), mailboxesOf(row.cc_addresses), mailboxesOf(row.bcc_addresses));
}
