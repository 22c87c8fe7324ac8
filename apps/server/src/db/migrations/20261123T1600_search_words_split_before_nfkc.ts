import { fromStoreRow, toStoreRow, type MessageRow } from '@mailroom/mail-query';
import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Words are now split before compatibility normalisation (issue 21: `Parhelia™` is the word
 * `parhelia`, not `parheliatm`), so the derived search columns of stored messages are made again
 * where the change can matter: rows with a character outside ASCII in a searched field (ASCII
 * text splits the same either way). The store never held bodies, and the search columns are
 * derived from the stored metadata alone (toStoreRow), so nothing has to be fetched again.
 */
const SEARCH_COLUMNS = [
  'search_from', 'search_to', 'search_cc', 'search_bcc', 'search_delivered_to', 'search_subject', 'search_list', 'search_filename',
] as const satisfies ReadonlyArray<keyof MessageRow>;

const SOURCE_COLUMNS = ['subject', 'from_addresses', 'to_addresses', 'cc_addresses', 'bcc_addresses', 'delivered_to', 'attachments', 'list_id', 'list_post'];

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // "Has a character above U+007F", in each engine's pattern language.
  const nonAscii = SOURCE_COLUMNS.map((column) =>
    sqlite ? sql`${sql.ref(column)} glob ${'*[^\u0001-\u007f]*'}` : sql`${sql.ref(column)} ~ ${'[^\\x01-\\x7f]'}`,
  );
  let after: { account_id: string; id: string } | null = null;
  for (;;) {
    const cursor: { account_id: string; id: string } | null = after;
    const rows = (await sql<MessageRow>`
      select * from messages
      where (${sql.join(nonAscii, sql` or `)})
      ${cursor ? sql`and (account_id > ${cursor.account_id} or (account_id = ${cursor.account_id} and id > ${cursor.id}))` : sql``}
      order by account_id, id
      limit ${BATCH}`.execute(db)).rows;
    if (rows.length === 0) break;
    for (const row of rows) {
      const fresh = toStoreRow(row.account_id, fromStoreRow(row), { historyId: row.history_id, snippet: row.snippet });
      const changed = SEARCH_COLUMNS.filter((c) => fresh[c] !== row[c]);
      if (changed.length === 0) continue;
      await sql`update messages set ${sql.join(changed.map((c) => sql`${sql.ref(c)} = ${fresh[c]}`))}
        where account_id = ${row.account_id} and id = ${row.id}`.execute(db);
    }
    const last = rows[rows.length - 1] as MessageRow;
    after = { account_id: last.account_id, id: last.id };
    if (rows.length < BATCH) break;
  }
}

export async function down(): Promise<void> {
  // The columns stay as the newer rule made them; the older rule read them the same for ASCII.
}
