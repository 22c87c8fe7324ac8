import { deleteMyAccount } from './account/deleteMyAccount.ts';
import { exportMyData } from './account/exportMyData.ts';
import { createApiToken } from './api-tokens/createApiToken.ts';
import { createCategory } from './categories/createCategory.ts';
import { deleteCategory } from './categories/deleteCategory.ts';
import { getCategory } from './categories/getCategory.ts';
import { getCategoryEmails } from './categories/getCategoryEmails.ts';
import { listCategories } from './categories/listCategories.ts';
import { previewCategoryQuery } from './categories/previewCategoryQuery.ts';
import { updateCategory } from './categories/updateCategory.ts';
import { listApiTokens } from './api-tokens/listApiTokens.ts';
import { revokeApiToken } from './api-tokens/revokeApiToken.ts';
import { debugGmailTokens } from './gmail/debugGmailTokens.ts';
import { disconnectGmail } from './gmail/disconnectGmail.ts';
import { getGmailStatus } from './gmail/getGmailStatus.ts';
import { startGmailAuth } from './gmail/startGmailAuth.ts';
import { getEmailContent } from './messages/getEmailContent.ts';
import { bulkDeleteEmails } from './recovery/bulkDeleteEmails.ts';
import { listActionBatches } from './recovery/listActionBatches.ts';
import { quarantineEmails } from './recovery/quarantineEmails.ts';
import { undoActionBatch } from './recovery/undoActionBatch.ts';
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
  createCategory,
  listCategories,
  getCategory,
  updateCategory,
  deleteCategory,
  previewCategoryQuery,
  getCategoryEmails,
  getEmailContent,
  quarantineEmails,
  bulkDeleteEmails,
  listActionBatches,
  undoActionBatch,
};
