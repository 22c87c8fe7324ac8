import type { MailAction } from '@mailroom/contract';
import type { LabelChange } from '../recovery/index.ts';
import { viaProvider } from '../../providers/mailbox-access.ts';
import { ensureQuarantineLabel } from './quarantine-label.ts';
import type { Mailbox } from './sources.ts';

/**
 * Each message action as the Gmail label change it makes (users.messages.batchModify, with
 * Gmail's system label ids: https://developers.google.com/workspace/gmail/api/guides/labels).
 * Reading state is the UNREAD label; archiving is removing INBOX; trash is the TRASH label,
 * which Gmail empties after 30 days, never a permanent delete.
 */
const FIXED_CHANGES: Record<Exclude<MailAction, 'quarantine'>, LabelChange> = {
  archive: { add: [], remove: ['INBOX'] },
  delete: { add: ['TRASH'], remove: [] },
  star: { add: ['STARRED'], remove: [] },
  unstar: { add: [], remove: ['STARRED'] },
  important: { add: ['IMPORTANT'], remove: [] },
  not_important: { add: [], remove: ['IMPORTANT'] },
  mark_read: { add: [], remove: ['UNREAD'] },
  mark_unread: { add: ['UNREAD'], remove: [] },
};

/** The label change for `action`; quarantine creates the Mailroom/Quarantine label the first time. */
export async function labelChangeFor(mailbox: Mailbox, action: MailAction): Promise<LabelChange> {
  if (action !== 'quarantine') {
    const change = FIXED_CHANGES[action];
    return { add: [...change.add], remove: [...change.remove] };
  }
  const quarantine = await viaProvider(() => ensureQuarantineLabel(mailbox.db, mailbox.accountId, mailbox.provider));
  return { add: [quarantine], remove: ['INBOX'] };
}
