import { defineJob, derivedTable, type FeaturePlugin } from '../../platform/plugin.ts';
import { cancelSend } from './cancelSend.ts';
import { DELIVER_JOB, DELIVER_SWEEP_CRON, deliverDueSends, resumeDeliveries } from './delivery.ts';
import { discardDraft } from './discardDraft.ts';
import { registerDraftRoute } from './draft-route.ts';
import { getAiStatus } from './getAiStatus.ts';
import { getSend } from './getSend.ts';
import { listDrafts } from './listDrafts.ts';
import { retrySend } from './retrySend.ts';
import { sendMessage } from './sendMessage.ts';
import { anySent, LEARN_STYLE_JOB, learnStyleFor, relearnStyleSoon } from './style.ts';
import { suggestReplies } from './suggestReplies.ts';
import { testAi } from './testAi.ts';
import { warmReplyEngine } from './warm.ts';

/**
 * Smart replies, reply / reply all / forward, and sending with Undo (issue 15): suggestions from
 * the local engine, drafts from an optional model (streamed, route in draft-route.ts), the
 * outbox with its send job (delivery.ts), and the style profile learned from the user's sent
 * replies whenever sync sees new ones.
 */
export const repliesPlugin: FeaturePlugin = {
  name: 'replies',
  functions: { suggestReplies, sendMessage, cancelSend, getSend, listDrafts, retrySend, discardDraft, getAiStatus, testAi },
  routes: registerDraftRoute,
  jobs: [
    // No key: every send's own timer asks for a run; runs never collide (each send is claimed).
    defineJob<Record<string, never>>({
      name: DELIVER_JOB,
      retryLimit: 3,
      retryDelaySeconds: 5,
      handler: async (_data, _meta, services) => {
        const report = await deliverDueSends(services);
        if (report.sent + report.failed + report.reconciled + report.requeued > 0) services.log.info({ ...report }, 'outbox delivered');
      },
    }),
    defineJob<{ accountId: string }>({
      name: LEARN_STYLE_JOB,
      key: ({ accountId }) => accountId,
      retryLimit: 2,
      retryDelaySeconds: 30,
      handler: async ({ accountId }, _meta, services) => void (await learnStyleFor(services, accountId)),
    }),
  ],
  schedules: [{ job: DELIVER_JOB, cron: DELIVER_SWEEP_CRON }],
  derivedTables: [
    // What the user wrote waits here only until Gmail has it (then the body is deleted); a send
    // that failed stays as a draft, and like all derived data is gone after 30 days.
    derivedTable({ table: 'outgoing_messages', ageColumn: 'updated_at', description: 'replies waiting for the undo-send delay, and drafts of sends that failed' }),
    derivedTable({ table: 'reply_style_profiles', ageColumn: 'learned_at', description: 'the reply style learned from sent replies (greeting, sign-off, formality, length)' }),
    derivedTable({ table: 'reply_events', ageColumn: 'created_at', description: 'replies sent, and whether from a suggestion' }),
  ],
  onMessagesChanged: async (event, services) => {
    // New sent mail may change how the user writes: learn the style again (throttled, coalesced per account).
    if (event.added.length > 0 && (await anySent(services.db, event.accountId, event.added))) await relearnStyleSoon(services, event.accountId);
  },
  onReady: async (services) => {
    const ms = warmReplyEngine();
    if (ms > 0) services.log.debug({ ms: Math.round(ms) }, 'smart-reply engine warmed');
    await resumeDeliveries(services);
  },
};
