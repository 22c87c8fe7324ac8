import type { Bundle, BundleDelivery, BundleIdName, EmailSummary, MailAddress } from '@mailroom/contract';
import { BUNDLE_IDS, BUNDLE_NAMES, type BundleId } from '@mailroom/intelligence/bundles';
import { systemLabelBit, type Address } from '@mailroom/mail-query';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { invalidArgument } from '../../errors.ts';
import { senderOf, SUMMARY_COLUMNS, summaryOf, type MailCandidate } from '../mail/index.ts';
import { bumpBundleGeneration, bundlesVersion } from './generation.ts';

const INBOX_BIT = systemLabelBit('INBOX') ?? 0;
const UNREAD_BIT = systemLabelBit('UNREAD') ?? 0;
const TRASH_OR_SPAM = (systemLabelBit('TRASH') ?? 0) | (systemLabelBit('SPAM') ?? 0);
/** In the inbox, and neither in Trash nor Spam (Gmail may keep INBOX on a trashed message). */
export const inInbox = sql<SqlBool>`(m.system_labels & ${sql.lit(INBOX_BIT)}) <> 0 and (m.system_labels & ${sql.lit(TRASH_OR_SPAM)}) = 0`;
export const notTrashOrSpam = sql<SqlBool>`(m.system_labels & ${sql.lit(TRASH_OR_SPAM)}) = 0`;
const unread = sql<SqlBool>`(m.system_labels & ${sql.lit(UNREAD_BIT)}) <> 0`;
const STARRED_OR_IMPORTANT = (systemLabelBit('STARRED') ?? 0) | (systemLabelBit('IMPORTANT') ?? 0);

/**
 * Important mail (of `m`): starred or marked important in Gmail, or above the user's threshold by
 * the priority model (issue 13's `priority_scores.important`). It is never held for the digest,
 * folded into a grouped row, or listed in a digest, whatever its sender's bundle.
 */
export const importantMail = sql<SqlBool>`((m.system_labels & ${sql.lit(STARRED_OR_IMPORTANT)}) <> 0 or exists (select 1 from priority_scores ips where ips.account_id = m.account_id and ips.message_id = m.id and ips.important = 1))`;

/** `m` is filed in a bundle whose delivery is one of these. */
function deliveredAs(deliveries: readonly BundleDelivery[]) {
  return sql<SqlBool>`exists (select 1 from message_bundles dmb inner join bundle_settings dbs on dbs.account_id = dmb.account_id and dbs.bundle_id = dmb.bundle_id where dmb.account_id = m.account_id and dmb.message_id = m.id and dbs.delivery in (${sql.join(deliveries.map((d) => sql.lit(d)))}))`;
}

/**
 * Inbox Flow shows `m` as a row of its own: it is important, or its bundle's delivery is
 * "inbox" (or it is in none). Mail of a grouped bundle shows in the bundle's one row instead
 * (inboxGroups); mail of a bundle held for the digest does not show.
 */
export const shownInInboxFlow = sql<SqlBool>`(${importantMail} or not ${deliveredAs(['grouped', 'digest'])})`;

export const DEFAULT_BUNDLE_PAGE_SIZE = 50;
const NEWEST_SENDERS = 3;

export async function bundleDeliveries(db: Db, accountId: string): Promise<Map<BundleId, BundleDelivery>> {
  const rows = await db.selectFrom('bundle_settings').select(['bundle_id', 'delivery']).where('account_id', '=', accountId).execute();
  const map = new Map<BundleId, BundleDelivery>(BUNDLE_IDS.map((id) => [id, 'inbox']));
  for (const row of rows) map.set(row.bundle_id as BundleId, row.delivery);
  return map;
}

function bundleMessages(db: Db, accountId: string, bundleId: BundleId) {
  return db
    .selectFrom('message_bundles as b')
    .innerJoin('messages as m', (join) => join.onRef('m.account_id', '=', 'b.account_id').onRef('m.id', '=', 'b.message_id'))
    .where('b.account_id', '=', accountId)
    .where('b.bundle_id', '=', bundleId)
    .where(inInbox);
}

/** Answers kept per account until its store or its bundles change (bundlesVersion), in this process. */
const listed = new Map<string, { version: string; bundles: Bundle[] }>();
const MAX_CACHED_ACCOUNTS = 10_000;

/** Every bundle with its counts of inbox mail, newest senders and delivery. */
export async function listBundles(db: Db, accountId: string, onRecount?: () => Promise<void>): Promise<Bundle[]> {
  const version = await bundlesVersion(db, accountId);
  const hit = listed.get(accountId);
  if (hit && hit.version === version) return hit.bundles;
  await onRecount?.();
  const bundles = await computeBundles(db, accountId);
  if (listed.size >= MAX_CACHED_ACCOUNTS) listed.delete(listed.keys().next().value as string);
  listed.set(accountId, { version, bundles });
  return bundles;
}

/** Per bundle: the inbox mail it holds, how much is unread, and the newest date; narrowed by the caller. */
function bundleCounts(db: Db, accountId: string) {
  return db
    .selectFrom('message_bundles as b')
    .innerJoin('messages as m', (join) => join.onRef('m.account_id', '=', 'b.account_id').onRef('m.id', '=', 'b.message_id'))
    .select((eb) => [
      'b.bundle_id',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>(sql`case when ${unread} then 1 else 0 end`).as('unread'),
      eb.fn.max('m.internal_date').as('newest'),
    ])
    .where('b.account_id', '=', accountId)
    .where(inInbox)
    .groupBy('b.bundle_id');
}

async function computeBundles(db: Db, accountId: string): Promise<Bundle[]> {
  const counts = await bundleCounts(db, accountId).where('b.bundle_id', 'is not', null).execute();
  const byId = new Map(counts.map((c) => [c.bundle_id as BundleId, c]));
  const deliveries = await bundleDeliveries(db, accountId);
  return Promise.all(
    BUNDLE_IDS.map(async (bundleId): Promise<Bundle> => {
      const c = byId.get(bundleId);
      const count = Number(c?.count ?? 0);
      return {
        bundleId,
        name: BUNDLE_NAMES[bundleId],
        count,
        unreadCount: Number(c?.unread ?? 0),
        newestSenders: count ? await newestSenders(db, accountId, bundleId) : [],
        newestAt: c?.newest != null ? new Date(Number(c.newest)).toISOString() : null,
        delivery: deliveries.get(bundleId) ?? 'inbox',
      };
    }),
  );
}

async function newestSenders(db: Db, accountId: string, bundleId: BundleId): Promise<MailAddress[]> {
  const rows = await bundleMessages(db, accountId, bundleId).select(['m.from_addresses']).orderBy('m.internal_date', 'desc').limit(30).execute();
  return distinctSenders(rows);
}

function distinctSenders(rows: ReadonlyArray<{ from_addresses: string }>): MailAddress[] {
  const seen = new Set<string>();
  const senders: MailAddress[] = [];
  for (const row of rows) {
    const sender = senderOf(JSON.parse(row.from_addresses) as Address[]);
    const key = sender.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    senders.push(sender);
    if (senders.length === NEWEST_SENDERS) break;
  }
  return senders;
}

interface Cursor {
  b: string;
  d: number;
  i: string;
}

function decodeCursor(token: string, bundleId: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  const c = value as Partial<Cursor> | null;
  if (!c || typeof c !== 'object' || c.b !== bundleId || typeof c.d !== 'number' || typeof c.i !== 'string') {
    throw invalidArgument('pageToken: not one this bundle gave out', { field: 'pageToken' });
  }
  return c as Cursor;
}

/** A page of the bundle's inbox mail, newest first (keyset pages), with each message's reason. */
export async function bundleEmails(
  db: Db,
  accountId: string,
  request: { bundleId: BundleIdName; pageToken?: string | undefined; pageSize?: number | undefined },
): Promise<{ emails: EmailSummary[]; reasons: Record<string, string>; nextPageToken: string | null; total: number | null }> {
  const pageSize = request.pageSize ?? DEFAULT_BUNDLE_PAGE_SIZE;
  const cursor = request.pageToken ? decodeCursor(request.pageToken, request.bundleId) : null;
  let query = bundleMessages(db, accountId, request.bundleId)
    .select(SUMMARY_COLUMNS.map((c) => `m.${c}` as const))
    .select('b.reason')
    .orderBy('m.internal_date', 'desc')
    .orderBy('m.id', 'desc')
    .limit(pageSize + 1);
  if (cursor) {
    query = query.where((eb) => eb.or([eb('m.internal_date', '<', cursor.d), eb.and([eb('m.internal_date', '=', cursor.d), eb('m.id', '<', cursor.i)])]));
  }
  const rows = await query.execute();
  const labels = await db.selectFrom('labels').select(['id', 'name']).where('account_id', '=', accountId).execute();
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  let total: number | null = null;
  if (!cursor) {
    const counted = await bundleMessages(db, accountId, request.bundleId).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    total = Number(counted?.n ?? 0);
  }
  return {
    emails: page.map((r) => summaryOf(r, labelNames)),
    reasons: Object.fromEntries(page.map((r) => [r.id, r.reason])),
    nextPageToken:
      rows.length > pageSize && last ? Buffer.from(JSON.stringify({ b: request.bundleId, d: Number(last.internal_date), i: last.id }), 'utf8').toString('base64url') : null,
    total,
  };
}

/** Every inbox message of the bundle now, newest first, at most `limit + 1` (for "Archive all"). */
export async function bundleCandidates(db: Db, accountId: string, bundleId: BundleId, limit: number, period?: { start: number; end: number }): Promise<MailCandidate[]> {
  let query = bundleMessages(db, accountId, bundleId).select(['m.id', 'm.label_ids']).orderBy('m.internal_date', 'desc').orderBy('m.id', 'desc').limit(limit + 1);
  if (period) query = query.where('m.internal_date', '>=', period.start).where('m.internal_date', '<', period.end);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, labelIds: JSON.parse(r.label_ids) as string[] }));
}

export async function setDelivery(db: Db, accountId: string, bundleId: BundleId, delivery: BundleDelivery, now: number): Promise<void> {
  await db
    .insertInto('bundle_settings')
    .values({ account_id: accountId, bundle_id: bundleId, delivery, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'bundle_id']).doUpdateSet({ delivery, updated_at: now }))
    .execute();
  await bumpBundleGeneration(db, accountId);
}

/**
 * Learns the user's choice for a sender and applies it to the sender's mail already here: every
 * stored message from that address is re-filed (with the reason "You moved ...").
 */
export async function moveSender(db: Db, accountId: string, address: string, bundleId: BundleId | null, now: number, reclassify: (ids: string[]) => Promise<number>): Promise<number> {
  await db
    .insertInto('bundle_sender_rules')
    .values({ account_id: accountId, address, bundle_id: bundleId, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'address']).doUpdateSet({ bundle_id: bundleId, updated_at: now }))
    .execute();
  await bumpBundleGeneration(db, accountId);
  const ids = await db.selectFrom('message_bundles').select('message_id').where('account_id', '=', accountId).where('sender', '=', address).execute();
  return reclassify(ids.map((r) => r.message_id));
}

/**
 * Forgets the user's choice for a sender and re-files their mail already here by its headers.
 * Returns null when there was no choice for that address.
 */
export async function forgetSender(db: Db, accountId: string, address: string, reclassify: (ids: string[]) => Promise<number>): Promise<number | null> {
  const deleted = await db.deleteFrom('bundle_sender_rules').where('account_id', '=', accountId).where('address', '=', address).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return null;
  await bumpBundleGeneration(db, accountId);
  const ids = await db.selectFrom('message_bundles').select('message_id').where('account_id', '=', accountId).where('sender', '=', address).execute();
  return reclassify(ids.map((r) => r.message_id));
}

export async function senderRules(db: Db, accountId: string): Promise<Array<{ address: string; bundleId: BundleIdName | null; updatedAt: string }>> {
  const rows = await db.selectFrom('bundle_sender_rules').select(['address', 'bundle_id', 'updated_at']).where('account_id', '=', accountId).orderBy('updated_at', 'desc').execute();
  return rows.map((r) => ({ address: r.address, bundleId: r.bundle_id as BundleIdName | null, updatedAt: new Date(Number(r.updated_at)).toISOString() }));
}

/**
 * Inbox Flow's held count and grouped rows, kept per account in this process until they could
 * have changed: the store (labels), the bundles (assignments, sender choices, deliveries) or the
 * priority model's scores (every re-score moves `priority_models.version` in the same
 * transaction). Each answer is checked against the three in any process.
 */
const inboxFlowAnswers = new Map<string, { version: string; values: Map<string, unknown> }>();

async function inboxFlowCached<T>(db: Db, accountId: string, key: string, compute: () => Promise<T>): Promise<T> {
  const model = await db.selectFrom('priority_models').select('version').where('account_id', '=', accountId).executeTakeFirst();
  const version = `${await bundlesVersion(db, accountId)}:${Number(model?.version ?? 0)}`;
  let entry = inboxFlowAnswers.get(accountId);
  if (!entry || entry.version !== version) {
    if (!entry && inboxFlowAnswers.size >= MAX_CACHED_ACCOUNTS) inboxFlowAnswers.delete(inboxFlowAnswers.keys().next().value as string);
    entry = { version, values: new Map() };
    inboxFlowAnswers.set(accountId, entry);
  }
  if (entry.values.has(key)) return entry.values.get(key) as T;
  const value = await compute();
  // Kept only if nothing moved while it was computed.
  if (inboxFlowAnswers.get(accountId) === entry) entry.values.set(key, value);
  return value;
}

/** The account's bundles delivered so (most accounts have none: nothing to count). */
async function bundlesDelivered(db: Db, accountId: string, delivery: BundleDelivery): Promise<BundleId[]> {
  const rows = await db.selectFrom('bundle_settings').select('bundle_id').where('account_id', '=', accountId).where('delivery', '=', delivery).execute();
  return rows.map((r) => r.bundle_id as BundleId);
}

/** Not starred and not marked important in Gmail (the model's verdict is checked by the caller). */
const notLabelledImportant = sql<SqlBool>`(m.system_labels & ${sql.lit(STARRED_OR_IMPORTANT)}) = 0`;

/**
 * How many inbox messages the priority model puts below the line (`priority_scores.important = 0`)
 * are held out of the inbox for the digest now: Inbox Flow's Other count leaves them out.
 * `unreadOnly`: of those, the unread. From the held bundles' assignments (an index on account and
 * bundle), not a pass over the inbox.
 */
export async function heldForDigestCount(db: Db, accountId: string, options: { unreadOnly?: boolean | undefined } = {}): Promise<number> {
  return inboxFlowCached(db, accountId, options.unreadOnly ? 'held-unread' : 'held', () => countHeld(db, accountId, options));
}

async function countHeld(db: Db, accountId: string, options: { unreadOnly?: boolean | undefined }): Promise<number> {
  const held = await bundlesDelivered(db, accountId, 'digest');
  if (held.length === 0) return 0;
  let query = db
    .selectFrom('message_bundles as hb')
    .innerJoin('priority_scores as hs', (join) => join.onRef('hs.account_id', '=', 'hb.account_id').onRef('hs.message_id', '=', 'hb.message_id'))
    .innerJoin('messages as m', (join) => join.onRef('m.account_id', '=', 'hb.account_id').onRef('m.id', '=', 'hb.message_id'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('hb.account_id', '=', accountId)
    .where('hb.bundle_id', 'in', held)
    .where('hs.important', '=', 0)
    .where(notLabelledImportant);
  // As listInbox counts: the model's view of the labels, or (unread only) the store's.
  query = options.unreadOnly ? query.where(inInbox).where(unread) : query.where('hs.inbox', '=', 1);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A bundle shown in Inbox Flow as one row: its unimportant inbox mail, counted, with the newest senders. */
export interface InboxGroup {
  bundleId: BundleId;
  name: string;
  count: number;
  unreadCount: number;
  newestSenders: MailAddress[];
  newestAt: string;
}

/** The bundles the user groups in the inbox ("one grouped row"), each with the mail it folds in now. */
export async function inboxGroups(db: Db, accountId: string): Promise<InboxGroup[]> {
  return inboxFlowCached(db, accountId, 'groups', () => computeGroups(db, accountId));
}

async function computeGroups(db: Db, accountId: string): Promise<InboxGroup[]> {
  const grouped = await bundlesDelivered(db, accountId, 'grouped');
  if (grouped.length === 0) return [];
  const counts = await bundleCounts(db, accountId).where('b.bundle_id', 'in', grouped).where(sql<SqlBool>`not ${importantMail}`).execute();
  const groups = await Promise.all(
    counts.map(async (c): Promise<InboxGroup> => {
      const bundleId = c.bundle_id as BundleId;
      const rows = await bundleMessages(db, accountId, bundleId)
        .select(['m.from_addresses'])
        .where(sql<SqlBool>`not ${importantMail}`)
        .orderBy('m.internal_date', 'desc')
        .limit(30)
        .execute();
      return {
        bundleId,
        name: BUNDLE_NAMES[bundleId],
        count: Number(c.count),
        unreadCount: Number(c.unread ?? 0),
        newestSenders: distinctSenders(rows),
        newestAt: new Date(Number(c.newest)).toISOString(),
      };
    }),
  );
  // Newest first, as Shortwave orders its bundle rows.
  return groups.sort((a, b) => b.newestAt.localeCompare(a.newestAt) || a.bundleId.localeCompare(b.bundleId));
}

/**
 * Where a bundle's mail shows in Mailroom's inbox view (issue 13's Inbox Flow reads it): a
 * message's bundle and that bundle's delivery, for the ids given.
 */
export async function deliveryOfMessages(db: Db, accountId: string, ids: readonly string[]): Promise<Map<string, { bundleId: BundleId; delivery: BundleDelivery }>> {
  const result = new Map<string, { bundleId: BundleId; delivery: BundleDelivery }>();
  if (ids.length === 0) return result;
  const deliveries = await bundleDeliveries(db, accountId);
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('message_bundles')
      .select(['message_id', 'bundle_id'])
      .where('account_id', '=', accountId)
      .where('message_id', 'in', ids.slice(i, i + 500))
      .where('bundle_id', 'is not', null)
      .execute();
    for (const row of rows) {
      const bundleId = row.bundle_id as BundleId;
      result.set(row.message_id, { bundleId, delivery: deliveries.get(bundleId) ?? 'inbox' });
    }
  }
  return result;
}
