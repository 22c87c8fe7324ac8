/**
 * What Mailroom needs from a mailbox provider, in terms of no provider in particular. Gmail (and
 * the Gmail sandbox, through the same code) implements it in providers/gmail; another kind (IMAP)
 * would implement it in providers/<kind>/ and register in providers/accounts.ts. The sync engine
 * and features depend only on this.
 */

/**
 * Where a mailbox's change feed stands, written by the provider that issued it and read by no
 * one else: the sync engine stores it with the data it covers and hands it back. Gmail keeps a
 * history id in it; IMAP would keep UIDVALIDITY and HIGHESTMODSEQ (RFC 7162).
 */
export type SyncCursor = string;

export interface MessageRef {
  id: string;
  threadId: string;
}

export interface Header {
  name: string;
  value: string;
}

/** A message's metadata: never its body (DESIGN §1). */
export interface ProviderMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  /** Gmail's ~200-character snippet, HTML-escaped as Gmail sends it. */
  snippet: string;
  /** The provider's version marker of the message (Gmail: its historyId), stored as is. */
  historyId: string;
  /** Epoch milliseconds. */
  internalDate: number;
  sizeEstimate: number;
  /** The headers asked for (all headers when none were named). */
  headers: Header[];
  /** Attachment names and types; null when the fetch did not look at the MIME parts. */
  attachments: Array<{ filename: string; mimeType: string }> | null;
}

export interface MessagePage {
  messages: MessageRef[];
  nextPageToken: string | null;
  resultSizeEstimate: number;
}

export interface ListMessagesOptions {
  /** Gmail search query; dates as epoch seconds (DESIGN §5). */
  q?: string;
  labelIds?: string[];
  includeSpamTrash?: boolean;
  pageToken?: string | null;
  /** Up to 500. */
  maxResults?: number;
}

/** One change to one message, in the order the provider reports them. */
export type MessageChange =
  | { kind: 'added'; id: string; threadId: string; labelIds: string[] }
  /** The message's labels changed; `labelIds` is its whole label list after the change. */
  | { kind: 'relabelled'; id: string; threadId: string; labelIds: string[] }
  | { kind: 'deleted'; id: string; threadId: string };

export interface ChangesPage {
  changes: MessageChange[];
  nextPageToken: string | null;
  /**
   * Store this with the page's changes, in one transaction: a sync that stops after this page
   * resumes by listing changes from it (with no page token) and replays nothing it applied.
   * On the last page it is the mailbox's current position.
   */
  checkpoint: SyncCursor;
}

export interface ListChangesOptions {
  /** Changes after this position. */
  cursor: SyncCursor;
  pageToken?: string | null;
  maxResults?: number;
}

export interface FetchMetadataOptions {
  /** Headers to return (metadataHeaders); all when omitted. */
  headers?: readonly string[];
  /**
   * Also report attachment names and types. Gmail's metadata format has no MIME parts, so this
   * fetches the full format and discards the bodies at once; it costs the same quota.
   */
  withAttachments?: boolean;
}

export interface MetadataResult {
  messages: ProviderMessage[];
  /** Ids the provider no longer has (deleted since they were listed). */
  missing: string[];
  /**
   * Messages that cannot be read: the provider refused that one message (a 4xx other than
   * 404, 401, 403 or 429, which would recur on every retry) or answered something malformed.
   * The others are returned as usual; callers skip these and say so (one message never stops a
   * sync, issue 22).
   */
  unreadable: Array<{ id: string; reason: string }>;
}

/**
 * One message's raw RFC 822 form as the provider sent it, not yet decoded: decoding a large
 * message is CPU work for a worker thread, not for the event loop (issue 22). decodeRawMessage
 * turns it into bytes.
 */
export type EncodedRawMessage = (
  /** A JSON object with `id`, `threadId`, `labelIds` and `raw` in base64url (RFC 4648 §5), as Gmail's users.messages.get answers format=raw. */
  | { encoding: 'json-base64url'; body: ArrayBuffer }
  /** The message bytes themselves (an IMAP FETCH BODY[] would give these). */
  | { encoding: 'rfc822'; id: string; threadId: string; labelIds: string[]; body: ArrayBuffer }
) & {
  /** False when the answer was longer than the caller's maxBytes: `body` holds only its start. */
  complete: boolean;
};

export interface RawMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  raw: Uint8Array;
}

/** The bytes of an encoded raw message; throws when it is malformed. */
export function decodeRawMessage(encoded: EncodedRawMessage): RawMessage {
  if (!encoded.complete) throw new Error('the raw message was cut off at its size limit');
  if (encoded.encoding === 'rfc822') return { id: encoded.id, threadId: encoded.threadId, labelIds: encoded.labelIds, raw: new Uint8Array(encoded.body) };
  const message = JSON.parse(new TextDecoder().decode(encoded.body)) as { id?: unknown; threadId?: unknown; labelIds?: unknown; raw?: unknown };
  if (typeof message.id !== 'string' || typeof message.raw !== 'string') throw new Error('the raw message has no id or no raw field');
  return {
    id: message.id,
    threadId: typeof message.threadId === 'string' ? message.threadId : message.id,
    labelIds: Array.isArray(message.labelIds) ? message.labelIds.filter((l): l is string => typeof l === 'string') : [],
    raw: Buffer.from(message.raw, 'base64url'),
  };
}

export interface Profile {
  emailAddress: string;
  /** Messages in the mailbox (spam included), for progress while a full sync lists them. */
  messagesTotal: number;
  /** The change feed's position now: taken before a full listing, changes during it are replayed from here. */
  cursor: SyncCursor;
}

export interface ProviderLabel {
  id: string;
  name: string;
  type: 'system' | 'user';
  messageListVisibility?: string;
  labelListVisibility?: string;
  color?: { textColor: string; backgroundColor: string };
}

/** One MIME part of a message in Gmail's `full` format (text bodies as base64url). */
export interface MessagePart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: Header[];
  body: { size: number; data?: string; attachmentId?: string };
  parts?: MessagePart[];
}

export type MessageContent =
  | { format: 'raw'; id: string; threadId: string; labelIds: string[]; raw: Buffer }
  | { format: 'full'; id: string; threadId: string; labelIds: string[]; payload: MessagePart };

export interface SentMessage {
  id: string;
  threadId: string;
  labelIds: string[];
}

export interface WatchResult {
  /** Epoch ms; renew before then (Gmail's users.watch lasts 7 days). */
  expiration: number;
}

/** Sizes the provider's API imposes, for callers that checkpoint their own progress. */
export interface ProviderLimits {
  /** Ids one batchModify request may take (Gmail: 1,000). */
  maxIdsPerBatchModify: number;
  /** Ids one listMessageIds page may hold (Gmail: 500). */
  maxListPageSize: number;
}

export interface MailProvider {
  /** The provider kind, as stored in mail_accounts.provider ('gmail'). */
  readonly kind: string;
  readonly limits: ProviderLimits;
  getProfile(): Promise<Profile>;
  listLabels(): Promise<ProviderLabel[]>;
  /** Messages with a label now (Gmail: labels.get's messagesTotal), e.g. the spam a full sync leaves out. */
  countLabelMessages?(labelId: string): Promise<number>;
  createLabel(input: { name: string; messageListVisibility?: string; labelListVisibility?: string }): Promise<ProviderLabel>;
  /** One page of message ids, newest first. */
  listMessageIds(options?: ListMessagesOptions): Promise<MessagePage>;
  /** One page of changes after the cursor; throws CursorExpiredError when the provider no longer has them. */
  listChanges(options: ListChangesOptions): Promise<ChangesPage>;
  /** Metadata for many ids, fetched with bounded concurrency and paced under the quota. */
  getMessagesMetadata(ids: readonly string[], options?: FetchMetadataOptions): Promise<MetadataResult>;
  /** One message's content, on demand; never stored (DESIGN §1). */
  getMessageContent(id: string, format: 'raw' | 'full'): Promise<MessageContent>;
  /**
   * One message's raw form, still encoded, for a worker thread to decode (decodeRawMessage);
   * never stored. At most `maxBytes` of the answer are read (`complete` says whether that was all).
   */
  getRawMessage(id: string, options: { maxBytes: number }): Promise<EncodedRawMessage>;
  getAttachment(messageId: string, attachmentId: string): Promise<Buffer>;
  modifyLabels(id: string, change: { add?: readonly string[]; remove?: readonly string[] }): Promise<{ id: string; labelIds: string[] }>;
  /** Any number of ids; sent in batches of at most 1,000. */
  batchModify(ids: readonly string[], change: { add?: readonly string[]; remove?: readonly string[] }): Promise<void>;
  trash(id: string): Promise<{ id: string; labelIds: string[] }>;
  untrash(id: string): Promise<{ id: string; labelIds: string[] }>;
  /** Sends an RFC 5322 message; with threadId it joins that thread. */
  send(raw: Buffer | string, options?: { threadId?: string }): Promise<SentMessage>;
  /**
   * Asks the provider to push change notifications (Gmail: users.watch to a Pub/Sub topic).
   * Absent where the provider has no push; polling keeps the mailbox fresh either way.
   */
  watch?(options: { topicName: string }): Promise<WatchResult>;
  stop?(): Promise<void>;
  /** Revokes the grant at the provider (disconnect); a grant already revoked counts as done. */
  revokeAccess(): Promise<void>;
}

/** The provider for an account from its stored grant, or null when it has none (disconnected). */
export type ProviderFactory = (accountId: string) => Promise<MailProvider | null>;

/** One kind of mailbox provider ('gmail'): opens an account of that kind from what is stored for it. */
export interface MailProviderKind {
  /** The name stored in mail_accounts.provider. */
  readonly kind: string;
  /** The account's mailbox, or null when it holds no usable grant (disconnected). */
  open(accountId: string): Promise<MailProvider | null>;
}

/** The user revoked access or the refresh token expired: mark the account needs_reconnect. */
export class GrantRevokedError extends Error {
  constructor(message = 'Mail access was revoked or has expired; reconnect the account') {
    super(message);
    this.name = 'GrantRevokedError';
  }
}

/** The cursor is older than the provider keeps changes for (or not one of its own): run a full sync. */
export class CursorExpiredError extends Error {
  constructor(cursor: SyncCursor) {
    super(`Changes since ${cursor} are no longer available; a full sync is needed`);
    this.name = 'CursorExpiredError';
  }
}

/** The grant lacks a scope the call needs (e.g. a write with gmail.readonly): ask for gmail.modify. */
export class InsufficientScopeError extends Error {
  constructor(message = 'The account was connected without the permission this action needs') {
    super(message);
    this.name = 'InsufficientScopeError';
  }
}

/** Any other failure the provider reported, after retries where retrying was allowed. */
export class ProviderError extends Error {
  readonly status: number | null;
  readonly reason: string | null;
  constructor(message: string, status: number | null, reason: string | null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
    this.status = status;
    this.reason = reason;
  }
}

/** The id does not exist (deleted) at the provider. */
export class NotFoundError extends ProviderError {
  constructor(message: string) {
    super(message, 404, 'notFound');
    this.name = 'NotFoundError';
  }
}
