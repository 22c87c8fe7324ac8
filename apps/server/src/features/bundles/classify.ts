import type { BUNDLE_IDS as CONTRACT_BUNDLE_IDS } from '@mailroom/contract';
import { BUNDLE_IDS, classifyBundle, type BundleId, type BundleMessage, type SenderRules } from '@mailroom/intelligence/bundles';
import type { Address } from '@mailroom/mail-query';
import type { Db } from '../../db/database.ts';
import { bumpBundleGeneration } from './generation.ts';

// The contract's bundle ids are the classifier's, in the same order (a compile-time check).
const sameIds: readonly (typeof CONTRACT_BUNDLE_IDS)[number][] = BUNDLE_IDS satisfies readonly (typeof CONTRACT_BUNDLE_IDS)[number][];
void sameIds;

/** Re-derived when older than this, so assignments of mail still here never reach the 30-day retention. */
export const RECLASSIFY_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const CHUNK = 500;

const CLASSIFY_COLUMNS = ['id', 'from_addresses', 'subject', 'snippet', 'label_ids', 'list_id', 'list_post', 'list_unsubscribe', 'extra_headers', 'attachments'] as const;

interface ClassifyRow {
  id: string;
  from_addresses: string;
  subject: string;
  snippet: string | null;
  label_ids: string;
  list_id: string | null;
  list_post: string | null;
  list_unsubscribe: string | null;
  extra_headers: string;
  attachments: string;
}

function parse<T>(json: string | null | undefined, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/** A stored message as the classifier reads it (Precedence and Auto-Submitted from the kept machine headers). */
export function toBundleMessage(row: ClassifyRow): BundleMessage {
  const from = parse<Address[]>(row.from_addresses, [])[0];
  const headers = parse<Record<string, string>>(row.extra_headers, {});
  return {
    from: from ? { name: from.name ?? null, address: from.address } : null,
    subject: row.subject,
    snippet: row.snippet ?? '',
    labelIds: parse<string[]>(row.label_ids, []),
    listId: row.list_id,
    listPost: row.list_post,
    listUnsubscribe: row.list_unsubscribe,
    precedence: headers['precedence'] ?? null,
    autoSubmitted: headers['auto-submitted'] ?? null,
    attachments: parse<Array<{ filename: string; mimeType: string }>>(row.attachments, []),
  };
}

export async function senderRulesOf(db: Db, accountId: string): Promise<Map<string, BundleId | null>> {
  const rows = await db.selectFrom('bundle_sender_rules').select(['address', 'bundle_id']).where('account_id', '=', accountId).execute();
  return new Map(rows.map((r) => [r.address, r.bundle_id as BundleId | null]));
}

async function writeAssignments(db: Db, accountId: string, rows: readonly ClassifyRow[], rules: SenderRules, now: number): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((row) => {
    const message = toBundleMessage(row);
    const decision = classifyBundle(message, rules);
    return {
      account_id: accountId,
      message_id: row.id,
      bundle_id: decision.bundle,
      reason: decision.reason,
      source: decision.source,
      sender: (message.from?.address ?? '').trim().toLowerCase(),
      classified_at: now,
    };
  });
  await db
    .insertInto('message_bundles')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['account_id', 'message_id']).doUpdateSet((eb) => ({
        bundle_id: eb.ref('excluded.bundle_id'),
        reason: eb.ref('excluded.reason'),
        source: eb.ref('excluded.source'),
        sender: eb.ref('excluded.sender'),
        classified_at: eb.ref('excluded.classified_at'),
      })),
    )
    .execute();
  await bumpBundleGeneration(db, accountId);
}

/** (Re)classifies the named messages from the store as they are now; ids no longer stored are dropped. */
export async function classifyMessages(db: Db, accountId: string, ids: readonly string[], now: number): Promise<number> {
  if (ids.length === 0) return 0;
  const rules = await senderRulesOf(db, accountId);
  let done = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const rows = await db.selectFrom('messages').select(CLASSIFY_COLUMNS).where('account_id', '=', accountId).where('id', 'in', part).execute();
    await writeAssignments(db, accountId, rows, rules, now);
    done += rows.length;
  }
  return done;
}

export async function forgetMessages(db: Db, accountId: string, ids: readonly string[]): Promise<void> {
  if (ids.length) await bumpBundleGeneration(db, accountId);
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db.deleteFrom('message_bundles').where('account_id', '=', accountId).where('message_id', 'in', ids.slice(i, i + CHUNK)).execute();
  }
}

/**
 * Classifies the account's messages that have no assignment yet, or one older than
 * RECLASSIFY_AFTER_MS (re-derived so it never ages out while the message is here). Idempotent;
 * in chunks, newest first.
 */
export async function classifyStale(db: Db, accountId: string, now: number): Promise<number> {
  const rules = await senderRulesOf(db, accountId);
  const cutoff = now - RECLASSIFY_AFTER_MS;
  let done = 0;
  for (;;) {
    const rows = await db
      .selectFrom('messages as m')
      .leftJoin('message_bundles as b', (join) => join.onRef('b.account_id', '=', 'm.account_id').onRef('b.message_id', '=', 'm.id'))
      .select(CLASSIFY_COLUMNS.map((c) => `m.${c}` as const))
      .where('m.account_id', '=', accountId)
      .where((eb) => eb.or([eb('b.message_id', 'is', null), eb('b.classified_at', '<', cutoff)]))
      .limit(CHUNK)
      .execute();
    if (rows.length === 0) return done;
    await writeAssignments(db, accountId, rows, rules, now);
    done += rows.length;
    if (rows.length < CHUNK) return done;
  }
}

/**
 * True when some stored message has no assignment yet (a store synced before bundles existed).
 * Two counts along the primary keys rather than an anti-join over the whole store: assignments
 * of deleted messages are dropped with them, so fewer assignments than messages means some are
 * missing.
 */
export async function hasUnclassified(db: Db, accountId: string): Promise<boolean> {
  const messages = await db.selectFrom('messages').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId).executeTakeFirst();
  const assigned = await db.selectFrom('message_bundles').select((eb) => eb.fn.countAll<number | string>().as('n')).where('account_id', '=', accountId).executeTakeFirst();
  return Number(assigned?.n ?? 0) < Number(messages?.n ?? 0);
}
