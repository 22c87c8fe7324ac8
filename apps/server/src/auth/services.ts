import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { apiTokenAuthenticator } from './api-tokens.ts';
import { setupEmbeddedIdp, type EmbeddedIdp } from './idp/index.ts';
import { createOAuthClient, type OAuthClient } from './oidc-client.ts';
import { firstOf, sessionAuthenticator, type Authenticator } from './principal.ts';
import { loadServerSecrets, type ServerSecrets } from './secrets.ts';
import { registerSignInRoutes, SIGNIN_CALLBACK_PATH } from './signin-routes.ts';

/** Where Gmail consent comes back to (features/gmail serves it). */
export const GMAIL_CALLBACK_PATH = '/api/gmail/oauth/callback';

/** What sign-in and Gmail connection need at request time; the app decorates itself with it. */
export interface AuthServices {
  secrets: ServerSecrets;
  oauth: OAuthClient;
  /** The embedded OpenID provider, or null when Google is configured. */
  idp: EmbeddedIdp | null;
  /** API token first (explicit, and unforgeable cross-site), then the session cookie. */
  authenticate: Authenticator;
  sessionAuthenticator: Authenticator;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailroomAuth: AuthServices;
  }
}

export function authServicesOf(request: FastifyRequest): AuthServices {
  return request.server.mailroomAuth;
}

/**
 * Sets up sign-in for the app: the root secret, the embedded OpenID provider under /idp (when
 * GOOGLE_CLIENT_ID/SECRET are not set), the OpenID client, and the /api/auth routes.
 */
export async function registerAuth(app: FastifyInstance, options: { config: Config; db: Db }): Promise<AuthServices> {
  const { config, db } = options;
  const secrets = loadServerSecrets(config);
  const idp = config.google
    ? null
    : await setupEmbeddedIdp(app, {
        config,
        db,
        secrets,
        log: app.log,
        redirectUris: [`${config.publicUrl}${SIGNIN_CALLBACK_PATH}`, `${config.publicUrl}${GMAIL_CALLBACK_PATH}`],
      });
  const oauth = createOAuthClient({ config, secrets, app });
  const session = sessionAuthenticator(db);
  const services: AuthServices = {
    secrets,
    oauth,
    idp,
    authenticate: firstOf(apiTokenAuthenticator(db), session),
    sessionAuthenticator: session,
  };
  app.decorate('mailroomAuth', services);
  await registerSignInRoutes(app, { config, db, oauth, sessionAuthenticator: session });
  return services;
}
