import { sql } from 'kysely';
import { INLINE_BATCH_LIMIT } from '../../constants/recovery.ts';
import type { Db } from '../../db/database.ts';
import type { MessagesChanged } from '../../sync/messages-changed.ts';
import type { AppServices } from '../../platform/services.ts';
import { senderOf } from '../mail/index.ts';
import { notify } from './service.ts';

/**
 * What notifies (issue 20), besides what other features report through notifyUser (index.ts):
 * new important mail, Gmail access lost, and sync failing for more than an hour.
 */

/** Mail older than this when it reaches the store is catching up, not arriving: it never notifies. */
export const NEW_MAIL_WINDOW_MS = 60 * 60 * 1000;
/** Sync failing this long notifies. */
export const SYNC_FAILING_AFTER_MS = 60 * 60 * 1000;
/** A problem that lasts notifies again after this long, not on every check. */
export const PROBLEM_RENOTIFY_MS = 24 * 60 * 60 * 1000;

/**
 * Which of an account's new messages matter enough to notify. The priority feature (issue 13)
 * registers its judge here (from its plugin's `setup`): it answers the ids scoring at or above the
 * user's threshold (packages/intelligence priority `isImportant`), or null when it cannot judge
 * yet (no model for the account), and notifications fall back to "from someone the user has
 * written to". Only one judge: the last registered wins.
 */
export type NewMailJudge = (services: AppServices, accountId: string, messageIds: readonly string[]) => Promise<ReadonlySet<string> | null>;

let judge: NewMailJudge | null = null;

export function registerNewMailJudge(next: NewMailJudge): void {
  judge = next;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Addresses among `addresses` the account has sent mail to (To or Cc of its SENT messages). */
export async function writtenTo(db: Db, accountId: string, addresses: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const address of new Set(addresses.map((a) => a.toLowerCase()))) {
    const pattern = `%"address":"${escapeLike(address)}"%`;
    const row = await db
      .selectFrom('messages')
      .select('id')
      .where('account_id', '=', accountId)
      .where('label_ids', 'like', '%"SENT"%')
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(to_addresses)`, 'like', sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`lower(cc_addresses)`, 'like', sql<string>`${pattern} escape '\\'`),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (row) found.add(address);
  }
  return found;
}

/**
 * New mail: messages that arrived in the inbox unread since the account was connected and within
 * the last hour (a first or reconciling sync brings old mail, which never notifies), not from the
 * user, each notifying once, and important: by the priority judge when there is one, otherwise
 * from someone the user has written to. Several within a minute are grouped (service.ts).
 */
export async function notifyNewMail(services: AppServices, event: MessagesChanged): Promise<number> {
  if (event.added.length === 0) return 0;
  const { db, clock } = services;
  const account = await db.selectFrom('mail_accounts').select(['id', 'user_id', 'email', 'connected_at', 'disconnected_at']).where('id', '=', event.accountId).executeTakeFirst();
  if (!account || account.disconnected_at !== null) return 0;
  const now = clock.now();
  const since = Math.max(Number(account.connected_at), now - NEW_MAIL_WINDOW_MS);
  const own = account.email.toLowerCase();

  const candidates: Array<{ id: string; from: { name: string | null; address: string }; subject: string }> = [];
  for (let i = 0; i < event.added.length; i += 500) {
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'label_ids', 'from_addresses', 'subject', 'internal_date'])
      .where('account_id', '=', event.accountId)
      .where('id', 'in', event.added.slice(i, i + 500))
      .where('internal_date', '>', since)
      .execute();
    for (const row of rows) {
      const labels = parseJson<string[]>(row.label_ids, []);
      if (!labels.includes('INBOX') || !labels.includes('UNREAD') || labels.includes('SENT')) continue;
      const from = senderOf(parseJson<Array<{ name: string | null; address: string }>>(row.from_addresses, []));
      if (!from.address || from.address.toLowerCase() === own) continue;
      candidates.push({ id: row.id, from, subject: row.subject });
    }
  }
  if (candidates.length === 0) return 0;

  const already = await db
    .selectFrom('notified_messages')
    .select('message_id')
    .where('account_id', '=', event.accountId)
    .where('message_id', 'in', candidates.map((c) => c.id))
    .execute();
  const seen = new Set(already.map((r) => r.message_id));
  const fresh = candidates.filter((c) => !seen.has(c.id));
  if (fresh.length === 0) return 0;

  let important: ReadonlySet<string> | null = null;
  if (judge) {
    try {
      important = await judge(services, event.accountId, fresh.map((c) => c.id));
    } catch (error) {
      services.log.warn({ err: error, accountId: event.accountId }, 'the new-mail judge failed; notifying mail from people the user has written to');
    }
  }
  let chosen: typeof fresh;
  if (important) {
    chosen = fresh.filter((c) => important.has(c.id));
  } else {
    const known = await writtenTo(db, event.accountId, fresh.map((c) => c.from.address));
    chosen = fresh.filter((c) => known.has(c.from.address.toLowerCase()));
  }
  if (chosen.length === 0) return 0;

  // Claim them first: a second delivery of this event (at least once) finds them claimed.
  const claimed: typeof chosen = [];
  for (const message of chosen) {
    const inserted = await db
      .insertInto('notified_messages')
      .values({ account_id: event.accountId, message_id: message.id, notified_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'message_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) claimed.push(message);
  }
  for (const message of claimed) {
    const name = message.from.name?.trim() || message.from.address;
    await notify(services, account.user_id, {
      kind: 'newMail',
      title: `New mail from ${name}`,
      // The subject only: notifications never carry an email's content (the opt-in promises it).
      body: message.subject.trim() || '(no subject)',
      url: `/search?q=in%3Ainbox&message=${encodeURIComponent(message.id)}`,
      grouped: (count) => ({ title: `${count} new important messages`, body: `Latest from ${name}`, url: '/search?q=in%3Ainbox%20is%3Aunread' }),
    });
  }
  return claimed.length;
}

/**
 * Mail accounts that need the user: Gmail access revoked or expired (the user must reconnect at
 * /gmail-fix), or sync failing for more than an hour. Checked on a schedule; each problem notifies
 * once a day at most while it lasts.
 */
export async function notifyAccountProblems(services: AppServices): Promise<number> {
  const { db, clock } = services;
  const now = clock.now();
  let sent = 0;
  const recentlyNotified = async (userId: string, kind: string) =>
    (await db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('created_at', '>', now - PROBLEM_RENOTIFY_MS)
      .executeTakeFirst()) !== undefined;

  const revoked = await db.selectFrom('mail_accounts').select(['user_id', 'email']).where('needs_reconnect', '=', 1).where('disconnected_at', 'is', null).execute();
  for (const account of revoked) {
    if (await recentlyNotified(account.user_id, 'accountProblem')) continue;
    const result = await notify(services, account.user_id, {
      kind: 'accountProblem',
      title: 'Gmail access needs you',
      body: `Mailroom can no longer read ${account.email}: access was revoked or expired. Reconnect to keep your mail up to date.`,
      url: '/gmail-fix',
    });
    if (result) sent += 1;
  }

  const failing = await db
    .selectFrom('sync_state')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'sync_state.account_id')
    .select(['mail_accounts.user_id', 'mail_accounts.email', 'mail_accounts.connected_at', 'sync_state.last_sync_at'])
    .where('sync_state.status', '=', 'error')
    .where('mail_accounts.needs_reconnect', '=', 0)
    .where('mail_accounts.disconnected_at', 'is', null)
    .execute();
  for (const account of failing) {
    const lastGood = Number(account.last_sync_at ?? account.connected_at);
    if (now - lastGood < SYNC_FAILING_AFTER_MS) continue;
    if (await recentlyNotified(account.user_id, 'syncFailing')) continue;
    const hours = Math.floor((now - lastGood) / 3_600_000);
    const result = await notify(services, account.user_id, {
      kind: 'syncFailing',
      title: 'Mail is not syncing',
      body: `${account.email} has not synced for ${hours === 1 ? 'an hour' : `${hours} hours`}. Mailroom keeps trying.`,
      url: '/diagnostics',
    });
    if (result) sent += 1;
  }
  return sent;
}

/** Bulk actions older than this when first seen finished are not news any more. */
export const BULK_ACTION_RECENT_MS = 60 * 60 * 1000;

const ACTION_NAMES: Record<string, string> = {
  archive: 'Archive',
  delete: 'Delete',
  quarantine: 'Quarantine',
  star: 'Star',
  unstar: 'Unstar',
  important: 'Mark important',
  not_important: 'Mark not important',
  mark_read: 'Mark read',
  mark_unread: 'Mark unread',
};

/**
 * Bulk actions that ran in the background (more than INLINE_BATCH_LIMIT messages, so the user did
 * not wait for them) and have finished or failed, or whose undo has: each outcome notifies once
 * (remembered in notified_messages as `action-batch:{id}:{status}`). Checked every minute.
 */
export async function notifyBulkActions(services: AppServices): Promise<number> {
  const { db, clock } = services;
  const now = clock.now();
  const batches = await db
    .selectFrom('action_batches')
    .innerJoin('mail_accounts', 'mail_accounts.id', 'action_batches.account_id')
    .select(['action_batches.id', 'action_batches.account_id', 'action_batches.kind', 'action_batches.status', 'action_batches.category_name', 'action_batches.message_count', 'action_batches.done_count', 'action_batches.restored_count', 'action_batches.error', 'mail_accounts.user_id'])
    .where('action_batches.status', 'in', ['done', 'failed', 'undone', 'undo_failed'])
    .where('action_batches.message_count', '>', INLINE_BATCH_LIMIT)
    .where('action_batches.updated_at', '>=', now - BULK_ACTION_RECENT_MS)
    .where('mail_accounts.disconnected_at', 'is', null)
    .execute();
  let sent = 0;
  for (const batch of batches) {
    const claim = await db
      .insertInto('notified_messages')
      .values({ account_id: batch.account_id, message_id: `action-batch:${batch.id}:${batch.status}`, notified_at: now })
      .onConflict((oc) => oc.columns(['account_id', 'message_id']).doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    const action = ACTION_NAMES[batch.kind] ?? 'Bulk action';
    const where = batch.category_name ? ` in ${batch.category_name}` : '';
    const count = (n: number) => `${Number(n).toLocaleString('en-US')} message${Number(n) === 1 ? '' : 's'}`;
    const words =
      batch.status === 'done'
        ? { title: `${action} finished`, body: `${count(batch.done_count)}${where}. Undo it from Recovery for 7 days.` }
        : batch.status === 'failed'
          ? { title: `${action} stopped`, body: `${count(batch.done_count)} of ${count(batch.message_count)}${where} done: ${batch.error ?? 'it failed'}. What was done can be undone from Recovery.` }
          : batch.status === 'undone'
            ? { title: `Undo of ${action.toLowerCase()} finished`, body: `${count(batch.restored_count)}${where} restored.` }
            : { title: `Undo of ${action.toLowerCase()} stopped`, body: `${count(batch.restored_count)} restored: ${batch.error ?? 'it failed'}.` };
    const result = await notify(services, batch.user_id, {
      kind: 'bulkAction',
      ...words,
      url: '/recovery',
      grouped: (n) => ({ title: `${n} bulk actions ended`, body: words.title, url: '/recovery' }),
    });
    if (result) sent += 1;
  }
  return sent;
}
