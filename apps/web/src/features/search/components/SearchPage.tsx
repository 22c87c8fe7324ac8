import type { RecentSearch } from '@mailroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callFn, describeError, failureReason, isFnCallError } from '../../../shared/api';
import { Alert, Button, ButtonLink, Card, EmptyState, Page, Spinner } from '../../../shared/ui';
import { MailList, messages, type MailDataSource } from '../../mail';
import { recentSearchesKey, searchPageKey, useRecentSearches, useUserKey, type SearchResult, type SearchSort } from '../api/search';
import { searchPath } from '../lib/url';
import { QueryChips } from './QueryChips';
import { QueryEditor } from './QueryEditor';
import { SaveAsCategory } from './SaveAsCategory';

/** Messages per page of results (as the other mail lists). */
const PAGE_SIZE = 50;

const EXAMPLES = ['unread mail from last week', 'pdfs sent to me this month', 'starred mail about invoices since September', 'is:unread newer_than:7d -category:promotions'];

/**
 * /search?q=<request>[&query=<edited query>][&sort=priority]: what a request finds (issue 14).
 * The request is translated by the server with the user's own correspondents, lists and labels;
 * the query is shown as chips (each removable and editable) and as text (editable, checked as
 * typed), and the mail it matches is the shared mail list with its reading pane and bulk
 * actions, acting on the query as the server evaluates it. "Save as category" keeps the query.
 */
export function SearchPage() {
  const [params] = useSearchParams();
  const request = (params.get('q') ?? '').trim();
  const edited = params.get('query')?.trim() || null;
  const sort: SearchSort = params.get('sort') === 'priority' ? 'priority' : 'date';
  if (!request) return <NoRequest />;
  return <SearchResults key={`${request}\u0000${edited ?? ''}\u0000${sort}`} request={request} edited={edited} sort={sort} />;
}

function NoRequest() {
  const recent = useRecentSearches(true);
  return (
    <Page title="Search" description="Say what you are looking for in plain words, or in Gmail’s search language. Press / anywhere to start typing.">
      <Card>
        <h2 className="text-base font-semibold text-fg">Try</h2>
        <ul className="mt-2 space-y-1">
          {EXAMPLES.map((example) => (
            <li key={example}>
              <Link to={searchPath(example)} className="text-sm text-accent underline-offset-2 hover:underline">
                {example}
              </Link>
            </li>
          ))}
        </ul>
        {recent.data && recent.data.length > 0 ? (
          <>
            <h2 className="mt-6 text-base font-semibold text-fg">Your recent searches</h2>
            <ul className="mt-2 space-y-1">
              {recent.data.map((r: RecentSearch) => (
                <li key={`${r.request}\u0000${r.query ?? ''}`}>
                  <Link to={searchPath(r.request, r.query)} className="text-sm text-accent underline-offset-2 hover:underline">
                    {r.request}
                  </Link>
                  {r.query ? <code className="ml-2 font-mono text-xs text-muted">{r.query}</code> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
    </Page>
  );
}

function SearchResults({ request, edited, sort }: { request: string; edited: string | null; sort: SearchSort }) {
  const userId = useUserKey();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [editingQuery, setEditingQuery] = useState(false);
  const firstKey = searchPageKey(userId, { request, query: edited, sort, pageSize: PAGE_SIZE });
  const fetchFirst = (): Promise<SearchResult> => callFn('searchMail', { request, sort, pageSize: PAGE_SIZE, ...(edited ? { query: edited } : {}) });
  const first = useQuery({
    queryKey: firstKey,
    queryFn: fetchFirst,
    enabled: userId !== null,
    staleTime: 10_000,
    // A bad query or a missing mailbox is said at once, not retried.
    retry: (count, error) => !isFnCallError(error) && count < 2,
  });

  // The first page recorded the search: the box's recent searches include it now.
  const succeeded = first.isSuccess;
  useEffect(() => {
    if (succeeded) void client.invalidateQueries({ queryKey: recentSearchesKey(userId) });
  }, [succeeded, client, userId]);

  const result = first.data;
  const query = result?.query ?? null;
  const translator = result?.translator ?? 'local';
  const source = useMemo<MailDataSource | null>(() => {
    if (query === null || query === '') return null;
    return {
      ref: { kind: 'query', query },
      key: ['search', request, edited, sort, query],
      label: `Messages matching ${query}`,
      scope: 'matching this search',
      pageSize: PAGE_SIZE,
      fetchPage: async ({ pageToken, pageSize }) => {
        // The first page is the one the chips came from (one request, one translation); later
        // pages repeat the same request, so their page tokens belong to the same query.
        // A model's translation may differ when asked again: later pages run the first page's query.
        const runAs = edited ?? (translator === 'model' ? query : null);
        const page = pageToken
          ? await callFn('searchMail', { request, sort, pageSize, pageToken, ...(runAs ? { query: runAs } : {}) })
          : await client.fetchQuery({ queryKey: firstKey, queryFn: fetchFirst, staleTime: 10_000 });
        return { emails: page.messages, nextPageToken: page.nextPageToken, total: page.total };
      },
      empty: {
        title: 'No mail matches this search',
        body: (
          <>
            Nothing in your mailbox matches <code className="font-mono break-all">{query}</code>. Remove a part of the search above, or edit the query.
          </>
        ),
      },
    };
    // firstKey and fetchFirst are made from the props already listed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, translator, request, edited, sort, client]);

  const run = (nextQuery: string | null, nextSort: SearchSort = sort) => {
    setEditingQuery(false);
    if (nextQuery === '') void navigate('/search');
    else void navigate(searchPath(request, nextQuery, nextSort));
  };
  const parts = result?.parts ?? [];
  const joinedWithout = (index: number) =>
    parts
      .filter((_, i) => i !== index)
      .map((p) => p.query)
      .join(' ');
  const joinedWith = (index: number, replacement: string) => parts.map((p, i) => (i === index ? replacement : p.query)).join(' ');

  const problem = isFnCallError(first.error, 'INVALID_ARGUMENT') ? queryProblem(first.error.message, first.error.details) : null;
  const priorityUnavailable = failureReason(first.error) === 'PRIORITY_UNAVAILABLE';

  return (
    <Page
      title="Search"
      width="wide"
      description={
        <p className="text-base break-words">
          Results for <span className="font-medium text-fg">“{request}”</span>
        </p>
      }
      actions={query ? <SaveAsCategory request={request} query={query} /> : null}
    >
      <section aria-labelledby="search-query-heading" className="mb-4 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="search-query-heading" className="text-sm font-semibold text-fg">
            Searching for
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm text-muted">
              Order
              <select
                value={sort}
                onChange={(e) => run(edited, e.target.value as SearchSort)}
                className="h-9 rounded-lg border border-line-strong bg-surface px-2 text-sm text-fg"
                data-testid="search-sort"
              >
                <option value="date">Newest first</option>
                <option value="priority">Priority</option>
              </select>
            </label>
            {result && !editingQuery ? (
              <Button variant="secondary" size="sm" icon="settings" onClick={() => setEditingQuery(true)}>
                Edit query
              </Button>
            ) : null}
          </div>
        </div>

        {first.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted">
            <Spinner size={16} decorative /> Translating and searching…
          </p>
        ) : null}
        {result ? (
          <>
            {parts.length > 0 ? (
              <QueryChips parts={parts} onRemove={(i) => run(joinedWithout(i))} onEdit={(i, q) => run(joinedWith(i, q))} />
            ) : null}
            <p className="text-sm text-muted">
              Query: <code className="font-mono break-all text-fg" data-testid="search-query">{result.query || '(everything)'}</code>
              {edited ? (
                <>
                  {' · '}
                  <button type="button" className="font-medium text-accent underline-offset-2 hover:underline" onClick={() => run(null)}>
                    Back to the translation of “{request}”
                  </button>
                </>
              ) : null}
            </p>
            <p className="text-sm text-muted" data-testid="search-summary">
              {result.source === 'store' && result.total !== null ? (
                <span data-testid="search-total">{messages(result.total)}</span>
              ) : (
                'Searched by Gmail (the query looks inside messages), so there is no exact count.'
              )}
              {result.fallbackReason ? ` · Mailroom’s own translation was used: ${result.fallbackReason}.` : ''}
              {result.translator === 'model' ? ' · Translated by the configured language model (Mailroom’s own translation was unsure).' : ''}
            </p>
          </>
        ) : null}
        {editingQuery || problem ? (
          <QueryEditor query={edited ?? result?.query ?? ''} serverProblem={problem} onRun={(q) => run(q)} onCancel={() => setEditingQuery(false)} />
        ) : null}
      </section>

      {priorityUnavailable ? (
        <Alert
          tone="accent"
          title="Priority order is not available yet"
          action={
            <Button variant="secondary" size="sm" onClick={() => run(edited, 'date')}>
              Show newest first
            </Button>
          }
        >
          Messages have no priority scores yet, so results can only be shown newest first.
        </Alert>
      ) : first.isError && !problem ? (
        <Alert
          tone="danger"
          role="alert"
          title="Could not search"
          action={
            failureReason(first.error) === 'GMAIL_NOT_CONNECTED' ? (
              <ButtonLink to="/settings" size="sm">
                Connect Gmail
              </ButtonLink>
            ) : failureReason(first.error) === 'GMAIL_RECONNECT_REQUIRED' ? (
              <ButtonLink to="/gmail-fix" size="sm">
                Reconnect Gmail
              </ButtonLink>
            ) : (
              <Button variant="secondary" size="sm" icon="refresh" onClick={() => void first.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {describeError(first.error)}
        </Alert>
      ) : null}

      {result && result.query === '' ? (
        <Card>
          <EmptyState icon="search" level={2} title="Nothing to narrow the search by">
            “{request}” says nothing about who, when, where or what, so it would list all your mail. Add a person, a date, a list or a few words.
          </EmptyState>
        </Card>
      ) : null}
      {source ? <MailList source={source} /> : null}
    </Page>
  );
}

/** The server's INVALID_ARGUMENT details for the edited query, when that is what they are. */
function queryProblem(message: string, details: unknown): { message: string; position: number } | null {
  if (typeof details !== 'object' || details === null) return null;
  const { field, position } = details as { field?: unknown; position?: unknown };
  return field === 'query' && typeof position === 'number' ? { message: message.replace(/^query:\s*/, ''), position } : null;
}
