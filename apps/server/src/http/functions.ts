import type { FastifyInstance, FastifyReply } from 'fastify';
import { functions, isFnName, type FieldIssue, type FnName } from '@mailroom/contract';
import type { z } from 'zod';
import { CSRF_HEADER, safeEqual } from '../auth/principal.ts';
import { FnError, invalidArgument } from '../errors.ts';
import type { FnImplementations, UserFnContext } from '../platform/plugin.ts';
import type { AppServices } from '../platform/services.ts';

export interface FunctionsOptions {
  services: AppServices;
  implementations: FnImplementations;
}

function issuesOf(error: z.ZodError, prefix: string): FieldIssue[] {
  return error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.'),
    message: issue.message,
  }));
}

function send(reply: FastifyReply, error: FnError): FastifyReply {
  return reply.code(error.httpStatus).type('application/json').send(error.toBody());
}

/**
 * Callable functions (DESIGN §3): `POST /api/fn/{name}` with body exactly `{"data": ...}`,
 * answering `{"result": ...}` or `{"error": {status, message, details?}}` with the canonical
 * HTTP code. Requests and responses are validated against packages/contract.
 */
export async function functionsPlugin(app: FastifyInstance, options: FunctionsOptions): Promise<void> {
  const { services, implementations } = options;
  const { config, authenticate } = services;

  // Our own JSON parser so that malformed JSON answers in the envelope, not Fastify's format.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    try {
      done(null, text.length === 0 ? undefined : JSON.parse(text));
    } catch (error) {
      done(invalidArgument(`Request body is not valid JSON: ${(error as Error).message}`));
    }
  });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(invalidArgument('Request body must be JSON sent with Content-Type: application/json'));
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof FnError) return send(reply, error);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 413) {
      return send(reply, invalidArgument(`Request body is larger than ${config.bodyLimitBytes} bytes`));
    }
    if (statusCode === 429) return send(reply, new FnError('RESOURCE_EXHAUSTED', 'Too many requests; slow down and try again shortly'));
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
      return send(reply, invalidArgument((error as Error).message));
    }
    request.log.error({ err: error }, 'callable function failed');
    return send(reply, new FnError('INTERNAL', 'Internal error'));
  });

  app.post<{ Params: { name: string } }>('/api/fn/:name', async (request, reply) => {
    const { name } = request.params;
    if (!isFnName(name)) throw new FnError('NOT_FOUND', `No function named "${name}"`);
    const spec = functions[name];

    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) {
      throw invalidArgument('Request body must be a JSON object of the form {"data": ...}');
    }
    const extra = Object.keys(body).filter((key) => key !== 'data');
    if (extra.length > 0) throw invalidArgument(`Unexpected field(s) in request body: ${extra.join(', ')}`);

    const principal = spec.auth === 'user' ? await authenticate(request) : null;
    if (spec.auth === 'user' && !principal) throw new FnError('UNAUTHENTICATED', 'Sign in to call this function');
    if (principal?.via === 'session' && spec.mutates) {
      // Cookie-authenticated state changes need the session's CSRF token (OWASP synchronizer token).
      const proof = request.headers[CSRF_HEADER];
      if (typeof proof !== 'string' || !principal.csrfToken || !safeEqual(proof, principal.csrfToken)) {
        throw new FnError('PERMISSION_DENIED', 'Missing or invalid CSRF token');
      }
    }

    const implementation = implementations[name as FnName];
    if (!implementation) throw new FnError('UNIMPLEMENTED', `${name} is not available yet`);

    const parsed = spec.request.safeParse((body as { data: unknown }).data);
    if (!parsed.success) {
      const issues = issuesOf(parsed.error, 'data');
      throw invalidArgument(issues.map((i) => `${i.field}: ${i.message}`).join('; '), { fields: issues });
    }

    const context: UserFnContext = { ...services, log: request.log, request, principal: principal! };
    const result = await (implementation as (ctx: UserFnContext, data: unknown) => Promise<unknown>)(context, parsed.data);
    const checked = spec.response.safeParse(result);
    if (!checked.success) {
      request.log.error({ fn: name, issues: checked.error.issues }, 'function returned data that breaks its contract');
      throw new FnError('INTERNAL', 'Internal error');
    }
    return reply.type('application/json').send({ result: checked.data });
  });

  app.all('/api/fn/*', async (request) => {
    throw new FnError('NOT_FOUND', `${request.method} ${request.url} is not a callable function; use POST /api/fn/{name}`);
  });
}
