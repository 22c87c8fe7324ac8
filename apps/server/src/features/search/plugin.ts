import { derivedTable, type FeaturePlugin } from '../../platform/plugin.ts';
import { clearRecentSearches } from './clearRecentSearches.ts';
import { markDirectoryChanged } from './directory.ts';
import { listRecentSearches } from './listRecentSearches.ts';
import { searchMail } from './searchMail.ts';
import { translateSearch } from './translateSearch.ts';

/**
 * Natural-language search (issue 14): requests translated with the user's own directory of
 * correspondents, lists and labels (kept per account, rebuilt when sync adds or deletes mail),
 * results evaluated like a category's query, and recent searches kept for 30 days. Bulk actions
 * and "select all" on results use the `query` mail source that categories resolve.
 */
export const searchPlugin: FeaturePlugin = {
  name: 'search',
  functions: { translateSearch, searchMail, listRecentSearches, clearRecentSearches },
  derivedTables: [derivedTable({ table: 'recent_searches', ageColumn: 'searched_at', description: 'recent searches (what was searched for)' })],
  onMessagesChanged: async (event, services) => void (await markDirectoryChanged(services.db, event, services.clock.now())),
};
