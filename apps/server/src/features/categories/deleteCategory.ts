import type { FnImpl } from '../registry.ts';
import { deleteCategoryRow } from './repository.ts';

/** Deletes the category only; its mail is untouched, and its action batches stay undoable. */
export const deleteCategory: FnImpl<'deleteCategory'> = async (ctx, data) => {
  await deleteCategoryRow(ctx.db, ctx.principal.userId, data.categoryId);
  return { deleted: true as const };
};
