import type { InboxSplit } from '@mailroom/contract';
import type { MailDataSource } from '../../mail';
import { fetchInboxPage, priorityOf } from '../api/inbox';
import { PriorityBadge } from '../components/PriorityBadge';

export const INBOX_TABS: ReadonlyArray<{ split: InboxSplit; label: string; scope: string }> = [
  { split: 'important', label: 'Important', scope: 'in Important' },
  { split: 'other', label: 'Other', scope: 'in Other' },
  { split: 'all', label: 'All', scope: 'in your inbox' },
];

const EMPTY: Record<InboxSplit, { title: string; body: string }> = {
  important: { title: 'Nothing important waiting', body: 'Mail that scores above your line shows here. Marking a message important (!) teaches Mailroom what matters to you.' },
  other: { title: 'Nothing else in your inbox', body: 'Mail below your line shows here: lists, newsletters, notifications.' },
  all: { title: 'Your inbox is empty', body: 'New mail is scored as it syncs.' },
};

/**
 * One tab of the inbox by priority as a mail list's source: each row with its score badge and
 * the reason that moved it most. `key` keeps the list's cache and selection apart from another
 * page's list of the same tab.
 */
export function inboxMailSource(split: InboxSplit, key: readonly unknown[] = ['inbox', split]): MailDataSource {
  const tab = INBOX_TABS.find((t) => t.split === split)!;
  return {
    ref: { kind: 'inbox', split },
    key,
    label: `${tab.label} messages, highest priority first`,
    scope: tab.scope,
    fetchPage: (request) => fetchInboxPage(split, request),
    empty: EMPTY[split],
    badge: (email) => {
      const priority = priorityOf(email);
      return priority ? <PriorityBadge priority={priority} /> : null;
    },
    reason: (email) => priorityOf(email)?.reason ?? null,
  };
}
