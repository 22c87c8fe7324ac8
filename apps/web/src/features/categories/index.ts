export { CategoriesSummary } from './components/CategoriesSummary';
export { useCategories, type Category } from './hooks/useCategories';
