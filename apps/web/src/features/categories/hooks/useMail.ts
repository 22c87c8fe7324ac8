import type { FnResponse } from '@mailroom/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn, categoriesQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';
import { actionBatchesKey } from '../../recovery';

/** Messages per page of a category's mail. */
export const PAGE_SIZE = 50;

export type CategoryEmailsPage = FnResponse<'getCategoryEmails'>;
export type EmailContent = FnResponse<'getEmailContent'>;

function useUserId(): string | null {
  const auth = useAuth();
  return auth.status === 'signed-in' ? auth.user.id : null;
}

/** One page of getCategoryEmails, newest first; the previous page stays shown while the next loads. */
export function useCategoryEmails(categoryId: string, pageToken: string | undefined) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...categoriesQueryKey, userId, 'emails', categoryId, pageToken ?? null],
    queryFn: () => callFn('getCategoryEmails', { categoryId, pageSize: PAGE_SIZE, sort: 'date', ...(pageToken ? { pageToken } : {}) }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** getEmailContent for the reading pane: fetched from Gmail when opened, kept only in memory. */
export function useEmailContent(messageId: string | null) {
  const userId = useUserId();
  return useQuery({
    // Under the categories key, so signing out drops it with the rest of the user's mail.
    queryKey: [...categoriesQueryKey, userId, 'content', messageId],
    queryFn: () => callFn('getEmailContent', { messageId: messageId ?? '' }),
    enabled: userId !== null && messageId !== null,
    staleTime: 60_000,
    gcTime: 60_000,
  });
}

export type BulkKind = 'quarantine' | 'delete';
export interface BulkTarget {
  categoryId: string;
  messageIds?: string[];
  all?: true;
}

/** quarantineEmails / bulkDeleteEmails; afterwards the mail, the counts and the batches are re-read. */
export function useBulkAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, target }: { kind: BulkKind; target: BulkTarget }) =>
      kind === 'quarantine' ? callFn('quarantineEmails', target) : callFn('bulkDeleteEmails', target),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: categoriesQueryKey }),
        client.invalidateQueries({ queryKey: actionBatchesKey }),
      ]);
    },
  });
}
