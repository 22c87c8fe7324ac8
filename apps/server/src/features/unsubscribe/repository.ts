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
  'history',
  'fallback',
  'fallback_link',
] as const;

/** Earlier attempts kept per subscription (the oldest are dropped). */
export const HISTORY_LIMIT = 10;

export interface StoredAttempt {
  method: UnsubscribeRequestsTable['method'];
  outcome: UnsubscribeRequestsTable['outcome'];
  result: string;
  at: number;
}

export function historyOf(text: string): StoredAttempt[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as StoredAttempt[]) : [];
  } catch {
    return [];
  }
}

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

/**
 * A new attempt replaces the previous one as the subscription's request (and its watch starts
 * over); the previous one moves into the history, so a failed one-click stays visible after the
 * mailto: that followed it. `fallback` is set for a failed attempt only.
 */
export async function recordRequest(
  db: Db,
  entry: Pick<UnsubscribeRequestsTable, 'account_id' | 'subscription_key' | 'name' | 'method' | 'outcome' | 'result' | 'requested_at'> & {
    fallback?: UnsubscribeRequestsTable['fallback'];
    fallback_link?: string | null;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const previous = await trx
      .selectFrom('unsubscribe_requests')
      .select(['method', 'outcome', 'result', 'requested_at', 'history'])
      .where('account_id', '=', entry.account_id)
      .where('subscription_key', '=', entry.subscription_key)
      .executeTakeFirst();
    const history = previous
      ? [...historyOf(previous.history), { method: previous.method, outcome: previous.outcome, result: previous.result, at: Number(previous.requested_at) }].slice(-HISTORY_LIMIT)
      : [];
    await trx.deleteFrom('unsubscribe_requests').where('account_id', '=', entry.account_id).where('subscription_key', '=', entry.subscription_key).execute();
    await trx
      .insertInto('unsubscribe_requests')
      .values({
        id: crypto.randomUUID(),
        ...entry,
        fallback: entry.fallback ?? null,
        fallback_link: entry.fallback_link ?? null,
        history: JSON.stringify(history),
        checked_at: null,
        stopped_at: null,
        still_sending_message_id: null,
        still_sending_date: null,
        still_sending_subject: null,
      })
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
