import crypto from 'node:crypto';
import type { Digest } from '@mailroom/contract';
import { DERIVED_DATA_RETENTION_MS } from '@mailroom/contract';
import { BUNDLE_IDS, BUNDLE_NAMES, type BundleId } from '@mailroom/intelligence/bundles';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import { SUMMARY_COLUMNS, summaryOf } from '../mail/index.ts';
import { loadSettings } from '../settings/index.ts';
import { importantMail, notTrashOrSpam } from './service.ts';
import { localTime, previousDay, nextDay, zonedInstant } from './zone.ts';

/** Items shown per group. */
export const DIGEST_TOP_ITEMS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A digest after downtime covers at most this long (older mail was in earlier digests or is past retention). */
const LONGEST_PERIOD_MS = 7 * DAY_MS;

type DigestContent = Pick<Digest, 'groups' | 'total' | 'actions' | 'recoverable'>;

/**
 * The day whose digest is due at `now`: today once the user's digest hour has passed in their
 * zone, else yesterday. Its period ends at that day's digest hour (DST-safe, zone.ts).
 */
export function dueDigest(now: number, timeZone: string, hour: number): { day: string; periodEnd: number; nextDueAt: number } {
  const local = localTime(now, timeZone);
  const todayAt = zonedInstant(local.day, hour, timeZone);
  const day = now >= todayAt ? local.day : previousDay(local.day);
  const periodEnd = day === local.day ? todayAt : zonedInstant(day, hour, timeZone);
  return { day, periodEnd, nextDueAt: zonedInstant(nextDay(day), hour, timeZone) };
}

/**
 * Builds the user's due digest if it is not there yet: one per user per day (a unique row), so
 * a job run twice, or run again after a restart cut a build short (the row stays `building`),
 * ends with exactly one. After downtime the next run builds the latest due day, whose period
 * reaches back to the previous digest, so nothing that arrived in between is left out.
 * Returns the digest id when one was built now.
 */
export async function buildDueDigest(db: Db, userId: string, accountId: string, now: number): Promise<string | null> {
  const { settings } = await loadSettings(db, userId);
  const timeZone = settings.account.timeZone;
  const { day, periodEnd } = dueDigest(now, timeZone, settings.mail.digestHour);
  const existing = await db.selectFrom('digests').select(['id', 'status', 'period_start']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirst();
  if (existing?.status === 'ready') return null;

  const previous = await db
    .selectFrom('digests')
    .select('period_end')
    .where('user_id', '=', userId)
    .where('day', '<', day)
    .where('status', '=', 'ready')
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  const periodStart = Math.max(previous ? Number(previous.period_end) : periodEnd - DAY_MS, periodEnd - LONGEST_PERIOD_MS);
  const id = existing?.id ?? crypto.randomUUID();
  if (!existing) {
    await db
      .insertInto('digests')
      .values({ id, user_id: userId, account_id: accountId, day, time_zone: timeZone, period_start: periodStart, period_end: periodEnd, status: 'building', content: '{}', built_at: null, emailed_at: null, email_state: null, email_claimed_at: null, email_message_id: null, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .execute();
  }
  // Whoever inserted first owns the id; a concurrent run builds the same content into it.
  const row = await db.selectFrom('digests').select(['id', 'period_start']).where('user_id', '=', userId).where('day', '=', day).executeTakeFirstOrThrow();
  const content = await digestContent(db, accountId, Number(row.period_start), periodEnd, now);
  await db.updateTable('digests').set({ content: JSON.stringify(content), status: 'ready', built_at: now, time_zone: timeZone }).where('id', '=', row.id).execute();
  return row.id;
}

/**
 * What the digest says: the unimportant bundle mail that arrived in the period (not starred, not
 * marked important, not above the priority threshold), what Mailroom did, what Recovery holds.
 */
export async function digestContent(db: Db, accountId: string, start: number, end: number, now: number): Promise<DigestContent> {
  const labels = await db.selectFrom('labels').select(['id', 'name']).where('account_id', '=', accountId).execute();
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));
  const arrived = () =>
    db
      .selectFrom('message_bundles as b')
      .innerJoin('messages as m', (join) => join.onRef('m.account_id', '=', 'b.account_id').onRef('m.id', '=', 'b.message_id'))
      .where('b.account_id', '=', accountId)
      .where('m.internal_date', '>=', start)
      .where('m.internal_date', '<', end)
      .where(notTrashOrSpam)
      // Important mail stays in the inbox and out of the digest, whatever its bundle.
      .where(sql<SqlBool>`not ${importantMail}`);
  const counts = await arrived()
    .select((eb) => ['b.bundle_id', eb.fn.countAll<number | string>().as('n')])
    .where('b.bundle_id', 'is not', null)
    .groupBy('b.bundle_id')
    .execute();
  const countOf = new Map(counts.map((c) => [c.bundle_id as BundleId, Number(c.n)]));
  const groups: DigestContent['groups'] = [];
  for (const bundleId of BUNDLE_IDS) {
    const count = countOf.get(bundleId) ?? 0;
    if (count === 0) continue;
    const rows = await arrived()
      .select(SUMMARY_COLUMNS.map((c) => `m.${c}` as const))
      .where('b.bundle_id', '=', bundleId)
      .orderBy('m.internal_date', 'desc')
      .orderBy('m.id', 'desc')
      .limit(DIGEST_TOP_ITEMS)
      .execute();
    const top = rows.map((r) => {
      const s = summaryOf(r, labelNames);
      return { id: s.id, threadId: s.threadId, from: s.from, subject: s.subject, snippet: s.snippet, date: s.date, unread: s.unread };
    });
    groups.push({ bundleId, name: BUNDLE_NAMES[bundleId], count, top });
  }

  const batches = await db
    .selectFrom('action_batches')
    .select((eb) => ['kind', eb.fn.countAll<number | string>().as('batches'), eb.fn.sum<number | string>('message_count').as('messages')])
    .where('account_id', '=', accountId)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  const undone = await db
    .selectFrom('action_batches')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('undone_at', '>=', start)
    .where('undone_at', '<', end)
    .executeTakeFirst();
  const unsubscribed = await db
    .selectFrom('unsubscribe_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('requested_at', '>=', start)
    .where('requested_at', '<', end)
    .where('outcome', 'in', ['unsubscribed', 'sent'])
    .executeTakeFirst();
  const recoverable = await db
    .selectFrom('action_batches')
    .select((eb) => [eb.fn.countAll<number | string>().as('batches'), eb.fn.sum<number | string | null>('message_count').as('messages')])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['done', 'failed'])
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return {
    groups,
    total: groups.reduce((sum, g) => sum + g.count, 0),
    actions: {
      batches: batches.map((b) => ({ kind: b.kind, batches: Number(b.batches), messages: Number(b.messages ?? 0) })),
      undone: Number(undone?.n ?? 0),
      unsubscribed: Number(unsubscribed?.n ?? 0),
    },
    recoverable: { batches: Number(recoverable?.batches ?? 0), messages: Number(recoverable?.messages ?? 0) },
  };
}

type DigestRow = { id: string; day: string; time_zone: string; period_start: number; period_end: number; content: string; built_at: number | null; emailed_at: number | null };

export function toDigest(row: DigestRow): Digest {
  const content = JSON.parse(row.content) as DigestContent;
  return {
    digestId: row.id,
    day: row.day,
    timeZone: row.time_zone,
    periodStart: new Date(Number(row.period_start)).toISOString(),
    periodEnd: new Date(Number(row.period_end)).toISOString(),
    builtAt: new Date(Number(row.built_at ?? row.period_end)).toISOString(),
    groups: content.groups,
    total: content.total,
    // Digests built before unsubscribes were counted say none.
    actions: { ...content.actions, unsubscribed: content.actions.unsubscribed ?? 0 },
    recoverable: content.recoverable,
    emailedAt: row.emailed_at === null ? null : new Date(Number(row.emailed_at)).toISOString(),
  };
}

const DIGEST_COLUMNS = ['id', 'day', 'time_zone', 'period_start', 'period_end', 'content', 'built_at', 'emailed_at'] as const;

/** The user's ready digests of the last 30 days, newest first. */
export async function listDigests(db: Db, userId: string, now: number): Promise<Digest[]> {
  const rows = await db
    .selectFrom('digests')
    .select(DIGEST_COLUMNS)
    .where('user_id', '=', userId)
    .where('status', '=', 'ready')
    .where('created_at', '>', now - DERIVED_DATA_RETENTION_MS)
    .orderBy('day', 'desc')
    .execute();
  return rows.map(toDigest);
}

/** One of the user's digests; another user's (or an expired one) answers NOT_FOUND. */
export async function requireDigest(db: Db, userId: string, digestId: string): Promise<Digest & { accountId: string; start: number; end: number }> {
  const row = await db
    .selectFrom('digests')
    .select([...DIGEST_COLUMNS, 'account_id'])
    .where('user_id', '=', userId)
    .where('id', '=', digestId)
    .where('status', '=', 'ready')
    .executeTakeFirst();
  if (!row) throw notFound('No such digest');
  return { ...toDigest(row), accountId: row.account_id, start: Number(row.period_start), end: Number(row.period_end) };
}
