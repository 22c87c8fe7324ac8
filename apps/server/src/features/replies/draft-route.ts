import { PassThrough } from 'node:stream';
import fastifyRateLimit from '@fastify/rate-limit';
import { DRAFT_REPLY_PATH, draftReplyRequestSchema, type DraftReplyEvent } from '@mailroom/contract';
import { suggestReplies } from '@mailroom/intelligence/replies';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CSRF_HEADER, safeEqual } from '../../auth/principal.ts';
import { FnError, failedPrecondition, invalidArgument } from '../../errors.ts';
import type { AppServices } from '../../platform/services.ts';
import type { DraftInput } from '../../providers/llm/index.ts';
import { threadFacts } from './context.ts';
import { readOriginal } from './original.ts';
import { replyContextOf, replyInputOf } from './service.ts';

/**
 * "Draft with AI": the configured model writes a whole reply, streamed to the editor as
 * Server-Sent Events (callable functions answer once, so this is a route of its own). The
 * message is fetched on demand and only its new text, the thread's senders and snippets, the
 * user's one-line instruction and style go to the model's endpoint, and nowhere else; nothing
 * of it is stored or logged. The provider checks the draft and falls back to the local
 * suggestions when the model fails, stalls (AI_TIMEOUT_MS) or writes something unusable; the
 * last event says which, and why.
 */

/** A draft still streaming after this is stopped, and the local suggestions stand. */
export const DRAFT_MAX_MS = 90_000;
/** Drafts per client a minute: each one is a model call somebody may be paying for. */
const DRAFTS_PER_MINUTE = 30;

function fail(reply: FastifyReply, error: FnError): FastifyReply {
  return reply.code(error.httpStatus).type('application/json').send(error.toBody());
}

export async function registerDraftRoute(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(fastifyRateLimit, { max: DRAFTS_PER_MINUTE, timeWindow: '1 minute' });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof FnError) return fail(reply, error);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 429) return fail(reply, new FnError('RESOURCE_EXHAUSTED', 'Too many drafts in a minute; try again shortly.'));
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return fail(reply, invalidArgument((error as Error).message));
    request.log.error({ err: error }, 'draft reply failed');
    return fail(reply, new FnError('INTERNAL', 'Internal error'));
  });

  app.post(DRAFT_REPLY_PATH, async (request, reply) => {
    const principal = await services.authenticate(request);
    if (!principal) throw new FnError('UNAUTHENTICATED', 'Sign in to draft replies');
    if (principal.via === 'session') {
      // A state-changing, costly call: cookie sessions prove it is them (OWASP synchronizer token).
      const proof = request.headers[CSRF_HEADER];
      if (typeof proof !== 'string' || !principal.csrfToken || !safeEqual(proof, principal.csrfToken)) throw new FnError('PERMISSION_DENIED', 'Missing or invalid CSRF token');
    }
    const parsed = draftReplyRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', message: issue.message }));
      throw invalidArgument(fields.map((f) => `${f.field}: ${f.message}`).join('; '), { fields });
    }
    const llm = services.llm;
    if (!llm) throw failedPrecondition('AI_NOT_CONFIGURED', 'No model is configured (AI_BASE_URL); use the suggestions.');

    const rc = await replyContextOf(services, principal);
    const now = services.clock.now();
    const mail = await readOriginal(rc.provider, { accountId: rc.account.id, messageId: parsed.data.messageId }, { now });
    const facts = await threadFacts(services.db, rc.account.id, mail, rc.user);
    const local = suggestReplies(replyInputOf(mail, facts, rc, now));
    const input: DraftInput = {
      message: {
        from: mail.reply.from[0] ?? { name: null, address: '' },
        to: mail.reply.to,
        cc: mail.reply.cc,
        replyTo: mail.reply.replyTo,
        subject: mail.reply.subject,
        text: mail.reply.text,
      },
      thread: facts.earlier,
      instruction: parsed.data.instruction ?? null,
      style: rc.style && rc.style.profile.samples > 0 ? rc.style.profile : null,
      user: { name: rc.user.name, addresses: rc.user.addresses },
      localSuggestions: local.suggestions.map((s) => s.text),
    };

    const stream = new PassThrough();
    const send = (event: DraftReplyEvent) => {
      if (!stream.writableEnded) stream.write(`data: ${JSON.stringify(event)}\n\n`);
    };
    const controller = new AbortController();
    let overran = false;
    const cap = setTimeout(() => {
      overran = true;
      controller.abort();
    }, DRAFT_MAX_MS);
    // The reader went away (closed the editor, pressed Stop): stop asking the model.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    void (async () => {
      try {
        send({ type: 'start', model: llm.model });
        const result = await llm.draftReply(input, { signal: controller.signal, onDelta: (text) => send({ type: 'delta', text }) });
        if (result.source === 'model') send({ type: 'done', source: 'model', text: result.text, model: result.model, latencyMs: result.latencyMs });
        else {
          const reason = overran ? `The model was still writing after ${DRAFT_MAX_MS / 1000} s. Showing the local suggestions instead.` : result.reason;
          send({ type: 'fallback', text: result.text, suggestions: result.suggestions, reason, discardStreamed: result.discardStreamed });
        }
      } catch (error) {
        request.log.error({ err: error }, 'draft reply stream failed');
        send({ type: 'fallback', text: input.localSuggestions[0] ?? '', suggestions: input.localSuggestions, reason: 'The draft failed. Showing the local suggestions instead.', discardStreamed: true });
      } finally {
        clearTimeout(cap);
        stream.end();
      }
    })();
    return reply
      .code(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      // Proxies (nginx) must pass the pieces on as they come.
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
