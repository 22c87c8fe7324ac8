/**
 * What Mailroom needs from a mailbox provider. Gmail (and the Gmail sandbox, through the same
 * code) implements it in providers/gmail; the sync engine and features depend only on this.
 */

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

export type HistoryType = 'messageAdded' | 'messageDeleted' | 'labelAdded' | 'labelRemoved';

export interface HistoryChange {
  /** The history record's id. */
  id: string;
  messagesAdded: Array<MessageRef & { labelIds: string[] }>;
  messagesDeleted: MessageRef[];
  labelsAdded: Array<{ message: MessageRef & { labelIds: string[] }; labelIds: string[] }>;
  labelsRemoved: Array<{ message: MessageRef & { labelIds: string[] }; labelIds: string[] }>;
}

export interface ChangesPage {
  changes: HistoryChange[];
  nextPageToken: string | null;
  /** The mailbox's current historyId: store it once the last page has been applied. */
  historyId: string;
}

export interface ListChangesOptions {
  startHistoryId: string;
  pageToken?: string | null;
  maxResults?: number;
  historyTypes?: HistoryType[];
  labelId?: string;
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
}

export interface Profile {
  emailAddress: string;
  messagesTotal: number;
  threadsTotal: number;
  historyId: string;
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
  historyId: string;
  /** Epoch ms; renew before then (users.watch lasts 7 days). */
  expiration: number;
}

export interface MailProvider {
  getProfile(): Promise<Profile>;
  listLabels(): Promise<ProviderLabel[]>;
  createLabel(input: { name: string; messageListVisibility?: string; labelListVisibility?: string }): Promise<ProviderLabel>;
  /** One page of message ids, newest first. */
  listMessageIds(options?: ListMessagesOptions): Promise<MessagePage>;
  /** One page of changes after startHistoryId; throws HistoryExpiredError when it is too old. */
  listChanges(options: ListChangesOptions): Promise<ChangesPage>;
  /** Metadata for many ids, fetched with bounded concurrency and paced under the quota. */
  getMessagesMetadata(ids: readonly string[], options?: FetchMetadataOptions): Promise<MetadataResult>;
  /** One message's content, on demand; never stored (DESIGN §1). */
  getMessageContent(id: string, format: 'raw' | 'full'): Promise<MessageContent>;
  getAttachment(messageId: string, attachmentId: string): Promise<Buffer>;
  modifyLabels(id: string, change: { add?: readonly string[]; remove?: readonly string[] }): Promise<{ id: string; labelIds: string[] }>;
  /** Any number of ids; sent in batches of at most 1,000. */
  batchModify(ids: readonly string[], change: { add?: readonly string[]; remove?: readonly string[] }): Promise<void>;
  trash(id: string): Promise<{ id: string; labelIds: string[] }>;
  untrash(id: string): Promise<{ id: string; labelIds: string[] }>;
  /** Sends an RFC 5322 message; with threadId it joins that thread. */
  send(raw: Buffer | string, options?: { threadId?: string }): Promise<SentMessage>;
  watch(options: { topicName: string; labelIds?: string[]; labelFilterBehavior?: 'include' | 'exclude' }): Promise<WatchResult>;
  stop(): Promise<void>;
  /** Revokes the grant at the provider (disconnect); a grant already revoked counts as done. */
  revokeAccess(): Promise<void>;
}

/** The user revoked access or the refresh token expired: mark the account needs_reconnect. */
export class GrantRevokedError extends Error {
  constructor(message = 'Mail access was revoked or has expired; reconnect the account') {
    super(message);
    this.name = 'GrantRevokedError';
  }
}

/** The startHistoryId is older than the provider keeps: run a full sync. */
export class HistoryExpiredError extends Error {
  constructor(startHistoryId: string) {
    super(`History from ${startHistoryId} is no longer available; a full sync is needed`);
    this.name = 'HistoryExpiredError';
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
