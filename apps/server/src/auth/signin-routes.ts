import fastifyRateLimit from '@fastify/rate-limit';
import type { AuthSession } from '@mailroom/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { OAUTH_FLOW_TTL_MS } from '../constants/oauth.ts';
import type { Db } from '../db/database.ts';
import { FnError } from '../errors.ts';
import { SIGNIN_SCOPES } from './gmail-scopes.ts';
import type { OAuthClient } from './oidc-client.ts';
import { startOAuthFlow, takeOAuthFlow } from './oauth-flows.ts';
import { CSRF_HEADER, SESSION_COOKIE, safeEqual, type Authenticator } from './principal.ts';
import { describeAuthorizationError, failureLocation, successLocation } from './redirects.ts';
import { safeReturnTo } from './return-to.ts';
import { clearSessionCookie, createSession, destroySession, isHttps, setSessionCookie } from './sessions.ts';
import { upsertUserByEmail } from './users.ts';

export const SIGNIN_CALLBACK_PATH = '/auth/callback';
/**
 * Binds a sign-in to the browser that started it (RFC 6749 §10.12): the callback must present
 * the same `state` in this cookie as in the URL, so nobody can finish their own sign-in in a
 * victim's browser (login CSRF). Scoped to the callback path.
 */
export const SIGNIN_STATE_COOKIE = 'mailroom_signin_state';

export interface SignInRoutesOptions {
  config: Config;
  db: Db;
  oauth: OAuthClient;
  /** Resolves the cookie session (not API tokens: these routes belong to the browser). */
  sessionAuthenticator: Authenticator;
}

function sendError(reply: FastifyReply, error: FnError): FastifyReply {
  return reply.code(error.httpStatus).header('cache-control', 'no-store').type('application/json').send(error.toBody());
}

/**
 * The browser side of signing in (AUTH HTTP API): the session probe, sign-out, and the OpenID
 * Connect authorization code flow against Google or the embedded provider.
 */
export async function registerSignInRoutes(app: FastifyInstance, options: SignInRoutesOptions): Promise<void> {
  const { config, db, oauth } = options;
  const redirectUri = `${config.publicUrl}${SIGNIN_CALLBACK_PATH}`;
  const stateCookie = { path: SIGNIN_CALLBACK_PATH, httpOnly: true, sameSite: 'lax' as const, secure: isHttps(config) };

  await app.register(async (routes) => {
    // Sign-out carries no body; accept whatever the browser labels it with.
    routes.removeAllContentTypeParsers();
    routes.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    routes.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof FnError) return sendError(reply, error);
      const statusCode = (error as { statusCode?: number }).statusCode;
      if (statusCode === 429) return sendError(reply, new FnError('RESOURCE_EXHAUSTED', 'Too many sign-in attempts; wait a minute and try again'));
      request.log.error({ err: error }, 'auth route failed');
      return sendError(reply, new FnError('INTERNAL', 'Internal error'));
    });

    routes.get('/api/auth/session', async (request, reply) => {
      const principal = await options.sessionAuthenticator(request);
      // A cookie that names no live session is stale: drop it.
      if (!principal && request.cookies[SESSION_COOKIE]) clearSessionCookie(reply, config);
      const body: AuthSession = {
        user: principal ? { id: principal.userId, email: principal.email, displayName: principal.displayName } : null,
        csrfToken: principal?.csrfToken ?? null,
      };
      return reply.header('cache-control', 'no-store').send(body);
    });

    routes.post('/api/auth/signout', async (request, reply) => {
      const principal = await options.sessionAuthenticator(request);
      if (principal) {
        // Signing someone out is a state change: same CSRF proof as the callable functions.
        const proof = request.headers[CSRF_HEADER];
        if (typeof proof !== 'string' || !principal.csrfToken || !safeEqual(proof, principal.csrfToken)) {
          throw new FnError('PERMISSION_DENIED', 'Missing or invalid CSRF token');
        }
        await destroySession(db, request.cookies[SESSION_COOKIE]);
      }
      clearSessionCookie(reply, config);
      return reply.code(204).header('cache-control', 'no-store').send();
    });

    await routes.register(async (limited) => {
      // Stricter than the API's limit: these start and finish sign-ins.
      await limited.register(fastifyRateLimit, { max: config.signinRateLimitPerMinute, timeWindow: '1 minute' });

      limited.get<{ Querystring: { mode?: string; returnTo?: string } }>('/api/auth/signin', async (request, reply) => {
        const mode = request.query.mode === 'popup' ? 'popup' : 'redirect';
        const returnTo = safeReturnTo(request.query.returnTo, config.publicUrl);
        reply.header('cache-control', 'no-store');
        const { state, flow } = await startOAuthFlow(db, { purpose: 'signin', userId: null, returnTo, mode, scopes: [...SIGNIN_SCOPES] });
        let url: URL;
        try {
          url = await oauth.authorizationUrl({
            redirectUri,
            scopes: flow.scopes,
            state,
            nonce: flow.nonce,
            codeVerifier: flow.codeVerifier,
            // Always offer the account choice (the embedded provider does so by itself).
            extra: oauth.kind === 'google' ? { prompt: 'select_account' } : {},
          });
        } catch (error) {
          request.log.error({ err: error }, 'OpenID provider discovery failed');
          return reply.redirect(
            failureLocation('signin', mode, 'provider_unavailable', 'The sign-in service could not be reached. Please try again in a moment.'),
            302,
          );
        }
        reply.setCookie(SIGNIN_STATE_COOKIE, state, { ...stateCookie, maxAge: Math.floor(OAUTH_FLOW_TTL_MS / 1000) });
        return reply.redirect(url.href, 302);
      });

      limited.get<{ Querystring: Record<string, string | undefined> }>(SIGNIN_CALLBACK_PATH, async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { state, error, error_description: errorDescription } = request.query;
        const boundState = request.cookies[SIGNIN_STATE_COOKIE];
        reply.clearCookie(SIGNIN_STATE_COOKIE, stateCookie);

        const flow = state ? await takeOAuthFlow(db, state, 'signin') : null;
        const mode = flow?.mode ?? 'redirect';
        const fail = (code: string, message: string) => reply.redirect(failureLocation('signin', mode, code, message), 302);
        if (!state || !flow) return fail('invalid_state', 'This sign-in expired or was already used. Please try again.');
        if (!boundState || !safeEqual(boundState, state)) {
          return fail('invalid_state', 'This sign-in was started in another browser or window. Please try again.');
        }
        if (error) return fail(error, describeAuthorizationError(error, errorDescription));

        let tokens;
        try {
          tokens = await oauth.exchangeCode({
            callbackUrl: new URL(request.url, config.publicUrl),
            redirectUri,
            state,
            nonce: flow.nonce,
            codeVerifier: flow.codeVerifier,
          });
        } catch (exchangeError) {
          request.log.warn({ err: exchangeError }, 'sign-in code exchange failed');
          return fail('token_exchange_failed', 'The sign-in could not be completed with the provider. Please try again.');
        }
        const claims = tokens.claims;
        if (!claims?.email) return fail('email_missing', 'The provider did not share an email address.');
        // Accounts are keyed by email, so only an email the provider vouches for may sign in.
        if (!claims.emailVerified) return fail('email_not_verified', 'This account’s email address is not verified.');

        const user = await upsertUserByEmail(db, { email: claims.email, displayName: claims.name });
        // Session rotation: whatever session this browser had is replaced (session fixation).
        await destroySession(db, request.cookies[SESSION_COOKIE]);
        const session = await createSession(db, user.id, request.headers['user-agent'] ?? null);
        setSessionCookie(reply, config, session);
        return reply.redirect(successLocation('signin', mode, flow.returnTo), 302);
      });
    });
  });
}
