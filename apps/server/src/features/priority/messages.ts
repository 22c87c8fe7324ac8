import type { PriorityMessage } from '@mailroom/intelligence/priority';
import type { Address } from '@mailroom/mail-query';
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema.ts';

/** The store columns the model reads: metadata and Gmail's snippet, never a body. */
export const MODEL_COLUMNS = [
  'id', 'thread_id', 'label_ids', 'internal_date', 'from_addresses', 'to_addresses', 'cc_addresses', 'bcc_addresses', 'reply_to_addresses',
  'subject', 'snippet', 'message_id', 'in_reply_to', 'references_header', 'list_id', 'list_post', 'list_unsubscribe', 'extra_headers',
] as const;
export type ModelRow = Pick<Selectable<MessagesTable>, (typeof MODEL_COLUMNS)[number]>;

const addresses = (json: string): Address[] => JSON.parse(json) as Address[];

function headersOf(json: string): Record<string, string> {
  try {
    const value = JSON.parse(json) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** A stored message as the priority model reads it. */
export function toPriorityMessage(row: ModelRow): PriorityMessage {
  return {
    id: row.id,
    threadId: row.thread_id,
    rfc822MessageId: row.message_id,
    inReplyTo: row.in_reply_to,
    references: row.references_header,
    from: addresses(row.from_addresses),
    to: addresses(row.to_addresses),
    cc: addresses(row.cc_addresses),
    bcc: addresses(row.bcc_addresses),
    replyTo: addresses(row.reply_to_addresses),
    subject: row.subject,
    snippet: row.snippet,
    labelIds: JSON.parse(row.label_ids) as string[],
    internalDate: Number(row.internal_date),
    listId: row.list_id,
    listPost: row.list_post,
    listUnsubscribe: row.list_unsubscribe,
    headers: headersOf(row.extra_headers),
  };
}
