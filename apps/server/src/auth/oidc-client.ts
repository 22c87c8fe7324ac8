import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../config.ts';
import { IDP_CLIENT_ID, IDP_MOUNT_PATH, idpIssuer } from './idp/provider.ts';
import type { ServerSecrets } from './secrets.ts';

/** Google's OpenID Connect issuer (discovery at /.well-known/openid-configuration). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface AuthorizationRequest {
  redirectUri: string;
  scopes: readonly string[];
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Extra authorization parameters: prompt, login_hint, access_type, include_granted_scopes. */
  extra?: Record<string, string>;
}

export interface CodeExchange {
  /** The callback URL as the browser requested it (code, state, iss). */
  callbackUrl: URL;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms, or null when the provider did not say. */
  expiresAt: number | null;
  /** Granted scopes (RFC 6749 §5.1: when omitted, the ones asked for). */
  scope: string | null;
  tokenType: string;
  claims: { sub: string; email: string | null; emailVerified: boolean; name: string | null } | null;
}

/**
 * Mailroom's side of OAuth 2.0 / OpenID Connect, with openid-client: discovery, authorization
 * code flow with PKCE (RFC 7636), state (RFC 6749 §10.12) and nonce (OIDC Core §3.1.2.1),
 * refresh (RFC 6749 §6) and revocation. The same code talks to Google or to the embedded
 * provider; only the issuer and the client credentials differ.
 */
export interface OAuthClient {
  readonly kind: 'google' | 'embedded';
  readonly issuer: string;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  exchangeCode(exchange: CodeExchange): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Revokes the grant; a token the provider no longer knows counts as revoked. */
  revoke(token: string): Promise<void>;
  /**
   * The client and the provider's endpoints, for code that refreshes tokens itself
   * (providers/gmail hands them to google-auth-library's OAuth2Client).
   */
  clientEndpoints(): Promise<{ clientId: string; clientSecret: string; tokenUrl: string; revokeUrl: string | null }>;
}

/**
 * For the embedded provider, Mailroom calls itself: those requests go through `app.inject`
 * instead of the network, so a server behind a proxy need not reach its own PUBLIC_URL.
 */
function inProcessFetch(app: FastifyInstance, publicUrl: string): client.CustomFetch {
  const origin = new URL(publicUrl).origin;
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== origin || !(target.pathname === IDP_MOUNT_PATH || target.pathname.startsWith(`${IDP_MOUNT_PATH}/`))) {
      return fetch(url, options as RequestInit);
    }
    const body = options.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : body instanceof ArrayBuffer || body instanceof Uint8Array
              ? Buffer.from(body as ArrayBuffer)
              : undefined;
    if (payload === undefined && body !== undefined && body !== null) {
      throw new TypeError('in-process fetch: streaming request bodies are not supported');
    }
    const response = await app.inject({
      method: options.method as 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      ...(payload === undefined ? {} : { payload }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    const nullBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(nullBody ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };
}

function toTokenSet(response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): TokenSet {
  const idClaims = response.id_token ? response.claims() : undefined;
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? null,
    expiresAt: typeof response.expires_in === 'number' ? Date.now() + response.expires_in * 1000 : null,
    scope: response.scope ?? null,
    tokenType: response.token_type,
    claims: idClaims
      ? {
          sub: idClaims.sub,
          email: typeof idClaims.email === 'string' ? idClaims.email : null,
          emailVerified: idClaims.email_verified === true || idClaims.email_verified === 'true',
          name: typeof idClaims.name === 'string' ? idClaims.name : null,
        }
      : null,
  };
}

export interface OAuthClientOptions {
  config: Pick<Config, 'google' | 'publicUrl'>;
  secrets: ServerSecrets;
  /** The app serving the embedded provider (unused with Google). */
  app: FastifyInstance;
}

export function createOAuthClient(options: OAuthClientOptions): OAuthClient {
  const { config, secrets, app } = options;
  const google = config.google;
  const issuer = google ? GOOGLE_ISSUER : idpIssuer(config.publicUrl);
  const clientId = google ? google.clientId : IDP_CLIENT_ID;
  const clientSecret = google ? google.clientSecret : secrets.idpClientSecret;
  const insecure = new URL(issuer).protocol === 'http:';

  let discovered: Promise<client.Configuration> | null = null;
  const configuration = (): Promise<client.Configuration> => {
    discovered ??= client
      .discovery(new URL(issuer), clientId, { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_post' }, client.ClientSecretPost(clientSecret), {
        ...(google ? {} : { [client.customFetch]: inProcessFetch(app, config.publicUrl) }),
        // The embedded provider on a plain-http PUBLIC_URL (local use); Google is always https.
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        discovered = null; // try again on the next sign-in rather than caching the failure
        throw error;
      });
    return discovered;
  };

  return {
    kind: google ? 'google' : 'embedded',
    issuer,
    async authorizationUrl(request) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: request.scopes.join(' '),
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
        ...request.extra,
      });
    },
    async exchangeCode(exchange) {
      const response = await client.authorizationCodeGrant(
        await configuration(),
        exchange.callbackUrl,
        { pkceCodeVerifier: exchange.codeVerifier, expectedState: exchange.state, expectedNonce: exchange.nonce, idTokenExpected: true },
        { redirect_uri: exchange.redirectUri },
      );
      return toTokenSet(response);
    },
    async refresh(refreshToken) {
      return toTokenSet(await client.refreshTokenGrant(await configuration(), refreshToken));
    },
    async revoke(token) {
      try {
        await client.tokenRevocation(await configuration(), token);
      } catch (error) {
        // Google answers 400 invalid_token for a token that is already revoked or expired.
        if (error instanceof client.ResponseBodyError && error.error === 'invalid_token') return;
        throw error;
      }
    },
    async clientEndpoints() {
      const metadata = (await configuration()).serverMetadata();
      if (!metadata.token_endpoint) throw new Error(`${issuer} advertises no token endpoint`);
      return { clientId, clientSecret, tokenUrl: metadata.token_endpoint, revokeUrl: metadata.revocation_endpoint ?? null };
    },
  };
}

export { client as openidClient };
