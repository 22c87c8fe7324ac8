import { UNSUBSCRIBE_HONOUR_MS } from '@mailroom/contract';
import { hasWriteScope } from '../../auth/gmail-scopes.ts';
import type { AppServices } from '../../platform/services.ts';
import type { MessagesChanged } from '../../sync/messages-changed.ts';
import { startActionBatch } from '../recovery/index.ts';
import type { UserFnContext } from '../registry.ts';
import { blockedKeysOf } from './repository.ts';
import { bulkRows, isInInbox, subscriptionKeyOf, type BulkRow } from './subscriptions.ts';

/**
 * After an unsubscribe: Gmail's bulk-sender rules give a sender 2 days to honour it
 * (https://support.google.com/a/answer/81126, "process unsubscribe requests within 2 days").
 * Mail from the subscription that arrives later than that marks it "still sending", with that
 * message as evidence (the UI offers Block); 2 days with none mark it "stopped". A stopped
 * subscription that starts again later turns into still sending. Runs on a schedule over every
 * open request; idempotent.
 */
export async function checkUnsubscribed(services: Pick<AppServices, 'db' | 'clock'>): Promise<{ checked: number; stillSending: number; stopped: number }> {
  const { db } = services;
  const now = services.clock.now();
  const open = await db
    .selectFrom('unsubscribe_requests')
    .select(['id', 'account_id', 'subscription_key', 'requested_at', 'stopped_at'])
    .where('still_sending_message_id', 'is', null)
    .where('outcome', 'in', ['unsubscribed', 'sent', 'open-link'])
    .execute();
  let stillSending = 0;
  let stopped = 0;
  const byAccount = new Map<string, typeof open>();
  for (const row of open) byAccount.set(row.account_id, [...(byAccount.get(row.account_id) ?? []), row]);
  for (const [accountId, requests] of byAccount) {
    const earliest = Math.min(...requests.map((r) => Number(r.requested_at))) + UNSUBSCRIBE_HONOUR_MS;
    const later = await bulkRows(db, accountId, { since: earliest });
    for (const request of requests) {
      const deadline = Number(request.requested_at) + UNSUBSCRIBE_HONOUR_MS;
      const evidence = later
        .filter((m) => m.internal_date > deadline && subscriptionKeyOf(m) === request.subscription_key)
        .sort((a, b) => a.internal_date - b.internal_date)[0];
      if (evidence) {
        stillSending += 1;
        await db
          .updateTable('unsubscribe_requests')
          .set({ still_sending_message_id: evidence.id, still_sending_date: evidence.internal_date, still_sending_subject: evidence.subject, checked_at: now })
          .where('id', '=', request.id)
          .execute();
      } else if (now >= deadline && request.stopped_at === null) {
        stopped += 1;
        await db.updateTable('unsubscribe_requests').set({ stopped_at: now, checked_at: now }).where('id', '=', request.id).execute();
      } else {
        await db.updateTable('unsubscribe_requests').set({ checked_at: now }).where('id', '=', request.id).execute();
      }
    }
  }
  return { checked: open.length, stillSending, stopped };
}

/**
 * Blocked subscriptions: new mail from them that sync brings into the inbox is archived at once,
 * as an action batch (undoable from /recovery for 7 days). Needs the write scope the user granted
 * when blocking; without it (taken back since) the mail stays where it is.
 */
export async function archiveBlockedArrivals(event: MessagesChanged, services: AppServices): Promise<number> {
  if (event.added.length === 0) return 0;
  const { db } = services;
  const blocked = await blockedKeysOf(db, event.accountId);
  if (blocked.size === 0) return 0;
  const account = await db.selectFrom('mail_accounts').select(['id', 'user_id', 'scopes']).where('id', '=', event.accountId).where('disconnected_at', 'is', null).executeTakeFirst();
  if (!account || !hasWriteScope(account.scopes)) return 0;
  const rows: BulkRow[] = [];
  for (const row of await bulkRows(db, event.accountId, { ids: event.added })) {
    if (isInInbox(row) && blocked.has(subscriptionKeyOf(row) ?? '')) rows.push(row);
  }
  if (rows.length === 0) return 0;
  const provider = await services.providers(account.id);
  if (!provider) return 0;
  const names = [...new Set(rows.map((r) => blocked.get(subscriptionKeyOf(r) ?? '') ?? ''))];
  // The recovery feature's batch starter takes a function context; a job acts for the account's owner.
  const ctx = { ...services, principal: { userId: account.user_id }, request: null } as unknown as UserFnContext;
  await startActionBatch(ctx, provider, {
    accountId: account.id,
    kind: 'archive',
    categoryId: null,
    categoryName: names.length === 1 ? `Blocked: ${names[0]}` : `Blocked: ${names.length} subscriptions`,
    change: { add: [], remove: ['INBOX'] },
    messages: rows.map((r) => ({ id: r.id, labelIds: JSON.parse(r.label_ids) as string[] })),
  });
  return rows.length;
}
