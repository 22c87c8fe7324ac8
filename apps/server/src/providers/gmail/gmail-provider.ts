import { gmail } from '@googleapis/gmail';
import type { gmail_v1 } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import type { Credentials } from 'google-auth-library';
import { BATCH_MODIFY_MAX_IDS, QUOTA_COST } from '@mailroom/gmail-sandbox/limits';
import type { GmailMethod } from '@mailroom/gmail-sandbox/limits';
import {
  GrantRevokedError,
  HistoryExpiredError,
  InsufficientScopeError,
  NotFoundError,
  ProviderError,
} from '../mail-provider.ts';
import type {
  ChangesPage,
  FetchMetadataOptions,
  Header,
  HistoryChange,
  ListChangesOptions,
  ListMessagesOptions,
  MailProvider,
  MessageContent,
  MessagePage,
  MessagePart,
  MessageRef,
  MetadataResult,
  Profile,
  ProviderLabel,
  ProviderMessage,
  SentMessage,
  WatchResult,
} from '../mail-provider.ts';
import { describeFailure, isQuotaFailure } from './api-error.ts';
import type { ApiFailure } from './api-error.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
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
  clock?: Clock;
  /** Jitter source (Math.random by default). */
  random?: () => number;
}

export const GMAIL_CLASSIC_PACING: PacerOptions = { unitsPerWindow: 15_000, windowMs: 60_000 };

/**
 * MailProvider on @googleapis/gmail with google-auth-library's OAuth2Client: the same code for
 * Google and for the sandbox. Every call is paced under the per-user quota, retried with backoff
 * where Gmail says retrying helps, and its failures mapped to the provider's typed errors.
 */
export class GmailProvider implements MailProvider {
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

  constructor(options: GmailProviderOptions) {
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

  async getProfile(): Promise<Profile> {
    const data = await this.call('users.getProfile', () => this.api.users.getProfile({ userId: 'me' }, this.at));
    return {
      emailAddress: data.emailAddress ?? '',
      messagesTotal: data.messagesTotal ?? 0,
      threadsTotal: data.threadsTotal ?? 0,
      historyId: data.historyId ?? '0',
    };
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

  async listChanges(options: ListChangesOptions): Promise<ChangesPage> {
    let data: gmail_v1.Schema$ListHistoryResponse;
    try {
      data = await this.call('history.list', () =>
        this.api.users.history.list({
          userId: 'me',
          startHistoryId: options.startHistoryId,
          ...(options.pageToken ? { pageToken: options.pageToken } : {}),
          ...(options.maxResults ? { maxResults: options.maxResults } : {}),
          ...(options.historyTypes?.length ? { historyTypes: options.historyTypes } : {}),
          ...(options.labelId ? { labelId: options.labelId } : {}),
        }, this.at),
      );
    } catch (error) {
      // A 404 here means the startHistoryId is too old (https://developers.google.com/workspace/gmail/api/guides/sync#partial).
      if (error instanceof NotFoundError) throw new HistoryExpiredError(options.startHistoryId);
      throw error;
    }
    return {
      changes: (data.history ?? []).map(toChange),
      nextPageToken: data.nextPageToken ?? null,
      historyId: data.historyId ?? options.startHistoryId,
    };
  }

  async getMessagesMetadata(ids: readonly string[], options: FetchMetadataOptions = {}): Promise<MetadataResult> {
    const messages: ProviderMessage[] = [];
    const missing: string[] = [];
    const format = options.withAttachments ? 'full' : 'metadata';
    await forEachConcurrently(ids, this.concurrency, async (id) => {
      try {
        const data = await this.call('messages.get', () =>
          this.api.users.messages.get({
            userId: 'me',
            id,
            format,
            ...(format === 'metadata' && options.headers?.length ? { metadataHeaders: [...options.headers] } : {}),
          }, this.at),
        );
        messages.push(toProviderMessage(data, format, options.headers));
      } catch (error) {
        if (error instanceof NotFoundError) missing.push(id);
        else throw error;
      }
    });
    // Keep the caller's order; concurrency finishes them in any order.
    const position = new Map(ids.map((id, i) => [id, i]));
    messages.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    return { messages, missing };
  }

  async getMessageContent(id: string, format: 'raw' | 'full'): Promise<MessageContent> {
    const data = await this.call('messages.get', () => this.api.users.messages.get({ userId: 'me', id, format }, this.at));
    const base = { id: data.id as string, threadId: data.threadId as string, labelIds: data.labelIds ?? [] };
    if (format === 'raw') return { format, ...base, raw: Buffer.from(data.raw ?? '', 'base64url') };
    return { format, ...base, payload: toPart(data.payload ?? {}) };
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

  async watch(options: { topicName: string; labelIds?: string[]; labelFilterBehavior?: 'include' | 'exclude' }): Promise<WatchResult> {
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
          try {
            return (await request()).data;
          } catch (error) {
            // A 401 with a stored expiry still in the future: the access token was revoked or
            // rotated. Refresh once (OAuth2Client only does so by itself without an expiry).
            const failure = describeFailure(error, this.clock.now());
            if (failure.status === 401 && !authRetried && this.auth.credentials.refresh_token) {
              authRetried = true;
              await this.refreshAccessToken();
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
  if (error instanceof GrantRevokedError || error instanceof ProviderError || error instanceof HistoryExpiredError) return error;
  const failure: ApiFailure = describeFailure(error, now);
  // invalid_grant from the token endpoint: the refresh token was revoked or expired (RFC 6749 §5.2).
  if (failure.reason === 'invalid_grant') return new GrantRevokedError();
  if (failure.status === 401) return new GrantRevokedError();
  if (failure.status === 403 && failure.reason === 'insufficientPermissions') return new InsufficientScopeError();
  if (failure.status === 404) return new NotFoundError(failure.message);
  return new ProviderError(failure.message, failure.status, failure.reason, { cause: error });
}

async function forEachConcurrently<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const worker = async () => {
    while (failed === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed !== null) throw failed;
}

function toLabel(label: gmail_v1.Schema$Label): ProviderLabel {
  const out: ProviderLabel = { id: label.id as string, name: label.name as string, type: label.type === 'system' ? 'system' : 'user' };
  if (label.messageListVisibility) out.messageListVisibility = label.messageListVisibility;
  if (label.labelListVisibility) out.labelListVisibility = label.labelListVisibility;
  if (label.color?.textColor && label.color.backgroundColor) out.color = { textColor: label.color.textColor, backgroundColor: label.color.backgroundColor };
  return out;
}

function toRef(message: gmail_v1.Schema$Message | undefined): MessageRef & { labelIds: string[] } {
  return { id: message?.id as string, threadId: message?.threadId as string, labelIds: message?.labelIds ?? [] };
}

function toChange(record: gmail_v1.Schema$History): HistoryChange {
  return {
    id: record.id as string,
    messagesAdded: (record.messagesAdded ?? []).map((e) => toRef(e.message)),
    messagesDeleted: (record.messagesDeleted ?? []).map((e) => {
      const ref = toRef(e.message);
      return { id: ref.id, threadId: ref.threadId };
    }),
    labelsAdded: (record.labelsAdded ?? []).map((e) => ({ message: toRef(e.message), labelIds: e.labelIds ?? [] })),
    labelsRemoved: (record.labelsRemoved ?? []).map((e) => ({ message: toRef(e.message), labelIds: e.labelIds ?? [] })),
  };
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
 * Walks the MIME tree for attachments: parts with a filename or whose body Gmail serves
 * separately (attachmentId), including unnamed ones.
 */
function attachmentsOf(part: gmail_v1.Schema$MessagePart | undefined, out: Array<{ filename: string; mimeType: string }> = []) {
  if (!part) return out;
  if (part.filename || part.body?.attachmentId) out.push({ filename: part.filename ?? '', mimeType: part.mimeType ?? 'application/octet-stream' });
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
