import type { MailTarget } from '@mailroom/contract';
import { MAX_BATCH_MESSAGES } from '../../constants/recovery.ts';
import type { Db } from '../../db/database.ts';
import { FnError, failedPrecondition } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { viaProvider } from '../../providers/mailbox-access.ts';
import type { MailCandidate, Mailbox, ResolvedMailSource } from './sources.ts';

/** Rows per IN (...) list: well under both engines' parameter limits. */
const IN_LIST = 500;

export function batchTooLarge(): FnError {
  return failedPrecondition('BATCH_TOO_LARGE', `One action can take at most ${MAX_BATCH_MESSAGES.toLocaleString('en')} messages; narrow the view first.`, {
    limit: MAX_BATCH_MESSAGES,
  });
}

/** Labels as they are now, from the store; ids it lacks (not synced yet) from Gmail. Ids in neither are left out. */
export async function currentLabels(db: Db, accountId: string, provider: MailProvider, ids: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += IN_LIST) {
    const rows = await db.selectFrom('messages').select(['id', 'label_ids']).where('account_id', '=', accountId).where('id', 'in', ids.slice(i, i + IN_LIST)).execute();
    for (const row of rows) found.set(row.id, JSON.parse(row.label_ids) as string[]);
  }
  const unsynced = ids.filter((id) => !found.has(id));
  if (unsynced.length > 0) {
    const { messages } = await viaProvider(() => provider.getMessagesMetadata(unsynced, { headers: ['Subject'] }));
    for (const message of messages) found.set(message.id, message.labelIds);
  }
  return found;
}

/** currentLabels for the mailbox an action works on. */
export function currentLabelsOf(mailbox: Mailbox, ids: readonly string[]): Promise<Map<string, string[]>> {
  return currentLabels(mailbox.db, mailbox.accountId, mailbox.provider, ids);
}

/** The named messages; any that is not in the user's mailbox answers NOT_FOUND (someone else's included). */
async function namedMessages(mailbox: Mailbox, messageIds: readonly string[]): Promise<MailCandidate[]> {
  const ids = [...new Set(messageIds)];
  const labels = await currentLabelsOf(mailbox, ids);
  const missing = ids.filter((id) => !labels.has(id));
  if (missing.length > 0) throw new FnError('NOT_FOUND', `No such message in your mailbox: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`);
  return ids.map((id) => ({ id, labelIds: labels.get(id)! }));
}

/**
 * The messages a target means: the named ones, or (`all: true`) every message its source holds
 * right now, resolved here on the server, so "select all 2,994" never travels as 2,994 ids.
 */
export async function targetMessages(mailbox: Mailbox, source: ResolvedMailSource, target: Pick<MailTarget, 'messageIds' | 'all'>): Promise<MailCandidate[]> {
  if (!target.all) return namedMessages(mailbox, target.messageIds ?? []);
  const messages = await source.messages(mailbox, MAX_BATCH_MESSAGES);
  if (messages.length > MAX_BATCH_MESSAGES) throw batchTooLarge();
  return messages;
}
