import type { Subscription, SubscriptionFilter, SubscriptionState, UnsubscribeMethod } from '@mailroom/contract';
import { listIdentifier, systemLabelBit, type Address } from '@mailroom/mail-query';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { storeGeneration } from '../../db/word-index.ts';
import { offeredMethods, parseListUnsubscribe } from './headers.ts';
import { historyOf } from './repository.ts';

/**
 * Subscriptions, worked out from the message store on each listing (nothing about them is
 * stored but the user's requests and blocks): every message with a List-Id (RFC 2919) or a
 * List-Unsubscribe (RFC 2369) header is bulk mail; a list is grouped by its List-Id, other
 * bulk mail by its sender's address. The newest message that offers a way out decides the
 * methods (lists change their headers; the latest is the one that works).
 */

/** Most frequent: at least this many messages a month on average. */
export const MOST_FREQUENT_PER_MONTH = 4;
const MONTHS_SHOWN = 12;
export const PAGE_SIZE = 100;

const UNREAD = systemLabelBit('UNREAD') as number;
const INBOX = systemLabelBit('INBOX') as number;
const SENT = systemLabelBit('SENT') as number;
const SPAM = systemLabelBit('SPAM') as number;
const TRASH = systemLabelBit('TRASH') as number;

export interface BulkRow {
  id: string;
  list_id: string | null;
  from_addresses: string;
  internal_date: number;
  system_labels: number;
  label_ids: string;
  subject: string;
  list_unsubscribe: string | null;
  list_unsubscribe_post: string | null;
}

const BULK_COLUMNS = ['id', 'list_id', 'from_addresses', 'internal_date', 'system_labels', 'label_ids', 'subject', 'list_unsubscribe', 'list_unsubscribe_post'] as const;

/** The subscription a message belongs to: `list:<list-id>` or `from:<address>`, lower-cased. */
export function subscriptionKeyOf(row: Pick<BulkRow, 'list_id' | 'from_addresses'>): string | null {
  const list = listIdentifier(row.list_id);
  if (list) return `list:${list.toLowerCase()}`;
  const from = firstFrom(row.from_addresses);
  return from?.address ? `from:${from.address.trim().toLowerCase()}` : null;
}

function firstFrom(json: string): Address | null {
  try {
    const list = JSON.parse(json) as Address[];
    return list[0] ?? null;
  } catch {
    return null;
  }
}

export const idOfKey = (key: string): string => Buffer.from(key, 'utf8').toString('base64url');
export function keyOfId(id: string): string | null {
  const key = Buffer.from(id, 'base64url').toString('utf8');
  return /^(list|from):\S+$/.test(key) && idOfKey(key) === id ? key : null;
}

/** Ids per query when asking for named messages (well under SQLite's and PostgreSQL's parameter limits). */
const IDS_PER_QUERY = 500;

/**
 * Every bulk message of the account that is not the user's own, spam or trash; only those newer
 * than `since`, or only the named ones, when asked.
 */
export async function bulkRows(db: Db, accountId: string, options: { since?: number; ids?: readonly string[] } = {}): Promise<BulkRow[]> {
  const base = () =>
    db
      .selectFrom('messages')
      .select([...BULK_COLUMNS])
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('list_id', 'is not', null), eb('list_unsubscribe', 'is not', null)]));
  let rows: BulkRow[];
  if (options.ids) {
    rows = [];
    for (let i = 0; i < options.ids.length; i += IDS_PER_QUERY) {
      rows.push(...((await base().where('id', 'in', options.ids.slice(i, i + IDS_PER_QUERY)).execute()) as BulkRow[]));
    }
  } else {
    rows = (await (options.since === undefined ? base() : base().where('internal_date', '>', options.since)).execute()) as BulkRow[];
  }
  return rows.filter((r) => (Number(r.system_labels) & (SENT | SPAM | TRASH)) === 0).map((r) => ({ ...r, internal_date: Number(r.internal_date), system_labels: Number(r.system_labels) }));
}

export const isInInbox = (row: Pick<BulkRow, 'system_labels'>) => (row.system_labels & INBOX) !== 0;

export interface Aggregate {
  key: string;
  name: string;
  listId: string | null;
  sender: Address;
  messageCount: number;
  opened: number;
  monthCounts: Map<string, number>;
  last: BulkRow;
  /** The newest message with a List-Unsubscribe header, which decides the methods. */
  offering: BulkRow | null;
  /** Messages in the inbox now, with their labels (for archiving). */
  inbox: Array<{ id: string; labelIds: string[] }>;
}

function displayName(listId: string | null, sender: Address): string {
  // RFC 2919 §3: the phrase before the angle brackets is the list's description.
  const description = listId?.replace(/<[^>]*>/, '').replace(/^["\s]+|["\s]+$/g, '').trim();
  if (description) return description;
  if (sender.name?.trim()) return sender.name.trim();
  return listIdentifier(listId) ?? sender.address;
}

/**
 * Subscriptions counted by the database: one GROUP BY over the account's bulk
 * mail by (List-Id, From) as stored, merged here into subscriptions, then the newest message of
 * each (and the newest that offers a way out) read by date through the account/date index. No
 * per-message rows cross into JavaScript, so a 100,000-message store lists in milliseconds
 * (bench/unsubscribe.bench.ts). Inbox messages are not listed here (`inboxOf` reads them).
 */
export async function aggregateInStore(db: Db, accountId: string, now: number): Promise<Map<string, Aggregate>> {
  const start = new Date(now);
  const bounds = Array.from({ length: MONTHS_SHOWN + 1 }, (_, i) => Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - (MONTHS_SHOWN - 1) + i, 1));
  const months = bounds.slice(0, -1).map((b) => new Date(b).toISOString().slice(0, 7));
  const excluded = SENT | SPAM | TRASH;
  const groups = await db
    .selectFrom('messages')
    .select((eb) => [
      'list_id',
      'from_addresses',
      eb.fn.countAll<number>().as('n'),
      sql<number>`sum(case when (system_labels & ${sql.lit(UNREAD)}) = 0 then 1 else 0 end)`.as('opened'),
      eb.fn.max('internal_date').as('last_date'),
      sql<number | null>`max(case when list_unsubscribe is not null then internal_date end)`.as('offer_date'),
      ...months.map((_, i) => sql<number>`sum(case when internal_date >= ${bounds[i]} and internal_date < ${bounds[i + 1]} then 1 else 0 end)`.as(`m${i}`)),
    ])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('list_id', 'is not', null), eb('list_unsubscribe', 'is not', null)]))
    .where(sql<boolean>`(system_labels & ${sql.lit(excluded)}) = 0`)
    .groupBy(['list_id', 'from_addresses'])
    .execute();

  interface Partial {
    key: string;
    count: number;
    opened: number;
    lastDate: number;
    offerDate: number | null;
    months: number[];
  }
  const partials = new Map<string, Partial>();
  for (const g of groups as Array<Record<string, unknown> & { list_id: string | null; from_addresses: string }>) {
    const key = subscriptionKeyOf(g);
    if (!key) continue;
    const counts = months.map((_, i) => Number(g[`m${i}`] ?? 0));
    const lastDate = Number(g.last_date);
    const offerDate = g.offer_date === null || g.offer_date === undefined ? null : Number(g.offer_date);
    const p = partials.get(key);
    if (!p) {
      partials.set(key, { key, count: Number(g.n), opened: Number(g.opened), lastDate, offerDate, months: counts });
    } else {
      p.count += Number(g.n);
      p.opened += Number(g.opened);
      p.lastDate = Math.max(p.lastDate, lastDate);
      if (offerDate !== null) p.offerDate = Math.max(p.offerDate ?? offerDate, offerDate);
      p.months = p.months.map((c, i) => c + (counts[i] ?? 0));
    }
  }
  if (partials.size === 0) return new Map();

  // The newest message of each subscription, and the newest one with List-Unsubscribe, by date.
  const dates = [...new Set([...partials.values()].flatMap((p) => (p.offerDate === null ? [p.lastDate] : [p.lastDate, p.offerDate])))];
  const newest = new Map<string, BulkRow>();
  const offering = new Map<string, BulkRow>();
  for (let i = 0; i < dates.length; i += IDS_PER_QUERY) {
    const rows = (await db
      .selectFrom('messages')
      .select([...BULK_COLUMNS])
      .where('account_id', '=', accountId)
      .where('internal_date', 'in', dates.slice(i, i + IDS_PER_QUERY))
      .where((eb) => eb.or([eb('list_id', 'is not', null), eb('list_unsubscribe', 'is not', null)]))
      .execute()) as BulkRow[];
    for (const raw of rows) {
      const row = { ...raw, internal_date: Number(raw.internal_date), system_labels: Number(raw.system_labels) };
      if ((row.system_labels & excluded) !== 0) continue;
      const key = subscriptionKeyOf(row);
      const p = key ? partials.get(key) : undefined;
      if (!p || !key) continue;
      if (row.internal_date === p.lastDate) newest.set(key, row);
      if (row.list_unsubscribe && row.internal_date === p.offerDate) offering.set(key, row);
    }
  }

  const result = new Map<string, Aggregate>();
  for (const p of partials.values()) {
    const last = newest.get(p.key);
    if (!last) continue;
    const sender = firstFrom(last.from_addresses) ?? { name: null, address: '' };
    result.set(p.key, {
      key: p.key,
      name: displayName(last.list_id, sender),
      listId: listIdentifier(last.list_id),
      sender,
      messageCount: p.count,
      opened: p.opened,
      monthCounts: new Map(months.map((m, i) => [m, p.months[i] ?? 0])),
      last,
      offering: offering.get(p.key) ?? null,
      inbox: [],
    });
  }
  return result;
}

/**
 * Aggregates kept per account while its store has not changed: store_generations moves with any
 * write to the account's messages or labels, in any process (triggers, migration
 * 20261123T1610), and the month the counts start in is part of the key. Requests and blocks are
 * not in here (they are read on each call), so an unsubscribe shows at once.
 */
const aggregatesByDb = new WeakMap<Db, Map<string, { version: string; aggregates: Map<string, Aggregate> }>>();
const MAX_CACHED_ACCOUNTS = 1_000;

/** aggregateInStore, answered from memory while the account's store has not changed. Callers must not modify the answer. */
export async function cachedAggregates(db: Db, accountId: string, now: number): Promise<ReadonlyMap<string, Readonly<Aggregate>>> {
  const start = new Date(now);
  const version = `${await storeGeneration(db, accountId)}:${Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - (MONTHS_SHOWN - 1), 1)}`;
  // Per database as well as per account: tests (and the bench) open several stores in one process.
  let aggregatesByAccount = aggregatesByDb.get(db);
  if (!aggregatesByAccount) aggregatesByDb.set(db, (aggregatesByAccount = new Map()));
  const hit = aggregatesByAccount.get(accountId);
  if (hit && hit.version === version) return hit.aggregates;
  const aggregates = await aggregateInStore(db, accountId, now);
  aggregatesByAccount.delete(accountId);
  if (aggregatesByAccount.size >= MAX_CACHED_ACCOUNTS) aggregatesByAccount.delete(aggregatesByAccount.keys().next().value as string);
  aggregatesByAccount.set(accountId, { version, aggregates });
  return aggregates;
}

/** The inbox messages of some subscriptions, with their labels (what archiving them changes). */
export async function inboxOf(db: Db, accountId: string, keys: ReadonlySet<string>): Promise<Map<string, Array<{ id: string; labelIds: string[] }>>> {
  const rows = (await db
    .selectFrom('messages')
    .select([...BULK_COLUMNS])
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('list_id', 'is not', null), eb('list_unsubscribe', 'is not', null)]))
    .where(sql<boolean>`(system_labels & ${sql.lit(INBOX)}) <> 0`)
    .execute()) as BulkRow[];
  const byKey = new Map<string, Array<{ id: string; labelIds: string[] }>>();
  for (const row of rows) {
    if ((Number(row.system_labels) & (SENT | SPAM | TRASH)) !== 0) continue;
    const key = subscriptionKeyOf(row);
    if (!key || !keys.has(key)) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), { id: row.id, labelIds: JSON.parse(row.label_ids) as string[] }]);
  }
  return byKey;
}

export interface RequestRow {
  subscription_key: string;
  method: string;
  outcome: string;
  result: string;
  requested_at: number;
  stopped_at: number | null;
  still_sending_message_id: string | null;
  still_sending_date: number | null;
  still_sending_subject: string | null;
  history: string;
  fallback: 'mailto' | 'link' | 'block' | null;
  fallback_link: string | null;
}

export function stateOf(blocked: boolean, request: RequestRow | undefined): SubscriptionState {
  if (blocked) return 'blocked';
  if (!request) return 'subscribed';
  if (request.outcome === 'failed') return 'failed';
  if (request.still_sending_message_id) return 'still_sending';
  if (request.stopped_at !== null) return 'stopped';
  return 'requested';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toSubscription(group: Readonly<Aggregate>, now: number, request: RequestRow | undefined, blocked: boolean): Subscription {
  const parsed = parseListUnsubscribe(group.offering?.list_unsubscribe ?? null);
  const postHeader = group.offering?.list_unsubscribe_post ?? null;
  const methods = offeredMethods(parsed, postHeader);
  const months: Array<{ month: string; count: number }> = [];
  const start = new Date(now);
  for (let i = MONTHS_SHOWN - 1; i >= 0; i--) {
    const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - i, 1)).toISOString().slice(0, 7);
    months.push({ month, count: group.monthCounts.get(month) ?? 0 });
  }
  const active = months.filter((m) => m.count > 0);
  const perMonth = active.length === 0 ? 0 : Math.round((active.reduce((sum, m) => sum + m.count, 0) / active.length) * 10) / 10;
  const mailto = parsed.mailto[0];
  return {
    id: idOfKey(group.key),
    name: group.name,
    listId: group.listId,
    sender: { name: group.sender.name ?? null, address: group.sender.address },
    messageCount: group.messageCount,
    months,
    perMonth,
    opened: group.opened,
    lastMessageAt: new Date(group.last.internal_date).toISOString(),
    lastSubject: group.last.subject,
    methods: methods.length > 0 ? methods : ['none'],
    link: parsed.https[0] ?? parsed.http[0] ?? null,
    mailto: mailto ? { to: mailto.to, subject: mailto.subject } : null,
    state: stateOf(blocked, request),
    requestedAt: iso(request?.requested_at ?? null),
    requestMethod: (request?.method as UnsubscribeMethod | undefined) ?? null,
    requestResult: request?.result ?? null,
    stoppedAt: iso(request?.stopped_at ?? null),
    stillSending:
      request?.still_sending_message_id && request.still_sending_date !== null
        ? { messageId: request.still_sending_message_id, date: new Date(Number(request.still_sending_date)).toISOString(), subject: request.still_sending_subject ?? '' }
        : null,
    fallback: request?.outcome === 'failed' ? (request.fallback ?? 'block') : null,
    history: historyOf(request?.history ?? '[]').map((a) => ({ method: a.method, outcome: a.outcome, result: a.result, at: new Date(Number(a.at)).toISOString() })),
    blocked,
  };
}

export function matchesFilter(subscription: Subscription, filter: SubscriptionFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'never-opened':
      return subscription.opened === 0;
    case 'most-frequent':
      return subscription.perMonth >= MOST_FREQUENT_PER_MONTH;
    case 'requested':
      return subscription.state === 'requested' || subscription.state === 'stopped' || subscription.state === 'still_sending' || subscription.state === 'failed';
    case 'blocked':
      return subscription.state === 'blocked';
  }
}

/** Most messages first; ties by the newest message, then the name (a stable order for paging). */
export function byVolume(a: Subscription, b: Subscription): number {
  return b.messageCount - a.messageCount || b.lastMessageAt.localeCompare(a.lastMessageAt) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}
