import type { IncomingMessage } from 'node:http';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { errors, type Interaction } from 'oidc-provider';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { GMAIL_RESOURCE } from '../gmail-scopes.ts';
import { DEMO_ACCOUNT, findIdpAccount, findIdpAccountByEmail, upsertIdpAccount, type IdpAccount } from './accounts.ts';
import { revokeGrantRows } from './adapter.ts';
import { IDP_CSS, IDP_CSS_PATH, renderChooser, renderConsent, renderError } from './pages.ts';
import { IDP_MOUNT_PATH } from './provider.ts';

/** A token revoked at the embedded provider's revocation endpoint (the whole grant goes with it). */
export interface IdpRevocation {
  token: string;
  kind: 'AccessToken' | 'RefreshToken';
  email: string | null;
  clientId: string;
  at: Date;
}

/**
 * Revokes the grant an access or refresh token belongs to, as Google does: the grant and every
 * token issued under it. Null for a token the provider does not know (or no longer knows).
 */
export async function revokeIdpToken(provider: Provider, db: Db, value: string): Promise<IdpRevocation | null> {
  const token = (await provider.AccessToken.find(value)) ?? (await provider.RefreshToken.find(value));
  if (!token?.grantId) return null;
  await revokeGrantRows(db, token.grantId);
  const account = token.accountId ? await findIdpAccount(db, token.accountId) : null;
  return {
    token: value,
    kind: token.kind === 'RefreshToken' ? 'RefreshToken' : 'AccessToken',
    email: account?.email ?? null,
    clientId: token.clientId ?? '',
    at: new Date(),
  };
}

export interface EmbeddedIdpRoutesOptions {
  provider: Provider;
  db: Db;
  publicUrl: string;
  signinRateLimitPerMinute: number;
  onRevoked: (revocation: IdpRevocation) => void;
}

const addAccountForm = z.object({
  email: z.string().trim().max(320, 'Use at most 320 characters.').pipe(z.email({ message: 'Enter an email address such as ada@example.com.' })),
  name: z.string().trim().min(1, 'Enter your name.').max(80, 'Use at most 80 characters.'),
});

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
}

function expiredPage(reply: FastifyReply): FastifyReply {
  return html(
    reply,
    400,
    renderError('This sign-in has expired', 'The sign-in page was open too long or was already used. Go back to Mailroom and start again.'),
  );
}

/**
 * Mounts the embedded OpenID provider under /idp: oidc-provider itself (discovery, authorize,
 * token, userinfo, jwks), the interaction pages it sends people to (account chooser, consent),
 * and a Google-compatible revocation endpoint.
 */
export async function registerEmbeddedIdpRoutes(app: FastifyInstance, options: EmbeddedIdpRoutesOptions): Promise<void> {
  const { provider, db } = options;
  const publicUrl = new URL(options.publicUrl);
  const handle = provider.callback();

  await app.register(async (oidc) => {
    // oidc-provider parses its own request bodies; leave the stream unread.
    oidc.removeAllContentTypeParsers();
    oidc.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? IDP_MOUNT_PATH;
      const rest = url.slice(IDP_MOUNT_PATH.length);
      // oidc-provider derives its mount path from originalUrl minus url (as under Express).
      raw.originalUrl = url;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      // Build every URL from PUBLIC_URL, never from a Host header the client chose.
      raw.headers.host = publicUrl.host;
      raw.headers['x-forwarded-proto'] = publicUrl.protocol.slice(0, -1);
      delete raw.headers['x-forwarded-host'];
      Promise.resolve(handle(raw, reply.raw)).catch((error: unknown) => {
        request.log.error({ err: error }, 'embedded OpenID provider failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain' });
        reply.raw.end('Internal error');
      });
    };
    oidc.all(IDP_MOUNT_PATH, forward);
    oidc.all(`${IDP_MOUNT_PATH}/*`, forward);
  });

  await app.register(async (pages) => {
    await pages.register(fastifyFormbody, { bodyLimit: 16_384 });
    // Only the form posts count against the sign-in limit; pages and the stylesheet do not.
    await pages.register(fastifyRateLimit, { global: false });
    const limited = { rateLimit: { max: options.signinRateLimitPerMinute, timeWindow: '1 minute' } };

    pages.setErrorHandler((error: unknown, request, reply) => {
      if (error instanceof errors.SessionNotFound) return expiredPage(reply);
      const statusCode = (error as { statusCode?: number }).statusCode;
      if (statusCode === 429) {
        return html(reply, 429, renderError('Too many attempts', 'Wait a minute, then try signing in again.'));
      }
      if (error instanceof errors.OIDCProviderError) {
        return html(reply, error.statusCode, renderError('Something went wrong', error.error_description ?? error.message, { error: error.error }));
      }
      request.log.error({ err: error }, 'embedded sign-in page failed');
      return html(reply, 500, renderError('Something went wrong', 'The sign-in page failed. Try again in a moment.'));
    });

    pages.get(IDP_CSS_PATH, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('text/css; charset=utf-8').send(IDP_CSS),
    );

    /** The interaction behind the cookie, and that it is the one the URL names. */
    const interactionFor = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid !== request.params.uid) throw new errors.SessionNotFound('interaction mismatch');
      return details;
    };

    const chooserAccounts = async (details: Interaction): Promise<IdpAccount[]> => {
      const accounts: IdpAccount[] = [];
      const add = (account: IdpAccount | null) => {
        if (account && !accounts.some((a) => a.id === account.id)) accounts.push(account);
      };
      // The account signed in on this browser and the one the client hinted at come first.
      if (details.session?.accountId) add(await findIdpAccount(db, details.session.accountId));
      const hint = details.params.login_hint;
      if (typeof hint === 'string' && hint.length > 0) add(await findIdpAccountByEmail(db, hint));
      add(await findIdpAccountByEmail(db, DEMO_ACCOUNT.email));
      return accounts;
    };

    const clientName = async (details: Interaction) => {
      const client = await provider.Client.find(String(details.params.client_id));
      return client?.clientName ?? 'Mailroom';
    };

    const scopesOf = async (details: Interaction) => {
      const requested = String(details.params.scope ?? '')
        .split(' ')
        .filter((s) => s.length > 0 && s !== 'offline_access');
      const grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
      const granted = new Set([
        ...(grant?.getOIDCScope().split(' ') ?? []),
        ...(grant?.getResourceScope(GMAIL_RESOURCE).split(' ') ?? []),
      ]);
      return {
        newScopes: requested.filter((s) => !granted.has(s)),
        grantedScopes: requested.filter((s) => granted.has(s)),
      };
    };

    pages.get<{ Params: { uid: string } }>(`${IDP_MOUNT_PATH}/interaction/:uid`, async (request, reply) => {
      const details = await interactionFor(request, reply);
      if (details.prompt.name === 'login') {
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        return html(
          reply,
          200,
          renderChooser({
            uid: details.uid,
            clientName: await clientName(details),
            accounts: await chooserAccounts(details),
            values: { email: hint },
          }),
        );
      }
      if (details.prompt.name === 'consent') {
        const account = details.session?.accountId ? await findIdpAccount(db, details.session.accountId) : null;
        if (!account) return expiredPage(reply);
        return html(reply, 200, renderConsent({ uid: details.uid, clientName: await clientName(details), account, ...(await scopesOf(details)) }));
      }
      return expiredPage(reply);
    });

    pages.post<{ Params: { uid: string }; Body: Record<string, unknown> }>(
      `${IDP_MOUNT_PATH}/interaction/:uid/login`,
      { config: limited },
      async (request, reply) => {
        const details = await interactionFor(request, reply);
        if (details.prompt.name !== 'login') return expiredPage(reply);
        const body = request.body ?? {};
        let account: IdpAccount | null;
        if (typeof body.account === 'string') {
          account = await findIdpAccount(db, body.account);
          if (!account) return expiredPage(reply);
        } else {
          const parsed = addAccountForm.safeParse({ email: body.email ?? '', name: body.name ?? '' });
          if (!parsed.success) {
            const fieldErrors: { email?: string; name?: string } = {};
            for (const issue of parsed.error.issues) {
              const field = issue.path[0];
              if ((field === 'email' || field === 'name') && !fieldErrors[field]) fieldErrors[field] = issue.message;
            }
            return html(
              reply,
              400,
              renderChooser({
                uid: details.uid,
                clientName: await clientName(details),
                accounts: await chooserAccounts(details),
                values: { email: String(body.email ?? ''), name: String(body.name ?? '') },
                errors: fieldErrors,
              }),
            );
          }
          account = await upsertIdpAccount(db, { email: parsed.data.email, displayName: parsed.data.name });
        }
        const next = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.id } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(next, 303);
      },
    );

    pages.post<{ Params: { uid: string }; Body: Record<string, unknown> }>(
      `${IDP_MOUNT_PATH}/interaction/:uid/consent`,
      { config: limited },
      async (request, reply) => {
        const details = await interactionFor(request, reply);
        if (details.prompt.name !== 'consent' || !details.session?.accountId) return expiredPage(reply);
        if (request.body?.decision !== 'allow') {
          const next = await provider.interactionResult(
            request.raw,
            reply.raw,
            { error: 'access_denied', error_description: 'The user declined to give access.' },
            { mergeWithLastSubmission: false },
          );
          return reply.redirect(next, 303);
        }
        const missing = details.prompt.details as {
          missingOIDCScope?: string[];
          missingOIDCClaims?: string[];
          missingResourceScopes?: Record<string, string[]>;
        };
        const grant =
          (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
          new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params.client_id) });
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
          grant.addResourceScope(resource, scopes.join(' '));
        }
        const grantId = await grant.save();
        const next = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
        return reply.redirect(next, 303);
      },
    );

    pages.post<{ Params: { uid: string } }>(`${IDP_MOUNT_PATH}/interaction/:uid/abort`, { config: limited }, async (request, reply) => {
      await interactionFor(request, reply);
      const next = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(next, 303);
    });

    /**
     * Google's revocation endpoint (https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke):
     * POST with `token` in the query or the form body, no client authentication; revoking an
     * access or a refresh token revokes the whole grant. 200 `{}` on success, 400
     * `invalid_token` for an unknown, expired or already revoked token (as Google answers).
     */
    pages.post<{ Querystring: { token?: string }; Body: Record<string, unknown> | undefined }>(
      `${IDP_MOUNT_PATH}/revoke`,
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const value = typeof request.body?.token === 'string' ? request.body.token : request.query.token;
        if (typeof value !== 'string' || value.length === 0) {
          return reply.code(400).send({ error: 'invalid_request', error_description: 'Missing required parameter: token' });
        }
        const revocation = await revokeIdpToken(provider, db, value);
        if (!revocation) {
          return reply.code(400).send({ error: 'invalid_token', error_description: 'Token expired or revoked' });
        }
        options.onRevoked(revocation);
        return reply.code(200).send({});
      },
    );
  });
}
