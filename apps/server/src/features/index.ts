import { functionsOf } from '../platform/compose.ts';
import type { FeaturePlugin } from '../platform/plugin.ts';
import { accountPlugin } from './account/plugin.ts';
import { apiTokensPlugin } from './api-tokens/plugin.ts';
import { bundlesPlugin } from './bundles/plugin.ts';
import { categoriesPlugin } from './categories/plugin.ts';
import { gmailPlugin } from './gmail/plugin.ts';
import { insightsPlugin } from './insights/plugin.ts';
import { mailPlugin } from './mail/plugin.ts';
import { messagesPlugin } from './messages/plugin.ts';
import { notificationsPlugin } from './notifications/plugin.ts';
import { opsPlugin } from './ops/plugin.ts';
import { recoveryPlugin } from './recovery/plugin.ts';
import { repliesPlugin } from './replies/plugin.ts';
import { searchPlugin } from './search/plugin.ts';
import { settingsPlugin } from './settings/plugin.ts';
import { voicePlugin } from './voice/plugin.ts';
import { unsubscribePlugin } from './unsubscribe/plugin.ts';
import { priorityPlugin } from './priority/plugin.ts';

/**
 * Every feature of the server, installed by http/app.ts in this order. A new feature is a folder
 * under features/ with a plugin.ts (see platform/plugin.ts for what a plugin declares) and one
 * line here.
 */
export const featurePlugins: readonly FeaturePlugin[] = [
  gmailPlugin,
  apiTokensPlugin,
  accountPlugin,
  categoriesPlugin,
  mailPlugin,
  messagesPlugin,
  recoveryPlugin,
  settingsPlugin,
  searchPlugin,
  repliesPlugin,
  voicePlugin,
  notificationsPlugin,
  bundlesPlugin,
  unsubscribePlugin,
  insightsPlugin,
  opsPlugin,
  priorityPlugin,
];

/** The callable functions the plugins implement; contract names missing here answer UNIMPLEMENTED. */
export const implementations = functionsOf(featurePlugins);
