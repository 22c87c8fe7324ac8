import { ACTION_UNDO_WINDOW_MS, type InboxSplit, type PriorityActionName } from '@mailroom/contract';
import { scorePriority } from '@mailroom/intelligence/priority';
import { systemLabelBit } from '@mailroom/mail-query';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { FnError, invalidArgument } from '../../errors.ts';
import { requireConnectedAccount } from '../../providers/mailbox-access.ts';
import { heldForDigestCount, inboxGroups, shownInInboxFlow } from '../bundles/index.ts';
import { SUMMARY_COLUMNS, summaryOf, type MailCandidate, type ResolvedMailSource } from '../mail/index.ts';
import type { UserFnContext } from '../registry.ts';
import { currentState, INBOX_BIT, learn, modelSummary, recordActions, recordUndo, UNREAD_BIT, type PriorityDeps, type ModelSummary } from './model.ts';
import { MODEL_COLUMNS, toPriorityMessage } from './messages.ts';
import { LEARN_JOB, RESCORE_DELAY_MS } from './jobs.ts';

export const DEFAULT_INBOX_PAGE_SIZE = 50;

const TRASH_OR_SPAM = (systemLabelBit('TRASH') ?? 0) | (systemLabelBit('SPAM') ?? 0);
/** In the inbox and neither in Trash nor Spam (Gmail keeps INBOX on a message moved to Trash by a label change). */
const inInbox = sql<SqlBool>`(m.system_labels & ${sql.lit(INBOX_BIT)}) <> 0 and (m.system_labels & ${sql.lit(TRASH_OR_SPAM)}) = 0`;
const unread = sql<SqlBool>`(m.system_labels & ${sql.lit(UNREAD_BIT)}) <> 0`;

/**
 * The model's summary, learning first for a mailbox that has none yet (the first minute: every
 * message observed and scored). New mail afterwards is scored by the job sync's "messages
 * changed" starts, so a list shows it seconds after it arrives.
 */
export async function ensureLearned(deps: PriorityDeps, accountId: string): Promise<ModelSummary> {
  const summary = await modelSummary(deps.db, accountId);
  if (summary === null) return (await learn(deps, accountId, 'full')) ?? { threshold: 50, actionsLearned: 0, lastEffect: null };
  return summary;
}

interface InboxCursor {
  s: number;
  d: number;
  i: string;
  split: InboxSplit;
}

function encodeCursor(cursor: InboxCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

function decodeCursor(token: string, split: InboxSplit): InboxCursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const c = value as Partial<InboxCursor> | null;
  if (!c || typeof c !== 'object' || typeof c.s !== 'number' || typeof c.d !== 'number' || typeof c.i !== 'string' || c.split !== split) {
    throw invalidArgument('pageToken: not a page of this list (ask for the first page again)', { field: 'pageToken' });
  }
  return c as InboxCursor;
}

function inboxRows(db: Db, accountId: string) {
  return db
    .selectFrom('priority_scores as s')
    .innerJoin('messages as m', (join) => join.onRef('m.account_id', '=', 's.account_id').onRef('m.id', '=', 's.message_id'))
    .where('s.account_id', '=', accountId)
    .where(inInbox);
}

export interface InboxRequest {
  split: InboxSplit;
  pageToken?: string | undefined;
  pageSize?: number | undefined;
  unreadOnly?: boolean | undefined;
}

/** listInbox: the inbox by score (see the contract). */
export async function listInbox(ctx: UserFnContext, request: InboxRequest) {
  const { db } = ctx;
  const account = await requireConnectedAccount(db, ctx.principal.userId);
  const summary = await ensureLearned(ctx, account.id);
  const pageSize = request.pageSize ?? DEFAULT_INBOX_PAGE_SIZE;
  const cursor = request.pageToken ? decodeCursor(request.pageToken, request.split) : null;

  // The order comes from the index on (account, important, score, date, id); each row is
  // checked against the store's labels, so what an action or its undo changed shows at once.
  let query = inboxRows(db, account.id)
    .select(SUMMARY_COLUMNS.map((c) => `m.${c}` as const))
    .select(['s.score', 's.important', 's.reason', 's.internal_date as rank_date'])
    .orderBy('s.score', 'desc')
    .orderBy('s.internal_date', 'desc')
    .orderBy('s.message_id', 'desc')
    .limit(pageSize + 1)
    // Bundles grouped into one row or held for the digest (issue 19) leave their unimportant mail out.
    .where(shownInInboxFlow);
  if (request.split !== 'all') query = query.where('s.important', '=', request.split === 'important' ? 1 : 0);
  if (request.unreadOnly) query = query.where(unread);
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('s.score', '<', cursor.s),
        eb.and([eb('s.score', '=', cursor.s), eb('s.internal_date', '<', cursor.d)]),
        eb.and([eb('s.score', '=', cursor.s), eb('s.internal_date', '=', cursor.d), eb('s.message_id', '<', cursor.i)]),
      ]),
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);

  const counts = { important: 0, other: 0 };
  const counted = request.unreadOnly
    ? await inboxRows(db, account.id).where(unread).select(['s.important', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('s.important').execute()
    : await db
        .selectFrom('priority_scores')
        .select(['important', (eb) => eb.fn.countAll<number>().as('n')])
        .where('account_id', '=', account.id)
        .where('inbox', '=', 1)
        .groupBy('important')
        .execute();
  // The counts come from the model's view of the labels (it follows an action at once, an undo or
  // a change in Gmail with the next learning step, seconds later).
  for (const row of counted) counts[Number(row.important) === 1 ? 'important' : 'other'] = Number(row.n);
  // Mail held for the digest is not in the inbox view (grouped mail is, in its bundle's row).
  counts.other = Math.max(0, counts.other - (await heldForDigestCount(db, account.id, { unreadOnly: request.unreadOnly })));
  // Grouped bundles' mail is counted in its tab but listed in the bundle's row, not among the messages.
  const groups = !cursor && request.split !== 'important' ? await inboxGroups(db, account.id) : [];
  const grouped = groups.reduce((sum, g) => sum + (request.unreadOnly ? g.unreadCount : g.count), 0);

  // Shown: a message left untouched for a day after this is learned as ignored.
  const shown = page.map((r) => r.id);
  if (shown.length > 0) {
    await db.updateTable('priority_scores').set({ shown_at: ctx.clock.now() }).where('account_id', '=', account.id).where('message_id', 'in', shown).where('shown_at', 'is', null).execute();
  }

  const labels = await db.selectFrom('labels').select(['id', 'name']).where('account_id', '=', account.id).execute();
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));
  return {
    messages: page.map((r) => ({ ...summaryOf(r, labelNames), priority: { score: Number(r.score), important: Number(r.important) === 1, reason: r.reason } })),
    nextPageToken: rows.length > pageSize && last ? encodeCursor({ s: Number(last.score), d: Number(last.rank_date), i: last.id, split: request.split }) : null,
    total: cursor ? null : Math.max(0, (request.split === 'all' ? counts.important + counts.other : counts[request.split]) - grouped),
    groups: request.unreadOnly ? [] : groups,
    counts,
    threshold: summary.threshold,
    learnedActions: summary.actionsLearned,
    lastEffect: summary.lastEffect,
  };
}

async function requireMessage(db: Db, accountId: string, messageId: string) {
  const row = await db.selectFrom('messages').select(MODEL_COLUMNS).where('account_id', '=', accountId).where('id', '=', messageId).executeTakeFirst();
  if (!row) throw new FnError('NOT_FOUND', 'No such message in your mailbox');
  return row;
}

/** explainPriority: the score with its reasons, as the model sees the message now. */
export async function explainPriority(ctx: UserFnContext, messageId: string) {
  const { db } = ctx;
  const account = await requireConnectedAccount(db, ctx.principal.userId);
  const row = await requireMessage(db, account.id, messageId);
  const summary = await ensureLearned(ctx, account.id);
  const state = await currentState(ctx, account.id);
  const labels = await db.selectFrom('labels').select(['id', 'name']).where('account_id', '=', account.id).where('type', '=', 'user').execute();
  const result = scorePriority(state, toPriorityMessage(row), { now: ctx.clock.now(), labels });
  return {
    messageId,
    score: result.score,
    threshold: Math.ceil(result.threshold),
    important: result.important,
    contributions: result.contributions.map((c) => ({ reason: c.reason, text: c.text, weight: Math.round(c.logit * 100) / 100 })),
    learnedActions: summary.actionsLearned,
  };
}

/** recordFeedback: learn one act on one message now (or take the latest back), and say what it changed. */
export async function recordFeedback(ctx: UserFnContext, messageId: string, action: PriorityActionName, undo = false) {
  const { db } = ctx;
  const account = await requireConnectedAccount(db, ctx.principal.userId);
  await requireMessage(db, account.id, messageId);
  const before = await modelSummary(db, account.id);
  const now = ctx.clock.now();
  if (undo) await recordUndo(db, account.id, [messageId], action, now - ACTION_UNDO_WINDOW_MS, now, { once: true });
  else await recordActions(db, account.id, [{ messageId, action }], 'mailroom', now);
  const summary = (await learn(ctx, account.id, 'related')) ?? { threshold: 50, actionsLearned: 0, lastEffect: null };
  // What the step did not re-score follows in the background.
  if (summary.needsFullRescore) await ctx.jobs.enqueue(LEARN_JOB, { accountId: account.id }, { delayMs: RESCORE_DELAY_MS });
  const score = await db.selectFrom('priority_scores').select(['score', 'important']).where('account_id', '=', account.id).where('message_id', '=', messageId).executeTakeFirst();
  return {
    messageId,
    score: Number(score?.score ?? 0),
    important: Number(score?.important ?? 0) === 1,
    threshold: summary.threshold,
    // An undo says nothing new about the sender: the answer's score shows where the message is again.
    effect: !undo && (summary.lastEffect !== before?.lastEffect || summary.actionsLearned !== before?.actionsLearned) ? summary.lastEffect : null,
  };
}

/** The inbox by priority as a mail source: "select all" in Inbox Flow's tab acts on the tab's messages now. */
export async function inboxSource(ctx: { db: Db; userId: string }, split: InboxSplit): Promise<ResolvedMailSource> {
  return {
    categoryId: null,
    categoryName: null,
    messages: async (mailbox, limit): Promise<MailCandidate[]> => {
      let query = inboxRows(mailbox.db, mailbox.accountId)
        .select(['m.id', 'm.label_ids'])
        .orderBy('s.score', 'desc')
        .orderBy('s.internal_date', 'desc')
        .orderBy('s.message_id', 'desc')
        .limit(limit + 1)
        .where(shownInInboxFlow);
      if (split !== 'all') query = query.where('s.important', '=', split === 'important' ? 1 : 0);
      const rows = await query.execute();
      return rows.map((r) => ({ id: r.id, labelIds: JSON.parse(r.label_ids) as string[] }));
    },
  };
}
