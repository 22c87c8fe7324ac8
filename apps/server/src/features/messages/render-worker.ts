import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { decodeRawMessage, type EncodedRawMessage } from '../../providers/mail-provider.ts';
import { EMPTY_HEADERS } from './headers.ts';
import { renderMessage, type RenderOutcome } from './render.ts';

/**
 * Render threads yield the CPU to the event loop that answers every other request: on Linux a
 * thread's own id is in /proc/thread-self, and setpriority(2) with it lowers that thread alone
 * (by 10, as `nice` does). Elsewhere the thread keeps the default priority.
 */
function lowerThisThreadsPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not allowed: the time limit still bounds every render.
  }
}
lowerThisThreadsPriority();

/** One render as the pool sends it: the message as the provider sent it, and a port to say the render has begun. */
export interface RenderJob {
  encoded: EncodedRawMessage;
  showRemoteImages: boolean;
  /** Told when this thread starts the render, so the time limit counts the render, not the wait. */
  started: MessagePort;
}

export interface RenderAnswer {
  outcome: RenderOutcome;
  /** The message's ids and labels as the provider gave them; null when its answer was unreadable. */
  message: { id: string; threadId: string; labelIds: string[] } | null;
}

/**
 * The worker thread's entry (piscina loads it once per thread, with jsdom and DOMPurify): decodes
 * the provider's answer (JSON and base64url for Gmail), then parses and sanitises the message.
 */
export default async function render(job: RenderJob): Promise<RenderAnswer> {
  job.started.postMessage('started');
  job.started.close();
  let decoded: ReturnType<typeof decodeRawMessage>;
  try {
    decoded = decodeRawMessage(job.encoded);
  } catch {
    return { outcome: { kind: 'refused', reason: 'unreadable', headers: EMPTY_HEADERS }, message: null };
  }
  const { raw, ...message } = decoded;
  return { outcome: await renderMessage({ raw, showRemoteImages: job.showRemoteImages }), message };
}
