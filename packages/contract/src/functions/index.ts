import type { z } from 'zod';
import { accountFunctions } from './account.ts';
import { apiTokenFunctions } from './api-tokens.ts';
import { bundleFunctions } from './bundles.ts';
import { categoryFunctions } from './categories.ts';
import { gmailFunctions } from './gmail.ts';
import { insightsFunctions } from './insights.ts';
import { mailFunctions } from './mail.ts';
import { messageFunctions } from './messages.ts';
import { notificationFunctions } from './notifications.ts';
import { opsFunctions } from './ops.ts';
import { recoveryFunctions } from './recovery.ts';
import { searchFunctions } from './search.ts';
import { replyFunctions } from './replies.ts';
import { settingsFunctions } from './settings.ts';
import { voiceFunctions } from './voice.ts';
import { unsubscribeFunctions } from './unsubscribe.ts';
import { priorityFunctions } from './priority.ts';

export * from './common.ts';
export * from './account.ts';
export * from './api-tokens.ts';
export * from './bundles.ts';
export * from './categories.ts';
export * from './gmail.ts';
export * from './insights.ts';
export * from './mail.ts';
export * from './messages.ts';
export * from './notifications.ts';
export * from './ops.ts';
export * from './recovery.ts';
export * from './search.ts';
export * from './replies.ts';
export * from './settings.ts';
export * from './voice.ts';
export * from './unsubscribe.ts';
export * from './priority.ts';

/**
 * Every callable function, by the seed's names (DESIGN §3), composed from one file per domain.
 * The server validates requests and responses against these; the web derives its client types
 * from them. A new domain adds its file here and one spread below.
 */
export const functions = {
  ...gmailFunctions,
  ...categoryFunctions,
  ...messageFunctions,
  ...mailFunctions,
  ...recoveryFunctions,
  ...apiTokenFunctions,
  ...accountFunctions,
  ...settingsFunctions,
  ...searchFunctions,
  ...replyFunctions,
  ...voiceFunctions,
  ...notificationFunctions,
  ...insightsFunctions,
  ...opsFunctions,
  ...unsubscribeFunctions,
  ...bundleFunctions,
  ...priorityFunctions,
} as const;

export type Functions = typeof functions;
export type FnName = keyof Functions;
export type FnRequest<N extends FnName> = z.input<Functions[N]['request']>;
export type FnParsedRequest<N extends FnName> = z.output<Functions[N]['request']>;
export type FnResponse<N extends FnName> = z.output<Functions[N]['response']>;

export function isFnName(name: string): name is FnName {
  return Object.hasOwn(functions, name);
}
