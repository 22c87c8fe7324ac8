import type { OutgoingDraft, ReplyMode } from '@mailroom/contract';
import { useSyncExternalStore } from 'react';

/**
 * Requests to open the reply editor on a message, from outside its reading pane: the `r`, `a`
 * and `f` keys of a list (the message may not be open yet), and Undo send (the text goes back
 * into the editor). The pane's reply section takes the request for its message when it shows.
 */
export interface ComposerRequest {
  messageId: string;
  mode: ReplyMode;
  /** What was written, to put back (Undo, or editing a send that failed). */
  restore?: OutgoingDraft & { replacesSendId: string | null };
  /** Changes with every request, so asking twice for the same thing still opens the editor. */
  nonce: number;
}

const requests = new Map<string, ComposerRequest>();
const listeners = new Set<() => void>();
let counter = 0;

function emit(): void {
  for (const listener of listeners) listener();
}

export function requestComposer(messageId: string, mode: ReplyMode, restore?: ComposerRequest['restore']): void {
  counter += 1;
  requests.set(messageId, { messageId, mode, ...(restore ? { restore } : {}), nonce: counter });
  emit();
}

/** Marks a request as handled (only the one that was seen: a newer one stays). */
export function clearComposerRequest(request: ComposerRequest): void {
  if (requests.get(request.messageId)?.nonce !== request.nonce) return;
  requests.delete(request.messageId);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The waiting request for this message, if any. */
export function useComposerRequest(messageId: string | null): ComposerRequest | null {
  return useSyncExternalStore(subscribe, () => (messageId ? (requests.get(messageId) ?? null) : null));
}
