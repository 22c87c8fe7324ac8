import { labelKey, toLabelRow } from '@mailroom/mail-query';
import { QUARANTINE_LABEL_NAME } from '../../constants/recovery.ts';
import type { Db } from '../../db/database.ts';
import type { MailProvider, ProviderLabel } from '../../providers/mail-provider.ts';

const find = (labels: readonly ProviderLabel[]) => labels.find((l) => labelKey(l.name) === labelKey(QUARANTINE_LABEL_NAME));

/**
 * The Mailroom/Quarantine label's id in the user's Gmail, created on the first quarantine, and
 * mirrored into the store's labels so `label:` queries and label names know it at once.
 */
export async function ensureQuarantineLabel(db: Db, accountId: string, provider: MailProvider): Promise<string> {
  let label = find(await provider.listLabels());
  if (!label) {
    try {
      label = await provider.createLabel({ name: QUARANTINE_LABEL_NAME, messageListVisibility: 'show', labelListVisibility: 'labelShow' });
    } catch (error) {
      // Created at the same moment by another request: use that one.
      label = find(await provider.listLabels());
      if (!label) throw error;
    }
  }
  const row = toLabelRow(accountId, { id: label.id, name: label.name, type: 'user' });
  await db
    .insertInto('labels')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'id']).doUpdateSet({ name: row.name, name_key: row.name_key, type: row.type, id_key: row.id_key }))
    .execute();
  return label.id;
}
