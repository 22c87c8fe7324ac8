import type { EmailSummary, MailAddress } from '@mailroom/contract';
import type { Address } from '@mailroom/mail-query';
import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema.ts';

/** The store columns a list row needs; every view selects these and maps them with summaryOf. */
export const SUMMARY_COLUMNS = ['id', 'thread_id', 'label_ids', 'internal_date', 'from_addresses', 'subject', 'snippet', 'has_attachment'] as const;
export type SummaryRow = Pick<Selectable<MessagesTable>, (typeof SUMMARY_COLUMNS)[number]>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Gmail sends snippets HTML-escaped (`&#39;`); the summary carries plain text. */
export function unescapeSnippet(snippet: string): string {
  return snippet.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/**
 * The first From mailbox as the list shows it. The store keeps From parsed at sync (RFC 5322
 * §3.6.2 allows several; the first is the author shown). A message without a readable From
 * has an empty address, which the web shows as "(unknown sender)".
 */
export function senderOf(from: readonly Address[]): MailAddress {
  const first = from[0];
  if (!first) return { name: null, address: '' };
  const name = first.name?.trim() || null;
  return { name, address: first.address };
}

/** A stored message as a list row: labels by name for user labels, system labels by id (their name in Gmail). */
export function summaryOf(row: SummaryRow, labelNames: ReadonlyMap<string, string>): EmailSummary {
  const labelIds = JSON.parse(row.label_ids) as string[];
  return {
    id: row.id,
    threadId: row.thread_id,
    from: senderOf(JSON.parse(row.from_addresses) as Address[]),
    subject: row.subject,
    snippet: unescapeSnippet(row.snippet ?? ''),
    date: new Date(Number(row.internal_date)).toISOString(),
    labels: labelIds.map((id) => labelNames.get(id) ?? id),
    unread: labelIds.includes('UNREAD'),
    starred: labelIds.includes('STARRED'),
    important: labelIds.includes('IMPORTANT'),
    hasAttachment: Number(row.has_attachment) === 1,
  };
}
