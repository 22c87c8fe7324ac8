import { derivedTable, type FeaturePlugin } from '../../platform/plugin.ts';
import { registerMailSources } from '../mail/index.ts';
import { classifyMessages, forgetMessages } from './classify.ts';
import { getBundleEmails } from './getBundleEmails.ts';
import { getDigest } from './getDigest.ts';
import { buildDigestJob, classifyAccountJob, DIGEST_DUE_JOB, digestDueJob, REFRESH_JOB, refreshJob } from './jobs.ts';
import { listBundles } from './listBundles.ts';
import { listDigests } from './listDigests.ts';
import { bundleMailSources } from './mail-sources.ts';
import { moveSender } from './moveSender.ts';
import { removeSenderRule } from './removeSenderRule.ts';
import { setBundleRule } from './setBundleRule.ts';

/**
 * Bundles and the daily digest (issue 19). Every synced message is filed into at most one bundle
 * by packages/intelligence/bundles (on "messages changed"); /bundles lists them and clears one at
 * once through modifyEmails (a `bundle` mail source: action batches, undoable 7 days). The digest
 * job builds one digest per user per day at their hour in their zone, idempotently, and emails
 * it when asked. Assignments and digests are derived data (30 days).
 */
export const bundlesPlugin: FeaturePlugin = {
  name: 'bundles',
  functions: { listBundles, getBundleEmails, setBundleRule, moveSender, removeSenderRule, listDigests, getDigest },
  jobs: [classifyAccountJob, refreshJob, digestDueJob, buildDigestJob],
  schedules: [
    { job: REFRESH_JOB, cron: '23 3 * * *' },
    { job: DIGEST_DUE_JOB, cron: '*/15 * * * *' },
  ],
  // After downtime, digests that came due meanwhile are built at once.
  onReady: async (services) => void (await services.jobs.enqueue(DIGEST_DUE_JOB, {})),
  derivedTables: [
    derivedTable({ table: 'message_bundles', ageColumn: 'classified_at', description: 'each message’s bundle and the reason' }),
    derivedTable({ table: 'digests', ageColumn: 'created_at', description: 'daily digests' }),
  ],
  onMessagesChanged: async (event, services) => {
    const now = services.clock.now();
    await classifyMessages(services.db, event.accountId, [...new Set([...event.added, ...event.relabelled])], now);
    await forgetMessages(services.db, event.accountId, event.deleted);
  },
  setup: () => registerMailSources(bundleMailSources),
};
