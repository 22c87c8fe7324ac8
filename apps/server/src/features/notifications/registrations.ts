import fastifyRateLimit from '@fastify/rate-limit';
import { pushRegistrationBodySchema, STATUS_HTTP, type FnStatus } from '@mailroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, safeEqual, type Principal } from '../../auth/principal.ts';
import type { AppServices } from '../../platform/services.ts';
import { createRegistration, deleteRegistration, updateRegistration, type RegistrationInput } from './repository.ts';

/**
 * The seed's push registration service (DESIGN §3), in its own shape rather than /api/fn:
 *
 *   POST   /v1/projects/{projectId}/registrations          {web: {endpoint, auth, p256dh, applicationPubKey?}} -> {token}
 *   PATCH  /v1/projects/{projectId}/registrations/{token}  same body                                           -> {token}
 *   DELETE /v1/projects/{projectId}/registrations/{token}                                                      -> {}
 *
 * Failures answer `{error: {code, message, status}}` (the seed's `{error: {message}}`, with the
 * HTTP code and canonical status as Google's APIs add them). Registrations belong to the signed-in
 * user (session cookie with the CSRF header, or a personal API token); another user's token
 * answers NOT_FOUND. `projectId` must be this instance's (PUSH_PROJECT_ID); `x-goog-api-key`,
 * when sent, must be its PUSH_API_KEY.
 */

/** Registration calls per client a minute (a browser makes one every week or so). */
const REGISTRATIONS_PER_MINUTE = 60;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

class RegistrationError extends Error {
  readonly status: FnStatus;
  constructor(status: FnStatus, message: string) {
    super(message);
    this.status = status;
  }
}

function fail(reply: FastifyReply, status: FnStatus, message: string): FastifyReply {
  const code = STATUS_HTTP[status];
  return reply.code(code).type('application/json').send({ error: { code, message, status } });
}

export async function registerRegistrationRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { projectId, apiKey } = services.config.push;
  await app.register(fastifyRateLimit, { max: REGISTRATIONS_PER_MINUTE, timeWindow: '1 minute' });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof RegistrationError) return fail(reply, error.status, error.message);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 429) return fail(reply, 'RESOURCE_EXHAUSTED', 'Too many registration requests; try again in a minute.');
    if (statusCode === 413) return fail(reply, 'INVALID_ARGUMENT', 'The request body is too large.');
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return fail(reply, 'INVALID_ARGUMENT', (error as Error).message);
    request.log.error({ err: error }, 'push registration failed');
    return fail(reply, 'INTERNAL', 'Internal error');
  });

  /** Who is calling, checked the way /api/fn checks a state change (every route here changes state). */
  async function caller(request: FastifyRequest<{ Params: { projectId: string } }>): Promise<Principal> {
    const principal = await services.authenticate(request);
    if (!principal) throw new RegistrationError('UNAUTHENTICATED', 'Sign in to register this browser for notifications.');
    if (principal.via === 'session') {
      const proof = request.headers[CSRF_HEADER];
      if (typeof proof !== 'string' || !principal.csrfToken || !safeEqual(proof, principal.csrfToken)) throw new RegistrationError('PERMISSION_DENIED', 'Missing or invalid CSRF token.');
    }
    if (request.params.projectId !== projectId) throw new RegistrationError('PERMISSION_DENIED', `Project "${request.params.projectId.slice(0, 64)}" is not this server’s project.`);
    const key = request.headers['x-goog-api-key'];
    if (key !== undefined && (typeof key !== 'string' || !safeEqual(key, apiKey))) throw new RegistrationError('PERMISSION_DENIED', 'The API key is not valid for this project.');
    return principal;
  }

  function bodyOf(request: FastifyRequest): RegistrationInput {
    const parsed = pushRegistrationBodySchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.map(String).join('.') || 'body';
      const message = issue.code === 'unrecognized_keys' ? `${field ? `${field}: ` : ''}${issue.message}` : issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`;
      throw new RegistrationError('INVALID_ARGUMENT', message);
    }
    const { endpoint, auth, p256dh, applicationPubKey } = parsed.data.web;
    return { endpoint, auth, p256dh, applicationPubKey: applicationPubKey ?? null };
  }

  function tokenOf(request: FastifyRequest<{ Params: { token: string } }>): string {
    const { token } = request.params;
    if (!TOKEN_PATTERN.test(token)) throw new RegistrationError('INVALID_ARGUMENT', 'The registration token is malformed.');
    return token;
  }

  const base = '/v1/projects/:projectId/registrations';
  app.post<{ Params: { projectId: string } }>(base, async (request, reply) => {
    const principal = await caller(request);
    const input = bodyOf(request);
    const token = await createRegistration(services.db, principal.userId, input, services.clock.now());
    return reply.code(200).send({ token });
  });

  app.patch<{ Params: { projectId: string; token: string } }>(`${base}/:token`, async (request, reply) => {
    const principal = await caller(request);
    const token = tokenOf(request);
    const input = bodyOf(request);
    if (!(await updateRegistration(services.db, principal.userId, token, input, services.clock.now()))) throw new RegistrationError('NOT_FOUND', 'No such registration.');
    return reply.code(200).send({ token });
  });

  app.delete<{ Params: { projectId: string; token: string } }>(`${base}/:token`, async (request, reply) => {
    const principal = await caller(request);
    const token = tokenOf(request);
    if (!(await deleteRegistration(services.db, principal.userId, token))) throw new RegistrationError('NOT_FOUND', 'No such registration.');
    return reply.code(200).send({});
  });
}
