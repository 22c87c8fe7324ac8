import crypto from 'node:crypto';
import { searchDirectoryFromCounts, type CorrespondentCount, type ListIdCount, type SearchDirectory } from '@mailroom/intelligence/search';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isSqlite } from '../../db/word-index.ts';
import type { MessagesChanged } from '../../sync/messages-changed.ts';

/**
 * The directory the translator resolves names, lists and labels against (issue 14): the
 * account's correspondents (display names and addresses seen in From, To, Cc and Bcc, with how
 * often), its mailing lists (List-Id, with counts) and its user labels. Built from the store
 * with aggregates (GROUP BY over the address arrays, one scan of the account's rows), never by
 * loading every message, and kept per account in this process.
 *
 * A kept directory is current while the account's mark (search_directory_marks) is the one it
 * was built under. "Messages changed" events that add or delete messages replace the mark
 * (onMessagesChanged, in whichever worker runs the job), so every server process sees at its
 * next search that its copy is stale and builds it again; relabelled messages change no name,
 * list or label, so they keep the directory. Labels are read on each use (a few rows), so a
 * label created or renamed shows at once.
 *
 * The translator builds its indexes once per array it is given (a WeakMap), so a kept directory
 * hands it the same arrays every time.
 */

/** Directories kept at once; the least recently used goes first. */
const MAX_KEPT = 64;

interface Kept {
  mark: string;
  people: SearchDirectory['people'];
  lists: SearchDirectory['lists'];
  /** The user label names last handed out, reused while they are the same. */
  labels: string[];
}

const kept = new Map<string, Kept>();
/** Builds in flight, so concurrent searches of one account build once. */
const building = new Map<string, Promise<Kept>>();

/** The mark an account's directory was last changed under ('' until its messages first change). */
async function currentMark(db: Db, accountId: string): Promise<string> {
  const row = await db.selectFrom('search_directory_marks').select('marker').where('account_id', '=', accountId).executeTakeFirst();
  return row?.marker ?? '';
}

/**
 * Marks the account's directory as changed when messages were added or deleted (the
 * onMessagesChanged subscriber). Idempotent in effect: a repeated event only causes one more
 * rebuild.
 */
export async function markDirectoryChanged(db: Db, event: MessagesChanged, now: number): Promise<boolean> {
  if (event.added.length === 0 && event.deleted.length === 0) return false;
  const marker = crypto.randomUUID();
  await db
    .insertInto('search_directory_marks')
    .values({ account_id: event.accountId, marker, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ marker, updated_at: now }))
    .execute();
  return true;
}

/** Forgets every kept directory (tests and benchmarks that measure a build). */
export function forgetSearchDirectories(): void {
  kept.clear();
}

/**
 * The account's directory: the kept one while its mark holds; when the mark has moved, the kept
 * one still answers this search while a new one is built for the next (a sync adding mail every
 * minute must not make every search wait for a scan of the mailbox; a new correspondent is known
 * a moment later). Only an account with nothing kept waits for the first build.
 */
export async function accountDirectory(db: Db, accountId: string | null): Promise<SearchDirectory> {
  if (!accountId) return { people: [], lists: [], labels: [] };
  const [mark, labelNames] = await Promise.all([currentMark(db, accountId), userLabelNames(db, accountId)]);
  let entry = kept.get(accountId);
  if (!entry) entry = await build(db, accountId, mark);
  else if (entry.mark !== mark) {
    // Rebuilt in the background; a failure (the database going away at shutdown) leaves the kept one.
    build(db, accountId, mark).catch(() => undefined);
  }
  // Least recently used order: a hit moves to the end (unless a newer build replaced it meanwhile).
  if (kept.get(accountId) === entry) {
    kept.delete(accountId);
    kept.set(accountId, entry);
  }
  if (!sameNames(entry.labels, labelNames)) entry.labels = labelNames;
  return { people: entry.people, lists: entry.lists, labels: entry.labels };
}

async function build(db: Db, accountId: string, mark: string): Promise<Kept> {
  const key = `${accountId}\n${mark}`;
  let pending = building.get(key);
  if (!pending) {
    pending = (async () => {
      const [people, lists] = await Promise.all([correspondentCounts(db, accountId), listIdCounts(db, accountId)]);
      const directory = searchDirectoryFromCounts(people, lists);
      const entry: Kept = { mark, people: directory.people, lists: directory.lists, labels: [] };
      // A mark replaced while this was built leaves the entry stale; the next use builds again.
      kept.set(accountId, entry);
      while (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
      return entry;
    })().finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name, i) => name === b[i]);
}

async function userLabelNames(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('labels').select('name').where('account_id', '=', accountId).where('type', '=', 'user').orderBy('name').execute();
  return rows.map((r) => r.name);
}

/**
 * How often each (display name, address) was seen in From, To, Cc and Bcc of the account's
 * messages: the address arrays (JSON, as toStoreRow writes them) unnested in SQL and grouped
 * (SQLite: json_each per column, measured faster than one nested unnesting; PostgreSQL: the four
 * arrays concatenated, one pass). Names and addresses are cleaned and merged afterwards
 * (searchDirectoryFromCounts), the same way on both engines.
 */
async function correspondentCounts(db: Db, accountId: string): Promise<CorrespondentCount[]> {
  type Row = { name: string | null; address: string | null; count: number | string };
  const rows = isSqlite(db)
    ? await sql<Row>`
        select name, address, count(*) as count from (
          select p.value ->> 'name' as name, p.value ->> 'address' as address from messages as m, json_each(m.from_addresses) as p where m.account_id = ${accountId}
          union all
          select p.value ->> 'name', p.value ->> 'address' from messages as m, json_each(m.to_addresses) as p where m.account_id = ${accountId}
          union all
          select p.value ->> 'name', p.value ->> 'address' from messages as m, json_each(m.cc_addresses) as p where m.account_id = ${accountId}
          union all
          select p.value ->> 'name', p.value ->> 'address' from messages as m, json_each(m.bcc_addresses) as p where m.account_id = ${accountId}
        )
        group by 1, 2`.execute(db)
    : await sql<Row>`
        select person ->> 'name' as name, person ->> 'address' as address, count(*) as count
        from messages as m
          cross join lateral jsonb_array_elements(m.from_addresses::jsonb || m.to_addresses::jsonb || m.cc_addresses::jsonb || m.bcc_addresses::jsonb) as person
        where m.account_id = ${accountId}
        group by 1, 2`.execute(db);
  return rows.rows.flatMap((r) => (typeof r.address === 'string' ? [{ name: typeof r.name === 'string' ? r.name : null, address: r.address, count: Number(r.count) }] : []));
}

async function listIdCounts(db: Db, accountId: string): Promise<ListIdCount[]> {
  const rows = await db
    .selectFrom('messages')
    .select((eb) => ['list_id', eb.fn.countAll<number | string>().as('count')])
    .where('account_id', '=', accountId)
    .where('list_id', 'is not', null)
    .groupBy('list_id')
    .execute();
  return rows.flatMap((r) => (r.list_id ? [{ listId: r.list_id, count: Number(r.count) }] : []));
}
