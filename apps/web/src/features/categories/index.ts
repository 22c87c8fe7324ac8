export { CategoriesSummary } from './components/CategoriesSummary';
export { useCategories, type Category } from './hooks/useCategories';
/** For other views that save a query as a category (search's "Save as category") and check queries as the editor does. */
export { useCategoryMutations } from './hooks/useCategory';
export { checkQuery, clampPosition, type QueryCheck } from './lib/queryCheck';
export { CaretMarker as QueryErrorMarker, type QueryProblem } from './components/QueryField';
