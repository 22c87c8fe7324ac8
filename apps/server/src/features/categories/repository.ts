import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { MAX_CATEGORIES_PER_USER } from '../../constants/categories.ts';
import type { Db } from '../../db/database.ts';
import type { CategoriesTable } from '../../db/schema.ts';
import { FnError, notFound } from '../../errors.ts';

export type CategoryRow = Selectable<CategoriesTable>;

export interface CategoryInput {
  name: string;
  query: string;
  description?: string | undefined;
  color?: string | null | undefined;
  icon?: string | null | undefined;
}

/** Names are unique per user without regard to case or surrounding space. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().toLowerCase();
}

function alreadyExists(name: string): FnError {
  return new FnError('ALREADY_EXISTS', `You already have a category named "${name}"`, { field: 'name' });
}

/** SQLite and PostgreSQL report a unique-index violation differently. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

async function nameTaken(db: Db, userId: string, name: string, exceptId: string | null): Promise<boolean> {
  let query = db.selectFrom('categories').select('id').where('user_id', '=', userId).where('name_key', '=', nameKey(name));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertCategory(db: Db, userId: string, input: CategoryInput, now: number = Date.now()): Promise<CategoryRow> {
  const { count } = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_CATEGORIES_PER_USER) {
    throw new FnError('RESOURCE_EXHAUSTED', `You already have ${MAX_CATEGORIES_PER_USER} categories; delete one first`);
  }
  if (await nameTaken(db, userId, input.name, null)) throw alreadyExists(input.name);
  const row: CategoryRow = {
    id: crypto.randomUUID(),
    user_id: userId,
    name: input.name,
    name_key: nameKey(input.name),
    query: input.query,
    description: input.description ?? '',
    color: input.color ?? null,
    icon: input.icon ?? null,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.insertInto('categories').values(row).execute();
  } catch (error) {
    // Two creations with the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw alreadyExists(input.name);
    throw error;
  }
  return row;
}

/** The user's category; another user's id (or an unknown one) answers NOT_FOUND. */
export async function requireCategory(db: Db, userId: string, categoryId: string): Promise<CategoryRow> {
  const row = await db.selectFrom('categories').selectAll().where('id', '=', categoryId).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('No such category');
  return row;
}

export async function listCategoryRows(db: Db, userId: string): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().where('user_id', '=', userId).orderBy('name_key').orderBy('id').execute();
}

export async function updateCategoryRow(
  db: Db,
  userId: string,
  categoryId: string,
  patch: Partial<CategoryInput>,
  now: number = Date.now(),
): Promise<CategoryRow> {
  const current = await requireCategory(db, userId, categoryId);
  if (patch.name !== undefined && (await nameTaken(db, userId, patch.name, categoryId))) throw alreadyExists(patch.name);
  const changes: Partial<CategoryRow> = { updated_at: now };
  if (patch.name !== undefined) Object.assign(changes, { name: patch.name, name_key: nameKey(patch.name) });
  if (patch.query !== undefined) changes.query = patch.query;
  if (patch.description !== undefined) changes.description = patch.description;
  if (patch.color !== undefined) changes.color = patch.color;
  if (patch.icon !== undefined) changes.icon = patch.icon;
  try {
    await db.updateTable('categories').set(changes).where('id', '=', categoryId).where('user_id', '=', userId).execute();
  } catch (error) {
    if (isUniqueViolation(error) && patch.name !== undefined) throw alreadyExists(patch.name);
    throw error;
  }
  return { ...current, ...changes };
}

export async function deleteCategoryRow(db: Db, userId: string, categoryId: string): Promise<void> {
  const result = await db.deleteFrom('categories').where('id', '=', categoryId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('No such category');
}
