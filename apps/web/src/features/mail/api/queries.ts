import type { EmailSummary, FnResponse, MailAction, MailSource } from '@mailroom/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callFn, categoriesQueryKey, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { actionBatchesKey } from '../../recovery';
import { afterAction, labelsAfter } from '../lib/actions';
import type { MailDataSource, MailPage } from './source';

export type EmailContent = FnResponse<'getEmailContent'>;

function useUserId(): string | null {
  const auth = useAuth();
  return auth.status === 'signed-in' ? auth.user.id : null;
}

/** Every cached list page and opened message, under the key sign-out clears. */
const pagesKey = (userId: string | null) => [...mailQueryKey, userId, 'page'] as const;
const contentKey = (userId: string | null, messageId: string | null) => [...mailQueryKey, userId, 'content', messageId] as const;

/** One page of a source; the previous page stays shown while the next one loads. */
export function useMailPage(source: MailDataSource, pageToken: string | undefined, pageSize: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...pagesKey(userId), ...source.key, pageToken ?? null, pageSize],
    queryFn: (): Promise<MailPage> => source.fetchPage({ pageToken, pageSize }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

const contentQuery = (userId: string | null, messageId: string | null) => ({
  queryKey: contentKey(userId, messageId),
  queryFn: () => callFn('getEmailContent', { messageId: messageId ?? '' }),
  staleTime: 60_000,
  gcTime: 60_000,
});

/** getEmailContent for the reading pane: fetched from Gmail when opened, kept only in memory. */
export function useEmailContent(messageId: string | null) {
  const userId = useUserId();
  return useQuery({ ...contentQuery(userId, messageId), enabled: userId !== null && messageId !== null });
}

/** Starts fetching a message the user is opening, before the reading pane has rendered. */
export function usePrefetchEmailContent(): (messageId: string) => void {
  const userId = useUserId();
  const client = useQueryClient();
  return (messageId: string) => {
    if (userId !== null) void client.prefetchQuery(contentQuery(userId, messageId));
  };
}

export interface ModifyRequest {
  source: MailSource;
  target: { all: true } | { messageIds: string[] };
  action: MailAction;
}

/** Mail shown anywhere, the categories' counts and the recovery list: what an action or its undo changes. */
export async function refreshAfterMailChange(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: mailQueryKey }),
    client.invalidateQueries({ queryKey: categoriesQueryKey }),
    client.invalidateQueries({ queryKey: actionBatchesKey }),
  ]);
}

/**
 * The named rows as they are after the action, in every cached page and opened message, so a
 * star or "mark as read" shows at once; the lists are then read again from the server.
 */
function applyLocally(client: QueryClient, messageIds: readonly string[], action: MailAction): void {
  const ids = new Set(messageIds);
  client.setQueriesData<MailPage>({ queryKey: mailQueryKey, predicate: (query) => query.queryKey[2] === 'page' }, (page) =>
    page ? { ...page, emails: page.emails.map((e: EmailSummary) => (ids.has(e.id) ? afterAction(e, action) : e)) } : page,
  );
  client.setQueriesData<EmailContent>({ queryKey: mailQueryKey, predicate: (query) => query.queryKey[2] === 'content' }, (content) =>
    content && ids.has(content.id) ? { ...content, labelIds: labelsAfter(content.labelIds, action) } : content,
  );
}

/** modifyEmails: one action on named messages or a whole source; answers the action batch (Undo for 7 days). */
export function useModifyEmails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ source, target, action }: ModifyRequest) => callFn('modifyEmails', { target: { source, ...target }, action }),
    onSuccess: async (_result, request) => {
      if ('messageIds' in request.target) applyLocally(client, request.target.messageIds, request.action);
      await refreshAfterMailChange(client);
    },
  });
}
