import type { FeaturePlugin } from '../../platform/plugin.ts';
import { debugGmailTokens } from './debugGmailTokens.ts';
import { disconnectGmail } from './disconnectGmail.ts';
import { getGmailStatus } from './getGmailStatus.ts';
import { registerGmailOAuthCallback } from './oauth-callback.ts';
import { PURGE_SWEEP_CRON, purgeAccountJob, purgeSweepJob, resumePendingPurges } from './purge-job.ts';
import { startGmailAuth } from './startGmailAuth.ts';

/**
 * Connecting Gmail: the consent (startGmailAuth and its OAuth callback), status, tokens, and
 * disconnecting with the purge of the account's data (DESIGN §1: within 24 hours).
 */
export const gmailPlugin: FeaturePlugin = {
  name: 'gmail',
  functions: { startGmailAuth, getGmailStatus, disconnectGmail, debugGmailTokens },
  routes: registerGmailOAuthCallback,
  jobs: [purgeAccountJob, purgeSweepJob],
  schedules: [{ job: purgeSweepJob.name, cron: PURGE_SWEEP_CRON }],
  // Purges a restart interrupted are finished as soon as the app is up, and hourly after that.
  onReady: resumePendingPurges,
};
