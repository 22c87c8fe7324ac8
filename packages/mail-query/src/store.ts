import { hasUserLabels, isSystemLabelId, systemLabelBits } from './labels.ts';
import type { Address, AttachmentMeta, MessageMeta } from './message.ts';
import { labelSearchString, searchFields } from './search.ts';
import { hexKey, labelKey } from './text.ts';

/**
 * Rows of the message store (tables `messages` and `labels`, migration
 * 20261121T0800_messages). Only metadata is stored, never a body (DESIGN §1). Columns named
 * `search_*`, `*_key` and `has_*` are derived by `toStoreRow` / `toLabelRow` for `toSql`;
 * write rows only through those functions so the derived columns stay right.
 *
 * JSON columns hold arrays as JSON text (portable across SQLite and PostgreSQL).
 */
export interface MessageRow {
  account_id: string;
  /** Gmail message id. */
  id: string;
  thread_id: string;
  history_id: string | null;
  /** JSON array of label ids. */
  label_ids: string;
  /** Epoch milliseconds (Gmail internalDate). */
  internal_date: number;
  size_estimate: number;
  /** JSON Address[] each. */
  from_addresses: string;
  to_addresses: string;
  cc_addresses: string;
  bcc_addresses: string;
  reply_to_addresses: string;
  /** JSON string[] of Delivered-To addresses. */
  delivered_to: string;
  subject: string;
  /** Gmail's snippet (about 200 characters), the only body-derived text stored. */
  snippet: string | null;
  /** Message-ID without angle brackets. */
  message_id: string | null;
  in_reply_to: string | null;
  references_header: string | null;
  list_id: string | null;
  list_post: string | null;
  list_unsubscribe: string | null;
  list_unsubscribe_post: string | null;
  /** JSON AttachmentMeta[] (names and types only). */
  attachments: string;
  /**
   * JSON object of the few further headers that say a machine sent the message (Precedence,
   * Auto-Submitted, X-Mailer, Feedback-ID, Return-Path, Mailing-List, X-Campaign ...), by
   * lower-case name, for the priority model; metadata only. `{}` when there are none.
   */
  extra_headers: string;
  /** 1 when the message has attachments. */
  has_attachment: number;
  // Derived search columns (see search.ts): ` word word | word `.
  search_from: string;
  search_to: string;
  search_cc: string;
  search_bcc: string;
  search_delivered_to: string;
  search_subject: string;
  search_list: string;
  search_filename: string;
  /** Label ids as hex keys: ` 494e424f58 `. */
  search_labels: string;
  /** Lower-cased Message-ID for rfc822msgid:. */
  message_id_key: string | null;
  /** 1 when a label other than Gmail's system labels is on the message. */
  has_user_labels: number;
  /** Bitmask of SYSTEM_LABEL_IDS on the message (bit i = SYSTEM_LABEL_IDS[i]): INBOX, UNREAD,
   * SPAM ... tested with one integer AND instead of a text search. */
  system_labels: number;
}

export interface LabelRow {
  account_id: string;
  id: string;
  name: string;
  /** Gmail's label type. */
  type: 'system' | 'user';
  /** `labelKey(name)`: what `label:` compares. */
  name_key: string;
  /** `hexKey(id)`: how the id appears in messages.search_labels. */
  id_key: string;
}

/** The tables toSql reads, as a Kysely database interface. */
export interface StoreTables {
  messages: MessageRow;
  labels: LabelRow;
}

/** Store columns that do not come from the message itself. */
export interface StoreRowExtra {
  /** Gmail's historyId of the message, as a decimal string. */
  historyId: string | null;
  /** Gmail's snippet. */
  snippet: string | null;
  /** Further kept headers by lower-case name (stored as `extra_headers`). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The store row of a message, derived search columns included. Pure; the sync engine writes
 * rows through it (insert, or upsert on (account_id, id)). `meta.bodyText` and `meta.bodyUrls`
 * are ignored: bodies are never stored.
 */
export function toStoreRow(accountId: string, meta: MessageMeta, extra: StoreRowExtra): MessageRow {
  const search = searchFields(meta);
  return {
    account_id: accountId,
    id: meta.id,
    thread_id: meta.threadId,
    history_id: extra.historyId,
    label_ids: JSON.stringify(meta.labelIds),
    internal_date: meta.internalDate,
    size_estimate: meta.sizeEstimate,
    from_addresses: JSON.stringify(meta.from),
    to_addresses: JSON.stringify(meta.to),
    cc_addresses: JSON.stringify(meta.cc),
    bcc_addresses: JSON.stringify(meta.bcc),
    reply_to_addresses: JSON.stringify(meta.replyTo ?? []),
    delivered_to: JSON.stringify(meta.deliveredTo),
    subject: meta.subject,
    snippet: extra.snippet,
    message_id: meta.rfc822MessageId,
    in_reply_to: meta.inReplyTo ?? null,
    references_header: meta.references ?? null,
    list_id: meta.listId,
    list_post: meta.listPost,
    list_unsubscribe: meta.listUnsubscribe ?? null,
    list_unsubscribe_post: meta.listUnsubscribePost ?? null,
    attachments: JSON.stringify(meta.attachments.map((a) => ({ filename: a.filename, mimeType: a.mimeType }))),
    extra_headers: JSON.stringify(extra.headers ?? {}),
    has_attachment: search.hasAttachment ? 1 : 0,
    search_from: search.from,
    search_to: search.to,
    search_cc: search.cc,
    search_bcc: search.bcc,
    search_delivered_to: search.deliveredTo,
    search_subject: search.subject,
    search_list: search.list,
    search_filename: search.filename,
    search_labels: search.labels,
    message_id_key: search.messageIdKey,
    has_user_labels: search.hasUserLabels ? 1 : 0,
    system_labels: systemLabelBits(meta.labelIds),
  };
}

/** The columns to update when only a message's labels change (history labelsAdded/Removed). */
export function labelColumns(labelIds: readonly string[]): Pick<MessageRow, 'label_ids' | 'search_labels' | 'has_user_labels' | 'system_labels'> {
  return {
    label_ids: JSON.stringify(labelIds),
    search_labels: labelSearchString(labelIds),
    has_user_labels: hasUserLabels(labelIds) ? 1 : 0,
    system_labels: systemLabelBits(labelIds),
  };
}

/** The store row of a label (Gmail users.labels resource: id, name, type). */
export function toLabelRow(accountId: string, label: { id: string; name: string; type?: 'system' | 'user' | null }): LabelRow {
  return {
    account_id: accountId,
    id: label.id,
    name: label.name,
    type: label.type ?? (isSystemLabelId(label.id) ? 'system' : 'user'),
    name_key: labelKey(label.name),
    id_key: hexKey(label.id),
  };
}

/** The message metadata of a store row (without body, which the store never has). */
export function fromStoreRow(row: MessageRow): MessageMeta {
  return {
    id: row.id,
    threadId: row.thread_id,
    labelIds: JSON.parse(row.label_ids) as string[],
    from: JSON.parse(row.from_addresses) as Address[],
    to: JSON.parse(row.to_addresses) as Address[],
    cc: JSON.parse(row.cc_addresses) as Address[],
    bcc: JSON.parse(row.bcc_addresses) as Address[],
    replyTo: JSON.parse(row.reply_to_addresses) as Address[],
    deliveredTo: JSON.parse(row.delivered_to) as string[],
    subject: row.subject,
    internalDate: Number(row.internal_date),
    sizeEstimate: Number(row.size_estimate),
    attachments: JSON.parse(row.attachments) as AttachmentMeta[],
    listId: row.list_id,
    listPost: row.list_post,
    rfc822MessageId: row.message_id,
    inReplyTo: row.in_reply_to,
    references: row.references_header,
    listUnsubscribe: row.list_unsubscribe,
    listUnsubscribePost: row.list_unsubscribe_post,
  };
}
