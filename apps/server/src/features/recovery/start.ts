import type { FnParsedRequest } from '@mailroom/contract';
import { requireWriteScope } from '../../auth/gmail-scopes.ts';
import { INLINE_BATCH_LIMIT, MAX_BATCH_MESSAGES } from '../../constants/recovery.ts';
import type { Db } from '../../db/database.ts';
import { FnError } from '../../http/errors.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { requireConnectedAccount, requireProvider, toFnError, viaProvider } from '../../providers/mailbox-access.ts';
import { accountLabels, compileCategoryQuery, requireCategory, type CategoryRow } from '../categories/index.ts';
import type { UserFnContext } from '../registry.ts';
import type { LabelChange } from './changes.ts';
import { enqueueBatch } from './jobs.ts';
import { ensureQuarantineLabel } from './quarantine-label.ts';
import { recordBatch, type BatchKind, type BatchRow } from './repository.ts';
import { describeError, isRetryableFailure, markStopped, runBatch } from './runner.ts';

type Target = FnParsedRequest<'quarantineEmails'>;
type Candidate = { id: string; labelIds: string[] };

const IN_LIST = 500;

function tooLarge(): FnError {
  return new FnError('FAILED_PRECONDITION', `One action can take at most ${MAX_BATCH_MESSAGES.toLocaleString('en')} messages; narrow the category’s query.`, {
    reason: 'BATCH_TOO_LARGE',
    limit: MAX_BATCH_MESSAGES,
  });
}

/** Labels as they are now, from the store; ids it lacks (not synced yet) from Gmail. Unknown ids are left out. */
async function currentLabels(db: Db, accountId: string, provider: MailProvider, ids: readonly string[]): Promise<Map<string, string[]>> {
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

/** Every message the category's query matches now (store or Gmail search, as getCategoryEmails). */
async function categoryMatches(db: Db, accountId: string, provider: MailProvider, category: CategoryRow): Promise<Candidate[]> {
  const compiled = compileCategoryQuery(category.query, { now: new Date(), labels: await accountLabels(db, accountId) });
  if (compiled.source === 'store') {
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'label_ids'])
      .where('account_id', '=', accountId)
      .where(compiled.where)
      .orderBy('internal_date', 'desc')
      .orderBy('id', 'desc')
      .limit(MAX_BATCH_MESSAGES + 1)
      .execute();
    if (rows.length > MAX_BATCH_MESSAGES) throw tooLarge();
    return rows.map((r) => ({ id: r.id, labelIds: JSON.parse(r.label_ids) as string[] }));
  }
  const ids: string[] = [];
  let pageToken: string | null = null;
  do {
    const page = await viaProvider(() => provider.listMessageIds({ q: compiled.gmailQuery, maxResults: 500, pageToken }));
    ids.push(...page.messages.map((m) => m.id));
    if (ids.length > MAX_BATCH_MESSAGES) throw tooLarge();
    pageToken = page.nextPageToken;
  } while (pageToken);
  const labels = await currentLabels(db, accountId, provider, ids);
  return ids.flatMap((id) => (labels.has(id) ? [{ id, labelIds: labels.get(id)! }] : []));
}

/** The named messages; any that is not in the user's mailbox answers NOT_FOUND (someone else's included). */
async function namedMessages(db: Db, accountId: string, provider: MailProvider, messageIds: readonly string[]): Promise<Candidate[]> {
  const ids = [...new Set(messageIds)];
  const labels = await currentLabels(db, accountId, provider, ids);
  const missing = ids.filter((id) => !labels.has(id));
  if (missing.length > 0) throw new FnError('NOT_FOUND', `No such message in your mailbox: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''}`);
  return ids.map((id) => ({ id, labelIds: labels.get(id)! }));
}

/**
 * A bulk action: checks (category, write scope), records the batch with every message's labels
 * from before, then changes Gmail. Up to INLINE_BATCH_LIMIT messages are changed before the
 * answer; larger batches, and small ones whose Gmail call failed after the provider's own
 * retries, carry on in a job (status `running`, progress in listActionBatches).
 */
export async function startBatch(ctx: UserFnContext, kind: BatchKind, target: Target): Promise<{ batchId: string; count: number; status: 'done' | 'running' }> {
  const { db } = ctx;
  const category = await requireCategory(db, ctx.principal.userId, target.categoryId);
  const account = await requireConnectedAccount(db, ctx.principal.userId);
  requireWriteScope(account);
  const provider = await requireProvider(ctx.providers, account);

  const messages = target.all
    ? await categoryMatches(db, account.id, provider, category)
    : await namedMessages(db, account.id, provider, target.messageIds ?? []);
  if (messages.length === 0) {
    throw new FnError('FAILED_PRECONDITION', 'The category has no messages to act on.', { reason: 'NO_MESSAGES' });
  }
  let change: LabelChange;
  if (kind === 'quarantine') {
    const quarantine = await viaProvider(() => ensureQuarantineLabel(db, account.id, provider));
    change = { add: [quarantine], remove: ['INBOX'] };
  } else {
    // Gmail's trash, never permanent deletion: messages stay recoverable in Gmail for 30 days too.
    change = { add: ['TRASH'], remove: [] };
  }
  const batch = await recordBatch(db, { accountId: account.id, kind, categoryId: category.id, categoryName: category.name, change, messages });
  const status = await carryOn(ctx, provider, batch, messages.length);
  return { batchId: batch.id, count: messages.length, status };
}

/**
 * Runs a batch (apply or undo) now when small, else in a job. A failure retrying can fix goes to
 * the job; one it cannot (revoked grant, scope taken away) stops the batch and is reported.
 */
export async function carryOn(ctx: UserFnContext, provider: MailProvider, batch: BatchRow, size: number): Promise<'done' | 'running'> {
  if (size > INLINE_BATCH_LIMIT) {
    await queue(ctx, batch);
    return 'running';
  }
  try {
    await runBatch({ db: ctx.db, provider }, batch.id);
    return 'done';
  } catch (error) {
    if (!isRetryableFailure(error)) {
      await markStopped(ctx.db, batch, error);
      throw toFnError(error);
    }
    ctx.log.warn({ err: error, batchId: batch.id }, 'action batch continues in a job after a Gmail failure');
    await ctx.db.updateTable('action_batches').set({ error: `${describeError(error)} (retrying)` }).where('id', '=', batch.id).execute();
    await queue(ctx, batch);
    return 'running';
  }
}

async function queue(ctx: UserFnContext, batch: BatchRow): Promise<void> {
  try {
    await enqueueBatch(ctx.jobs, batch.id);
  } catch (error) {
    await markStopped(ctx.db, batch, error);
    ctx.log.error({ err: error, batchId: batch.id }, 'could not queue an action batch');
    throw new FnError('UNAVAILABLE', 'The action could not be queued; what was done so far can be undone from Recovery.');
  }
}
