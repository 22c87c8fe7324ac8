import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createIdpTokenVerifier, type AccessTokenVerifier } from '../idp-token-verifier.ts';
import type { ServerSecrets } from '../secrets.ts';
import { ensureDemoAccount } from './accounts.ts';
import { deleteExpiredIdpPayloads } from './adapter.ts';
import { createEmbeddedProvider, idpIssuer } from './provider.ts';
import { registerEmbeddedIdpRoutes, revokeIdpToken, type IdpRevocation } from './routes.ts';

export type { IdpRevocation } from './routes.ts';

/** How often expired provider rows (codes, sessions, tokens) are swept out of the database. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface EmbeddedIdp {
  provider: Provider;
  issuer: string;
  /** Plug into gmail-sandbox as its TokenVerifier. */
  verifyAccessToken: AccessTokenVerifier;
  /** Called for every revocation (at /idp/revoke or through `revoke`); returns a function that unsubscribes. */
  onRevoked(listener: (revocation: IdpRevocation) => void): () => void;
  /**
   * Revokes the grant of an access or refresh token (false when the token is unknown), e.g. from
   * gmail-sandbox's `onRevoke` when someone revokes at the sandbox's Google-style /revoke.
   */
  revoke(token: string): Promise<boolean>;
}

export interface EmbeddedIdpOptions {
  config: Pick<Config, 'publicUrl' | 'signinRateLimitPerMinute'>;
  db: Db;
  secrets: ServerSecrets;
  log: FastifyBaseLogger;
  /** Mailroom's own callbacks, registered as the client's redirect URIs. */
  redirectUris: string[];
}

/** The embedded OpenID provider, mounted under /idp of the app (used when Google is not configured). */
export async function setupEmbeddedIdp(app: FastifyInstance, options: EmbeddedIdpOptions): Promise<EmbeddedIdp> {
  const { config, db, secrets, log } = options;
  await ensureDemoAccount(db);
  const provider = await createEmbeddedProvider({ db, publicUrl: config.publicUrl, secrets, redirectUris: options.redirectUris, log });

  const listeners = new Set<(revocation: IdpRevocation) => void>();
  const notify = (revocation: IdpRevocation) => {
    for (const listener of listeners) {
      try {
        listener(revocation);
      } catch (error) {
        log.error({ err: error }, 'revocation listener failed');
      }
    }
  };
  await registerEmbeddedIdpRoutes(app, {
    provider,
    db,
    publicUrl: config.publicUrl,
    signinRateLimitPerMinute: config.signinRateLimitPerMinute,
    onRevoked: notify,
  });

  const sweep = setInterval(() => {
    deleteExpiredIdpPayloads(db).catch((error: unknown) => log.warn({ err: error }, 'sweeping expired provider state failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return {
    provider,
    issuer: idpIssuer(config.publicUrl),
    verifyAccessToken: createIdpTokenVerifier(provider, db),
    onRevoked(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async revoke(token) {
      const revocation = await revokeIdpToken(provider, db, token);
      if (revocation) notify(revocation);
      return revocation !== null;
    },
  };
}
