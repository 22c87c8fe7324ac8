import type { FastifyBaseLogger } from 'fastify';
import { loadGmailCredentials, storeRefreshedGmailCredentials } from '../../auth/gmail-tokens.ts';
import type { OAuthClient } from '../../auth/oidc-client.ts';
import type { Db } from '../../db/database.ts';
import type { MailProviderKind } from '../mail-provider.ts';
import { systemClock } from './clock.ts';
import { GMAIL_CLASSIC_PACING, GmailProvider } from './gmail-provider.ts';
import { QuotaPacer } from './pacer.ts';
import type { GmailUsageMeter } from './usage.ts';

export interface GmailAccountsOptions {
  db: Db;
  /** AES-256-GCM key the grants are sealed with. */
  tokenKey: Buffer;
  oauth: Pick<OAuthClient, 'clientEndpoints'>;
  /** Gmail API root: Google's, or the embedded sandbox's (null until it is reachable). */
  rootUrl: () => string | null;
  log: FastifyBaseLogger;
  /** Counts every Gmail request's quota units per account, for /ops. */
  usage?: GmailUsageMeter;
}

/**
 * Gmail mailboxes, opened from their stored (encrypted) OAuth grant. One quota pacer per account
 * is shared by every provider built for it, because Gmail's quota is per user: a sync and a bulk
 * action running together must stay under it together.
 */
export function gmailAccounts(options: GmailAccountsOptions): MailProviderKind {
  const pacers = new Map<string, QuotaPacer>();
  return {
    kind: 'gmail',
    async open(accountId) {
      const rootUrl = options.rootUrl();
      if (!rootUrl) return null;
      const credentials = await loadGmailCredentials(options.db, options.tokenKey, accountId);
      if (!credentials) return null;
      let pacer = pacers.get(accountId);
      if (!pacer) {
        pacer = new QuotaPacer(GMAIL_CLASSIC_PACING, systemClock);
        pacers.set(accountId, pacer);
      }
      const client = await options.oauth.clientEndpoints();
      return new GmailProvider({
        rootUrl,
        credentials,
        oauthClient: { clientId: client.clientId, clientSecret: client.clientSecret, tokenUrl: client.tokenUrl, ...(client.revokeUrl ? { revokeUrl: client.revokeUrl } : {}) },
        pacer,
        ...(options.usage ? { onRequest: (method) => options.usage?.record(accountId, method, Date.now()) } : {}),
        onTokens: async (tokens) => {
          try {
            await storeRefreshedGmailCredentials(options.db, options.tokenKey, accountId, tokens);
          } catch (error) {
            options.log.error({ err: error, accountId }, 'storing refreshed Gmail tokens failed');
          }
        },
      });
    },
  };
}
