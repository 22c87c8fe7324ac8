import { failureReasonOf } from '@mailroom/contract';
import { hasWriteScope } from '../../auth/gmail-scopes.ts';
import { FnError } from '../../errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { GrantRevokedError, InsufficientScopeError, NotFoundError, ProviderError, type MailProvider } from '../../providers/mail-provider.ts';
import { ComposeError, composeMessage } from '../../providers/outgoing/index.ts';
import { userTimeZone } from '../settings/index.ts';
import { identityOf } from './context.ts';
import { OriginalTooLargeError, readOriginal, readOriginalWithAttachments } from './original.ts';
import { claimDue, mailboxesOf, markFailed, markSent, requeueStale, type OutboxRow } from './outbox.ts';
import { loadStyle } from './style.ts';

/**
 * The send job: hands due sends from the outbox to Gmail, exactly once.
 *
 * Idempotency (a crash can come between any two steps): the Message-ID is chosen when the send
 * is queued, and the row is claimed (`sending`) before Gmail is called. A process that dies
 * after Gmail accepted the message but before the row says `sent` leaves it `sending`; once the
 * lease has passed, the sweep asks Gmail for that Message-ID (`rfc822msgid:`, Gmail search
 * operators) and marks it sent if Gmail has it, or queues it again if not. A second attempt
 * always looks first, and so does a failure that may have reached Gmail (a timeout, a 5xx),
 * before the send is called failed. A failed send keeps its body as a draft with the reason.
 */

export const DELIVER_JOB = 'replies.deliver';
/** Every minute: sends a restart or a lost timer left behind, and reconciles stale claims. */
export const DELIVER_SWEEP_CRON = '* * * * *';
/**
 * A claim older than this belongs to a worker that died: Gmail's own retries (with backoff)
 * end well within it, so no live attempt is still talking to Gmail by then.
 */
export const SEND_LEASE_MS = 2 * 60_000;
/** Sends handled per job run; the rest wait for the next (the sweep comes every minute). */
const DELIVERIES_PER_RUN = 50;

type Services = Pick<AppServices, 'db' | 'providers' | 'clock' | 'log'>;

export interface DeliveryReport {
  sent: number;
  failed: number;
  reconciled: number;
  requeued: number;
}

/** The Gmail id of the message with this Message-ID in the mailbox, or null (Gmail's `rfc822msgid:` search). */
export async function findByMessageId(provider: Pick<MailProvider, 'listMessageIds'>, rfc822MessageId: string): Promise<string | null> {
  const page = await provider.listMessageIds({ q: `rfc822msgid:${rfc822MessageId}`, includeSpamTrash: true, maxResults: 5 });
  return page.messages[0]?.id ?? null;
}

/** Whether the failed call may nonetheless have reached Gmail (no answer, or a server error). */
function mayHaveReachedGmail(error: unknown): boolean {
  if (error instanceof ProviderError) return error.status === null || error.status >= 500;
  if (error instanceof FnError) return error.status === 'UNAVAILABLE' || error.status === 'INTERNAL';
  return !(error instanceof ComposeError || error instanceof OriginalTooLargeError || error instanceof InsufficientScopeError || error instanceof GrantRevokedError);
}

/** Why a send failed, in a sentence the user can act on. */
export function failureSentence(error: unknown): string {
  if (error instanceof InsufficientScopeError) return 'Gmail refused: Mailroom is not allowed to send from this account. Grant write access, then retry.';
  if (error instanceof GrantRevokedError) return 'Gmail access was revoked or has expired. Reconnect Gmail, then retry.';
  if (error instanceof NotFoundError) return 'Gmail no longer has the message this answers (or its conversation).';
  if (error instanceof ComposeError) return `Not sent: ${error.message}.`;
  if (error instanceof OriginalTooLargeError) return `The message being forwarded is too large to send again (${error.message.replace(/^The message is /, '')}).`;
  if (error instanceof ProviderError) {
    if (error.status === 429 || error.reason === 'rateLimitExceeded' || error.reason === 'userRateLimitExceeded') return 'Gmail’s sending limit is used up for the moment. Retry in a while.';
    if (error.status === 400) return `Gmail refused the message: ${error.message.slice(0, 200)}`;
    return 'Gmail did not answer, even after retrying. Retry shortly.';
  }
  if (error instanceof FnError) {
    const reason = failureReasonOf(error.details);
    if (reason === 'GMAIL_RECONNECT_REQUIRED') return 'Gmail access was revoked or has expired. Reconnect Gmail, then retry.';
    if (reason === 'WRITE_SCOPE_REQUIRED') return 'Gmail refused: Mailroom is not allowed to send from this account. Grant write access, then retry.';
    if (error.status === 'NOT_FOUND') return 'Gmail no longer has the message this answers.';
    if (error.status === 'RESOURCE_EXHAUSTED') return 'Gmail’s per-user quota is used up for the moment. Retry in a minute.';
    return `Gmail did not answer: ${error.message}`;
  }
  return `Mailroom could not send it: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`;
}

async function row(services: Services, sendId: string): Promise<OutboxRow | undefined> {
  return services.db.selectFrom('outgoing_messages').selectAll().where('id', '=', sendId).executeTakeFirst();
}

/** Builds the message from the outbox row and a fresh fetch of the original, and sends it in its thread. */
async function buildAndSend(services: Services, provider: MailProvider, send: OutboxRow, account: { email: string; user_id: string }): Promise<string> {
  const user = await services.db.selectFrom('users').select(['email', 'display_name']).where('id', '=', account.user_id).executeTakeFirst();
  const style = await loadStyle(services.db, send.account_id);
  const identity = identityOf(account, { email: user?.email ?? account.email, displayName: user?.display_name ?? null }, style?.senderName ?? null);
  const forward = send.mode === 'forward';
  const { mail, attachments } = forward
    ? await readOriginalWithAttachments(provider, send.original_message_id)
    : { mail: await readOriginal(provider, { accountId: send.account_id, messageId: send.original_message_id }, { now: services.clock.now() }), attachments: [] };
  const composed = await composeMessage({
    // The recipients are the ones the user saw and kept: reply-all's Cc is in the row already.
    mode: forward ? 'forward' : 'reply',
    original: mail.original,
    user: identity,
    body: send.body ?? '',
    to: mailboxesOf(send.to_addresses),
    cc: mailboxesOf(send.cc_addresses),
    bcc: mailboxesOf(send.bcc_addresses),
    subject: send.subject,
    attachments,
    messageId: send.rfc822_message_id,
    timeZone: await userTimeZone(services.db, account.user_id),
    now: new Date(services.clock.now()),
  });
  const sent = await provider.send(composed.raw, send.thread_id ? { threadId: send.thread_id } : {});
  return sent.id;
}

/** One claimed send, start to end. Never throws: every outcome is written to the row. */
async function deliverClaimed(services: Services, sendId: string, report: DeliveryReport): Promise<void> {
  const { db, clock } = services;
  const send = await row(services, sendId);
  if (!send || send.status !== 'sending') return;
  const fail = async (reason: string) => {
    await markFailed(db, send.id, reason, clock.now());
    report.failed++;
    services.log.warn({ sendId: send.id, reason }, 'a reply was not sent; kept as a draft');
  };
  const account = await db.selectFrom('mail_accounts').selectAll().where('id', '=', send.account_id).executeTakeFirst();
  if (!account || account.disconnected_at !== null || account.token_ciphertext === null) return fail('Gmail is no longer connected. Connect it again, then retry.');
  if (account.needs_reconnect) return fail('Gmail access was revoked or has expired. Reconnect Gmail, then retry.');
  if (!hasWriteScope(account.scopes)) return fail('Mailroom is not allowed to send from this account. Grant write access, then retry.');
  const provider = await services.providers(account.id);
  if (!provider) return fail('Gmail is no longer connected. Connect it again, then retry.');

  try {
    // A second attempt may follow one that reached Gmail: look before sending again.
    if (Number(send.attempts) > 1) {
      const found = await findByMessageId(provider, send.rfc822_message_id);
      if (found) {
        await markSent(db, send, found, clock.now());
        report.reconciled++;
        return;
      }
    }
    const sentId = await buildAndSend(services, provider, send, account);
    await markSent(db, send, sentId, clock.now());
    report.sent++;
  } catch (error) {
    if (mayHaveReachedGmail(error)) {
      try {
        const found = await findByMessageId(provider, send.rfc822_message_id);
        if (found) {
          await markSent(db, send, found, clock.now());
          report.reconciled++;
          return;
        }
      } catch {
        // Gmail cannot be asked either: the failure stands, and a retry looks again first.
      }
    }
    await fail(failureSentence(error));
  }
}

/**
 * Claims older than the lease: their worker died mid-send. Gmail has the message (mark it sent)
 * or not (queue it again, to be sent now). When Gmail cannot be asked, the claim waits for the
 * next sweep.
 */
async function reconcileStale(services: Services, report: DeliveryReport): Promise<void> {
  const { db, clock } = services;
  const stale = await db
    .selectFrom('outgoing_messages')
    .selectAll()
    .where('status', '=', 'sending')
    .where('attempt_started_at', '<', clock.now() - SEND_LEASE_MS)
    .limit(DELIVERIES_PER_RUN)
    .execute();
  for (const send of stale) {
    try {
      const provider = await services.providers(send.account_id);
      if (!provider) {
        await markFailed(db, send.id, 'Gmail is no longer connected. Connect it again, then retry.', clock.now());
        report.failed++;
        continue;
      }
      const found = await findByMessageId(provider, send.rfc822_message_id);
      if (found) {
        await markSent(db, send, found, clock.now());
        report.reconciled++;
      } else if (await requeueStale(db, send, clock.now())) {
        report.requeued++;
      }
    } catch (error) {
      services.log.warn({ sendId: send.id, err: error }, 'could not ask Gmail about an interrupted send; trying again at the next sweep');
    }
  }
}

/** One run of the send job: reconcile stale claims, then send everything due. */
export async function deliverDueSends(services: Services): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, reconciled: 0, requeued: 0 };
  await reconcileStale(services, report);
  const now = services.clock.now();
  const due = await services.db
    .selectFrom('outgoing_messages')
    .select('id')
    .where('status', '=', 'queued')
    .where('send_at', '<=', now)
    .orderBy('send_at')
    .limit(DELIVERIES_PER_RUN)
    .execute();
  for (const { id } of due) {
    if (!(await claimDue(services.db, id, services.clock.now()))) continue;
    await deliverClaimed(services, id, report);
  }
  return report;
}

/** Asks for the send job when `sendAt` comes (and, after a restart, for every send still waiting). */
export async function scheduleDelivery(services: Pick<AppServices, 'jobs' | 'clock'>, sendAt: number): Promise<void> {
  await services.jobs.enqueue(DELIVER_JOB, {}, { delayMs: Math.max(0, sendAt - services.clock.now()) });
}

/** After a restart (the in-process queue forgot its timers): one run now, and one for each later send time. */
export async function resumeDeliveries(services: AppServices): Promise<void> {
  const waiting = await services.db.selectFrom('outgoing_messages').select('send_at').distinct().where('status', 'in', ['queued', 'sending']).orderBy('send_at').limit(100).execute();
  await services.jobs.enqueue(DELIVER_JOB, {});
  const now = services.clock.now();
  for (const { send_at } of waiting) if (Number(send_at) > now) await scheduleDelivery(services, Number(send_at));
}
