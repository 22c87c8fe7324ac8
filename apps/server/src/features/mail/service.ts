import type { MailAction, MailTarget } from '@mailroom/contract';
import { requireWriteScope } from '../../auth/gmail-scopes.ts';
import { failedPrecondition } from '../../errors.ts';
import { requireConnectedAccount, requireProvider } from '../../providers/mailbox-access.ts';
import { startActionBatch, type StartedBatch } from '../recovery/index.ts';
import type { UserFnContext } from '../registry.ts';
import { labelChangeFor } from './actions.ts';
import { mailActed } from './acted.ts';
import { resolveMailSource } from './sources.ts';
import { targetMessages } from './targets.ts';

/**
 * One message action on a target, from any view. In this order: the source must be the user's
 * (NOT_FOUND otherwise, before anything else is said), Gmail must be connected with the write
 * scope (FAILED_PRECONDITION WRITE_SCOPE_REQUIRED, which the web turns into an incremental
 * grant), the messages are resolved (named ids must be in the user's mailbox), and only then
 * is the batch recorded, each message's labels from before it, and Gmail changed (recovery's
 * batch machinery: batchModify chunks, a job above 1,000, undo for 7 days).
 */
export async function modifyMail(ctx: UserFnContext, target: MailTarget, action: MailAction): Promise<StartedBatch> {
  const { db } = ctx;
  const source = await resolveMailSource({ db, userId: ctx.principal.userId }, target.source);
  const account = await requireConnectedAccount(db, ctx.principal.userId);
  requireWriteScope(account);
  const provider = await requireProvider(ctx.providers, account);
  const mailbox = { db, accountId: account.id, provider, now: new Date() };

  const messages = await targetMessages(mailbox, source, target);
  if (messages.length === 0) throw failedPrecondition('NO_MESSAGES', 'There are no messages here to act on.');
  const change = await labelChangeFor(mailbox, action);
  const started = await startActionBatch(ctx, provider, {
    accountId: account.id,
    kind: action,
    categoryId: source.categoryId,
    categoryName: source.categoryName,
    change,
    messages,
  });
  await mailActed(ctx, { accountId: account.id, action, messageIds: messages.map((m) => m.id), status: started.status });
  return started;
}
