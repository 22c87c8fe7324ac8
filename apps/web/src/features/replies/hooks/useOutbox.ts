import type { OutgoingDraft, QueuedSend } from '@mailroom/contract';
import { createContext, useContext } from 'react';

/** One send the user made in this tab, followed from Undo to Sent (or Not sent, with the reason). */
export interface TrackedSend {
  sendId: string;
  messageId: string;
  /** What was written, to put back into the editor on Undo. */
  saved: OutgoingDraft;
  /** The page it was sent from (the list with the message open), to go back to for Undo or Edit. */
  origin: string;
  /** Epoch ms when it goes, and the undo-send delay it waits. */
  sendAt: number;
  delayMs: number;
  state: 'waiting' | 'undoing' | 'sending' | 'sent' | 'failed' | 'cancelled';
  /** Why it was not sent (failed), or why Undo did not work. */
  error: string | null;
}

export interface Outbox {
  sends: readonly TrackedSend[];
  track(queued: QueuedSend, saved: OutgoingDraft, origin: string): void;
  undo(sendId: string): void;
  retry(sendId: string): void;
  /** Opens a failed send in the editor again (sent anew, it replaces the failed one). */
  edit(sendId: string): void;
  dismiss(sendId: string): void;
}

export const OutboxContext = createContext<Outbox | null>(null);

/** The app's outbox (the "Sending… Undo" toast), or null outside the signed-in pages. */
export function useOutbox(): Outbox | null {
  return useContext(OutboxContext);
}
