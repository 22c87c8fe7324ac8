import { gmail } from '@googleapis/gmail';
import type { gmail_v1 } from '@googleapis/gmail';
import pLimit from 'p-limit';
import { OAuth2Client } from 'google-auth-library';
import type { Credentials } from 'google-auth-library';
import {
  CursorExpiredError,
  GrantRevokedError,
  InsufficientScopeError,
  NotFoundError,
  ProviderError,
} from '../mail-provider.ts';
import type {
  ChangesPage,
  FetchMetadataOptions,
  Header,
  ListChangesOptions,
  ListMessagesOptions,
  MailProvider,
  EncodedRawMessage,
  MessageContent,
  MessagePage,
  MessageChange,
  MessagePart,
  MetadataResult,
  Profile,
  ProviderLabel,
  ProviderLimits,
  ProviderMessage,
  SentMessage,
  WatchResult,
} from '../mail-provider.ts';
import { describeFailure, isQuotaFailure } from './api-error.ts';
import type { ApiFailure } from './api-error.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { BATCH_MODIFY_MAX_IDS, CLASSIC_UNITS_PER_USER_PER_MINUTE, LIST_MAX_PAGE_SIZE, QUOTA_COST, QUOTA_WINDOW_MS } from './limits.ts';
import type { GmailMethod } from './limits.ts';
import { QuotaPacer } from './pacer.ts';
import type { PacerOptions } from './pacer.ts';
import { DEFAULT_RETRY_POLICY, withRetry } from './retry.ts';
import type { RetryPolicy } from './retry.ts';

/** Google's API root; the sandbox's is e.g. `http://127.0.0.1:4100/` or `.../sandbox/gmail/`. */
export const GOOGLE_ROOT_URL = 'https://gmail.googleapis.com/';

/** Concurrent metadata fetches per account: enough to keep the quota busy, few enough to stay under Gmail's concurrency limit. */
export const DEFAULT_FETCH_CONCURRENCY = 10;

export interface GmailProviderOptions {
  /** API root; Google's by default. Only this and the tokens differ between Gmail and the sandbox. */
  rootUrl?: string;
  /** Stored tokens: access_token, refresh_token, expiry_date (epoch ms), scope. */
  credentials: Credentials;
  /** OAuth client that issued the tokens, needed to refresh them. */
  oauthClient?: {
    clientId: string;
    clientSecret?: string;
    /** Token endpoint; Google's by default (the embedded sign-in provider passes its own). */
    tokenUrl?: string;
    revokeUrl?: string;
  };
  /** Called with new tokens after a refresh, so they can be stored (encrypted). */
  onTokens?: (tokens: Credentials) => void | Promise<void>;
  retry?: Partial<RetryPolicy>;
  /** Client-side quota pacing; null turns it off. Default: Gmail's classic 15,000 units per minute. */
  pacing?: PacerOptions | null;
  /** Share one pacer between providers of the same account (takes precedence over `pacing`). */
  pacer?: QuotaPacer;
  /** Concurrent messages.get calls in getMessagesMetadata. */
  concurrency?: number;
  /** Told of every request sent to Gmail (retries included), for the quota view on /ops. */
  onRequest?: (method: GmailMethod) => void;
  clock?: Clock;
  /** Jitter source (Math.random by default). */
  random?: () => number;
}

export const GMAIL_CLASSIC_PACING: PacerOptions = { unitsPerWindow: CLASSIC_UNITS_PER_USER_PER_MINUTE, windowMs: QUOTA_WINDOW_MS };

/** The profile in Gmail's own terms too: its sync cursor is the mailbox's historyId. */
export interface GmailProfile extends Profile {
  threadsTotal: number;
  historyId: string;
}

/**
 * Gmail's sync cursor is a history id (users.history.list startHistoryId): digits. Anything else
 * was not written by this provider, so the sync starts over with a full listing.
 */
const HISTORY_ID = /^\d{1,30}$/;

/**
 * MailProvider on @googleapis/gmail with google-auth-library's OAuth2Client: the same code for
 * Google and for the sandbox. Every call is paced under the per-user quota, retried with backoff
 * where Gmail says retrying helps, and its failures mapped to the provider's typed errors.
 */
export class GmailProvider implements MailProvider {
  readonly kind = 'gmail';
  readonly limits: ProviderLimits = { maxIdsPerBatchModify: BATCH_MODIFY_MAX_IDS, maxListPageSize: LIST_MAX_PAGE_SIZE };
  readonly auth: OAuth2Client;
  private readonly api: gmail_v1.Gmail;
  /**
   * Per-request options naming the API root. @googleapis/gmail resolves a client-wide rootUrl
   * as `new URL('/gmail/v1/...', rootUrl)`, which drops a path such as the embedded sandbox's
   * `/sandbox/gmail/`; a per-request rootUrl is prefixed to the method's path instead.
   */
  private readonly at: { rootUrl: string };
  private readonly policy: RetryPolicy;
  private readonly pacer: QuotaPacer | null;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly concurrency: number;
  private readonly onRequest: (method: GmailMethod) => void;

  constructor(options: GmailProviderOptions) {
    this.onRequest = options.onRequest ?? (() => {});
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.concurrency = options.concurrency ?? DEFAULT_FETCH_CONCURRENCY;
    const pacing = options.pacing === undefined ? GMAIL_CLASSIC_PACING : options.pacing;
    this.pacer = options.pacer ?? (pacing ? new QuotaPacer(pacing, this.clock) : null);
    const endpoints: Record<string, string> = {};
    if (options.oauthClient?.tokenUrl) endpoints['oauth2TokenUrl'] = options.oauthClient.tokenUrl;
    if (options.oauthClient?.revokeUrl) endpoints['oauth2RevokeUrl'] = options.oauthClient.revokeUrl;
    this.auth = new OAuth2Client({
      ...(options.oauthClient?.clientId ? { clientId: options.oauthClient.clientId } : {}),
      ...(options.oauthClient?.clientSecret ? { clientSecret: options.oauthClient.clientSecret } : {}),
      endpoints,
    });
    this.auth.setCredentials(options.credentials);
    if (options.onTokens) {
      const onTokens = options.onTokens;
      this.auth.on('tokens', (tokens) => void onTokens(tokens));
    }
    // Retries are ours (backoff from 1 s, Retry-After, typed errors), so gaxios' own are off.
    const rootUrl = options.rootUrl ?? GOOGLE_ROOT_URL;
    this.at = { rootUrl: rootUrl.endsWith('/') ? rootUrl : `${rootUrl}/` };
    this.api = gmail({ version: 'v1', auth: this.auth, rootUrl: this.at.rootUrl, retry: false });
  }

  async getProfile(): Promise<GmailProfile> {
    const data = await this.call('users.getProfile', () => this.api.users.getProfile({ userId: 'me' }, this.at));
    const historyId = data.historyId ?? '0';
    return {
      emailAddress: data.emailAddress ?? '',
      messagesTotal: data.messagesTotal ?? 0,
      threadsTotal: data.threadsTotal ?? 0,
      historyId,
      cursor: historyId,
    };
  }

  async countLabelMessages(labelId: string): Promise<number> {
    const data = await this.call('labels.get', () => this.api.users.labels.get({ userId: 'me', id: labelId }, this.at));
    return data.messagesTotal ?? 0;
  }

  async listLabels(): Promise<ProviderLabel[]> {
    const data = await this.call('labels.list', () => this.api.users.labels.list({ userId: 'me' }, this.at));
    return (data.labels ?? []).map(toLabel);
  }

  async createLabel(input: { name: string; messageListVisibility?: string; labelListVisibility?: string }): Promise<ProviderLabel> {
    const data = await this.call('labels.create', () => this.api.users.labels.create({ userId: 'me', requestBody: input }, this.at));
    return toLabel(data);
  }

  async listMessageIds(options: ListMessagesOptions = {}): Promise<MessagePage> {
    const data = await this.call('messages.list', () =>
      this.api.users.messages.list({
        userId: 'me',
        ...(options.q ? { q: options.q } : {}),
        ...(options.labelIds?.length ? { labelIds: options.labelIds } : {}),
        ...(options.includeSpamTrash ? { includeSpamTrash: true } : {}),
        ...(options.pageToken ? { pageToken: options.pageToken } : {}),
        ...(options.maxResults ? { maxResults: options.maxResults } : {}),
      }, this.at),
    );
    return {
      messages: (data.messages ?? []).map((m) => ({ id: m.id as string, threadId: m.threadId as string })),
      nextPageToken: data.nextPageToken ?? null,
      resultSizeEstimate: data.resultSizeEstimate ?? 0,
    };
  }

  /**
   * One page of users.history.list from the cursor (a history id), as neutral changes. The
   * checkpoint is the last record's id while more pages follow (records come in ascending id
   * order, and a list from that id replays none of them), and the mailbox's historyId on the
   * last page (https://developers.google.com/workspace/gmail/api/guides/sync#partial).
   */
  async listChanges(options: ListChangesOptions): Promise<ChangesPage> {
    const startHistoryId = options.cursor;
    if (!HISTORY_ID.test(startHistoryId)) throw new CursorExpiredError(startHistoryId);
    let data: gmail_v1.Schema$ListHistoryResponse;
    try {
      data = await this.call('history.list', () =>
        this.api.users.history.list({
          userId: 'me',
          startHistoryId,
          ...(options.pageToken ? { pageToken: options.pageToken } : {}),
          ...(options.maxResults ? { maxResults: options.maxResults } : {}),
        }, this.at),
      );
    } catch (error) {
      // A 404 here means the startHistoryId is too old: "perform a full sync".
      if (error instanceof NotFoundError) throw new CursorExpiredError(startHistoryId);
      throw error;
    }
    const records = data.history ?? [];
    const nextPageToken = data.nextPageToken ?? null;
    return {
      changes: records.flatMap(toChanges),
      nextPageToken,
      checkpoint: nextPageToken ? (records.at(-1)?.id ?? startHistoryId) : (data.historyId ?? startHistoryId),
    };
  }

  async getMessagesMetadata(ids: readonly string[], options: FetchMetadataOptions = {}): Promise<MetadataResult> {
    const messages: ProviderMessage[] = [];
    const missing: string[] = [];
    const unreadable: MetadataResult['unreadable'] = [];
    const format = options.withAttachments ? 'full' : 'metadata';
    const limit = pLimit(this.concurrency);
    // The first failure that is not about one message (quota, auth, an outage) stops the rest.
    let failed = false;
    await Promise.all(
      ids.map((id) =>
        limit(async () => {
          if (failed) return;
          let data: gmail_v1.Schema$Message;
          try {
            data = await this.call('messages.get', () =>
              this.api.users.messages.get({
                userId: 'me',
                id,
                format,
                ...(format === 'metadata' && options.headers?.length ? { metadataHeaders: [...options.headers] } : {}),
              }, this.at),
            );
          } catch (error) {
            if (error instanceof NotFoundError) missing.push(id);
            else if (refusesThisMessage(error)) unreadable.push({ id, reason: (error as Error).message });
            else {
              failed = true;
              throw error;
            }
            return;
          }
          try {
            messages.push(toProviderMessage(data, format, options.headers));
          } catch (error) {
            unreadable.push({ id, reason: `Gmail's answer could not be read: ${error instanceof Error ? error.message : String(error)}` });
          }
        }),
      ),
    );
    // Keep the caller's order; concurrency finishes them in any order.
    const position = new Map(ids.map((id, i) => [id, i]));
    messages.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    unreadable.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    return { messages, missing, unreadable };
  }

  async getMessageContent(id: string, format: 'raw' | 'full'): Promise<MessageContent> {
    const data = await this.call('messages.get', () => this.api.users.messages.get({ userId: 'me', id, format }, this.at));
    const base = { id: data.id as string, threadId: data.threadId as string, labelIds: data.labelIds ?? [] };
    if (format === 'raw') return { format, ...base, raw: Buffer.from(data.raw ?? '', 'base64url') };
    return { format, ...base, payload: toPart(data.payload ?? {}) };
  }

  async getRawMessage(id: string, options: { maxBytes: number }): Promise<EncodedRawMessage> {
    // The answer's bytes as they arrive, into one growing buffer: JSON.parse and base64url
    // decoding of a large message happen in a render thread (decodeRawMessage), not here on the
    // event loop, and no 10 MB string is ever built here.
    return this.call('messages.get', async () => {
      let response: { data: unknown };
      try {
        response = (await this.api.users.messages.get({ userId: 'me', id, format: 'raw' }, { ...this.at, responseType: 'stream' })) as unknown as { data: unknown };
      } catch (error) {
        throw withJsonErrorBody(error);
      }
      const length = Number((response as { headers?: { get?: (name: string) => string | null } }).headers?.get?.('content-length') ?? Number.NaN);
      const { body, complete } = await readAtMost(response.data as AsyncIterable<Uint8Array> & { destroy?: () => void }, options.maxBytes, Number.isFinite(length) ? length : null);
      return { data: { encoding: 'json-base64url' as const, body, complete } };
    });
  }

  async getAttachment(messageId: string, attachmentId: string): Promise<Buffer> {
    const data = await this.call('messages.attachments.get', () =>
      this.api.users.messages.attachments.get({ userId: 'me', messageId, id: attachmentId }, this.at),
    );
    return Buffer.from(data.data ?? '', 'base64url');
  }

  async modifyLabels(id: string, change: { add?: readonly string[]; remove?: readonly string[] }): Promise<{ id: string; labelIds: string[] }> {
    const data = await this.call('messages.modify', () =>
      this.api.users.messages.modify({
        userId: 'me',
        id,
        requestBody: { addLabelIds: [...(change.add ?? [])], removeLabelIds: [...(change.remove ?? [])] },
      }, this.at),
    );
    return { id: data.id as string, labelIds: data.labelIds ?? [] };
  }

  async batchModify(ids: readonly string[], change: { add?: readonly string[]; remove?: readonly string[] }): Promise<void> {
    // batchModify takes at most 1,000 ids per request (DESIGN §5).
    for (let start = 0; start < ids.length; start += BATCH_MODIFY_MAX_IDS) {
      const chunk = ids.slice(start, start + BATCH_MODIFY_MAX_IDS);
      await this.call('messages.batchModify', () =>
        this.api.users.messages.batchModify({
          userId: 'me',
          requestBody: { ids: chunk, addLabelIds: [...(change.add ?? [])], removeLabelIds: [...(change.remove ?? [])] },
        }, this.at),
      );
    }
  }

  async trash(id: string): Promise<{ id: string; labelIds: string[] }> {
    const data = await this.call('messages.trash', () => this.api.users.messages.trash({ userId: 'me', id }, this.at));
    return { id: data.id as string, labelIds: data.labelIds ?? [] };
  }

  async untrash(id: string): Promise<{ id: string; labelIds: string[] }> {
    const data = await this.call('messages.untrash', () => this.api.users.messages.untrash({ userId: 'me', id }, this.at));
    return { id: data.id as string, labelIds: data.labelIds ?? [] };
  }

  async send(raw: Buffer | string, options: { threadId?: string } = {}): Promise<SentMessage> {
    const encoded = Buffer.from(raw).toString('base64url');
    const data = await this.call('messages.send', () =>
      this.api.users.messages.send({ userId: 'me', requestBody: { raw: encoded, ...(options.threadId ? { threadId: options.threadId } : {}) } }, this.at),
    );
    return { id: data.id as string, threadId: data.threadId as string, labelIds: data.labelIds ?? [] };
  }

  async watch(options: { topicName: string; labelIds?: string[]; labelFilterBehavior?: 'include' | 'exclude' }): Promise<WatchResult & { historyId: string }> {
    const data = await this.call('users.watch', () =>
      this.api.users.watch({
        userId: 'me',
        requestBody: {
          topicName: options.topicName,
          ...(options.labelIds?.length ? { labelIds: options.labelIds } : {}),
          ...(options.labelFilterBehavior ? { labelFilterBehavior: options.labelFilterBehavior } : {}),
        },
      }, this.at),
    );
    return { historyId: data.historyId ?? '0', expiration: Number(data.expiration ?? 0) };
  }

  async stop(): Promise<void> {
    await this.call('users.stop', () => this.api.users.stop({ userId: 'me' }, this.at));
  }

  /**
   * Revokes the grant: revoking the refresh token (or else the access token) ends the whole grant
   * (https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke). Google answers
   * 400 invalid_token for a token that is already revoked, which is what was wanted.
   */
  async revokeAccess(): Promise<void> {
    const token = this.auth.credentials.refresh_token ?? this.auth.credentials.access_token;
    if (!token) return;
    try {
      await withRetry(() => this.auth.revokeToken(token), { policy: this.policy, clock: this.clock, random: this.random });
    } catch (error) {
      const failure = describeFailure(error, this.clock.now());
      if (failure.status === 400 && failure.reason === 'invalid_token') return;
      throw toProviderError(error, this.clock.now());
    }
  }

  /**
   * One API call: paced by its quota cost, retried on rate limits and server errors with backoff
   * (honouring Retry-After), its failure mapped to a typed error.
   */
  private async call<T>(method: GmailMethod, request: () => Promise<{ data: T }>): Promise<T> {
    let authRetried = false;
    try {
      return await withRetry(
        async () => {
          await this.pacer?.take(QUOTA_COST[method]);
          this.onRequest(method);
          try {
            return (await request()).data;
          } catch (error) {
            // A 401 with a stored expiry still in the future: the access token was revoked or
            // rotated. Refresh once (OAuth2Client only does so by itself without an expiry).
            const failure = describeFailure(error, this.clock.now());
            if (failure.status === 401 && !authRetried && this.auth.credentials.refresh_token) {
              authRetried = true;
              await this.refreshAccessToken();
              this.onRequest(method);
              return (await request()).data;
            }
            throw error;
          }
        },
        {
          policy: this.policy,
          clock: this.clock,
          random: this.random,
          onFailure: (failure) => {
            if (isQuotaFailure(failure)) this.pacer?.drain();
          },
        },
      );
    } catch (error) {
      throw toProviderError(error, this.clock.now());
    }
  }

  private async refreshAccessToken(): Promise<void> {
    const { credentials } = await this.auth.refreshAccessToken();
    this.auth.setCredentials({ ...this.auth.credentials, ...credentials });
  }
}

function toProviderError(error: unknown, now: number): Error {
  if (error instanceof GrantRevokedError || error instanceof ProviderError || error instanceof CursorExpiredError) return error;
  const failure: ApiFailure = describeFailure(error, now);
  // invalid_grant from the token endpoint: the refresh token was revoked or expired (RFC 6749 §5.2).
  if (failure.reason === 'invalid_grant') return new GrantRevokedError();
  if (failure.status === 401) return new GrantRevokedError();
  if (failure.status === 403 && failure.reason === 'insufficientPermissions') return new InsufficientScopeError();
  if (failure.status === 404) return new NotFoundError(failure.message);
  return new ProviderError(failure.message, failure.status, failure.reason, { cause: error });
}

/**
 * An error about one message that retrying cannot fix: Gmail answered 400 (invalidArgument,
 * failedPrecondition) or another 4xx for it that is not about quota (429, 403 rate limits) or
 * the grant (401, 403). 5xx errors were already retried with backoff and stay the caller's
 * problem: the sync job runs again later.
 */
function refusesThisMessage(error: unknown): boolean {
  if (!(error instanceof ProviderError) || error instanceof GrantRevokedError || error instanceof InsufficientScopeError) return false;
  const status = error.status ?? 0;
  return status >= 400 && status < 500 && status !== 401 && status !== 403 && status !== 404 && status !== 429;
}

/** An error answer to a streamed request arrives as text: it is Google's JSON error body, read it as such. */
function withJsonErrorBody(error: unknown): unknown {
  const response = (error as { response?: { data?: unknown } }).response;
  if (response && typeof response.data === 'string' && response.data.length < 65_536) {
    try {
      response.data = JSON.parse(response.data) as unknown;
    } catch {
      // Not JSON: the status alone describes it.
    }
  }
  return error;
}

/** ES2024's resizable ArrayBuffer (Node 20+), typed here: the project's TypeScript lib is older. */
interface ResizableBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
}
const ResizableArrayBuffer = ArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => ResizableBuffer;

/**
 * A response body read into one resizable ArrayBuffer (grown in place, never copied), at most
 * `maxBytes`; past that the rest is not read and `complete` is false. The buffer can be moved to
 * a worker thread without a copy.
 */
async function readAtMost(
  stream: AsyncIterable<Uint8Array> & { destroy?: () => void },
  maxBytes: number,
  contentLength: number | null,
): Promise<{ body: ArrayBuffer; complete: boolean }> {
  // With the length announced (Content-Length), the buffer is allocated once at its final size.
  const body = new ResizableArrayBuffer(contentLength === null ? 0 : Math.min(contentLength, maxBytes), { maxByteLength: maxBytes });
  let length = 0;
  for await (const chunk of stream) {
    const take = Math.min(chunk.byteLength, maxBytes - length);
    if (length + take > body.byteLength) body.resize(Math.min(maxBytes, Math.max(length + take, body.byteLength * 2, 64 * 1024)));
    new Uint8Array(body, length, take).set(chunk.subarray(0, take));
    length += take;
    if (take < chunk.byteLength) {
      stream.destroy?.();
      body.resize(length);
      return { body, complete: false };
    }
  }
  body.resize(length);
  return { body, complete: true };
}

function toLabel(label: gmail_v1.Schema$Label): ProviderLabel {
  const out: ProviderLabel = { id: label.id as string, name: label.name as string, type: label.type === 'system' ? 'system' : 'user' };
  if (label.messageListVisibility) out.messageListVisibility = label.messageListVisibility;
  if (label.labelListVisibility) out.labelListVisibility = label.labelListVisibility;
  if (label.color?.textColor && label.color.backgroundColor) out.color = { textColor: label.color.textColor, backgroundColor: label.color.backgroundColor };
  return out;
}

function toRef(message: gmail_v1.Schema$Message | undefined): { id: string; threadId: string; labelIds: string[] } {
  return { id: message?.id as string, threadId: message?.threadId as string, labelIds: message?.labelIds ?? [] };
}

/**
 * One history record as neutral changes, in the order the record lists them: added, labels
 * added, labels removed, deleted. Label entries carry the message's whole label list after the
 * change (users.history: HistoryLabelAdded.message), which is what `relabelled` means.
 */
function toChanges(record: gmail_v1.Schema$History): MessageChange[] {
  return [
    ...(record.messagesAdded ?? []).map((e) => ({ kind: 'added' as const, ...toRef(e.message) })),
    ...[...(record.labelsAdded ?? []), ...(record.labelsRemoved ?? [])].map((e) => ({ kind: 'relabelled' as const, ...toRef(e.message) })),
    ...(record.messagesDeleted ?? []).map((e) => {
      const { id, threadId } = toRef(e.message);
      return { kind: 'deleted' as const, id, threadId };
    }),
  ];
}

function toHeaders(headers: gmail_v1.Schema$MessagePartHeader[] | undefined): Header[] {
  return (headers ?? []).map((h) => ({ name: h.name ?? '', value: h.value ?? '' }));
}

function toPart(part: gmail_v1.Schema$MessagePart): MessagePart {
  const out: MessagePart = {
    partId: part.partId ?? '',
    mimeType: part.mimeType ?? '',
    filename: part.filename ?? '',
    headers: toHeaders(part.headers),
    body: {
      size: part.body?.size ?? 0,
      ...(part.body?.data ? { data: part.body.data } : {}),
      ...(part.body?.attachmentId ? { attachmentId: part.body.attachmentId } : {}),
    },
  };
  if (part.parts) out.parts = part.parts.map(toPart);
  return out;
}

/**
 * Walks the MIME tree for attachments by the rule has:attachment uses (@mailroom/mail-parse
 * attachments.ts): a leaf with `Content-Disposition: attachment` or a file name; never the
 * signature of a multipart/signed message (RFC 1847: its parts after the first); forwarded
 * messages walked into.
 */
function attachmentsOf(part: gmail_v1.Schema$MessagePart | undefined, out: Array<{ filename: string; mimeType: string }> = []) {
  if (!part) return out;
  const mimeType = (part.mimeType ?? 'application/octet-stream').toLowerCase();
  if (mimeType.startsWith('multipart/')) {
    const children = part.parts ?? [];
    for (const child of mimeType === 'multipart/signed' ? children.slice(0, 1) : children) attachmentsOf(child, out);
    return out;
  }
  const disposition = part.headers?.find((h) => h.name?.toLowerCase() === 'content-disposition')?.value ?? '';
  if (part.filename || /^\s*attachment\s*(;|$)/i.test(disposition)) out.push({ filename: part.filename ?? '', mimeType: part.mimeType ?? 'application/octet-stream' });
  // Gmail lists the parts of a forwarded message (message/rfc822) under it.
  for (const child of part.parts ?? []) attachmentsOf(child, out);
  return out;
}

/** Metadata only: for the full format the bodies are dropped here and go no further (DESIGN §1). */
function toProviderMessage(data: gmail_v1.Schema$Message, format: 'metadata' | 'full', wanted: readonly string[] | undefined): ProviderMessage {
  let headers = toHeaders(data.payload?.headers);
  if (format === 'full' && wanted?.length) {
    const names = wanted.map((h) => h.toLowerCase());
    headers = headers.filter((h) => names.includes(h.name.toLowerCase()));
  }
  return {
    id: data.id as string,
    threadId: data.threadId as string,
    labelIds: data.labelIds ?? [],
    snippet: data.snippet ?? '',
    historyId: data.historyId ?? '0',
    internalDate: Number(data.internalDate ?? 0),
    sizeEstimate: data.sizeEstimate ?? 0,
    headers,
    attachments: format === 'full' ? attachmentsOf(data.payload) : null,
  };
}
