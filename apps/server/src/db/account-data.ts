import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Data that belongs to a mail account or a user, found by column name rather than by a list:
 * every table with an `account_id` column holds that account's mail data, every table with a
 * `user_id` column the user's. A table added later is covered without touching this file,
 * which is what the promises "purge within 24 h" and "delete my account" need (DESIGN §1).
 */

/** Tables of the current schema that have `column`. */
export async function tablesWithColumn(db: Db, column: string): Promise<string[]> {
  const tables = await db.introspection.getTables();
  // PostgreSQL lists every schema's tables; keep the ones on our search_path's first schema.
  const onPostgres = tables.some((t) => t.schema !== undefined);
  const schema = onPostgres ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  return tables
    .filter((t) => !t.isView && (!onPostgres || t.schema === schema))
    .filter((t) => t.columns.some((c) => c.name === column))
    .map((t) => t.name)
    .sort();
}

/**
 * Deletes every row whose `column` equals `value` in each of `tables`. Tables that reference
 * each other without ON DELETE CASCADE may refuse in one order and succeed in another, so
 * refused tables are retried after the others until no progress is made.
 */
async function deleteWhere(db: Db, tables: string[], column: string, value: string): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  let pending = [...tables];
  let lastError: unknown = null;
  while (pending.length > 0) {
    const refused: string[] = [];
    for (const table of pending) {
      try {
        const result = await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
        deleted[table] = (deleted[table] ?? 0) + Number(result.numAffectedRows ?? 0n);
      } catch (error) {
        refused.push(table);
        lastError = error;
      }
    }
    if (refused.length === pending.length) {
      throw new Error(`Could not delete from ${refused.join(', ')}: ${String(lastError)}`, { cause: lastError });
    }
    pending = refused;
  }
  return deleted;
}

export interface PurgeReport {
  accountId: string;
  /** Rows deleted per table, the mail_accounts row included. */
  deleted: Record<string, number>;
}

/**
 * Removes a mail account and every row of its data (messages, labels, sync state, derived
 * data: every table keyed by account_id). Idempotent: a purge interrupted by a crash is simply
 * run again.
 */
export async function purgeAccountData(db: Db, accountId: string): Promise<PurgeReport> {
  const tables = (await tablesWithColumn(db, 'account_id')).filter((t) => t !== 'mail_accounts');
  const deleted = await deleteWhere(db, tables, 'account_id', accountId);
  const account = await db.deleteFrom('mail_accounts').where('id', '=', accountId).executeTakeFirst();
  deleted['mail_accounts'] = Number(account.numDeletedRows);
  return { accountId, deleted };
}

/** Removes every row keyed by the user (sessions, API tokens, ...) and then the user. */
export async function deleteUserRows(db: Db, userId: string): Promise<Record<string, number>> {
  const tables = await tablesWithColumn(db, 'user_id');
  const deleted = await deleteWhere(db, tables, 'user_id', userId);
  const user = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
  deleted['users'] = Number(user.numDeletedRows);
  return deleted;
}

/** Column names that hold secrets (tokens, hashes, keys); such values never leave in an export. */
const SECRET_COLUMN = /(^|_)(token|secret|ciphertext|hash|password|csrf|verifier|nonce|key|auth|p256dh)(_|$)/i;

export function isSecretColumn(name: string): boolean {
  return SECRET_COLUMN.test(name);
}

/** Every row keyed by `column` = `value` in the given tables, secret columns left out. */
export async function rowsOf(db: Db, tables: string[], column: string, value: string): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
    out[table] = result.rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => !isSecretColumn(name))));
  }
  return out;
}
