import type { Db } from '../../db/database.ts';

/** A claim older than this whose email is not in the synced mailbox is checked again on later runs... */
export const CLAIM_CHECK_AFTER_MS = 15 * 60 * 1000;
/** ...and given up (`failed`, never resent) once it is this old. */
export const CLAIM_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * What sending did: `sent`; `not-sent` (nothing left Mailroom: no write access, no provider), or it
 * throws when the outcome is unknown (the request failed or the process stopped mid-way).
 */
export type DigestSend = (messageId: string) => Promise<'sent' | 'not-sent'>;

export type EmailOutcome = 'sent' | 'already-sent' | 'claimed' | 'not-sent' | 'failed';

/** The Message-ID a digest's email is sent with: the same for every attempt at it. */
export function digestMessageId(digestId: string, address: string): string {
  return `mailroom-digest.${digestId}@${address.split('@')[1] ?? 'localhost'}`;
}

/**
 * Emails a digest at most once, however many runs (or processes) try and wherever one stops:
 *
 *   null --claim--> sending --sent--> sent
 *                     | send said nothing left ---------------> null (a later run may send)
 *                     | outcome unknown (error, crash) -------> stays sending
 *   sending, older than 15 min: its Message-ID in the synced mailbox -> sent; else after 24 h -> failed
 *
 * The claim is one conditional UPDATE (`email_state is null`), so of two runs at once only one
 * sends; a claimed email is never sent again, only confirmed from the mailbox (Gmail files the
 * user's mail to themselves in the inbox, and sync brings it) or given up.
 */
export async function emailDigestOnce(db: Db, digest: { digestId: string; accountId: string; address: string }, now: number, send: DigestSend): Promise<EmailOutcome> {
  const row = await db.selectFrom('digests').select(['email_state', 'email_claimed_at', 'email_message_id']).where('id', '=', digest.digestId).executeTakeFirst();
  if (!row) return 'not-sent';
  if (row.email_state === 'sent') return 'already-sent';
  if (row.email_state === 'failed') return 'failed';
  if (row.email_state === 'sending') return confirmClaim(db, digest, row, now);

  const messageId = digestMessageId(digest.digestId, digest.address);
  const claimed = await db
    .updateTable('digests')
    .set({ email_state: 'sending', email_claimed_at: now, email_message_id: messageId })
    .where('id', '=', digest.digestId)
    .where('email_state', 'is', null)
    .where('emailed_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 'claimed';

  // An error here leaves the claim: the email may have gone, so it is not sent again.
  const outcome = await send(messageId);
  if (outcome === 'not-sent') {
    await db.updateTable('digests').set({ email_state: null, email_claimed_at: null, email_message_id: null }).where('id', '=', digest.digestId).where('email_state', '=', 'sending').execute();
    return 'not-sent';
  }
  await db.updateTable('digests').set({ email_state: 'sent', emailed_at: now }).where('id', '=', digest.digestId).where('email_state', '=', 'sending').execute();
  return 'sent';
}

/** A claim left by a run that did not finish: sent if its email is in the mailbox, given up after a day. */
async function confirmClaim(
  db: Db,
  digest: { digestId: string; accountId: string },
  row: { email_claimed_at: number | null; email_message_id: string | null },
  now: number,
): Promise<EmailOutcome> {
  const claimedAt = Number(row.email_claimed_at ?? 0);
  if (now - claimedAt < CLAIM_CHECK_AFTER_MS) return 'claimed';
  const id = row.email_message_id ?? '';
  const found = id
    ? await db.selectFrom('messages').select('internal_date').where('account_id', '=', digest.accountId).where('message_id', 'in', [id, `<${id}>`]).limit(1).executeTakeFirst()
    : undefined;
  if (found) {
    await db.updateTable('digests').set({ email_state: 'sent', emailed_at: Number(found.internal_date) }).where('id', '=', digest.digestId).where('email_state', '=', 'sending').execute();
    return 'already-sent';
  }
  if (now - claimedAt < CLAIM_GIVE_UP_AFTER_MS) return 'claimed';
  await db.updateTable('digests').set({ email_state: 'failed' }).where('id', '=', digest.digestId).where('email_state', '=', 'sending').execute();
  return 'failed';
}
