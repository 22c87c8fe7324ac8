import type { FeaturePlugin } from '../../platform/plugin.ts';
import { createApiToken } from './createApiToken.ts';
import { listApiTokens } from './listApiTokens.ts';
import { revokeApiToken } from './revokeApiToken.ts';

/** Personal API tokens for `Authorization: Bearer` (created, listed and revoked from /settings). */
export const apiTokensPlugin: FeaturePlugin = {
  name: 'api-tokens',
  functions: { createApiToken, listApiTokens, revokeApiToken },
};
