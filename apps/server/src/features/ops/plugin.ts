import type { FeaturePlugin } from '../../platform/plugin.ts';
import { getOpsStatus } from './getOpsStatus.ts';
import { retryJob } from './retryJob.ts';
import { setSandboxFaults } from './setSandboxFaults.ts';
import { syncNow } from './syncNow.ts';

/**
 * Operations (issue 18): a user's own mailbox sync and the sends and bulk actions waiting, running
 * or failed; operators (OPS_ADMINS) also the whole instance. Read from the database, so it holds
 * across pg-boss workers. Derives nothing, stores nothing.
 */
export const opsPlugin: FeaturePlugin = {
  name: 'ops',
  functions: { getOpsStatus, syncNow, retryJob, setSandboxFaults },
};
