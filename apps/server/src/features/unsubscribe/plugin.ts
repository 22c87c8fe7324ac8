import type { FeaturePlugin } from '../../platform/plugin.ts';
import { defineJob, derivedTable } from '../../platform/plugin.ts';
import { blockSender } from './blockSender.ts';
import { listSubscriptions } from './listSubscriptions.ts';
import { unblockSender } from './unblockSender.ts';
import { unsubscribe } from './unsubscribe.ts';
import { archiveBlockedArrivals, checkUnsubscribed } from './watch.ts';

/** Checks every open unsubscribe request: stopped after 2 days, or still sending. */
export const WATCH_JOB = 'unsubscribe.watch';

/**
 * One-click unsubscribe (issue 17): subscriptions from the store's list headers, unsubscribing
 * by RFC 8058 / mailto: / a link the user opens, blocking (new mail archived as it syncs), and
 * the hourly watch of whether senders stopped.
 */
export const unsubscribePlugin: FeaturePlugin = {
  name: 'unsubscribe',
  functions: { listSubscriptions, unsubscribe, blockSender, unblockSender },
  jobs: [
    defineJob<Record<string, never>>({
      name: WATCH_JOB,
      key: () => 'all',
      handler: async (_data, _meta, services) => {
        const report = await checkUnsubscribed(services);
        if (report.stillSending + report.stopped > 0) services.log.info(report, 'unsubscribe requests checked');
      },
    }),
  ],
  schedules: [{ job: WATCH_JOB, cron: '17 * * * *' }],
  derivedTables: [derivedTable({ table: 'unsubscribe_requests', ageColumn: 'requested_at', description: 'unsubscribe requests and whether the sender stopped' })],
  onMessagesChanged: async (event, services) => {
    const archived = await archiveBlockedArrivals(event, services);
    if (archived > 0) services.log.info({ accountId: event.accountId, archived }, 'new mail from blocked senders archived');
    // New mail may be the evidence that a sender did not stop: look now rather than within the hour.
    if (event.added.length > 0) await services.jobs.enqueue(WATCH_JOB, {});
  },
};
