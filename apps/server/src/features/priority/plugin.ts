import { defineJob, derivedTable, type FeaturePlugin } from '../../platform/plugin.ts';
import type { AppServices } from '../../platform/services.ts';
import { onMailActed, registerMailSources, type MailActed, type MailSourceResolvers } from '../mail/index.ts';
import { registerNewMailJudge } from '../notifications/index.ts';
import { onBatchUndone, type BatchUndone, type UndoServices } from '../recovery/index.ts';
import type { UserFnContext } from '../registry.ts';
import { explainPriority } from './explainPriority.ts';
import { LEARN_JOB, RESCORE_DELAY_MS } from './jobs.ts';
import { listInbox } from './listInbox.ts';
import { importantAmong, learn, modelSummary, recordActions, recordUndo } from './model.ts';
import { recordFeedback } from './recordFeedback.ts';
import { inboxSource } from './service.ts';
import { ACTION_OF_MAIL_ACTION } from './signals.ts';

const SWEEP_JOB = 'priority.sweep';

/** Explicit acts are recorded one by one up to this many messages; a larger action is read from its label changes. */
const EXPLICIT_LIMIT = 1000;

const learnJob = defineJob<{ accountId: string }>({
  name: LEARN_JOB,
  // One writer per account: a burst of sync pages coalesces into one follow-up step.
  key: (data) => data.accountId,
  handler: async (data, _meta, services) => void (await learn(services, data.accountId, 'full')),
});

/** Inbox Flow's tabs as a mail source ("select all" acts on the tab as the server ranks it now). */
const inboxMailSources: MailSourceResolvers = { inbox: (ctx, source) => inboxSource(ctx, source.split) };

/** Hourly: every account with a model learns what a day of lists left untouched ("ignored"). */
const sweepJob = defineJob<Record<string, never>>({
  name: SWEEP_JOB,
  handler: async (_data, _meta, services) => {
    const accounts = await services.db.selectFrom('priority_models').select('account_id').execute();
    for (const { account_id } of accounts) await services.jobs.enqueue(LEARN_JOB, { accountId: account_id });
  },
});

/**
 * Priority (issue 13): a score 0–100 for every message from a model each user teaches by what
 * they do (packages/intelligence/priority), Inbox Flow's list (listInbox with its Important /
 * Other split), explanations, explicit feedback. Model state, scores and the action log are
 * derived data (30 days; log rows are folded into the model before they go). Sync's "messages
 * changed" and every Mailroom action start a learning step; listInbox scores what is new first,
 * so a mailbox ranks from its first sync.
 */
export const priorityPlugin: FeaturePlugin = {
  name: 'priority',
  functions: { listInbox, explainPriority, recordFeedback },
  jobs: [learnJob, sweepJob],
  schedules: [{ job: SWEEP_JOB, cron: '17 * * * *' }],
  derivedTables: [
    derivedTable({ table: 'priority_models', ageColumn: 'updated_at', description: 'learned priority models (one per mailbox)' }),
    derivedTable({ table: 'priority_scores', ageColumn: 'scored_at', description: 'priority scores and reasons of messages' }),
    derivedTable({
      table: 'priority_actions',
      ageColumn: 'at',
      description: 'the priority action log (what the user did with messages)',
      // Entries still waiting are folded into the models before the old rows go.
      beforeExpiry: async (cutoff, services) => {
        const waiting = await services.db.selectFrom('priority_actions').select('account_id').distinct().where('at', '<', cutoff).where('learned_at', 'is', null).execute();
        for (const { account_id } of waiting) await learn(services, account_id);
      },
    }),
  ],
  onMessagesChanged: async (event, services) => void (await services.jobs.enqueue(LEARN_JOB, { accountId: event.accountId })),
  setup: () => {
    registerMailSources(inboxMailSources);
    onMailActed(mailActedListener);
    onBatchUndone(batchUndoneListener);
    registerNewMailJudge(newMailJudge);
  },
};

/** Every Mailroom action teaches the model at once, so the list re-ranks when it is read again. */
async function mailActedListener(ctx: UserFnContext, acted: MailActed): Promise<void> {
  const action = ACTION_OF_MAIL_ACTION[acted.action];
  // Label changes a running batch makes are read from the store once it mirrors them.
  if (action && acted.status === 'done' && acted.messageIds.length <= EXPLICIT_LIMIT) {
    await recordActions(ctx.db, acted.accountId, acted.messageIds.map((messageId) => ({ messageId, action })), 'mailroom', ctx.clock.now());
  }
  try {
    // A mailbox without a model yet (Inbox Flow never opened) is built by the job, not in the action's request.
    if (await modelSummary(ctx.db, acted.accountId)) await learn(ctx, acted.accountId, 'related');
  } catch (error) {
    ctx.log.warn({ err: error }, 'priority learning after an action failed; the job learns it');
  }
  // The rest of the mailbox (and what a batch still running changes) follows in the background.
  await ctx.jobs.enqueue(LEARN_JOB, { accountId: acted.accountId }, { delayMs: RESCORE_DELAY_MS });
}

/**
 * An undo puts labels back, and takes back what the action taught: each learned action of the
 * batch is retracted (the sender's other mail ranks as before), and those messages are
 * re-scored at once (Inbox Flow's counts follow).
 */
async function batchUndoneListener(ctx: UndoServices, undone: BatchUndone): Promise<void> {
  const action = ACTION_OF_MAIL_ACTION[undone.action];
  if (action) await recordUndo(ctx.db, undone.accountId, undone.messageIds, action, undone.startedAt, ctx.clock.now());
  await learn(ctx, undone.accountId, 'related', undone.messageIds);
  // What else the retraction moves follows in the background.
  await ctx.jobs.enqueue(LEARN_JOB, { accountId: undone.accountId }, { delayMs: RESCORE_DELAY_MS });
}

/**
 * Notifications' "new important mail" (issue 20): the messages the user's model puts at or above
 * their threshold, scored as they arrive (the learning job may not have seen them yet). No model
 * yet (Inbox Flow never opened, nothing learned): null, and notifications use their own rule.
 */
async function newMailJudge(services: AppServices, accountId: string, messageIds: readonly string[]): Promise<ReadonlySet<string> | null> {
  return importantAmong(services, accountId, messageIds);
}
