import type { MailAction } from '@mailroom/contract';
import { keepListed, toggled, withRange } from './selection';

/** An action about to go to the server: which one, on what, and how many messages that is. */
export interface ActionRequest {
  actionId: string;
  action: MailAction;
  target: { all: true } | { messageIds: string[] };
  /** Messages it takes; null for "all" of a source whose size only Gmail knows. */
  count: number | null;
  /** Started from the reading pane (its message), not the selection. */
  fromPane: boolean;
}

/** The last action, for the Undo toast (a recovery action batch). */
export interface LastAction {
  batchId: string;
  kind: MailAction;
  count: number;
}

export type MailDialog = { type: 'help' } | { type: 'confirm'; request: ActionRequest } | { type: 'write-access'; request: ActionRequest };

/**
 * Everything the list remembers between renders, in one place: the page, the selection (ids on
 * this page, or every message of the source), the keyboard cursor, the open dialog, the last
 * action with its undo, and the last failure. The open message lives in the URL instead.
 */
export interface MailListState {
  /** The token of every page visited so far (undefined: the first), so "Newer" goes back without asking. */
  pageTokens: Array<string | undefined>;
  pageIndex: number;
  selected: ReadonlySet<string>;
  /** Every message of the source is selected: actions send the source with `all: true`, never the ids. */
  allSelected: boolean;
  /** The row a shift-click range starts from. */
  anchor: string | null;
  /** The row j/k are on. */
  cursor: string | null;
  dialog: MailDialog | null;
  lastAction: LastAction | null;
  undoError: unknown;
  actionError: unknown;
}

export type MailListEvent =
  | { type: 'go-to-page'; index: number; token?: string | undefined }
  | { type: 'toggle'; id: string; range: boolean; listed: readonly string[] }
  | { type: 'select-page'; listed: readonly string[] }
  | { type: 'select-all' }
  | { type: 'clear-selection' }
  | { type: 'cursor'; id: string | null }
  | { type: 'open-dialog'; dialog: MailDialog }
  | { type: 'close-dialog' }
  | { type: 'acted'; request: ActionRequest; batch: LastAction }
  | { type: 'action-failed'; error: unknown }
  | { type: 'undo-started' }
  | { type: 'undo-failed'; error: unknown }
  | { type: 'dismiss-undo' };

export const initialMailListState: MailListState = {
  pageTokens: [undefined],
  pageIndex: 0,
  selected: new Set(),
  allSelected: false,
  anchor: null,
  cursor: null,
  dialog: null,
  lastAction: null,
  undoError: null,
  actionError: null,
};

const cleared = { selected: new Set<string>(), allSelected: false, anchor: null } as const;

export function mailListReducer(state: MailListState, event: MailListEvent): MailListState {
  switch (event.type) {
    case 'go-to-page': {
      const pageTokens = event.token !== undefined ? [...state.pageTokens.slice(0, event.index), event.token] : state.pageTokens;
      return { ...state, ...cleared, pageTokens, pageIndex: event.index, cursor: null };
    }
    case 'toggle': {
      // Only rows still listed count: after a refetch some may have left the source.
      const selected = keepListed(state.selected, event.listed);
      const next =
        event.range && state.anchor ? withRange(selected, event.listed, state.anchor, event.id, !selected.has(event.id)) : toggled(selected, event.id);
      return { ...state, selected: next, allSelected: false, anchor: event.id, cursor: event.id };
    }
    case 'select-page':
      return { ...state, selected: new Set(event.listed), allSelected: false };
    case 'select-all':
      return { ...state, allSelected: true };
    case 'clear-selection':
      return { ...state, ...cleared };
    case 'cursor':
      return { ...state, cursor: event.id };
    case 'open-dialog':
      return { ...state, dialog: event.dialog, actionError: null };
    case 'close-dialog':
      return { ...state, dialog: null };
    case 'acted': {
      // After an action on the whole source, its first page is what is left to see.
      const restart = 'all' in event.request.target ? { pageTokens: [undefined], pageIndex: 0 } : {};
      const selection = event.request.fromPane ? {} : cleared;
      return { ...state, ...restart, ...selection, dialog: null, actionError: null, lastAction: event.batch, undoError: null };
    }
    case 'action-failed':
      return { ...state, dialog: null, actionError: event.error };
    case 'undo-started':
      return { ...state, undoError: null };
    case 'undo-failed':
      return { ...state, undoError: event.error };
    case 'dismiss-undo':
      return { ...state, lastAction: null, undoError: null };
  }
}

/** What the toolbar and the keys act on, given what is listed now. */
export function selectionOf(state: MailListState, listed: readonly string[]): { ids: string[]; all: boolean } {
  if (state.allSelected) return { ids: [...listed], all: true };
  const selected = keepListed(state.selected, listed);
  return { ids: listed.filter((id) => selected.has(id)), all: false };
}
