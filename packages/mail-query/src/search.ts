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

export function searchFields(meta: MessageMeta): SearchFields {
  return {
    from: searchString(addressSegments(meta.from)),
    to: searchString(addressSegments(meta.to)),
    cc: searchString(addressSegments(meta.cc)),
    bcc: searchString(addressSegments(meta.bcc)),
    deliveredTo: searchString(meta.deliveredTo),
    subject: searchString([meta.subject]),
    list: searchString([listIdentifier(meta.listId), listPostAddress(meta.listPost)]),
    filename: searchString(meta.attachments.map((a) => a.filename)),
    labels: labelSearchString(meta.labelIds),
    messageIdKey: meta.rfc822MessageId ? messageIdKey(meta.rfc822MessageId) || null : null,
    hasAttachment: meta.attachments.length > 0,
    hasUserLabels: hasUserLabels(meta.labelIds),
  };
}
