import type { FeaturePlugin } from '../../platform/plugin.ts';
import { getEmailContent } from './getEmailContent.ts';
import { registerMessagesFeature } from './view.ts';

/**
 * Reading one message: getEmailContent, and the reading pane's sandboxed viewer document
 * (GET /api/messages/{id}/view). Bodies are fetched on demand and never stored.
 */
export const messagesPlugin: FeaturePlugin = {
  name: 'messages',
  functions: { getEmailContent },
  routes: (app, { config, db, providers, authenticate }) => registerMessagesFeature(app, { config, db, providers, authenticate }),
};
