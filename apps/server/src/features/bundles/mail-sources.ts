import { BUNDLE_NAMES } from '@mailroom/intelligence/bundles';
import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import type { MailSourceResolvers } from '../mail/index.ts';
import { requireDigest } from './digest.ts';
import { bundleCandidates } from './service.ts';

/**
 * "Mark all read" / "Archive all" on a bundle, and "Archive the group" on a digest, go through
 * features/mail's modifyEmails like every other list: these resolve what "all" means. The batch
 * is named after the bundle in /recovery.
 */
export const bundleMailSources: MailSourceResolvers = {
  bundle: async (ctx, source) => ({
    categoryId: null,
    categoryName: `${BUNDLE_NAMES[source.bundleId]} (bundle)`,
    messages: (mailbox, limit) => bundleCandidates(mailbox.db, mailbox.accountId, source.bundleId, limit),
  }),
  digest: async (ctx, source) => {
    // Another user's digest answers NOT_FOUND, like one that does not exist.
    const digest = await requireDigest(ctx.db, ctx.userId, source.digestId);
    const account = await connectedAccountOf(ctx.db, ctx.userId);
    return {
      categoryId: null,
      categoryName: `${BUNDLE_NAMES[source.bundleId]} (digest ${digest.day})`,
      messages: (mailbox, limit) =>
        account && account.id === digest.accountId ? bundleCandidates(mailbox.db, mailbox.accountId, source.bundleId, limit, { start: digest.start, end: digest.end }) : Promise.resolve([]),
    };
  },
};
