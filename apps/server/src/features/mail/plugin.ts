import type { FeaturePlugin } from '../../platform/plugin.ts';
import { bulkDeleteEmails } from './bulkDeleteEmails.ts';
import { modifyEmails } from './modifyEmails.ts';
import { quarantineEmails } from './quarantineEmails.ts';

/**
 * Acting on messages of any view (archive, delete, quarantine, star, important, read/unread),
 * by ids or `all: true` over a mail source that the view's feature registers (see index.ts).
 */
export const mailPlugin: FeaturePlugin = {
  name: 'mail',
  functions: { modifyEmails, quarantineEmails, bulkDeleteEmails },
};
