import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * A word index over the header fields the store keeps (issue 12), so that `from:`, `subject:`,
 * `list:`, `filename:` and label terms find their messages without reading every row:
 *
 * - SQLite: the FTS5 table `messages_words`, one row per message with the messages' rowid: the
 *   account as one token (`account_key`, the hex of its id), the flags `attachment` and
 *   `userlabels`, and the search columns. It is contentless (it keeps only the index) with
 *   deletes, kept in step by triggers on every insert, update and delete however the row is
 *   written. Only spaces separate tokens (every other Unicode category is a token character), so
 *   the tokens are exactly the search columns' words, whatever the tokenizer's Unicode tables,
 *   and the `|` between a field's segments: a phrase never runs across two segments, and a phrase
 *   of ASCII words in a column is exactly the store's `LIKE '% w1 w2 %'` (other words the
 *   tokenizer may case-fold more than Mailroom does, so toSql rechecks them row by row).
 *   `messages_words_vocab` gives each word's document count for toSql's cost check.
 *   (VACUUM may renumber the rowids of a table without an INTEGER PRIMARY KEY; a VACUUM must be
 *   followed by `refillSqliteWordIndex`.)
 * - PostgreSQL (stock, no extension): the generated column `messages.search_words`, a tsvector of
 *   the same words with a one-letter field prefix (`f:amazon`, `s:invoice`, label ids `g:<hex>`),
 *   made by an immutable SQL function from the search columns, with a GIN index. Lexemes are
 *   taken as they are (array_to_tsvector, no text-search parser or dictionary), so they are
 *   exactly Mailroom's words; PostgreSQL's planner weighs the index against the others from its
 *   own statistics.
 *
 * Also here:
 * - `messages_account_date` goes: `messages_account_date_flags` begins with the same columns
 *   (account_id, internal_date) and covers what date-ordered category queries read, and the
 *   narrow index led the planners to fetch tens of thousands of rows to return a page;
 * - `store_generations`: a change counter per account, bumped by triggers in the same transaction
 *   as any write to the account's messages or labels (sync, bulk actions, purge alike). Cached
 *   category counts are valid while it has not moved, in every process sharing the database.
 */
export const WORD_COLUMNS = [
  'search_from',
  'search_to',
  'search_cc',
  'search_bcc',
  'search_delivered_to',
  'search_subject',
  'search_list',
  'search_filename',
  'search_labels',
] as const;

/** The one-letter field prefix of each column's lexemes in PostgreSQL's search_words. */
export const WORD_PREFIXES: Record<(typeof WORD_COLUMNS)[number], string> = {
  search_from: 'f',
  search_to: 't',
  search_cc: 'c',
  search_bcc: 'b',
  search_delivered_to: 'd',
  search_subject: 's',
  search_list: 'l',
  search_filename: 'n',
  search_labels: 'g',
};

/** PostgreSQL: rows past these limits are indexed as `x:overflow` (see upPostgres). */
export const WORD_INDEX_MAX_LEXEMES = 20_000;
export const WORD_INDEX_MAX_WORD_BYTES = 1_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) await upSqlite(db);
  else await upPostgres(db);
  await db.schema.dropIndex('messages_account_date').ifExists().execute();
  await createGenerations(db, sqlite);
}

/** The FTS5 row of a message row (`new` or `old` in a trigger, or the table in a select). */
function ftsValues(row: string): string {
  const r = row === '' ? '' : `${row}.`;
  return [
    `${r}rowid`,
    `hex(${r}account_id)`,
    `trim(case when ${r}has_attachment <> 0 then 'attachment ' else '' end || case when ${r}has_user_labels <> 0 then 'userlabels' else '' end)`,
    ...WORD_COLUMNS.map((c) => `${r}${c}`),
  ].join(', ');
}

const FTS_COLUMNS = ['rowid', 'account_key', 'flags', ...WORD_COLUMNS].join(', ');

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`create virtual table messages_words using fts5(
    account_key, flags, ${sql.raw(WORD_COLUMNS.join(', '))},
    content = '', contentless_delete = 1,
    tokenize = "unicode61 remove_diacritics 0 categories 'L* M* N* P* S* C*'")`.execute(db);
  await sql`create virtual table messages_words_vocab using fts5vocab(messages_words, 'col')`.execute(db);
  await sql`create trigger messages_words_insert after insert on messages begin
    insert into messages_words (${sql.raw(FTS_COLUMNS)}) values (${sql.raw(ftsValues('new'))});
  end`.execute(db);
  await sql`create trigger messages_words_delete after delete on messages begin
    delete from messages_words where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger messages_words_update after update of account_id, has_attachment, has_user_labels, ${sql.raw(WORD_COLUMNS.join(', '))} on messages begin
    delete from messages_words where rowid = old.rowid;
    insert into messages_words (${sql.raw(FTS_COLUMNS)}) values (${sql.raw(ftsValues('new'))});
  end`.execute(db);
  await refillSqliteWordIndex(db);
}

/** Fills the SQLite word index from the messages table (after creating it, or after a VACUUM). */
export async function refillSqliteWordIndex(db: Kysely<unknown>): Promise<void> {
  await sql`insert into messages_words (messages_words) values ('delete-all')`.execute(db);
  await sql`insert into messages_words (${sql.raw(FTS_COLUMNS)}) select ${sql.raw(ftsValues(''))} from messages`.execute(db);
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  // The words of one search column as prefixed lexemes: ' re hello | world ' -> {s:re, s:hello, s:world}.
  await sql`create or replace function mailroom_column_words(prefix text, words text) returns text[]
    language sql immutable strict parallel safe
    as $$ select coalesce(array_agg(prefix || ':' || w), '{}') from unnest(string_to_array(words, ' ')) as w where w <> '' and w <> '|' $$`.execute(db);
  const args = sql.raw(WORD_COLUMNS.map((c) => `${c} text`).join(', '));
  const parts = sql.raw(WORD_COLUMNS.map((c, i) => `mailroom_column_words('${WORD_PREFIXES[c]}', $${i + 1})`).join(' || '));
  // A tsvector holds at most 1 MB and lexemes of at most 2 kB; a row past WORD_INDEX_MAX_LEXEMES
  // words or with a word over WORD_INDEX_MAX_WORD_BYTES (hostile headers) is indexed as the one
  // lexeme `x:overflow`, which toSql's index condition always admits, so such a row is still
  // found, by its exact test, and a write never fails on it.
  await sql`create or replace function mailroom_search_words(${args}) returns tsvector
    language sql immutable parallel safe
    as $$ select case
      when cardinality(w) > ${sql.lit(WORD_INDEX_MAX_LEXEMES)} or exists (select 1 from unnest(w) as x where octet_length(x) > ${sql.lit(WORD_INDEX_MAX_WORD_BYTES)})
      then array_to_tsvector('{x:overflow}'::text[])
      else array_to_tsvector(w) end
    from (select ${parts} as w) as words $$`.execute(db);
  const columns = sql.raw(WORD_COLUMNS.join(', '));
  await sql`alter table messages add column search_words tsvector generated always as (mailroom_search_words(${columns})) stored`.execute(db);
  await sql`create index messages_search_words on messages using gin (search_words)`.execute(db);
}

async function createGenerations(db: Kysely<unknown>, sqlite: boolean): Promise<void> {
  await db.schema
    .createTable('store_generations')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('mail_accounts.id').onDelete('cascade'))
    .addColumn('generation', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into store_generations (account_id, generation) select id, 1 from mail_accounts`.execute(db);
  if (sqlite) {
    for (const table of ['messages', 'labels']) {
      for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
        // Not for an account being deleted (its messages go by cascade after it): nothing to count.
        await sql`create trigger ${sql.raw(`${table}_${event}_generation`)} after ${sql.raw(event)} on ${sql.raw(table)} begin
          insert into store_generations (account_id, generation)
            select ${sql.raw(`${row}.account_id`)}, 1 where exists (select 1 from mail_accounts where id = ${sql.raw(`${row}.account_id`)})
          on conflict (account_id) do update set generation = generation + 1;
        end`.execute(db);
      }
    }
    return;
  }
  // PostgreSQL: one bump per statement (transition tables), not one per row of a large write.
  await sql`create or replace function mailroom_bump_generation() returns trigger language plpgsql as $$
    begin
      insert into store_generations (account_id, generation)
        select distinct account_id, 1 from changed_rows
        where account_id in (select id from mail_accounts)
        on conflict (account_id) do update set generation = store_generations.generation + 1;
      return null;
    end $$`.execute(db);
  for (const table of ['messages', 'labels']) {
    for (const event of ['insert', 'update', 'delete'] as const) {
      const transition = event === 'delete' ? 'old' : 'new';
      await sql`create trigger ${sql.raw(`${table}_${event}_generation`)} after ${sql.raw(event)} on ${sql.raw(table)}
        referencing ${sql.raw(transition)} table as changed_rows
        for each statement execute function mailroom_bump_generation()`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of ['messages', 'labels']) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`${table}_${event}_generation`)}${sql.raw(sqlite ? '' : ` on ${table}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('store_generations').ifExists().execute();
  if (!sqlite) await sql`drop function if exists mailroom_bump_generation()`.execute(db);
  await db.schema.createIndex('messages_account_date').ifNotExists().on('messages').columns(['account_id', 'internal_date']).execute();
  if (sqlite) {
    for (const trigger of ['messages_words_insert', 'messages_words_delete', 'messages_words_update']) await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
    await sql`drop table if exists messages_words_vocab`.execute(db);
    await sql`drop table if exists messages_words`.execute(db);
  } else {
    await sql`drop index if exists messages_search_words`.execute(db);
    await sql`alter table messages drop column if exists search_words`.execute(db);
    await sql`drop function if exists mailroom_search_words`.execute(db);
    await sql`drop function if exists mailroom_column_words`.execute(db);
  }
}
