import type { EmailSummary, MailAction } from '@mailroom/contract';

/**
 * The mail list as something outside it can drive: voice commands and the command palette say
 * "next", "archive", "select all" to whichever list is on the page, through the same code paths
 * as its keys and buttons (targets, Undo, the write-access dialog, the focus after an action).
 * The list registers itself while it is mounted; the most recently mounted one is the active one.
 */
export type MailControlCommand =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'select' }
  | { type: 'select-all' }
  | { type: 'clear-selection' }
  | { type: 'act'; action: MailAction }
  | { type: 'undo' };

/** What the list shows now, for a controller's sentences and its confirmation questions. */
export interface MailListSnapshot {
  /** The list's accessible name ("Messages in Newsletters"). */
  label: string;
  /** Messages on the page shown. */
  listed: number;
  /**
   * How many messages an action would act on now: the selection, or else the open message or the
   * cursor's row (1), or 0; null for "every message of the source" when its size is unknown.
   */
  targetCount: number | null;
  /** The open message, or else the cursor's row. */
  current: EmailSummary | null;
  openId: string | null;
  /** The last action can be undone from the list. */
  canUndo: boolean;
}

/** What a command did, in a sentence for the person who asked. */
export interface MailControlOutcome {
  done: boolean;
  message: string;
  /** The action was recorded and can be undone (run `{type: 'undo'}`). */
  undoable: boolean;
}

export interface MailListController {
  snapshot(): MailListSnapshot;
  run(command: MailControlCommand): Promise<MailControlOutcome>;
}

const controllers: MailListController[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Called by the mail list on mount; the returned function unregisters it. */
export function registerMailListController(controller: MailListController): () => void {
  controllers.push(controller);
  notify();
  return () => {
    const at = controllers.indexOf(controller);
    if (at >= 0) controllers.splice(at, 1);
    notify();
  };
}

/** The list on the page (the most recently mounted), or null when there is none. */
export function activeMailList(): MailListController | null {
  return controllers.at(-1) ?? null;
}

export function subscribeMailListControllers(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
