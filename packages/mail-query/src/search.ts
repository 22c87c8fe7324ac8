import { hasUserLabels } from './labels.ts';
import type { Address, MessageMeta } from './message.ts';
import { hexKey, listIdentifier, listPostAddress, messageIdKey, searchString } from './text.ts';

/**
 * The word-search strings of a message, one per searchable field (see `searchString`). The
 * store keeps exactly these as columns and `evaluate` matches against exactly these, so the SQL
 * compiler and the evaluator cannot disagree about tokenisation.
 */
export interface SearchFields {
  from: string;
  to: string;
  cc: string;
  bcc: string;
  deliveredTo: string;
  subject: string;
  /** List-Id identifier and List-Post address. */
  list: string;
  filename: string;
  /** Label ids as hex keys: ` 494e424f58 554e52454144 `. */
  labels: string;
  messageIdKey: string | null;
  hasAttachment: boolean;
  hasUserLabels: boolean;
}

/** An address contributes its display name and its addr-spec as separate segments. */
export function addressSegments(addresses: readonly Address[]): string[] {
  return addresses.flatMap((a) => [a.name ?? '', a.address]);
}

export function labelSearchString(labelIds: readonly string[]): string {
  return ` ${[...new Set(labelIds)].map(hexKey).join(' ')} `;
}

/** The word-searched fields, each with how its search string is made from a message. */
export const SEARCH_FIELD_STRINGS = {
  from: (meta: MessageMeta) => searchString(addressSegments(meta.from)),
  to: (meta: MessageMeta) => searchString(addressSegments(meta.to)),
  cc: (meta: MessageMeta) => searchString(addressSegments(meta.cc)),
  bcc: (meta: MessageMeta) => searchString(addressSegments(meta.bcc)),
  deliveredTo: (meta: MessageMeta) => searchString(meta.deliveredTo),
  subject: (meta: MessageMeta) => searchString([meta.subject]),
  list: (meta: MessageMeta) => searchString([listIdentifier(meta.listId), listPostAddress(meta.listPost)]),
  filename: (meta: MessageMeta) => searchString(meta.attachments.map((a) => a.filename)),
} as const satisfies Record<string, (meta: MessageMeta) => string>;

export type SearchField = keyof typeof SEARCH_FIELD_STRINGS;

export function messageIdSearchKey(meta: MessageMeta): string | null {
  return meta.rfc822MessageId ? messageIdKey(meta.rfc822MessageId) || null : null;
}

export function searchFields(meta: MessageMeta): SearchFields {
  const f = SEARCH_FIELD_STRINGS;
  return {
    from: f.from(meta),
    to: f.to(meta),
    cc: f.cc(meta),
    bcc: f.bcc(meta),
    deliveredTo: f.deliveredTo(meta),
    subject: f.subject(meta),
    list: f.list(meta),
    filename: f.filename(meta),
    labels: labelSearchString(meta.labelIds),
    messageIdKey: messageIdSearchKey(meta),
    hasAttachment: meta.attachments.length > 0,
    hasUserLabels: hasUserLabels(meta.labelIds),
  };
}
