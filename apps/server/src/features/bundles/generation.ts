import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { storeGeneration } from '../../db/word-index.ts';

/** Moves the account's bundle generation on: its assignments, sender choices or deliveries changed. */
export async function bumpBundleGeneration(db: Db, accountId: string): Promise<void> {
  await db
    .insertInto('bundle_generations')
    .values({ account_id: accountId, generation: 1 })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ generation: sql`bundle_generations.generation + 1` }))
    .execute();
}

/**
 * What listBundles' answer depends on: the store (messages and labels, moved by triggers on
 * every write: sync, actions, undo) and the bundles (moved by bumpBundleGeneration), together.
 */
export async function bundlesVersion(db: Db, accountId: string): Promise<string> {
  const row = await db.selectFrom('bundle_generations').select('generation').where('account_id', '=', accountId).executeTakeFirst();
  return `${await storeGeneration(db, accountId)}:${Number(row?.generation ?? 0)}`;
}
