/**
 * The message metadata the query language evaluates. The same shape is produced by the sync
 * engine (from Gmail's metadata), the Gmail sandbox (from raw RFC 822 mail) and the mbox reader.
 */
export interface Address {
  /** Display name as decoded from the header (RFC 2047), or null. */
  name: string | null;
  /** The addr-spec, as written (matching lower-cases it). */
  address: string;
}

export interface AttachmentMeta {
  filename: string;
  mimeType: string;
}

export interface MessageMeta {
  id: string;
  threadId: string;
  /** Gmail label ids: system ids (INBOX, UNREAD, STARRED, IMPORTANT, SENT, DRAFT, SPAM, TRASH,
   * CATEGORY_PERSONAL, CATEGORY_SOCIAL, CATEGORY_PROMOTIONS, CATEGORY_UPDATES, CATEGORY_FORUMS, ...)
   * and user label ids (resolved to names through EvaluationContext.labels). */
  labelIds: string[];
  from: Address[];
  to: Address[];
  cc: Address[];
  bcc: Address[];
  /** Delivered-To header values (addresses). */
  deliveredTo: string[];
  subject: string;
  /** Gmail's internalDate: epoch milliseconds. */
  internalDate: number;
  /** Gmail's sizeEstimate in bytes. */
  sizeEstimate: number;
  attachments: AttachmentMeta[];
  /** List-Id header value (RFC 2919), raw, e.g. `Foo list <foo.lists.example.com>`. */
  listId: string | null;
  /** List-Post header value (RFC 2369), raw, e.g. `<mailto:foo@lists.example.com>`. */
  listPost: string | null;
  /** Message-ID header without angle brackets. */
  rfc822MessageId: string | null;
  /** Decoded body text (HTML with tags stripped). Absent where bodies are not available (the store). */
  bodyText?: string | null;
  /** URLs linked from the body (plain-text URLs and HTML hrefs), for has:drive, has:youtube etc.
   * Absent where bodies are not available. */
  bodyUrls?: readonly string[];
  /** Reply-To addresses (stored; not searched by any operator). */
  replyTo?: Address[];
  /** In-Reply-To header: Message-IDs without angle brackets, space-separated (RFC 5322 §3.6.4). */
  inReplyTo?: string | null;
  /** References header: Message-IDs without angle brackets, space-separated. */
  references?: string | null;
  /** List-Unsubscribe header value, raw (RFC 2369). */
  listUnsubscribe?: string | null;
  /** List-Unsubscribe-Post header value, raw (RFC 8058), e.g. `List-Unsubscribe=One-Click`. */
  listUnsubscribePost?: string | null;
}

export interface LabelInfo {
  id: string;
  name: string;
}

export interface EvaluationContext {
  /** The current instant, for older_than/newer_than. */
  now: Date;
  /** IANA time zone, e.g. `Europe/Berlin`, for dates such as after:2024/01/31. */
  timeZone: string;
  /** User labels, to resolve `label:` names to ids. System label ids need no entry. */
  labels: readonly LabelInfo[];
}
