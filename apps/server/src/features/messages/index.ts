import { messageRendering } from './content.ts';

/**
 * Starts the render threads now rather than at the first message opened: each loads jsdom and
 * DOMPurify, which takes a while, and the first reader should not wait for it. `mailroom serve`
 * calls this once it listens; tests start them on first use.
 */
export function startMessageRendering(): void {
  messageRendering();
}
