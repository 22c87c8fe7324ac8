import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import {
  IDP_ACCESS_TOKEN_TTL_S,
  IDP_AUTHORIZATION_CODE_TTL_S,
  IDP_INTERACTION_TTL_S,
  IDP_REFRESH_TOKEN_TTL_S,
  IDP_SESSION_TTL_S,
} from '../../constants/oauth.ts';
import type { Db } from '../../db/database.ts';
import { GMAIL_RESOURCE, GMAIL_SCOPES, isGmailScope } from '../gmail-scopes.ts';
import type { ServerSecrets } from '../secrets.ts';
import { findIdpAccount } from './accounts.ts';
import { databaseAdapter } from './adapter.ts';
import { renderError, renderLoggedOut, renderLogout } from './pages.ts';
import { loadSigningKeys } from './signing-keys.ts';

/** The embedded provider lives under this path of Mailroom's own origin. */
export const IDP_MOUNT_PATH = '/idp';
/** Mailroom's client at the embedded provider (with Google, GOOGLE_CLIENT_ID plays this part). */
export const IDP_CLIENT_ID = 'mailroom';

export interface EmbeddedProviderOptions {
  db: Db;
  publicUrl: string;
  secrets: ServerSecrets;
  /** Where the provider may send codes back to: sign-in and Gmail-connect callbacks. */
  redirectUris: string[];
  log: FastifyBaseLogger;
}

export function idpIssuer(publicUrl: string): string {
  return `${publicUrl}${IDP_MOUNT_PATH}`;
}

/**
 * Google shows its account chooser on every sign-in (prompt=select_account), so a person can
 * switch accounts; a consent for Gmail carries `login_hint` and skips the chooser when the hint
 * is the account already signed in. This check adds that behaviour to oidc-provider's login
 * prompt (OIDC Core §3.1.2.1 `login_hint`).
 */
function accountChooserCheck(db: Db): interactionPolicy.Check {
  return new interactionPolicy.Check('account_chooser', 'the End-User chooses the account', async (ctx: KoaContextWithOIDC) => {
    const { oidc } = ctx;
    if (oidc.result?.login) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
    const hint = typeof oidc.params?.login_hint === 'string' ? oidc.params.login_hint.trim().toLowerCase() : '';
    const accountId = oidc.session?.accountId;
    if (hint && accountId) {
      const account = await findIdpAccount(db, accountId);
      if (account?.email === hint) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
    }
    return interactionPolicy.Check.REQUEST_PROMPT;
  });
}

/**
 * The embedded OpenID provider (oidc-provider), configured to behave like Google for
 * Mailroom: authorization code flow with PKCE only (RFC 7636), ID tokens with the email and
 * name claims (OIDC Core §5.1), access tokens for the Gmail scopes bound to the Gmail resource
 * (RFC 8707) with Google's lifetimes, refresh tokens for Gmail grants (Google's
 * access_type=offline), and all state in the database.
 */
export async function createEmbeddedProvider(options: EmbeddedProviderOptions): Promise<Provider> {
  const { db, secrets, log } = options;
  const policy = interactionPolicy.base();
  policy.get('login')?.checks.add(accountChooserCheck(db));

  const configuration: Configuration = {
    adapter: databaseAdapter(db, secrets.tokenKey),
    clients: [
      {
        client_id: IDP_CLIENT_ID,
        client_secret: secrets.idpClientSecret,
        client_name: 'Mailroom',
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, sub) {
      const account = await findIdpAccount(db, sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        async claims() {
          return { sub: account.id, email: account.email, email_verified: true, name: account.displayName };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    // Like Google, put the email and name in the ID token itself (not only behind userinfo).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    cookies: {
      keys: secrets.idpCookieKeys,
      names: { session: 'mailroom_idp_session', interaction: 'mailroom_idp_interaction', resume: 'mailroom_idp_resume' },
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    jwks: { keys: await loadSigningKeys(db, secrets.tokenKey) },
    features: {
      devInteractions: { enabled: false },
      // Google's revocation endpoint (no client authentication) is served by routes.ts instead.
      revocation: { enabled: false },
      introspection: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = renderLogout(form);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = renderLoggedOut();
        },
      },
      resourceIndicators: {
        enabled: true,
        // Gmail scopes in an authorization request mean the Gmail API is the resource.
        async defaultResource(ctx, _client, oneOf) {
          if (oneOf) return oneOf;
          const scope = typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope : '';
          return scope.split(' ').some(isGmailScope) ? GMAIL_RESOURCE : undefined;
        },
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, resource) {
          if (resource !== GMAIL_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: Object.values(GMAIL_SCOPES).join(' '),
            audience: GMAIL_RESOURCE,
            accessTokenTTL: IDP_ACCESS_TOKEN_TTL_S,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    // Google hands out a refresh token with every offline Gmail grant and never rotates it.
    async issueRefreshToken(_ctx, client, code) {
      return client.grantTypeAllowed('refresh_token') && [...code.scopes].some(isGmailScope);
    },
    rotateRefreshToken: false,
    // Tokens outlive the browser session at the provider, as Google's do.
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: IDP_ACCESS_TOKEN_TTL_S,
      AuthorizationCode: IDP_AUTHORIZATION_CODE_TTL_S,
      IdToken: IDP_ACCESS_TOKEN_TTL_S,
      RefreshToken: IDP_REFRESH_TOKEN_TTL_S,
      Grant: IDP_REFRESH_TOKEN_TTL_S,
      Session: IDP_SESSION_TTL_S,
      Interaction: IDP_INTERACTION_TTL_S,
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${IDP_MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = renderError('Something went wrong', out.error_description ?? 'The sign-in request could not be completed.', {
        error: out.error,
      });
    },
    discovery: {
      // Google advertises https://oauth2.googleapis.com/revoke; ours behaves the same (routes.ts).
      revocation_endpoint: `${idpIssuer(options.publicUrl)}/revoke`,
    },
  };

  const provider = new Provider(idpIssuer(options.publicUrl), configuration);
  // routes.ts rewrites Host and X-Forwarded-Proto from PUBLIC_URL, so URLs the provider builds
  // always name the public origin, whatever the request came in on.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'embedded OpenID provider error'));
  return provider;
}
