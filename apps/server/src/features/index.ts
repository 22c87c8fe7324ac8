import { deleteMyAccount } from './account/deleteMyAccount.ts';
import { exportMyData } from './account/exportMyData.ts';
import { createApiToken } from './api-tokens/createApiToken.ts';
import { listApiTokens } from './api-tokens/listApiTokens.ts';
import { revokeApiToken } from './api-tokens/revokeApiToken.ts';
import { debugGmailTokens } from './gmail/debugGmailTokens.ts';
import { disconnectGmail } from './gmail/disconnectGmail.ts';
import { getGmailStatus } from './gmail/getGmailStatus.ts';
import { startGmailAuth } from './gmail/startGmailAuth.ts';
import type { FnImplementations } from './registry.ts';

/**
 * The implemented callable functions. Each feature contributes its own (one file per function
 * under features/<feature>/); names from the contract that are missing here answer
 * UNIMPLEMENTED until their feature lands.
 */
export const implementations: FnImplementations = {
  startGmailAuth,
  getGmailStatus,
  disconnectGmail,
  debugGmailTokens,
  createApiToken,
  listApiTokens,
  revokeApiToken,
  exportMyData,
  deleteMyAccount,
};
