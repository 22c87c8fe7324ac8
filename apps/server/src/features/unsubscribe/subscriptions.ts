import type { Subscription, SubscriptionFilter, SubscriptionState, UnsubscribeMethod } from '@mailroom/contract';
import { listIdentifier, systemLabelBit, type Address } from '@mailroom/mail-query';
import type { Db } from '../../db/database.ts';
import { offeredMethods, parseListUnsubscribe } from './headers.ts';

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

const monthOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 7);

function displayName(listId: string | null, sender: Address): string {
  // RFC 2919 §3: the phrase before the angle brackets is the list's description.
  const description = listId?.replace(/<[^>]*>/, '').replace(/^["\s]+|["\s]+$/g, '').trim();
  if (description) return description;
  if (sender.name?.trim()) return sender.name.trim();
  return listIdentifier(listId) ?? sender.address;
}

export function aggregate(rows: readonly BulkRow[]): Map<string, Aggregate> {
  const groups = new Map<string, Aggregate>();
  for (const row of rows) {
    const key = subscriptionKeyOf(row);
    if (!key) continue;
    let group = groups.get(key);
    if (!group) {
      const sender = firstFrom(row.from_addresses) ?? { name: null, address: '' };
      group = { key, name: '', listId: listIdentifier(row.list_id), sender, messageCount: 0, opened: 0, monthCounts: new Map(), last: row, offering: null, inbox: [] };
      groups.set(key, group);
    }
    group.messageCount += 1;
    if ((row.system_labels & UNREAD) === 0) group.opened += 1;
    const month = monthOf(row.internal_date);
    group.monthCounts.set(month, (group.monthCounts.get(month) ?? 0) + 1);
    if (row.internal_date >= group.last.internal_date) group.last = row;
    if (row.list_unsubscribe && (!group.offering || row.internal_date >= group.offering.internal_date)) group.offering = row;
    if (isInInbox(row)) group.inbox.push({ id: row.id, labelIds: JSON.parse(row.label_ids) as string[] });
  }
  for (const group of groups.values()) {
    group.sender = firstFrom(group.last.from_addresses) ?? group.sender;
    group.name = displayName(group.last.list_id, group.sender);
  }
  return groups;
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
}

export function stateOf(blocked: boolean, request: RequestRow | undefined): SubscriptionState {
  if (blocked) return 'blocked';
  if (!request) return 'subscribed';
  if (request.still_sending_message_id) return 'still_sending';
  if (request.stopped_at !== null) return 'stopped';
  return 'requested';
}

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toSubscription(group: Aggregate, now: number, request: RequestRow | undefined, blocked: boolean): Subscription {
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
      return subscription.state === 'requested' || subscription.state === 'stopped' || subscription.state === 'still_sending';
    case 'blocked':
      return subscription.state === 'blocked';
  }
}

/** Most messages first; ties by the newest message, then the name (a stable order for paging). */
export function byVolume(a: Subscription, b: Subscription): number {
  return b.messageCount - a.messageCount || b.lastMessageAt.localeCompare(a.lastMessageAt) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}
