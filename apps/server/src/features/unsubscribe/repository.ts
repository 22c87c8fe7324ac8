import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { UnsubscribeRequestsTable } from '../../db/schema.ts';
import type { RequestRow } from './subscriptions.ts';

const REQUEST_COLUMNS = [
  'subscription_key',
  'method',
  'outcome',
  'result',
  'requested_at',
  'stopped_at',
  'still_sending_message_id',
  'still_sending_date',
  'still_sending_subject',
] as const;

const numeric = (row: RequestRow): RequestRow => ({
  ...row,
  requested_at: Number(row.requested_at),
  stopped_at: row.stopped_at === null ? null : Number(row.stopped_at),
  still_sending_date: row.still_sending_date === null ? null : Number(row.still_sending_date),
});

export async function requestsOf(db: Db, accountId: string): Promise<Map<string, RequestRow>> {
  const rows = await db.selectFrom('unsubscribe_requests').select([...REQUEST_COLUMNS]).where('account_id', '=', accountId).execute();
  return new Map(rows.map((r) => [r.subscription_key, numeric(r as RequestRow)]));
}

export async function blockedKeysOf(db: Db, accountId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('blocked_senders').select(['subscription_key', 'name']).where('account_id', '=', accountId).execute();
  return new Map(rows.map((r) => [r.subscription_key, r.name]));
}

/** A new request replaces the previous one for the subscription (and its watch starts over). */
export async function recordRequest(
  db: Db,
  entry: Pick<UnsubscribeRequestsTable, 'account_id' | 'subscription_key' | 'name' | 'method' | 'outcome' | 'result' | 'requested_at'>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('unsubscribe_requests').where('account_id', '=', entry.account_id).where('subscription_key', '=', entry.subscription_key).execute();
    await trx
      .insertInto('unsubscribe_requests')
      .values({ id: crypto.randomUUID(), ...entry, checked_at: null, stopped_at: null, still_sending_message_id: null, still_sending_date: null, still_sending_subject: null })
      .execute();
  });
}

export async function block(db: Db, accountId: string, key: string, name: string, now: number): Promise<void> {
  await db
    .insertInto('blocked_senders')
    .values({ account_id: accountId, subscription_key: key, name, created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'subscription_key']).doNothing())
    .execute();
}

export async function unblock(db: Db, accountId: string, key: string): Promise<boolean> {
  const result = await db.deleteFrom('blocked_senders').where('account_id', '=', accountId).where('subscription_key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
