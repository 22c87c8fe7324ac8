import type { EmailSummary, FnResponse, InboxEmail, InboxSplit, PriorityActionName } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFn, categoriesQueryKey, mailQueryKey } from '../../../shared/api';
import { useAuth } from '../../auth';

export type InboxPage = FnResponse<'listInbox'>;
export type Explanation = FnResponse<'explainPriority'>;
export type FeedbackResult = FnResponse<'recordFeedback'>;

function useUserId(): string | null {
  const auth = useAuth();
  return auth.status === 'signed-in' ? auth.user.id : null;
}

/**
 * Everything priority shows lives under the mail cache's key: an action anywhere (which the
 * model learns from) reads it again, and sign-out drops it.
 */
const priorityKey = (userId: string | null) => [...mailQueryKey, userId, 'priority'] as const;

/** The tabs' counts, the threshold and what the model learned last (a one-row read of listInbox). */
export function useInboxSummary() {
  const userId = useUserId();
  return useQuery({
    queryKey: [...priorityKey(userId), 'summary'],
    queryFn: () => callFn('listInbox', { split: 'all', pageSize: 1 }),
    enabled: userId !== null,
    staleTime: 0,
  });
}

/** The dashboard's top unread messages by priority. */
export function useTopUnread(limit: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...priorityKey(userId), 'top-unread', limit],
    queryFn: () => callFn('listInbox', { split: 'all', unreadOnly: true, pageSize: limit }),
    enabled: userId !== null,
  });
}

/** Why a message has its score (the reading pane's "Why is this here?"). */
export function useExplanation(messageId: string, enabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: [...priorityKey(userId), 'explain', messageId],
    queryFn: () => callFn('explainPriority', { messageId }),
    enabled: enabled && userId !== null,
    staleTime: 0,
  });
}

/** "More / less important" (or its undo): learned at once; every list and score is read again. */
export function useRecordFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, action, undo }: { messageId: string; action: PriorityActionName; undo?: boolean }) =>
      callFn('recordFeedback', { messageId, action, ...(undo ? { undo: true } : {}) }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: mailQueryKey }), client.invalidateQueries({ queryKey: categoriesQueryKey })]);
    },
  });
}

/** A page of one tab for the mail list: the rows keep their priority (the badge and reason read it). */
export async function fetchInboxPage(split: InboxSplit, request: { pageToken?: string | undefined; pageSize: number }) {
  const page = await callFn('listInbox', { split, pageSize: request.pageSize, ...(request.pageToken ? { pageToken: request.pageToken } : {}) });
  return { emails: page.messages as EmailSummary[], nextPageToken: page.nextPageToken, total: page.total };
}

/** The priority a row came with (rows of other lists have none). */
export function priorityOf(email: EmailSummary): InboxEmail['priority'] | null {
  const priority = (email as Partial<InboxEmail>).priority;
  return priority && typeof priority.score === 'number' ? priority : null;
}
