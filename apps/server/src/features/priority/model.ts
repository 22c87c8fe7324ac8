import crypto from 'node:crypto';
import {
  addSelfAddress,
  createPriorityState,
  isImportant,
  parsePriorityState,
  priorityScore,
  scorePriority,
  serialisePriorityState,
  update,
  type PriorityAction,
  type PriorityMessage,
  type PriorityState,
} from '@mailroom/intelligence/priority';
import { isPriorityAction } from '@mailroom/intelligence/priority';
import { labelKey, systemLabelBit } from '@mailroom/mail-query';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { Clock } from '../../clock.ts';
import { QUARANTINE_LABEL_NAME } from '../../constants/recovery.ts';
import type { Db } from '../../db/database.ts';
import { takeTurn } from '../../db/take-turn.ts';
import { userTimeZone } from '../settings/index.ts';
import { MODEL_COLUMNS, toPriorityMessage, type ModelRow } from './messages.ts';
import { actionsFromLabels } from './signals.ts';

/**
 * The server side of the priority model (packages/intelligence/priority): one learned state per
 * mail account, kept as derived data, brought up to date by `learn` — the one place that
 * writes it. `learn` observes messages the model has not seen yet (sync's new mail; the
 * user's own sent mail builds the address book, and a sent reply teaches "reply" on the message
 * it answers), reads what the user did from label changes since the model last looked (sync's
 * relabelled mail, and Mailroom's actions mirrored into the store), applies the action log's
 * pending entries (explicit acts recorded by Mailroom), learns "ignored" for mail shown a day
 * ago and left unread, and re-scores. One writer at a time per account: the model row carries
 * a version, a write against a stale one starts over (so a job, a request and another worker
 * never interleave two users' steps or lose one).
 */

export interface PriorityDeps {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
}

export interface ModelSummary {
  threshold: number;
  actionsLearned: number;
  lastEffect: string | null;
  /** Only part of the mailbox was re-scored: the background job should re-score the rest. */
  needsFullRescore?: boolean;
}

const DAY_MS = 86_400_000;
/** Rows per statement (well under both engines' parameter limits). */
const CHUNK = 200;
const MAX_ATTEMPTS = 5;

const INBOX_BIT = systemLabelBit('INBOX')!;
const UNREAD_BIT = systemLabelBit('UNREAD')!;

class VersionConflict extends Error {}

interface StoredModel {
  state: PriorityState | null;
  version: number;
  updatedAt: number;
  rescoredAt: number;
  actionsLearned: number;
  lastEffect: string | null;
  threshold: number;
}

/**
 * Parsed states, by account, for the version stored: a learning step, an explanation or the
 * new-mail judge reads the model row's version (a few numbers) and parses the state's JSON (up
 * to ~1.5 MB) only when another writer changed it since. A step mutates the cached state in
 * place: the entry is replaced after its write commits and dropped if the step fails, so a
 * cached state is always exactly the stored one. Bounded (least recently used go first).
 */
const stateCache = new Map<string, { version: number; state: PriorityState }>();
const STATE_CACHE_SIZE = 32;

function cacheState(accountId: string, version: number, state: PriorityState): void {
  stateCache.delete(accountId);
  stateCache.set(accountId, { version, state });
  while (stateCache.size > STATE_CACHE_SIZE) stateCache.delete(stateCache.keys().next().value as string);
}

/** Forgets the cached states (tests that edit model rows by hand). */
export function clearPriorityStateCache(): void {
  stateCache.clear();
}

const SUMMARY_FIELDS = ['version', 'updated_at', 'rescored_at', 'actions_learned', 'last_effect', 'threshold'] as const;

async function loadModel(deps: PriorityDeps, accountId: string): Promise<StoredModel | null> {
  const row = await deps.db.selectFrom('priority_models').select(SUMMARY_FIELDS).where('account_id', '=', accountId).executeTakeFirst();
  if (!row) return null;
  const version = Number(row.version);
  const summary = { version, updatedAt: Number(row.updated_at), rescoredAt: Number(row.rescored_at), actionsLearned: Number(row.actions_learned), lastEffect: row.last_effect, threshold: Number(row.threshold) };
  const cached = stateCache.get(accountId);
  if (cached?.version === version) {
    cacheState(accountId, version, cached.state);
    return { state: cached.state, ...summary };
  }
  const stored = await deps.db.selectFrom('priority_models').select(['state', 'version']).where('account_id', '=', accountId).executeTakeFirst();
  if (!stored) return null;
  let state: PriorityState | null = null;
  try {
    state = parsePriorityState(JSON.parse(stored.state) as unknown);
    cacheState(accountId, Number(stored.version), state);
  } catch (error) {
    // A state this version cannot read is rebuilt from the store and the remaining action log.
    deps.log?.warn({ err: error, accountId }, 'priority model state unreadable; rebuilding it');
  }
  // Another writer may have written between the two reads: the version is the state's.
  return { state, ...summary, version: Number(stored.version) };
}

/** The model's summary without learning anything (null before the first learning step). */
export async function modelSummary(db: Db, accountId: string): Promise<ModelSummary | null> {
  const row = await db.selectFrom('priority_models').select(['threshold', 'actions_learned', 'last_effect']).where('account_id', '=', accountId).executeTakeFirst();
  return row ? { threshold: Number(row.threshold), actionsLearned: Number(row.actions_learned), lastEffect: row.last_effect } : null;
}

/** The account's state as learned so far (learning first if needed), for explanations. */
export async function currentState(deps: PriorityDeps, accountId: string): Promise<PriorityState> {
  const stored = await loadModel(deps, accountId);
  if (stored?.state) return stored.state;
  await learn(deps, accountId);
  const again = await loadModel(deps, accountId);
  if (!again?.state) throw new Error('priority model missing after learning');
  return again.state;
}

/**
 * Which of `messageIds` the account's model puts on the Important side now (scored from the
 * model as learned, whether or not a learning step has seen them); null without a model.
 */
export async function importantAmong(deps: PriorityDeps, accountId: string, messageIds: readonly string[]): Promise<Set<string> | null> {
  const stored = await loadModel(deps, accountId);
  if (!stored?.state) return null;
  const now = deps.clock.now();
  const important = new Set<string>();
  for (const row of await modelRows(deps.db, accountId, messageIds)) {
    if (isImportant(stored.state, priorityScore(stored.state, toPriorityMessage(row), now))) important.add(row.id);
  }
  return important;
}

/** Records actions in the log, to be learned by the next `learn` (which the caller runs or queues). */
export async function recordActions(
  db: Db,
  accountId: string,
  entries: ReadonlyArray<{ messageId: string; action: PriorityAction }>,
  source: 'mailroom' | 'sync' | 'list',
  at: number,
): Promise<void> {
  for (let i = 0; i < entries.length; i += CHUNK) {
    await db
      .insertInto('priority_actions')
      .values(
        entries.slice(i, i + CHUNK).map((e) => ({ id: crypto.randomUUID(), account_id: accountId, message_id: e.messageId, action: e.action, source, at, learned_at: null })),
      )
      .execute();
  }
}

/**
 * An undo (recovery's action batch put the messages' labels back): each action the batch taught
 * the model — recorded by Mailroom, or read from the batch's label changes by sync — gets an
 * `undo` entry in the log, which the next `learn` applies as a retraction (or, when the action
 * was not learned yet, by leaving both out). Only actions since the batch started count, and
 * each once however often the undo is reported. recordFeedback's undo takes back one.
 */
export async function recordUndo(
  db: Db,
  accountId: string,
  messageIds: readonly string[],
  action: PriorityAction,
  since: number,
  at: number,
  options: { once?: boolean } = {},
): Promise<number> {
  let recorded = 0;
  for (const part of inChunks([...new Set(messageIds)])) {
    const rows = await db
      .selectFrom('priority_actions')
      .select(['message_id', 'source'])
      .where('account_id', '=', accountId)
      .where('message_id', 'in', part)
      .where('action', '=', action)
      .where('at', '>=', since)
      .execute();
    const balance = new Map<string, number>();
    for (const row of rows) balance.set(row.message_id, (balance.get(row.message_id) ?? 0) + (row.source === 'undo' ? -1 : 1));
    // `once`: the latest act only (the reading pane's feedback, taken back one at a time).
    const entries = [...balance].flatMap(([messageId, n]) => Array.from({ length: Math.max(0, options.once ? Math.min(n, 1) : n) }, () => messageId));
    if (entries.length === 0) continue;
    await db
      .insertInto('priority_actions')
      .values(entries.map((messageId) => ({ id: crypto.randomUUID(), account_id: accountId, message_id: messageId, action, source: 'undo', at, learned_at: null })))
      .execute();
    recorded += entries.length;
  }
  return recorded;
}

/**
 * How far apart in time sync's reading of a label change and Mailroom's record of the act that
 * made it can be: the background step that read it may have started a while before the action,
 * and the action's Gmail calls may have been retried with backoff before it was recorded.
 */
const SAME_ACT_MS = 120_000;

/**
 * Mailroom's explicit acts (pending `mailroom` entries) whose label change a background step
 * has learned already, as `sync`: the step read the store between the action's write of the
 * labels and the listener's record of the act (a loaded server, or a job that was due just then).
 * It is one act, not two: each such entry maps to the learned `sync` entry of the same message
 * and action within SAME_ACT_MS (each taken once), and the time to log that one at (the later).
 */
async function actsSyncLearnedAlready(
  db: Db,
  accountId: string,
  pending: ReadonlyArray<{ id: string; message_id: string; action: string; source: string; at: number | string }>,
): Promise<Map<string, { syncId: string; at: number }>> {
  const merged = new Map<string, { syncId: string; at: number }>();
  const acts = pending.filter((row) => row.source === 'mailroom');
  if (acts.length === 0) return merged;
  const earliest = Math.min(...acts.map((row) => Number(row.at))) - SAME_ACT_MS;
  const learned: Array<{ id: string; message_id: string; action: string; at: number }> = [];
  for (const part of inChunks([...new Set(acts.map((row) => row.message_id))])) {
    const rows = await db
      .selectFrom('priority_actions')
      .select(['id', 'message_id', 'action', 'at'])
      .where('account_id', '=', accountId)
      .where('source', '=', 'sync')
      .where('learned_at', 'is not', null)
      .where('at', '>=', earliest)
      .where('message_id', 'in', part)
      .execute();
    learned.push(...rows.map((row) => ({ ...row, at: Number(row.at) })));
  }
  const taken = new Set<string>();
  for (const act of acts) {
    const at = Number(act.at);
    const same = learned.find((row) => !taken.has(row.id) && row.message_id === act.message_id && row.action === act.action && Math.abs(row.at - at) <= SAME_ACT_MS);
    if (!same) continue;
    taken.add(same.id);
    merged.set(act.id, { syncId: same.id, at: Math.max(at, same.at) });
  }
  return merged;
}

/**
 * `related`: re-score at once only what the step touches (new and relabelled mail, and the mail
 * related to what was learned), for answers right after an action; `full`: every message, as the
 * background job does after such steps (and for a new model).
 */
export type LearnScope = 'related' | 'full';

/** Brings the account's model and scores up to date (see above); retries when another writer got there first. */
export async function learn(deps: PriorityDeps, accountId: string, scope: LearnScope = 'full', rescore: readonly string[] = []): Promise<ModelSummary | null> {
  // In this process, one step at a time per account (the version check covers other processes).
  const previous = learning.get(accountId) ?? Promise.resolve();
  const step = previous.catch(() => undefined).then(() => learnWithRetries(deps, accountId, scope, rescore));
  learning.set(accountId, step);
  try {
    return await step;
  } finally {
    if (learning.get(accountId) === step) learning.delete(accountId);
  }
}

const learning = new Map<string, Promise<unknown>>();

async function learnWithRetries(deps: PriorityDeps, accountId: string, scope: LearnScope, rescore: readonly string[]): Promise<ModelSummary | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await learnOnce(deps, accountId, scope, rescore);
    } catch (error) {
      // The step changed the cached state in place before its write failed.
      stateCache.delete(accountId);
      if (!(error instanceof VersionConflict) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

interface PlannedAction {
  /** The log row, when the action was recorded before this step. */
  logId: string | null;
  messageId: string;
  action: PriorityAction;
  at: number;
  source: 'mailroom' | 'sync' | 'list' | 'undo';
}

const senderKey = (m: PriorityMessage) => m.from[0]?.address.trim().toLowerCase() ?? '';
const senderLabel = (m: PriorityMessage) => m.from[0]?.name?.trim() || m.from[0]?.address || 'this sender';

type ScoreRow = { message_id: string; score: number; important: number; reason: string; labels_seen: string; inbox: number; internal_date: number };

function inChunks<T>(items: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) parts.push(items.slice(i, i + CHUNK));
  return parts;
}

async function modelRows(db: Db, accountId: string, ids: readonly string[]): Promise<ModelRow[]> {
  const rows: ModelRow[] = [];
  for (const part of inChunks([...new Set(ids)])) {
    rows.push(...(await db.selectFrom('messages').select(MODEL_COLUMNS).where('account_id', '=', accountId).where('id', 'in', part).execute()));
  }
  return rows;
}

/** Rows per page when a whole mailbox is read (allModelRows). */
const PAGE = 2000;

/**
 * Every message of the account in arrival order, a page at a time: one query for a whole mailbox
 * held the server for 185 ms on 100,000 messages (SQLite answers synchronously), pages of PAGE
 * let requests in between (each query takes its turn, take-turn.ts).
 */
async function allModelRows(db: Db, accountId: string): Promise<ModelRow[]> {
  const rows: ModelRow[] = [];
  let after: ModelRow | undefined;
  for (;;) {
    let query = db.selectFrom('messages').select(MODEL_COLUMNS).where('account_id', '=', accountId);
    if (after) {
      const { internal_date: date, id } = after;
      query = query.where((eb) => eb(eb.refTuple('internal_date', 'id'), '>', eb.tuple(date, id)));
    }
    const page = await query.orderBy('internal_date').orderBy('id').limit(PAGE).execute();
    rows.push(...page);
    if (page.length < PAGE) return rows;
    after = page[page.length - 1];
  }
}

async function scoreRowsOf(db: Db, accountId: string, ids: readonly string[] | null): Promise<Map<string, ScoreRow>> {
  const columns = ['message_id', 'score', 'important', 'reason', 'labels_seen', 'inbox', 'internal_date'] as const;
  const base = db.selectFrom('priority_scores').select(columns).where('account_id', '=', accountId);
  const rows = ids === null ? await base.execute() : (await Promise.all(inChunks([...new Set(ids)]).map((part) => base.where('message_id', 'in', part).execute()))).flat();
  return new Map(rows.map((r) => [r.message_id, r]));
}

/**
 * The mail an action on `messages` moves most: the same sender, the sender's domain, the same
 * list and the same thread. A step after an action re-scores these at once (the list re-ranks
 * when it is read again); the rest of the mailbox follows in the background (`full`).
 */
async function relatedIds(db: Db, accountId: string, messages: readonly PriorityMessage[]): Promise<string[]> {
  const senders = new Set<string>();
  const lists = new Set<string>();
  const threads = new Set<string>();
  for (const m of messages) {
    const address = senderKey(m);
    if (address) senders.add(address);
    if (m.listId) lists.add(m.listId);
    threads.add(m.threadId);
  }
  const ids = new Set<string>();
  const collect = async (where: (qb: ReturnType<typeof related>) => ReturnType<typeof related>) => {
    for (const row of await where(related()).execute()) ids.add(row.id);
  };
  const related = () => db.selectFrom('messages').select('id').where('account_id', '=', accountId).orderBy('internal_date', 'desc').limit(RELATED_LIMIT);
  for (const part of inChunks([...threads])) await collect((q) => q.where('thread_id', 'in', part));
  for (const part of inChunks([...lists])) await collect((q) => q.where('list_id', 'in', part));
  // The From address as toStoreRow writes it (JSON), case folded on both engines.
  for (const address of senders) {
    const pattern = `%"address":${JSON.stringify(address).toLowerCase().replace(/[%_\\]/g, '_')}%`;
    await collect((q) => q.where(sql<SqlBool>`lower(from_addresses) like ${pattern}`));
  }
  return [...ids];
}

/** At most this many messages per kind of relation, the newest, are re-scored at once (the rest in the background). */
const RELATED_LIMIT = 1000;

async function learnOnce(deps: PriorityDeps, accountId: string, scope: LearnScope, rescore: readonly string[]): Promise<ModelSummary | null> {
  const { db } = deps;
  const now = deps.clock.now();
  const account = await db.selectFrom('mail_accounts').select(['id', 'user_id', 'email']).where('id', '=', accountId).executeTakeFirst();
  if (!account) return null;
  const stored = await loadModel(deps, accountId);
  const fresh = !stored?.state;
  const state = stored?.state ?? createPriorityState({ selfAddresses: [account.email], timeZone: await userTimeZone(db, account.user_id) });
  const labels = await db.selectFrom('labels').select(['id', 'name', 'type']).where('account_id', '=', accountId).execute();
  const quarantineLabel = labels.find((l) => labelKey(l.name) === labelKey(QUARANTINE_LABEL_NAME))?.id ?? null;
  const userLabels = labels.filter((l) => l.type === 'user').map((l) => ({ id: l.id, name: l.name }));

  // A step right after an action learns the action log only; new mail, label changes and
  // ignores (each a scan of the mailbox) are the job's, which the action also starts.
  const scans = fresh || scope === 'full';

  // 1. Messages seen for the first time (every message for a new model), in arrival order.
  const unseen: ModelRow[] = !scans
    ? []
    : fresh
    ? await allModelRows(db, accountId)
    : await db
        .selectFrom('messages as m')
        .leftJoin('priority_scores as s', (join) => join.onRef('s.account_id', '=', 'm.account_id').onRef('s.message_id', '=', 'm.id'))
        .select(MODEL_COLUMNS.map((c) => `m.${c}` as const))
        .where('m.account_id', '=', accountId)
        .where('s.message_id', 'is', null)
        .orderBy('m.internal_date')
        .orderBy('m.id')
        .execute();
  // Every message of a new model's mailbox goes through the model: thousands, so these loops let
  // requests in between (takeTurn), as the scoring below does.
  const unseenMessages: PriorityMessage[] = [];
  for (const row of unseen) {
    const m = toPriorityMessage(row);
    unseenMessages.push(m);
    if (m.labelIds.includes('SENT') && m.from[0]?.address) addSelfAddress(state, m.from[0].address);
    await takeTurn();
  }
  for (const m of unseenMessages) {
    update(state, { type: 'message', message: m });
    await takeTurn();
  }
  const planned: PlannedAction[] = [];
  // A sent reply teaches "reply" on the message it answers.
  const replies = unseenMessages.filter((m) => m.labelIds.includes('SENT') && m.inReplyTo);
  const answered = new Map<string, string>();
  for (const part of inChunks(replies.map((m) => m.inReplyTo as string))) {
    const rows = await db.selectFrom('messages').select(['id', 'message_id']).where('account_id', '=', accountId).where('message_id', 'in', part).execute();
    for (const row of rows) if (row.message_id) answered.set(row.message_id, row.id);
  }
  for (const m of replies) {
    const target = answered.get(m.inReplyTo as string);
    if (target && target !== m.id) planned.push({ logId: null, messageId: target, action: 'reply', at: m.internalDate, source: 'sync' });
  }

  // 2. The action log's pending entries (Mailroom's explicit acts).
  const pending = await db
    .selectFrom('priority_actions')
    .select(['id', 'message_id', 'action', 'source', 'at'])
    .where('account_id', '=', accountId)
    .where('learned_at', 'is', null)
    .orderBy('at')
    .orderBy('id')
    .execute();
  const explicit = new Set<string>();
  const merged = await actsSyncLearnedAlready(db, accountId, pending);
  for (const row of pending) {
    if (!isPriorityAction(row.action)) continue;
    if (merged.has(row.id)) {
      explicit.add(row.message_id);
      continue;
    }
    const source = row.source === 'sync' || row.source === 'list' || row.source === 'undo' ? row.source : 'mailroom';
    if (source === 'undo') {
      // An action undone before it was learned is simply not learned.
      const original = planned.findIndex((p) => p.logId !== null && p.source !== 'undo' && p.messageId === row.message_id && p.action === row.action);
      if (original >= 0) {
        planned.splice(original, 1);
        continue;
      }
    }
    if (source === 'mailroom') explicit.add(row.message_id);
    planned.push({ logId: row.id, messageId: row.message_id, action: row.action, at: Number(row.at), source });
  }

  // 3. Label changes since the model last looked; a message Mailroom acted on explicitly has
  // its change recorded already, so its labels are only taken as seen.
  const relabelled = fresh || !scans
    ? []
    : await db
        .selectFrom('messages as m')
        .innerJoin('priority_scores as s', (join) => join.onRef('s.account_id', '=', 'm.account_id').onRef('s.message_id', '=', 'm.id'))
        .select(['m.id', 'm.label_ids', 's.labels_seen'])
        .where('m.account_id', '=', accountId)
        .whereRef('s.labels_seen', '<>', 'm.label_ids')
        .execute();
  for (const row of relabelled) {
    if (explicit.has(row.id)) continue;
    for (const action of actionsFromLabels(JSON.parse(row.labels_seen) as string[], JSON.parse(row.label_ids) as string[], quarantineLabel)) {
      planned.push({ logId: null, messageId: row.id, action, at: now, source: 'sync' });
    }
  }

  // 4. Shown in a list a day ago and still unread in the inbox: ignored.
  const shownLongAgo = fresh || !scans
    ? []
    : await db
        .selectFrom('priority_scores as s')
        .innerJoin('messages as m', (join) => join.onRef('m.account_id', '=', 's.account_id').onRef('m.id', '=', 's.message_id'))
        .select(['m.id', 'm.label_ids', 's.shown_at'])
        .where('s.account_id', '=', accountId)
        .where('s.shown_at', '>', 0)
        .where('s.shown_at', '<=', now - DAY_MS)
        .execute();
  const ignoredIds: string[] = [];
  for (const row of shownLongAgo) {
    const rowLabels = JSON.parse(row.label_ids) as string[];
    if (rowLabels.includes('INBOX') && rowLabels.includes('UNREAD')) planned.push({ logId: null, messageId: row.id, action: 'ignore', at: Number(row.shown_at) + DAY_MS, source: 'list' });
    ignoredIds.push(row.id);
  }

  planned.sort((a, b) => a.at - b.at);
  const acted = new Map((await modelRows(db, accountId, planned.map((p) => p.messageId))).map((r) => [r.id, r]));
  let lastEffect = stored?.lastEffect ?? null;
  let learned = 0;
  let retracted = 0;
  const effects: Array<{ message: PriorityMessage; action: PriorityAction }> = [];
  const actedMessages: PriorityMessage[] = [];
  for (const a of planned) {
    const row = acted.get(a.messageId);
    if (!row) continue; // gone from the store (deleted, or marked spam): nothing to learn from
    const message = toPriorityMessage(row);
    actedMessages.push(message);
    if (a.source === 'undo') {
      update(state, { type: 'retract', action: a.action, message, at: a.at });
      retracted++;
      continue;
    }
    update(state, { type: 'action', action: a.action, message, at: a.at });
    learned++;
    if (a.source === 'mailroom') effects.push({ message, action: a.action });
  }

  const rescoredAt = stored?.rescoredAt ?? 0;
  const behind = stored !== null && rescoredAt < (stored?.updatedAt ?? 0);
  const full = fresh || (scope === 'full' && (learned + retracted > 0 || unseen.length > 0 || behind));
  if (!full && unseen.length === 0 && learned === 0 && retracted === 0 && relabelled.length === 0 && ignoredIds.length === 0 && pending.length === 0 && rescore.length === 0) {
    return stored ? { threshold: Math.round(state.threshold), actionsLearned: stored.actionsLearned, lastEffect } : null;
  }

  // 5. Scores: every message for a new model and in the background; at once, the new messages,
  // the relabelled ones, and the mail related to what was learned. Inbox mail gets its reason
  // (the list shows it); other mail only its number (sorting by priority).
  let toScore: ModelRow[];
  let known: Map<string, ScoreRow>;
  if (full) {
    toScore = fresh ? unseen : await allModelRows(db, accountId);
    known = fresh ? new Map() : await scoreRowsOf(db, accountId, null);
  } else {
    const ids = new Set<string>([...unseen.map((r) => r.id), ...relabelled.map((r) => r.id), ...acted.keys(), ...rescore]);
    if (learned + retracted > 0) for (const id of await relatedIds(db, accountId, actedMessages)) ids.add(id);
    toScore = await modelRows(db, accountId, [...ids]);
    known = await scoreRowsOf(db, accountId, [...ids]);
  }
  const scored: ScoreRow[] = [];
  const newScore = new Map<string, number>();
  for (const row of toScore) {
    await takeTurn();
    const m = toPriorityMessage(row);
    let score: number;
    let important: boolean;
    let reason = '';
    if (m.labelIds.includes('INBOX')) {
      const result = scorePriority(state, m, { now, labels: userLabels });
      score = result.score;
      important = result.important;
      reason = result.contributions[0]?.text ?? '';
    } else {
      score = priorityScore(state, m, now);
      important = isImportant(state, score);
    }
    newScore.set(row.id, score);
    const before = known.get(row.id);
    const inbox = m.labelIds.includes('INBOX') && !m.labelIds.includes('TRASH') && !m.labelIds.includes('SPAM') ? 1 : 0;
    if (
      !before ||
      Number(before.score) !== score ||
      Number(before.important) !== (important ? 1 : 0) ||
      before.reason !== reason ||
      before.labels_seen !== row.label_ids ||
      Number(before.inbox) !== inbox ||
      Number(before.internal_date) !== m.internalDate
    ) {
      scored.push({ message_id: row.id, score, important: important ? 1 : 0, reason, labels_seen: row.label_ids, inbox, internal_date: m.internalDate });
    }
  }

  // What the user can see the model do: the sender's other mail moving.
  for (const { message, action } of effects) lastEffect = effectOf(message, action, toScore, known, newScore) ?? lastEffect;

  const actionsLearned = Math.max(0, (stored?.actionsLearned ?? 0) + learned - retracted);
  const threshold = Math.round(state.threshold);
  await db.transaction().execute(async (trx) => {
    const values = {
      state: JSON.stringify(serialisePriorityState(state)),
      threshold,
      actions_learned: actionsLearned,
      last_effect: lastEffect,
      updated_at: now,
      rescored_at: full ? now : rescoredAt,
    };
    if (stored) {
      const result = await trx
        .updateTable('priority_models')
        .set({ ...values, version: stored.version + 1 })
        .where('account_id', '=', accountId)
        .where('version', '=', stored.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new VersionConflict();
    } else {
      const result = await trx
        .insertInto('priority_models')
        .values({ account_id: accountId, version: 1, ...values })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) throw new VersionConflict();
    }
    if (fresh) await trx.deleteFrom('priority_scores').where('account_id', '=', accountId).execute();
    for (const part of inChunks(scored)) {
      await trx
        .insertInto('priority_scores')
        .values(part.map((s) => ({ account_id: accountId, ...s, shown_at: null, scored_at: now })))
        .onConflict((oc) =>
          oc.columns(['account_id', 'message_id']).doUpdateSet((eb) => ({
            score: eb.ref('excluded.score'),
            important: eb.ref('excluded.important'),
            reason: eb.ref('excluded.reason'),
            labels_seen: eb.ref('excluded.labels_seen'),
            inbox: eb.ref('excluded.inbox'),
            internal_date: eb.ref('excluded.internal_date'),
            scored_at: eb.ref('excluded.scored_at'),
          })),
        )
        .execute();
    }
    for (const part of inChunks(ignoredIds)) {
      // 0: its "ignored" was learned (it is not learned twice).
      await trx.updateTable('priority_scores').set({ shown_at: 0 }).where('account_id', '=', accountId).where('message_id', 'in', part).execute();
    }
    for (const part of inChunks(pending.filter((p) => !merged.has(p.id)).map((p) => p.id))) {
      await trx.updateTable('priority_actions').set({ learned_at: now }).where('id', 'in', part).execute();
    }
    // One act, logged once as what the user did (an undo of the batch finds it by its time).
    for (const [pendingId, { syncId, at }] of merged) {
      await trx.deleteFrom('priority_actions').where('id', '=', pendingId).execute();
      await trx.updateTable('priority_actions').set({ source: 'mailroom', at }).where('id', '=', syncId).execute();
    }
    // What sync and the lists taught is logged too, learned already (the log is the model's history).
    const logged = planned.filter((p) => p.logId === null && acted.has(p.messageId));
    for (const part of inChunks(logged)) {
      await trx
        .insertInto('priority_actions')
        .values(part.map((p) => ({ id: crypto.randomUUID(), account_id: accountId, message_id: p.messageId, action: p.action, source: p.source, at: p.at, learned_at: now })))
        .execute();
    }
  });
  cacheState(accountId, stored ? stored.version + 1 : 1, state);
  deps.log?.debug({ accountId, unseen: unseen.length, learned, retracted, rescored: toScore.length, written: scored.length, full }, 'priority model learned');
  return { threshold, actionsLearned, lastEffect, needsFullRescore: !full };
}

/** "Mail from Alice will rank higher": the mean score of the sender's other inbox mail before and after. */
function effectOf(
  message: PriorityMessage,
  action: PriorityAction,
  all: readonly ModelRow[],
  known: ReadonlyMap<string, { score: number }>,
  after: ReadonlyMap<string, number>,
): string | null {
  const sender = senderKey(message);
  if (!sender) return null;
  let before = 0;
  let now = 0;
  let n = 0;
  for (const row of all) {
    if (row.id === message.id || !after.has(row.id) || !known.has(row.id)) continue;
    if (!(JSON.parse(row.label_ids) as string[]).includes('INBOX')) continue;
    const from = (JSON.parse(row.from_addresses) as Array<{ address: string }>)[0]?.address.trim().toLowerCase();
    if (from !== sender) continue;
    before += Number(known.get(row.id)!.score);
    now += after.get(row.id)!;
    n++;
  }
  const who = senderLabel(message);
  if (n > 0 && Math.abs(now - before) / n >= 0.5) return `Mail from ${who} will rank ${now > before ? 'higher' : 'lower'}`;
  if (action === 'important') return `Marked important: mail like this from ${who} will rank higher`;
  if (action === 'not_important') return `Marked not important: mail like this from ${who} will rank lower`;
  return null;
}

export { INBOX_BIT, UNREAD_BIT };
