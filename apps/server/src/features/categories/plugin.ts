import type { FeaturePlugin } from '../../platform/plugin.ts';
import { registerMailSources } from '../mail/index.ts';
import { createCategory } from './createCategory.ts';
import { deleteCategory } from './deleteCategory.ts';
import { getCategory } from './getCategory.ts';
import { getCategoryEmails } from './getCategoryEmails.ts';
import { listCategories } from './listCategories.ts';
import { categoryMailSources } from './mail-sources.ts';
import { previewCategoryQuery } from './previewCategoryQuery.ts';
import { updateCategory } from './updateCategory.ts';

/** Manual categories: Gmail search queries with a name, their counts and their mail. */
export const categoriesPlugin: FeaturePlugin = {
  name: 'categories',
  functions: { createCategory, listCategories, getCategory, updateCategory, deleteCategory, previewCategoryQuery, getCategoryEmails },
  // The mail list's `all: true` over a category (or a query) is resolved by categories.
  setup: () => registerMailSources(categoryMailSources),
};
