import { BATCH_MESSAGES_PAGE_SIZE } from '@mailroom/contract';
import { notFound } from '../../errors.ts';
import { connectedAccountOf } from '../../providers/mailbox-access.ts';
import { SUMMARY_COLUMNS, summaryOf } from '../mail/index.ts';
import type { FnImpl } from '../registry.ts';
import { findBatch } from './repository.ts';

/**
 * What one bulk action covered, so /recovery can show the messages (and open one) before an undo:
 * the batch's undo records in the order the action changed them, each with the message as the
 * store has it now. Only the user's own, live (under 7 days) batches.
 */
export const listActionBatchMessages: FnImpl<'listActionBatchMessages'> = async (ctx, data) => {
  const account = await connectedAccountOf(ctx.db, ctx.principal.userId);
  const batch = account ? await findBatch(ctx.db, account.id, data.batchId) : null;
  if (!account || !batch || Number(batch.expires_at) <= ctx.clock.now()) throw notFound('No such action');
  const from = data.pageToken ? Number(data.pageToken) : 0;
  const rows = await ctx.db
    .selectFrom('action_batch_messages as bm')
    .leftJoin('messages as m', (join) => join.onRef('m.account_id', '=', 'bm.account_id').onRef('m.id', '=', 'bm.message_id'))
    .select(['bm.message_id', 'bm.state', 'bm.position', 'm.id as stored_id'])
    .select(SUMMARY_COLUMNS.filter((c) => c !== 'id').map((c) => `m.${c}` as const))
    .where('bm.account_id', '=', account.id)
    .where('bm.batch_id', '=', batch.id)
    .where('bm.position', '>=', from)
    .orderBy('bm.position')
    .limit(BATCH_MESSAGES_PAGE_SIZE + 1)
    .execute();
  const labels = await ctx.db.selectFrom('labels').select(['id', 'name']).where('account_id', '=', account.id).execute();
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));
  const page = rows.slice(0, BATCH_MESSAGES_PAGE_SIZE);
  const more = rows[BATCH_MESSAGES_PAGE_SIZE];
  return {
    messages: page.map((row) => ({
      messageId: row.message_id,
      state: row.state,
      email:
        row.stored_id === null || row.thread_id === null || row.label_ids === null || row.internal_date === null || row.from_addresses === null || row.subject === null
          ? null
          : summaryOf(
              {
                id: row.stored_id,
                thread_id: row.thread_id,
                label_ids: row.label_ids,
                internal_date: row.internal_date,
                from_addresses: row.from_addresses,
                subject: row.subject,
                snippet: row.snippet,
                has_attachment: row.has_attachment ?? 0,
              },
              labelNames,
            ),
    })),
    nextPageToken: more ? String(more.position) : null,
  };
};
