/**
 * `POST /api/voice/recognize?mode=command|dictation` (VOICE_RECOGNIZE_PATH): the recording as the
 * body (audio/wav), answered in the callable-function envelope (DESIGN §3). A route rather than a
 * callable function because the body is binary: base64 in JSON would add a third to every
 * recording and pass it through the JSON parser.
 *
 * - At most VOICE_MAX_BYTES are read (Fastify stops at the limit and answers 413, which becomes
 *   INVALID_ARGUMENT saying the limit); VOICE_MAX_SECONDS is checked on the WAV header.
 * - Cookie sessions need the CSRF token (OWASP synchronizer token), as state-changing functions
 *   do: recognition costs the server a decoder run, so a cross-site page must not trigger it.
 * - Rate-limited per caller (session, token or address): a decoder run takes a core for a
 *   fraction of the audio's length, so one person talking cannot starve the others.
 * - The audio is never stored or logged.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { VOICE_MAX_BYTES, VOICE_MAX_SECONDS, VOICE_RECOGNIZE_PATH, voiceModeSchema } from '@mailroom/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, safeEqual, SESSION_COOKIE, sha256Hex } from '../../auth/principal.ts';
import { FnError, invalidArgument } from '../../errors.ts';
import type { AppServices } from '../../platform/services.ts';
import { recognizeForUser } from './service.ts';

/** Recordings one caller may send per minute (a command every two seconds, sustained). */
export const VOICE_RECOGNITIONS_PER_MINUTE = 30;

const AUDIO_TYPES = ['audio/wav', 'audio/wave', 'audio/x-wav', 'audio/vnd.wave'];

function send(reply: FastifyReply, error: FnError): FastifyReply {
  return reply.code(error.httpStatus).type('application/json').send(error.toBody());
}

/** Who is asking, for the rate limit: the session or token (hashed), else the client address. */
function callerKey(request: FastifyRequest): string {
  const session = request.cookies?.[SESSION_COOKIE];
  if (session) return `s:${sha256Hex(session)}`;
  const authorization = request.headers.authorization;
  if (authorization) return `t:${sha256Hex(authorization)}`;
  return `ip:${request.ip}`;
}

export async function registerRecognizeRoute(app: FastifyInstance, services: AppServices): Promise<void> {
  await app.register(fastifyRateLimit, { max: VOICE_RECOGNITIONS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: callerKey });

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(AUDIO_TYPES, { parseAs: 'buffer', bodyLimit: VOICE_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.addContentTypeParser('*', (request, _payload, done) => {
    done(invalidArgument(`Send the recording as a WAV file with Content-Type: audio/wav (got ${request.headers['content-type'] ?? 'no content type'})`, { field: 'audio' }));
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof FnError) return send(reply, error);
    const statusCode = (error as { statusCode?: number }).statusCode;
    if (statusCode === 413) {
      return send(reply, invalidArgument(`The recording is larger than ${VOICE_MAX_BYTES.toLocaleString('en-US')} bytes (1 MB); record at most ${VOICE_MAX_SECONDS} s of 16 kHz mono audio`, { field: 'audio' }));
    }
    if (statusCode === 429) return send(reply, new FnError('RESOURCE_EXHAUSTED', `Too many recordings; at most ${VOICE_RECOGNITIONS_PER_MINUTE} a minute`));
    if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return send(reply, invalidArgument((error as Error).message));
    request.log.error({ err: error }, 'speech recognition failed');
    return send(reply, new FnError('INTERNAL', 'Internal error'));
  });

  app.post<{ Querystring: { mode?: string } }>(VOICE_RECOGNIZE_PATH, async (request, reply) => {
    const principal = await services.authenticate(request);
    if (!principal) throw new FnError('UNAUTHENTICATED', 'Sign in to use voice commands');
    if (principal.via === 'session') {
      const proof = request.headers[CSRF_HEADER];
      if (typeof proof !== 'string' || !principal.csrfToken || !safeEqual(proof, principal.csrfToken)) {
        throw new FnError('PERMISSION_DENIED', 'Missing or invalid CSRF token');
      }
    }
    const mode = voiceModeSchema.safeParse(request.query.mode ?? 'command');
    if (!mode.success) throw invalidArgument('mode must be "command" or "dictation"', { field: 'mode' });
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw invalidArgument('The recording is empty; send a WAV file as the body', { field: 'audio' });
    const result = await recognizeForUser(services, principal.userId, body, mode.data);
    return reply.type('application/json').header('cache-control', 'no-store').send({ result });
  });
}
