import type { MailAction } from '@mailroom/contract';
import type { PriorityAction } from '@mailroom/intelligence/priority';

/**
 * What the user did, read from a message's labels before and after (sync's "relabelled", or a
 * Mailroom action mirrored into the store): Gmail's label ids
 * (https://developers.google.com/workspace/gmail/api/guides/labels). UNREAD removed is an open,
 * STARRED added a star, TRASH added a delete, the quarantine label added a quarantine, INBOX
 * removed otherwise an archive. IMPORTANT is left out: Gmail sets it by its own guess, so it
 * says nothing about the user (an explicit "mark important" in Mailroom is recorded as such).
 */
export function actionsFromLabels(before: readonly string[], after: readonly string[], quarantineLabel: string | null): PriorityAction[] {
  const had = (label: string) => before.includes(label);
  const has = (label: string) => after.includes(label);
  const actions: PriorityAction[] = [];
  if (had('UNREAD') && !has('UNREAD')) actions.push('open');
  if (!had('STARRED') && has('STARRED')) actions.push('star');
  if (!had('TRASH') && has('TRASH')) actions.push('delete');
  else if (quarantineLabel !== null && !had(quarantineLabel) && has(quarantineLabel)) actions.push('quarantine');
  else if (had('INBOX') && !has('INBOX') && !has('TRASH') && !has('SPAM')) actions.push('archive');
  return actions;
}

/** The priority action a Mailroom message action is (unstar, mark unread teach nothing). */
export const ACTION_OF_MAIL_ACTION: Record<MailAction, PriorityAction | null> = {
  archive: 'archive',
  delete: 'delete',
  quarantine: 'quarantine',
  star: 'star',
  unstar: null,
  important: 'important',
  not_important: 'not_important',
  mark_read: 'open',
  mark_unread: null,
};
