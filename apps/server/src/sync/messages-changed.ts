import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';

/**
 * "Messages changed": what sync tells the features that derive data from mail (scores,
 * bundles, notifications) instead of calling them (DESIGN §2). One event per committed page of
 * a sync, per account, naming message ids. The ids say what to look at; the store says what
 * those messages are now, so a subscriber reads current state rather than trusting the event's
 * order (events for one account may be delivered out of order, and more than once).
 */
export interface MessagesChanged {
  accountId: string;
  /** Stored for the first time, or stored again with fresh metadata by a reconciling full sync. */
  added: string[];
  /** Labels changed (read, archived, starred, moved, trashed ...). */
  relabelled: string[];
  /** Gone from the store: deleted at the provider, or marked as spam. */
  deleted: string[];
}

/** The job that moves recorded events to every subscriber's job. */
export const MESSAGES_CHANGED_DISPATCH_JOB = 'mail.messages-changed';

/** Events handed to subscribers per dispatch round. */
const DISPATCH_BATCH = 100;

/**
 * Records an event in the outbox, inside the transaction that commits the changes it describes:
 * a sync killed right after its commit still has its event recorded, and a rolled-back page has
 * none (transactional outbox). Nothing is recorded for a page that changed nothing.
 */
export async function recordMessagesChanged(trx: Db, event: MessagesChanged, now: number): Promise<void> {
  if (event.added.length + event.relabelled.length + event.deleted.length === 0) return;
  await trx
    .insertInto('messages_changed_outbox')
    .values({
      id: crypto.randomUUID(),
      account_id: event.accountId,
      added: JSON.stringify(event.added),
      relabelled: JSON.stringify(event.relabelled),
      deleted: JSON.stringify(event.deleted),
      created_at: now,
    })
    .execute();
}

/** Asks for recorded events to be delivered soon (coalesces with a dispatch already waiting). */
export async function requestMessagesChangedDispatch(jobs: JobQueue): Promise<void> {
  await jobs.enqueue(MESSAGES_CHANGED_DISPATCH_JOB, {});
}

/**
 * Delivers every recorded event: one job per subscriber per event (each subscriber retries on
 * its own), then removes the event. A crash between the two delivers that event again, so
 * subscribers must be idempotent; with no subscriber the outbox is simply emptied.
 */
export async function dispatchMessagesChanged(deps: { db: Db; jobs: JobQueue; log: FastifyBaseLogger }, subscriberJobs: readonly string[]): Promise<number> {
  const { db, jobs } = deps;
  let delivered = 0;
  for (;;) {
    const rows = await db.selectFrom('messages_changed_outbox').selectAll().orderBy('created_at').orderBy('id').limit(DISPATCH_BATCH).execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const event: MessagesChanged = {
        accountId: row.account_id,
        added: JSON.parse(row.added) as string[],
        relabelled: JSON.parse(row.relabelled) as string[],
        deleted: JSON.parse(row.deleted) as string[],
      };
      for (const job of subscriberJobs) await jobs.enqueue(job, event);
      await db.deleteFrom('messages_changed_outbox').where('id', '=', row.id).execute();
      delivered++;
    }
  }
  if (delivered > 0) deps.log.debug({ delivered, subscribers: subscriberJobs.length }, 'messages-changed events delivered');
  return delivered;
}
