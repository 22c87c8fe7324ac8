import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { GMAIL_SCOPES, parseScopes } from '../../auth/gmail-scopes.ts';
import { takeOAuthFlow } from '../../auth/oauth-flows.ts';
import { describeAuthorizationError, failureLocation, successLocation } from '../../auth/redirects.ts';
import { authServicesOf, GMAIL_CALLBACK_PATH } from '../../auth/services.ts';
import type { AppServices } from '../../platform/services.ts';
import { requestSync } from '../../sync/jobs.ts';
import { saveGmailGrant } from './repository.ts';

/**
 * The OAuth callback that finishes a Gmail consent: checks the flow and the browser session,
 * exchanges the code, keeps the grant only if it can read mail, and asks for the first sync.
 */
export async function registerGmailOAuthCallback(routes: FastifyInstance, { config, db, jobs }: AppServices): Promise<void> {
  const redirectUri = `${config.publicUrl}${GMAIL_CALLBACK_PATH}`;
  await routes.register(fastifyRateLimit, { max: config.signinRateLimitPerMinute, timeWindow: '1 minute' });

  routes.get<{ Querystring: Record<string, string | undefined> }>(GMAIL_CALLBACK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const services = authServicesOf(request);
    const { state, error, error_description: errorDescription } = request.query;
    const flow = state ? await takeOAuthFlow(db, state, 'gmail') : null;
    const mode = flow?.mode ?? 'redirect';
    const fail = (code: string, message: string) => reply.redirect(failureLocation('gmail', mode, code, message), 302);
    if (!state || !flow?.userId) return fail('invalid_state', 'This Gmail connection expired or was already used. Please try again.');

    // The consent must come back to the browser session of the user who asked for it: a
    // callback replayed into someone else's browser cannot attach a mailbox to them.
    const principal = await services.sessionAuthenticator(request);
    if (!principal || principal.userId !== flow.userId) {
      return fail('session_mismatch', 'Sign in to Mailroom as the user who started connecting Gmail, then try again.');
    }
    if (error) return fail(error, describeAuthorizationError(error, errorDescription));

    let tokens;
    try {
      tokens = await services.oauth.exchangeCode({
        callbackUrl: new URL(request.url, config.publicUrl),
        redirectUri,
        state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
      });
    } catch (exchangeError) {
      request.log.warn({ err: exchangeError }, 'Gmail code exchange failed');
      return fail('token_exchange_failed', 'Gmail access could not be completed with Google. Please try again.');
    }
    const email = tokens.claims?.email;
    if (!email || !tokens.claims?.emailVerified) return fail('email_missing', 'Google did not confirm which Gmail address was connected.');

    // Google lets people untick scopes on its consent screen; without read access there is
    // nothing to sync, so the grant is handed back rather than kept.
    const granted = parseScopes(tokens.scope ?? flow.scopes.join(' '));
    if (!granted.includes(GMAIL_SCOPES.readonly) && !granted.includes(GMAIL_SCOPES.modify)) {
      await services.oauth.revoke(tokens.refreshToken ?? tokens.accessToken).catch((revokeError: unknown) => {
        request.log.warn({ err: revokeError }, 'returning a partial Gmail grant failed');
      });
      return fail('scope_not_granted', 'Mailroom needs permission to read your mail. Please allow it on the consent screen.');
    }

    const accountId = await saveGmailGrant(db, services.secrets.tokenKey, {
      userId: flow.userId,
      email,
      tokens,
      requestedScopes: flow.scopes,
    });
    // The first sync; connecting has succeeded even if the sync cannot be queued right now.
    await requestSync(jobs, accountId).catch((syncError: unknown) => {
      request.log.warn({ err: syncError, accountId }, 'could not queue the first sync');
    });
    return reply.redirect(successLocation('gmail', mode, flow.returnTo), 302);
  });
}
