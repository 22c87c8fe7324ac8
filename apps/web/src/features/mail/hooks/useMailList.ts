import type { EmailSummary, MailAction } from '@mailroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { categoriesQueryKey, mailQueryKey, needsWriteScope } from '../../../shared/api';
import { useActionBatches, useUndoBatch } from '../../recovery';
import { useMailPage, useModifyEmails, usePrefetchEmailContent } from '../api/queries';
import type { MailDataSource } from '../api/source';
import { REMOVING_ACTIONS, STANDARD_ACTIONS, type ActionTargets } from '../lib/actions';
import { CONFIRM_WHOLE_SOURCE_ABOVE, DEFAULT_PAGE_SIZE } from '../lib/constants';
import { registerMailListController, type MailControlCommand, type MailControlOutcome, type MailListController } from '../lib/controller';
import { messages } from '../lib/format';
import { buildKeymap, type MailCommand } from '../lib/keymap';
import { initialMailListState, mailListReducer, selectionOf, type ActionRequest } from '../lib/reducer';
import { pageSelectionState } from '../lib/selection';
import { useMailKeyboard } from './useMailKeyboard';
import { useOpenMessage } from './useOpenMessage';

/** What a voice command's sentence says an action did: "Archived 3 messages." */
const ACTION_DONE: Record<MailAction, string> = {
  archive: 'Archived',
  delete: 'Moved to trash',
  quarantine: 'Quarantined',
  star: 'Starred',
  unstar: 'Unstarred',
  important: 'Marked important',
  not_important: 'Marked not important',
  mark_read: 'Marked as read',
  mark_unread: 'Marked as unread',
};

/** How the rows let the list move the focus (a virtualised row may first have to be scrolled into view). */
export interface RowsHandle {
  focusRow(id: string): void;
}

/**
 * The mail list's one state hook: a reducer over the page, the selection, the cursor, the
 * dialogs and the last action, fed by a data source, plus what the list does with it (paging,
 * selecting, opening, acting with Undo, the keys). Components only render what it returns.
 */
export interface MailListOptions {
  /**
   * Told the id of a message about to open (a click, Enter, j/k with the pane open), before the
   * pane renders: extensions start fetching what they show with it (suggested replies).
   */
  onOpening?: (messageId: string) => void;
}

export function useMailList(source: MailDataSource, options: MailListOptions = {}) {
  const prefetchContent = usePrefetchEmailContent();
  // The message's content and the extensions' data start loading together, at the click.
  const opening = (id: string) => {
    prefetchContent(id);
    options.onOpening?.(id);
  };
  const pageSize = source.pageSize ?? DEFAULT_PAGE_SIZE;
  const [state, dispatch] = useReducer(mailListReducer, initialMailListState);
  const firstPage = useMailPage(source, undefined, pageSize);
  const page = useMailPage(source, state.pageTokens[state.pageIndex], pageSize);
  const emails = useMemo(() => page.data?.emails ?? [], [page.data]);
  const listed = useMemo(() => emails.map((e) => e.id), [emails]);
  const total = firstPage.data?.total ?? null;
  const nextPageToken = page.data?.nextPageToken ?? null;

  const actions = useMemo(() => (source.actions ? source.actions(STANDARD_ACTIONS) : STANDARD_ACTIONS), [source]);
  const keymap = useMemo(() => buildKeymap(actions), [actions]);
  const message = useOpenMessage();
  const modify = useModifyEmails();
  const undo = useUndoBatch();
  const client = useQueryClient();
  const rows = useRef<RowsHandle | null>(null);
  /** A message opened from the list takes the focus; one reached with j/k leaves it on the row. */
  const [focusPane, setFocusPane] = useState(true);
  /** Where the focus goes once the list shows what an action left. */
  const focusAfterAction = useRef<string | null>(null);

  const selection = selectionOf(state, listed);
  const pageState = state.allSelected ? 'all' : pageSelectionState(new Set(selection.ids), listed);
  const selectedCount = selection.all ? total : selection.ids.length;
  const hasSelection = selection.all || selection.ids.length > 0;

  // A large action (or its undo) runs as a job: the list is read again as it progresses and
  // when it ends, so it always shows the last action's result, never the state before it.
  const batches = useActionBatches();
  const lastBatch = state.lastAction ? batches.data?.find((b) => b.batchId === state.lastAction?.batchId) : undefined;
  const batchProgress = lastBatch ? `${lastBatch.status}:${lastBatch.done}:${lastBatch.restored}` : null;
  const seenProgress = useRef<string | null>(null);
  useEffect(() => {
    if (batchProgress === null) return;
    if (seenProgress.current !== null && seenProgress.current !== batchProgress) {
      void client.invalidateQueries({ queryKey: mailQueryKey });
      void client.invalidateQueries({ queryKey: categoriesQueryKey });
    }
    seenProgress.current = batchProgress;
  }, [batchProgress, client]);

  useEffect(() => {
    const id = focusAfterAction.current;
    if (id === null || !listed.includes(id)) return;
    focusAfterAction.current = null;
    if (document.activeElement === document.body || document.activeElement === null) rows.current?.focusRow(id);
  }, [listed]);

  const byId = useMemo(() => new Map(emails.map((e) => [e.id, e])), [emails]);
  const rowsOf = (ids: readonly string[]) => ids.flatMap((id) => byId.get(id) ?? []);

  /** `settled` hears how it ended (voice commands say it). */
  const execute = (request: ActionRequest, settled?: (outcome: { ok: true; count: number } | { ok: false; error: unknown }) => void) => {
    // The row after the ones acted on, for the focus once they have left the list.
    const ids = 'messageIds' in request.target ? request.target.messageIds : listed;
    const last = Math.max(...ids.map((id) => listed.indexOf(id)));
    const following = listed.slice(last + 1).find((id) => !ids.includes(id)) ?? null;
    modify.mutate(
      { source: source.ref, target: request.target, action: request.action },
      {
        onSuccess: (result) => {
          dispatch({ type: 'acted', request, batch: { batchId: result.batchId, kind: request.action, count: result.count } });
          const removing = REMOVING_ACTIONS.has(request.action);
          if (removing && message.openId && ('all' in request.target || request.target.messageIds.includes(message.openId))) message.close();
          if (removing && !request.fromPane) {
            focusAfterAction.current = following;
            if (following) dispatch({ type: 'cursor', id: following });
          }
          settled?.({ ok: true, count: result.count });
        },
        onError: (error) => {
          if (needsWriteScope(error)) dispatch({ type: 'open-dialog', dialog: { type: 'write-access', request } });
          else dispatch({ type: 'action-failed', error });
          settled?.({ ok: false, error });
        },
      },
    );
  };

  /**
   * Runs an action: from the list on the selection (or, with none, the open message or the
   * cursor's row), from the reading pane on its message. Reversible actions go at once (Undo is
   * the safety net); only one on the whole of a large source asks first.
   */
  const perform = (actionId: string, from: 'list' | 'pane', paneEmail?: EmailSummary) => {
    const action = actions.find((a) => a.id === actionId);
    if (!action) return;
    let ids: string[];
    let all = false;
    let targetRows: EmailSummary[];
    if (from === 'pane') {
      if (!message.openId) return;
      ids = [message.openId];
      targetRows = paneEmail ? [paneEmail] : rowsOf(ids);
    } else if (selection.all) {
      all = true;
      ids = [];
      targetRows = [];
    } else if (selection.ids.length > 0) {
      ids = selection.ids;
      targetRows = rowsOf(ids);
    } else {
      const current = message.openId ?? (state.cursor && listed.includes(state.cursor) ? state.cursor : null);
      if (!current) return;
      ids = [current];
      targetRows = rowsOf(ids);
    }
    const targets: ActionTargets = { emails: targetRows, all };
    if (action.run) return action.run(targets, { open: openMessage, openId: () => message.openId });
    if (!action.mail || modify.isPending) return;
    const request: ActionRequest = {
      actionId,
      action: action.mail(targets),
      target: all ? { all: true } : { messageIds: ids },
      count: all ? total : ids.length,
      fromPane: from === 'pane',
    };
    if (all && (total === null || total > CONFIRM_WHOLE_SOURCE_ABOVE)) dispatch({ type: 'open-dialog', dialog: { type: 'confirm', request } });
    else execute(request);
  };

  const undoLast = () => {
    if (!state.lastAction || undo.isPending) return;
    dispatch({ type: 'undo-started' });
    // The Undo toast itself reports the outcome (its sentence is a live region).
    undo.mutate(state.lastAction.batchId, { onError: (error) => dispatch({ type: 'undo-failed', error }) });
  };

  const openMessage = (id: string) => {
    opening(id);
    setFocusPane(true);
    dispatch({ type: 'cursor', id });
    message.open(id);
  };

  const closeMessage = () => {
    const id = message.openId;
    if (!id) return;
    message.close();
    // Back to the row the message was opened from, once the list is shown again.
    window.setTimeout(() => rows.current?.focusRow(id), 0);
  };

  const move = (step: 1 | -1) => {
    if (listed.length === 0) return;
    const index = state.cursor ? listed.indexOf(state.cursor) : -1;
    const nextIndex = index === -1 ? (step === 1 ? 0 : listed.length - 1) : Math.min(listed.length - 1, Math.max(0, index + step));
    const id = listed[nextIndex];
    if (!id) return;
    dispatch({ type: 'cursor', id });
    if (message.openId) {
      setFocusPane(false);
      opening(id);
      message.open(id);
    }
    rows.current?.focusRow(id);
  };

  const toggle = (id: string, range: boolean) => dispatch({ type: 'toggle', id, range, listed });

  const goToPage = (index: number, token?: string) => dispatch({ type: 'go-to-page', index, token });

  const onCommand = (command: MailCommand): boolean => {
    const cursor = state.cursor && listed.includes(state.cursor) ? state.cursor : null;
    switch (command) {
      case 'next':
        move(1);
        return true;
      case 'previous':
        move(-1);
        return true;
      case 'select':
        if (cursor) toggle(cursor, false);
        return cursor !== null;
      case 'open':
        if (cursor) openMessage(cursor);
        return cursor !== null;
      case 'close':
        if (!message.openId) return false;
        closeMessage();
        return true;
      case 'undo':
        undoLast();
        return state.lastAction !== null;
      case 'help':
        dispatch({ type: 'open-dialog', dialog: { type: 'help' } });
        return true;
      default:
        perform(command.slice('action:'.length), 'list');
        return true;
    }
  };
  useMailKeyboard(keymap, onCommand);

  // Voice commands and the command palette drive the list through the same paths as its keys
  // and buttons (lib/controller.ts). The registered controller reads the latest render's state.
  const control = useRef<MailListController | null>(null);
  useEffect(() => {
    const cursor = state.cursor && listed.includes(state.cursor) ? state.cursor : null;
    const currentId = message.openId ?? cursor;
    const outcome = (done: boolean, text: string, undoable = false): Promise<MailControlOutcome> => Promise.resolve({ done, message: text, undoable });
    const act = (action: MailAction): Promise<MailControlOutcome> => {
      if (modify.isPending) return outcome(false, 'Another action is still running; try again in a moment.');
      const target: { all: true } | { messageIds: string[] } | null = selection.all
        ? { all: true }
        : selection.ids.length > 0
          ? { messageIds: selection.ids }
          : currentId
            ? { messageIds: [currentId] }
            : null;
      if (!target) return outcome(false, 'No message is selected or open.');
      const fromPane = 'messageIds' in target && selection.ids.length === 0 && message.openId !== null;
      const request: ActionRequest = { actionId: `voice:${action}`, action, target, count: 'all' in target ? total : target.messageIds.length, fromPane };
      return new Promise((resolve) => {
        execute(request, (result) => {
          if (result.ok) resolve({ done: true, message: `${ACTION_DONE[action]} ${messages(result.count)}.`, undoable: true });
          else resolve({ done: false, message: needsWriteScope(result.error) ? 'Mailroom needs permission to change your mail: see the dialog.' : 'Nothing was changed: the action failed.', undoable: false });
        });
      });
    };
    const describe = (id: string | null) => {
      const email = id ? byId.get(id) : undefined;
      return email ? `${email.from.name || email.from.address}: ${email.subject || '(no subject)'}` : '';
    };
    const neighbour = (step: 1 | -1) => {
      const index = cursor ? listed.indexOf(cursor) : -1;
      return listed[index === -1 ? (step === 1 ? 0 : listed.length - 1) : Math.min(listed.length - 1, Math.max(0, index + step))] ?? null;
    };
    const run = (command: MailControlCommand): Promise<MailControlOutcome> => {
      switch (command.type) {
        case 'next':
        case 'previous': {
          if (listed.length === 0) return outcome(false, 'This list is empty.');
          const id = neighbour(command.type === 'next' ? 1 : -1);
          move(command.type === 'next' ? 1 : -1);
          return outcome(true, describe(id));
        }
        case 'open': {
          const id = cursor ?? listed[0] ?? null;
          if (!id) return outcome(false, 'This list is empty.');
          openMessage(id);
          return outcome(true, `Opened ${describe(id)}`);
        }
        case 'close':
          if (!message.openId) return outcome(false, 'No message is open.');
          closeMessage();
          return outcome(true, 'Closed the message.');
        case 'select': {
          if (!currentId) return outcome(false, 'Move to a message first (say “next”).');
          toggle(currentId, false);
          return outcome(true, selection.ids.includes(currentId) ? 'Unselected the message.' : 'Selected the message.');
        }
        case 'select-all':
          if (listed.length === 0) return outcome(false, 'This list is empty.');
          dispatch({ type: 'select-page', listed });
          return outcome(true, `Selected ${messages(listed.length)} on this page.`);
        case 'clear-selection':
          dispatch({ type: 'clear-selection' });
          return outcome(true, 'Selection cleared.');
        case 'undo':
          if (!state.lastAction) return outcome(false, 'There is nothing to undo here.');
          undoLast();
          return outcome(true, 'Undoing the last action.');
        case 'act':
          return act(command.action);
      }
    };
    control.current = {
      snapshot: () => ({
        label: source.label,
        listed: listed.length,
        targetCount: selection.all ? total : selection.ids.length > 0 ? selection.ids.length : currentId ? 1 : 0,
        current: currentId ? (byId.get(currentId) ?? null) : null,
        openId: message.openId,
        canUndo: state.lastAction !== null,
      }),
      run,
    };
  });
  useEffect(
    () =>
      registerMailListController({
        snapshot: () => (control.current as MailListController).snapshot(),
        run: (command) => (control.current as MailListController).run(command),
      }),
    [],
  );

  const toolbarActions = actions.filter((a) => a.toolbar);
  const paneActions = actions.filter((a) => a.pane);
  const selectionTargets: ActionTargets = { emails: selection.all ? [] : rowsOf(selection.ids), all: selection.all };

  return {
    source,
    state,
    dispatch,
    page,
    emails,
    listed,
    total,
    nextPageToken,
    pageSize,
    keymap,
    actions,
    toolbarActions,
    paneActions,
    selection,
    selectionTargets,
    selectedCount,
    hasSelection,
    pageState,
    openId: message.openId,
    focusPane,
    rows,
    modify,
    undo,
    perform,
    execute,
    undoLast,
    openMessage,
    closeMessage,
    toggle,
    goToPage,
  };
}

export type MailListModel = ReturnType<typeof useMailList>;
