import type { DRAFT_REPLY_PATH, DraftReplyEvent, DraftReplyRequest, FnRequest, SendRecord, SuggestRepliesResult } from '@mailroom/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callFn, currentCsrfToken, CSRF_HEADER, FnCallError, isFnStatus, mailQueryKey, NETWORK_ERROR_MESSAGE } from '../../../shared/api';
import { useAuth } from '../../auth';

/** The contract's path; typed against it so a rename there breaks the build here. */
export const DRAFT_PATH: typeof DRAFT_REPLY_PATH = '/api/replies/draft';

export function useUserId(): string | null {
  const auth = useAuth();
  return auth.status === 'signed-in' ? auth.user.id : null;
}

/** Under the mail key: sign-out drops them with the user's other mail. */
export const suggestionsKey = (userId: string | null, messageId: string) => [...mailQueryKey, userId, 'replies', 'suggestions', messageId] as const;
export const draftsKey = (userId: string | null, messageId: string | null) => [...mailQueryKey, userId, 'replies', 'drafts', messageId] as const;
export const aiStatusKey = (userId: string | null) => [...mailQueryKey, userId, 'replies', 'ai-status'] as const;

/** Suggestions do not change while a message is open; a minute in memory, like the message itself. */
const SUGGESTIONS_STALE_MS = 60_000;

export function suggestionsQuery(userId: string | null, messageId: string) {
  return {
    queryKey: suggestionsKey(userId, messageId),
    queryFn: (): Promise<SuggestRepliesResult> => callFn('suggestReplies', { messageId }),
    staleTime: SUGGESTIONS_STALE_MS,
    gcTime: SUGGESTIONS_STALE_MS,
    retry: false,
  } as const;
}

/** Smart replies for a message (and the editor's starting recipients); fetched as the message opens. */
export function useSuggestions(messageId: string | null) {
  const userId = useUserId();
  return useQuery({ ...suggestionsQuery(userId, messageId ?? ''), enabled: userId !== null && messageId !== null });
}

/** Starts fetching a message's suggestions (the reading pane calls it as the message opens). */
export function prefetchSuggestions(client: QueryClient, userId: string | null, messageId: string): void {
  if (userId === null) return;
  void client.prefetchQuery(suggestionsQuery(userId, messageId));
}

/** Sends still waiting and failed ones (drafts) answering a message, or all of them. */
export function useDrafts(messageId: string | null) {
  const userId = useUserId();
  return useQuery({
    queryKey: draftsKey(userId, messageId),
    queryFn: async (): Promise<SendRecord[]> => (await callFn('listDrafts', messageId ? { messageId } : {})).drafts,
    enabled: userId !== null,
    staleTime: 5_000,
  });
}

export function useSendMessage() {
  return useMutation({ mutationFn: (request: FnRequest<'sendMessage'>) => callFn('sendMessage', request) });
}

export function useDraftActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [...mailQueryKey] });
  const retry = useMutation({ mutationFn: (sendId: string) => callFn('retrySend', { sendId }), onSettled: refresh });
  const discard = useMutation({ mutationFn: (sendId: string) => callFn('discardDraft', { sendId }), onSettled: refresh });
  return { retry, discard };
}

export function useAiStatus() {
  const userId = useUserId();
  return useQuery({ queryKey: aiStatusKey(userId), queryFn: () => callFn('getAiStatus'), enabled: userId !== null, staleTime: 10_000 });
}

export function useTestAi() {
  const client = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: () => callFn('testAi'),
    onSuccess: (result) => client.setQueryData(aiStatusKey(userId), result.status),
  });
}

/**
 * "Draft with AI": POST DRAFT_PATH and read its Server-Sent Events as they come (EventSource
 * cannot POST). Each `data:` line is one DraftReplyEvent. Errors before the stream starts come
 * in the callable-function envelope and are thrown as FnCallError.
 */
export async function streamDraft(request: DraftReplyRequest, options: { signal: AbortSignal; onEvent: (event: DraftReplyEvent) => void }): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  const csrf = currentCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(DRAFT_PATH, { method: 'POST', credentials: 'same-origin', headers, body: JSON.stringify(request), signal: options.signal });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new FnCallError({ status: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE, network: true });
  }
  if (!response.ok || !response.body) {
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      // Reported from the status below.
    }
    const error = (body as { error?: { status?: unknown; message?: unknown; details?: unknown } } | null)?.error;
    if (error && isFnStatus(error.status) && typeof error.message === 'string') throw new FnCallError({ status: error.status, message: error.message, details: error.details, httpStatus: response.status });
    throw new FnCallError({ status: response.status >= 500 ? 'INTERNAL' : 'UNKNOWN', message: `The server answered ${response.status}`, httpStatus: response.status });
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    // Events end with a blank line (the SSE framing the server writes: one `data:` line each).
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) options.onEvent(JSON.parse(data.slice('data: '.length)) as DraftReplyEvent);
      end = buffer.indexOf('\n\n');
    }
  }
}
