/** The /search address of a request, with the edited query run instead of its translation when there is one. */
export function searchPath(request: string, query?: string | null, sort?: 'date' | 'priority'): string {
  const params = new URLSearchParams({ q: request });
  if (query) params.set('query', query);
  if (sort && sort !== 'date') params.set('sort', sort);
  return `/search?${params.toString()}`;
}

export const SEARCH_ROUTE = '/search';
