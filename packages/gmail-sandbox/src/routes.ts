import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromBase64Url } from './base64url.ts';
import { batchModifyBody, labelBody, modifyBody, parseBody, revokeBody, sendBody, watchBody } from './bodies.ts';
import { GmailApiError, errors } from './errors.ts';
import { formatHistory, formatLabel, formatMessage, getAttachment, parseFormat } from './format.ts';
import { LIST_DEFAULT_PAGE_SIZE, LIST_MAX_PAGE_SIZE, QUOTA_COST } from './limits.ts';
import type { GmailMethod } from './limits.ts';
import { indexRawMessage } from './message-index.ts';
import type { SandboxRuntime } from './runtime.ts';
import { scopesAllow } from './scopes.ts';
import type { ScopeRequirement } from './scopes.ts';
import { listMessages, listThreads, queryNeedsContent, type ListInput } from './search.ts';
import type { HistoryRecord, Mailbox } from './store/mailbox.ts';
import type { VerifiedToken } from './auth.ts';

type Query = Record<string, string | string[] | undefined>;
type Body = Record<string, unknown> | undefined;

interface CallContext {
  mailbox: Mailbox;
  grant: VerifiedToken;
  token: string;
  query: Query;
  params: Record<string, string>;
  body: Body;
}

type Handler = (ctx: CallContext) => Promise<unknown> | unknown;

/**
 * The Gmail API v1 routes the sandbox serves, at Google's paths under `/gmail/v1/users/{userId}`.
 * Every call goes through the same gate, in Google's order: authentication, the user id, scopes,
 * concurrent requests, quota, then injected faults.
 */
export function registerGmailRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
  app.setErrorHandler((error: unknown, _request, reply) => {
    const apiError = toApiError(error);
    for (const [name, value] of Object.entries(apiError.headers)) void reply.header(name, value);
    void reply.status(apiError.code).send(apiError.toBody());
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send(errors.notFound().toBody());
  });
  // Gmail accepts message/rfc822 only on upload URLs, which the sandbox does not serve; a
  // body with another type is a client bug and should fail loudly.

  const route = (httpMethod: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, method: GmailMethod, requirement: ScopeRequirement, handler: Handler) => {
    app.route({
      method: httpMethod,
      url: `/gmail/v1/users/:userId${path}`,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const { release, grant, token } = await gate(runtime, request, method, requirement);
        try {
          const ctx = contextOf(runtime, request, grant, token);
          const result = await handler(ctx);
          if (result === undefined) return reply.status(204).send();
          if (result instanceof StreamedJson) {
            return reply.type('application/json; charset=utf-8').header('content-length', result.length).send(Readable.from(result.chunks()));
          }
          return reply.send(result);
        } finally {
          release();
        }
      },
    });
  };

  route('GET', '/profile', 'users.getProfile', 'readMetadata', ({ mailbox }) => ({
    emailAddress: mailbox.email,
    messagesTotal: mailbox.messages.size,
    threadsTotal: mailbox.threadCount,
    historyId: String(mailbox.historyId),
  }));

  // Labels
  route('GET', '/labels', 'labels.list', 'readMetadata', ({ mailbox }) => ({ labels: [...mailbox.labels.values()].map((l) => formatLabel(l)) }));
  route('GET', '/labels/:id', 'labels.get', 'readMetadata', ({ mailbox, params }) => {
    const label = mailbox.labels.get(params['id'] as string);
    if (!label) throw errors.notFound();
    return formatLabel(label, mailbox.labelCounts(label.id));
  });
  route('POST', '/labels', 'labels.create', 'labels', ({ mailbox, body }) => {
    const { name, ...settings } = parseBody(labelBody, body);
    return formatLabel(mailbox.createLabel({ name: name ?? '', ...definedOnly(settings) }));
  });
  const patchLabel: Handler = ({ mailbox, params, body }) => {
    return formatLabel(mailbox.patchLabel(params['id'] as string, definedOnly(parseBody(labelBody, body))));
  };
  route('PATCH', '/labels/:id', 'labels.patch', 'labels', patchLabel);
  route('PUT', '/labels/:id', 'labels.patch', 'labels', patchLabel);
  route('DELETE', '/labels/:id', 'labels.delete', 'labels', ({ mailbox, params }) => {
    mailbox.deleteLabel(params['id'] as string);
    return undefined;
  });

  // Messages
  route('GET', '/messages', 'messages.list', 'readMetadata', ({ mailbox, query, grant }) => {
    const page = listMessages(mailbox, listInput(runtime, query, grant));
    return {
      ...(page.items.length > 0 ? { messages: page.items.map((m) => ({ id: m.id, threadId: m.threadId })) } : {}),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      resultSizeEstimate: page.total,
    };
  });
  route('GET', '/messages/:id', 'messages.get', 'readMetadata', async ({ mailbox, params, query, grant }) => {
    const format = parseFormat(single(query['format']));
    if ((format === 'full' || format === 'raw') && !scopesAllow(grant.scopes, 'read')) {
      throw new GmailApiError(403, 'forbidden', `Metadata scope doesn't allow format ${format.toUpperCase()}`);
    }
    const message = mailbox.getMessage(params['id'] as string);
    const resource = await formatMessage(message, format === 'raw' ? 'minimal' : format, many(query['metadataHeaders']));
    return format === 'raw' ? withRawField(resource, message.raw) : resource;
  });
  route('GET', '/messages/:messageId/attachments/:id', 'messages.attachments.get', 'read', ({ mailbox, params }) =>
    getAttachment(mailbox.getMessage(params['messageId'] as string), params['id'] as string),
  );
  route('POST', '/messages/:id/modify', 'messages.modify', 'write', async ({ mailbox, params, body }) => {
    const { addLabelIds, removeLabelIds } = parseBody(modifyBody, body);
    const [message] = mailbox.modify([params['id'] as string], addLabelIds, removeLabelIds);
    return formatMessage(message as NonNullable<typeof message>, 'minimal');
  });
  route('POST', '/messages/batchModify', 'messages.batchModify', 'write', ({ mailbox, body }) => {
    const { ids, addLabelIds, removeLabelIds } = parseBody(batchModifyBody, body);
    // Gmail skips ids it does not find rather than failing the whole batch.
    const existing = ids.filter((id) => mailbox.messages.has(id));
    mailbox.modify(existing, addLabelIds, removeLabelIds);
    return undefined;
  });
  route('POST', '/messages/:id/trash', 'messages.trash', 'write', ({ mailbox, params }) => {
    // Trash keeps the message's other labels, so untrash puts it back where it was.
    const [message] = mailbox.modify([params['id'] as string], ['TRASH'], ['SPAM']);
    return formatMessage(message as NonNullable<typeof message>, 'minimal');
  });
  route('POST', '/messages/:id/untrash', 'messages.untrash', 'write', ({ mailbox, params }) => {
    const [message] = mailbox.modify([params['id'] as string], [], ['TRASH']);
    return formatMessage(message as NonNullable<typeof message>, 'minimal');
  });
  route('DELETE', '/messages/:id', 'messages.delete', 'deletePermanently', ({ mailbox, params }) => {
    mailbox.remove(params['id'] as string);
    return undefined;
  });
  route('POST', '/messages/send', 'messages.send', 'send', async ({ mailbox, body }) => {
    const { raw: rawText, threadId } = parseBody(sendBody, body);
    const raw = fromBase64Url(rawText);
    const index = await indexRawMessage(raw);
    if (index.meta.to.length + index.meta.cc.length + index.meta.bcc.length === 0) throw errors.badRequest('Invalid To header');
    // Mail to oneself is delivered back to the inbox, as Gmail does.
    const toSelf = [...index.meta.to, ...index.meta.cc, ...index.meta.bcc].some((a) => a.address.toLowerCase() === mailbox.email);
    const message = mailbox.insert({
      raw,
      index,
      labelIds: toSelf ? ['SENT', 'INBOX', 'UNREAD'] : ['SENT'],
      internalDate: runtime.now(),
      ...(threadId ? { threadId } : {}),
    });
    return { id: message.id, threadId: message.threadId, labelIds: message.labelIds };
  });

  // Threads
  route('GET', '/threads', 'threads.list', 'readMetadata', ({ mailbox, query, grant }) => {
    const page = listThreads(mailbox, listInput(runtime, query, grant));
    return {
      ...(page.items.length > 0 ? { threads: page.items } : {}),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      resultSizeEstimate: page.total,
    };
  });
  route('GET', '/threads/:id', 'threads.get', 'readMetadata', async ({ mailbox, params, query, grant }) => {
    const format = parseFormat(single(query['format']));
    if (format === 'full' && !scopesAllow(grant.scopes, 'read')) throw new GmailApiError(403, 'forbidden', "Metadata scope doesn't allow format FULL");
    if (format === 'raw') throw errors.badRequest('Invalid format: RAW is not supported for threads');
    const messages = mailbox.threadMessages(params['id'] as string);
    if (messages.length === 0) throw errors.notFound();
    return {
      id: params['id'],
      historyId: String(Math.max(...messages.map((m) => m.historyId))),
      messages: await Promise.all(messages.map((m) => formatMessage(m, format, many(query['metadataHeaders'])))),
    };
  });

  // History
  route('GET', '/history', 'history.list', 'readMetadata', ({ mailbox, query }) => {
    const startText = single(query['startHistoryId']);
    if (!startText) throw errors.badRequest('startHistoryId is required');
    if (!/^\d+$/.test(startText)) throw errors.badRequest(`Invalid startHistoryId: ${startText}`);
    const records = mailbox.historyAfter(Number(startText));
    if (records === null) throw errors.notFound();
    const pageToken = single(query['pageToken']);
    const after = pageToken ? Number(Buffer.from(pageToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isFinite(after)) throw errors.badRequest('Invalid pageToken');
    const types = new Set(many(query['historyTypes']).map((t) => t.toLowerCase()));
    const labelId = single(query['labelId']);
    const limit = pageSize(query['maxResults']);
    const selected = [];
    let nextPageToken: string | undefined;
    for (const record of records) {
      if (record.id <= after) continue;
      const filtered = filterHistory(record, types, labelId, mailbox);
      if (!filtered) continue;
      if (selected.length === limit) {
        nextPageToken = Buffer.from(String(selected[selected.length - 1]?.id), 'utf8').toString('base64url');
        break;
      }
      selected.push(filtered);
    }
    return {
      ...(selected.length > 0 ? { history: selected.map(formatHistory) } : {}),
      ...(nextPageToken ? { nextPageToken } : {}),
      historyId: String(mailbox.historyId),
    };
  });

  // Push notifications
  route('POST', '/watch', 'users.watch', 'readMetadata', ({ mailbox, body }) => {
    const { topicName, labelIds, labelFilterBehavior, labelFilterAction } = parseBody(watchBody, body);
    const action = labelFilterBehavior ?? labelFilterAction;
    const watch = runtime.push.watch(mailbox, {
      topicName,
      labelIds,
      exclude: typeof action === 'string' && action.toLowerCase() === 'exclude',
    });
    return { historyId: String(mailbox.historyId), expiration: String(watch.expiration) };
  });
  route('POST', '/stop', 'users.stop', 'readMetadata', ({ mailbox }) => {
    runtime.push.stop(mailbox.email);
    return undefined;
  });
}

/** Google's token revocation endpoint (oauth2.googleapis.com/revoke), served beside the API. */
export function registerRevokeRoute(app: FastifyInstance, runtime: SandboxRuntime): void {
  app.post('/revoke', async (request, reply) => {
    const query = request.query as Query;
    let token = single(query['token']);
    try {
      token ??= parseBody(revokeBody, request.body).token;
    } catch {
      // Google's revoke endpoint answers in OAuth's error format, not the API's.
    }
    if (!token) return reply.status(400).send({ error: 'invalid_request', error_description: 'Missing required parameter: token' });
    await runtime.revocations.revoke(token, new Date(runtime.now()));
    return reply.status(200).send({});
  });
}

async function gate(
  runtime: SandboxRuntime,
  request: FastifyRequest,
  method: GmailMethod,
  requirement: ScopeRequirement,
): Promise<{ release: () => void; grant: VerifiedToken; token: string }> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw errors.unauthenticated();
  const token = match[1] as string;
  if (runtime.revocations.isRevoked(token)) throw errors.unauthenticated();
  const grant = await runtime.options.verifyToken(token);
  if (!grant) throw errors.unauthenticated();
  const userId = (request.params as Record<string, string>)['userId'] ?? '';
  if (userId !== 'me' && userId.toLowerCase() !== grant.email.toLowerCase()) throw errors.delegationDenied(userId);
  if (!scopesAllow(grant.scopes, requirement)) throw errors.insufficientScope();
  const user = grant.email.toLowerCase();

  const release = runtime.concurrency.acquire(user);
  if (!release) throw new GmailApiError(429, 'rateLimitExceeded', 'Too many concurrent requests for user.', { domain: 'usageLimits' });
  try {
    const decision = runtime.quota.charge(user, QUOTA_COST[method]);
    if (!decision.ok) {
      const retryAfterSeconds = Math.ceil(decision.retryAfterMs / 1000);
      const retryAt = new Date(runtime.now() + decision.retryAfterMs).toISOString();
      throw new GmailApiError(runtime.options.quotaErrorStatus, runtime.options.quotaErrorStatus === 403 ? 'userRateLimitExceeded' : 'rateLimitExceeded', `User-rate limit exceeded.  Retry after ${retryAt}`, {
        domain: 'usageLimits',
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
    const fault = runtime.faults.next();
    if (fault.delayMs > 0) await runtime.sleep(fault.delayMs);
    if (fault.fail) throw fault.kind === 'failedPrecondition' ? errors.failedPrecondition('Mail service not enabled') : errors.backendError();
    runtime.requestCount++;
    return { release, grant, token };
  } catch (error) {
    release();
    throw error;
  }
}

function contextOf(runtime: SandboxRuntime, request: FastifyRequest, grant: VerifiedToken, token: string): CallContext {
  return {
    mailbox: runtime.store.mailbox(grant.email),
    grant,
    token,
    query: request.query as Query,
    params: request.params as Record<string, string>,
    body: (request.body ?? undefined) as Body,
  };
}

function filterHistory(record: HistoryRecord, types: Set<string>, labelId: string | undefined, mailbox: Mailbox) {
  const wanted = (type: string) => types.size === 0 || types.has(type.toLowerCase());
  const hasLabel = (ref: { id: string; labelIds?: string[] }) =>
    !labelId || (ref.labelIds ?? mailbox.messages.get(ref.id)?.labelIds ?? []).includes(labelId) || false;
  const out: HistoryRecord = { id: record.id, messages: record.messages };
  let any = false;
  if (record.messagesAdded && wanted('messageAdded')) {
    const entries = record.messagesAdded.filter((e) => hasLabel(e.message));
    if (entries.length) {
      out.messagesAdded = entries;
      any = true;
    }
  }
  if (record.messagesDeleted && wanted('messageDeleted')) {
    const entries = record.messagesDeleted.filter((e) => hasLabel(e.message));
    if (entries.length) {
      out.messagesDeleted = entries;
      any = true;
    }
  }
  if (record.labelsAdded && wanted('labelAdded')) {
    const entries = record.labelsAdded.filter((e) => !labelId || e.labelIds.includes(labelId) || hasLabel(e.message));
    if (entries.length) {
      out.labelsAdded = entries;
      any = true;
    }
  }
  if (record.labelsRemoved && wanted('labelRemoved')) {
    const entries = record.labelsRemoved.filter((e) => !labelId || e.labelIds.includes(labelId) || hasLabel(e.message));
    if (entries.length) {
      out.labelsRemoved = entries;
      any = true;
    }
  }
  return any ? out : null;
}

function toApiError(error: unknown): GmailApiError {
  if (error instanceof GmailApiError) return error;
  const e = error as { statusCode?: number; message?: string; code?: string };
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return new GmailApiError(e.statusCode, e.statusCode === 413 ? 'uploadTooLarge' : 'invalidArgument', e.message ?? 'Bad Request');
  }
  return new GmailApiError(500, 'backendError', 'Backend Error');
}

/** messages.list and threads.list take the same query parameters (q, labelIds, paging). */
function listInput(runtime: SandboxRuntime, query: Query, grant: VerifiedToken): ListInput {
  const q = single(query['q']);
  if (q && queryNeedsContent(grant)) throw new GmailApiError(403, 'forbidden', "Metadata scope does not support 'q' parameter");
  return {
    q: q ?? '',
    labelIds: many(query['labelIds']),
    includeSpamTrash: bool(query['includeSpamTrash']),
    maxResults: pageSize(query['maxResults']),
    pageToken: single(query['pageToken']) ?? null,
    now: runtime.now(),
    timeZone: runtime.options.timeZone,
  };
}

/** A response body written as JSON piece by piece, with its length known in advance. */
class StreamedJson {
  readonly length: number;
  readonly chunks: () => Generator<Buffer>;
  constructor(length: number, chunks: () => Generator<Buffer>) {
    this.length = length;
    this.chunks = chunks;
  }
}

/** Bytes per piece of a streamed raw message: a multiple of 3, so the base64url pieces join exactly. */
const RAW_PIECE_BYTES = 3 * 16 * 1024;

/**
 * A raw message as JSON, streamed: the fields, then the message in base64url (RFC 4648 §5, no
 * character JSON escapes) one piece at a time. The sandbox shares its process with Mailroom in
 * the embedded default, where JSON.stringify over a 10 MB message blocked the event loop for a
 * tenth of a second and left 60 MB of strings for the garbage collector (issue 22).
 */
function withRawField(resource: Awaited<ReturnType<typeof formatMessage>>, raw: Buffer): StreamedJson {
  const { raw: _encoded, ...rest } = resource;
  const head = Buffer.from(`${JSON.stringify(rest).slice(0, -1)},"raw":"`, 'utf8');
  const tail = Buffer.from('"}', 'utf8');
  const rawLength = Math.floor(raw.length / 3) * 4 + (raw.length % 3 === 0 ? 0 : (raw.length % 3) + 1);
  return new StreamedJson(head.length + rawLength + tail.length, function* () {
    yield head;
    for (let at = 0; at < raw.length; at += RAW_PIECE_BYTES) yield Buffer.from(raw.subarray(at, at + RAW_PIECE_BYTES).toString('base64url'), 'latin1');
    yield tail;
  });
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function many(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).filter(Boolean);
}

function bool(value: string | string[] | undefined): boolean {
  return single(value) === 'true';
}

function pageSize(value: string | string[] | undefined): number {
  const text = single(value);
  if (text === undefined) return LIST_DEFAULT_PAGE_SIZE;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw errors.badRequest(`Invalid value for maxResults: ${text}`);
  return Math.min(n, LIST_MAX_PAGE_SIZE);
}

/** The fields that were given (exactOptionalPropertyTypes: an absent field is not `undefined`). */
function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

