import { learnStyle, type StyleProfile } from '@mailroom/intelligence/replies';
import type { Address } from '@mailroom/mail-query';
import pLimit from 'p-limit';
import type { Db } from '../../db/database.ts';
import type { AppServices } from '../../platform/services.ts';
import { readOriginal } from './original.ts';

/**
 * The user's reply style (greeting, sign-off, formality, length): learned from the text of
 * their recent sent replies, fetched on demand and dropped at once; only the profile's few
 * fields are stored (derived data, deleted after 30 days and learned again). Learned again
 * whenever sync sees new sent mail (onMessagesChanged -> the `replies.learn-style` job).
 */

/** Sent replies read to learn a style: the newest ones say how the user writes now. */
export const STYLE_SAMPLE_LIMIT = 40;
/** A sent reply bigger than this is mostly attachment; its text is not needed to learn a style. */
const STYLE_MESSAGE_MAX_BYTES = 1024 * 1024;
/** Fetches at once while learning (the provider paces them under the quota too). */
const STYLE_FETCH_CONCURRENCY = 4;

export const LEARN_STYLE_JOB = 'replies.learn-style';
/**
 * A style is learned again at most this often: a first sync announces sent mail page after page,
 * and one more reply seldom changes how someone writes.
 */
export const STYLE_RELEARN_MIN_MS = 15 * 60_000;

export interface StoredStyle {
  profile: StyleProfile;
  /** The display name the user sends under, from their sent mail's From header. */
  senderName: string | null;
  learnedAt: number;
}

export async function loadStyle(db: Db, accountId: string): Promise<StoredStyle | null> {
  const row = await db.selectFrom('reply_style_profiles').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  if (!row) return null;
  return {
    profile: { greeting: row.greeting, signOff: row.sign_off, formality: row.formality, length: row.length, samples: Number(row.samples) },
    senderName: row.sender_name,
    learnedAt: Number(row.learned_at),
  };
}

export async function saveStyle(db: Db, accountId: string, style: StoredStyle): Promise<void> {
  const values = {
    greeting: style.profile.greeting,
    sign_off: style.profile.signOff,
    formality: style.profile.formality,
    length: style.profile.length,
    samples: style.profile.samples,
    sender_name: style.senderName,
    learned_at: style.learnedAt,
  };
  await db
    .insertInto('reply_style_profiles')
    .values({ account_id: accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

function parseAddresses(text: string): Address[] {
  try {
    return JSON.parse(text) as Address[];
  } catch {
    return [];
  }
}

/**
 * Learns the account's style from its newest sent replies and stores it. A reply that cannot be
 * fetched (deleted since, too large) is skipped; with none, the default style is stored with
 * `samples: 0`, so it is not learned again until new sent mail arrives.
 */
export async function learnStyleFor(services: Pick<AppServices, 'db' | 'providers' | 'clock' | 'log'>, accountId: string): Promise<StoredStyle | null> {
  const { db } = services;
  const account = await db.selectFrom('mail_accounts').select(['id', 'needs_reconnect']).where('id', '=', accountId).where('disconnected_at', 'is', null).executeTakeFirst();
  if (!account || account.needs_reconnect) return null;
  const provider = await services.providers(accountId);
  if (!provider) return null;
  const sent = await db
    .selectFrom('messages')
    .select(['id', 'from_addresses'])
    .where('account_id', '=', accountId)
    .where('label_ids', 'like', '%"SENT"%')
    // Replies only: what the user writes when answering someone (In-Reply-To/References, or "Re:").
    .where((eb) => eb.or([eb('in_reply_to', 'is not', null), eb('references_header', 'is not', null), eb('subject', 'like', 'Re:%'), eb('subject', 'like', 'RE:%'), eb('subject', 'like', 're:%')]))
    .orderBy('internal_date', 'desc')
    .limit(STYLE_SAMPLE_LIMIT)
    .execute();
  const limit = pLimit(STYLE_FETCH_CONCURRENCY);
  const texts = await Promise.all(
    sent.map((row) =>
      limit(async () => {
        try {
          const mail = await readOriginal(provider, { accountId, messageId: row.id }, { now: services.clock.now(), maxBytes: STYLE_MESSAGE_MAX_BYTES, cache: false });
          return mail.reply.text;
        } catch {
          return null;
        }
      }),
    ),
  );
  const profile = learnStyle(texts.filter((t): t is string => t !== null));
  const names = new Map<string, number>();
  for (const row of sent) {
    const name = parseAddresses(row.from_addresses)[0]?.name?.trim();
    if (name) names.set(name, (names.get(name) ?? 0) + 1);
  }
  const senderName = [...names.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const style: StoredStyle = { profile, senderName, learnedAt: services.clock.now() };
  await saveStyle(db, accountId, style);
  services.log.info({ accountId, samples: profile.samples }, 'reply style learned');
  return style;
}

/** Whether any of these messages (just synced) is one the user sent: the style may have changed. */
export async function anySent(db: Db, accountId: string, messageIds: readonly string[]): Promise<boolean> {
  for (let i = 0; i < messageIds.length; i += 500) {
    const chunk = messageIds.slice(i, i + 500);
    const row = await db
      .selectFrom('messages')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', 'in', chunk)
      .where('label_ids', 'like', '%"SENT"%')
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * Asks for the style to be learned again after new sent mail, unless it was learned less than
 * STYLE_RELEARN_MIN_MS ago (the next sent mail after that learns it again; the job is keyed per
 * account, so requests meanwhile coalesce).
 */
export async function relearnStyleSoon(services: Pick<AppServices, 'db' | 'jobs' | 'clock'>, accountId: string): Promise<void> {
  const last = await services.db.selectFrom('reply_style_profiles').select('learned_at').where('account_id', '=', accountId).executeTakeFirst();
  if (last && Number(last.learned_at) > services.clock.now() - STYLE_RELEARN_MIN_MS) return;
  await services.jobs.enqueue(LEARN_STYLE_JOB, { accountId });
}
