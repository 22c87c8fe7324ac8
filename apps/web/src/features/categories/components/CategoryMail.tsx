import type { Category } from '@mailroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { categoriesQueryKey, describeError, isFnCallError } from '../../../shared/api';
import { Alert, Button, ButtonLink, Card, EmptyState, IconButton, ProgressBar, Spinner, cx } from '../../../shared/ui';
import { GrantWriteAccessButton, useGmailStatus } from '../../gmail';
import { UndoBar, useUndoBatch, type RecentAction } from '../../recovery';
import { useMailShortcuts } from '../hooks/useMailShortcuts';
import { PAGE_SIZE, useBulkAction, useCategoryEmails, type BulkKind } from '../hooks/useMail';
import { formatCount, messages } from '../lib/format';
import { keepListed, pageSelectionState, toggled, withRange } from '../lib/selection';
import { BulkConfirmDialog, type BulkRequest } from './BulkConfirmDialog';
import { MessageRow } from './MessageRow';
import { ReadingPane } from './ReadingPane';
import { ShortcutsDialog } from './ShortcutsDialog';

const MESSAGE_PARAM = 'message';

function reasonOf(error: unknown): string | null {
  if (!isFnCallError(error)) return null;
  const details = error.details as { reason?: unknown } | undefined;
  return typeof details?.reason === 'string' ? details.reason : null;
}

/** Read-only grants and a first sync still running, said where the user acts on mail. */
function MailboxNotices() {
  const gmail = useGmailStatus({ poll: true });
  const client = useQueryClient();
  const syncing = gmail.data?.sync.state === 'syncing';
  const wasSyncing = useRef(false);
  useEffect(() => {
    // The counts and the list grow while the first sync runs; re-read them once it is done.
    if (wasSyncing.current && !syncing) void client.invalidateQueries({ queryKey: categoriesQueryKey });
    wasSyncing.current = syncing;
  }, [syncing, client]);
  if (!gmail.data?.connected) return null;
  const { sync } = gmail.data;
  return (
    <>
      {syncing ? (
        <Alert tone="accent" role="status" title="Gmail is still being synced" className="mb-4">
          <p>The list and its counts grow until the sync is done.</p>
          {sync.progress?.total ? (
            <ProgressBar
              className="mt-2"
              value={Math.round((sync.progress.done / sync.progress.total) * 100)}
              label="Sync progress"
              valueText={`${formatCount(sync.progress.done)} of ${formatCount(sync.progress.total)} messages`}
            />
          ) : null}
        </Alert>
      ) : null}
      {!gmail.data.canWrite ? (
        <Alert tone="accent" title="Mailroom can read your mail, not change it" className="mb-4">
          <p className="mb-3">To quarantine or delete messages, allow Mailroom to change labels in Gmail. You are asked once; everything it changes can be undone for 7 days.</p>
          <GrantWriteAccessButton />
        </Alert>
      ) : null}
    </>
  );
}

/**
 * A category's mail: one page at a time, selection (one, shift-click range, the page, or every
 * match), Quarantine and Delete behind a confirmation with an Undo toast, a reading pane, and
 * Gmail's keyboard shortcuts.
 */
export function CategoryMail({ category, onEditQuery }: { category: Category; onEditQuery: () => void }) {
  const { categoryId } = category;
  const [pageTokens, setPageTokens] = useState<Array<string | undefined>>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);
  const firstPage = useCategoryEmails(categoryId, undefined);
  const page = useCategoryEmails(categoryId, pageTokens[pageIndex]);
  const emails = page.data?.emails ?? [];
  const ids = emails.map((e) => e.id);
  const total = firstPage.data?.total ?? null;

  const [selectionState, setSelection] = useState<Set<string>>(new Set());
  const selection = keepListed(selectionState, ids);
  const [allMatching, setAllMatching] = useState(false);
  const [anchor, setAnchor] = useState<string | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const openId = searchParams.get(MESSAGE_PARAM);
  const [focusPane, setFocusPane] = useState(false);
  const rowButtons = useRef(new Map<string, HTMLButtonElement>());
  const selectAllRef = useRef<HTMLInputElement>(null);

  const [confirm, setConfirm] = useState<BulkRequest | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [lastAction, setLastAction] = useState<RecentAction | null>(null);
  const [undoError, setUndoError] = useState<unknown>(null);
  const bulk = useBulkAction();
  const undo = useUndoBatch();

  const pageState = pageSelectionState(selection, ids);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = pageState === 'some';
  }, [pageState]);

  const clearSelection = () => {
    setSelection(new Set());
    setAllMatching(false);
    setAnchor(null);
  };

  const focusRow = (id: string) => rowButtons.current.get(id)?.focus();

  // Opening a message from the list adds a history entry, so Back (a phone's too) closes it;
  // moving to the next message replaces it.
  const pushedOpen = useRef(false);
  useEffect(() => {
    if (!openId) pushedOpen.current = false;
  }, [openId]);

  const openMessage = (id: string, options: { focus: boolean }) => {
    setActiveId(id);
    setFocusPane(options.focus);
    const replace = openId !== null;
    if (!replace) pushedOpen.current = true;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set(MESSAGE_PARAM, id);
        return next;
      },
      { replace },
    );
  };

  const closeMessage = () => {
    if (!openId) return;
    const id = openId;
    if (pushedOpen.current) {
      pushedOpen.current = false;
      void navigate(-1);
    } else {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete(MESSAGE_PARAM);
          return next;
        },
        { replace: true },
      );
    }
    // Back to the row the message was opened from, once the list is shown again.
    window.setTimeout(() => focusRow(id), 0);
  };

  const goToPage = (index: number, token?: string) => {
    if (token !== undefined) setPageTokens((tokens) => [...tokens.slice(0, index), token]);
    setPageIndex(index);
    clearSelection();
    setActiveId(null);
  };

  const toggle = (id: string, shiftKey: boolean) => {
    setSelection(shiftKey && anchor ? withRange(selection, ids, anchor, id, !selection.has(id)) : toggled(selection, id));
    setAnchor(id);
    setActiveId(id);
    setAllMatching(false);
  };

  const requestAction = (kind: BulkKind, single?: string) => {
    bulk.reset();
    if (single) return setConfirm({ kind, count: 1, messageIds: [single] });
    if (allMatching) return setConfirm({ kind, count: total, all: true });
    if (selection.size > 0) return setConfirm({ kind, count: selection.size, messageIds: ids.filter((id) => selection.has(id)) });
    const current = openId ?? activeId;
    if (current) setConfirm({ kind, count: 1, messageIds: [current] });
  };

  const runAction = () => {
    if (!confirm) return;
    const request = confirm;
    const target = request.all ? { categoryId, all: true as const } : { categoryId, messageIds: request.messageIds ?? [] };
    bulk.mutate(
      { kind: request.kind, target },
      {
        onSuccess: (result) => {
          setConfirm(null);
          setUndoError(null);
          setLastAction({ batchId: result.batchId, kind: request.kind, count: result.count });
          if (openId && (request.all || request.messageIds?.includes(openId))) closeMessage();
          clearSelection();
        },
      },
    );
  };

  const undoLast = () => {
    if (!lastAction || undo.isPending) return;
    setUndoError(null);
    // The Undo toast itself reports the outcome (its sentence is a live region).
    undo.mutate(lastAction.batchId, { onError: (error) => setUndoError(error) });
  };

  const move = (step: 1 | -1) => {
    if (ids.length === 0) return;
    const index = activeId ? ids.indexOf(activeId) : -1;
    const nextIndex = index === -1 ? (step === 1 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, index + step));
    const id = ids[nextIndex];
    if (!id) return;
    setActiveId(id);
    if (openId) openMessage(id, { focus: false });
    focusRow(id);
  };

  useMailShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    select: () => {
      if (activeId && ids.includes(activeId)) toggle(activeId, false);
    },
    open: () => {
      if (activeId && ids.includes(activeId)) openMessage(activeId, { focus: true });
    },
    close: closeMessage,
    quarantine: () => requestAction('quarantine'),
    delete: () => requestAction('delete'),
    undo: undoLast,
    help: () => setHelpOpen(true),
  });

  const selectedCount = allMatching ? total : selection.size;
  const hasTarget = allMatching || selection.size > 0;
  const start = pageIndex * PAGE_SIZE + 1;
  const end = pageIndex * PAGE_SIZE + emails.length;
  const nextToken = page.data?.nextPageToken ?? null;

  let list;
  if (page.isPending) {
    list = (
      <div className="flex justify-center py-16 text-accent">
        <Spinner size={28} label="Loading messages…" />
      </div>
    );
  } else if (page.isError) {
    const reason = reasonOf(page.error);
    list =
      reason === 'GMAIL_NOT_CONNECTED' ? (
        <EmptyState icon="plug" title="Gmail is not connected" action={<ButtonLink to="/get-started">Connect Gmail</ButtonLink>}>
          Connect Gmail so Mailroom can find the mail this category matches.
        </EmptyState>
      ) : reason === 'GMAIL_RECONNECT_REQUIRED' ? (
        <EmptyState icon="plug" title="Google no longer accepts Mailroom’s access" action={<ButtonLink to="/gmail-fix">Reconnect Gmail</ButtonLink>}>
          The grant was revoked or has expired.
        </EmptyState>
      ) : (
        <div className="p-4">
          <Alert
            tone="danger"
            role="alert"
            title="Could not load the messages"
            action={
              <Button variant="secondary" size="sm" icon="refresh" onClick={() => void page.refetch()}>
                Try again
              </Button>
            }
          >
            {describeError(page.error)}
          </Alert>
        </div>
      );
  } else if (emails.length === 0) {
    list =
      pageIndex > 0 ? (
        <EmptyState icon="inbox" title="No more messages here" action={<Button variant="secondary" onClick={() => goToPage(0)}>Back to the first page</Button>}>
          The messages that were on this page have left the category.
        </EmptyState>
      ) : (
        <EmptyState
          icon="inbox"
          title="No mail matches this category"
          action={
            <Button variant="secondary" icon="settings" onClick={onEditQuery}>
              Edit the query
            </Button>
          }
        >
          Nothing in your mailbox matches <code className="font-mono">{category.query}</code> right now.
        </EmptyState>
      );
  } else {
    list = (
      <ul aria-label={`Messages in ${category.name}`} aria-busy={page.isFetching || undefined} data-testid="message-list">
        {emails.map((email) => (
          <MessageRow
            key={email.id}
            email={email}
            selected={allMatching || selection.has(email.id)}
            active={activeId === email.id}
            open={openId === email.id}
            onToggle={(shiftKey) => toggle(email.id, shiftKey)}
            onOpen={() => openMessage(email.id, { focus: true })}
            buttonRef={(element) => {
              if (element) rowButtons.current.set(email.id, element);
              else rowButtons.current.delete(email.id);
            }}
          />
        ))}
      </ul>
    );
  }

  const showToolbar = page.isSuccess && emails.length > 0;

  return (
    <>
      <MailboxNotices />
      <div className={cx('grid gap-4', openId && 'lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]')}>
        <Card as="section" padded={false} aria-label="Message list" className={cx('min-w-0 self-start overflow-hidden', openId && 'hidden lg:block')}>
          {showToolbar ? (
            <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2">
              <label className="flex cursor-pointer items-center gap-2 rounded-md py-1 pr-2 text-sm text-fg">
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  className="h-5 w-5 cursor-pointer accent-accent-solid"
                  checked={allMatching || pageState === 'all'}
                  onChange={() => {
                    if (allMatching || pageState === 'all') clearSelection();
                    else {
                      setSelection(new Set(ids));
                      setAllMatching(false);
                    }
                  }}
                />
                <span className="sr-only">Select every message on this page</span>
                <span aria-hidden="true">All</span>
              </label>
              <p className="min-w-0 text-sm text-muted" aria-live="polite" data-testid="selection-count">
                {hasTarget ? (selectedCount === null ? 'Every match selected' : `${formatCount(selectedCount)} selected`) : ''}
              </p>
              <span className="flex-1" />
              <Button variant="secondary" size="sm" icon="shield" disabled={!hasTarget} onClick={() => requestAction('quarantine')} title="Quarantine (e)" aria-label="Quarantine">
                <span className="hidden sm:inline">Quarantine</span>
              </Button>
              <Button variant="secondary" size="sm" icon="trash" disabled={!hasTarget} onClick={() => requestAction('delete')} title="Move to trash (#)" aria-label="Delete">
                <span className="hidden sm:inline">Delete</span>
              </Button>
              <IconButton icon="info" label="Keyboard shortcuts (?)" className="h-8 w-8" onClick={() => setHelpOpen(true)} />
            </div>
          ) : null}
          {showToolbar && pageState === 'all' && (nextToken !== null || pageIndex > 0) ? (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-accent-soft px-4 py-2 text-sm text-fg">
              {allMatching ? (
                <>
                  <span>{total === null ? 'Every message in this category is selected.' : `All ${messages(total)} in this category are selected.`}</span>
                  <button type="button" className="font-medium text-accent underline underline-offset-2 hover:no-underline" onClick={clearSelection}>
                    Clear selection
                  </button>
                </>
              ) : (
                <>
                  <span>All {emails.length} on this page are selected.</span>
                  <button type="button" className="font-medium text-accent underline underline-offset-2 hover:no-underline" onClick={() => setAllMatching(true)}>
                    {total === null ? 'Select every message in this category' : `Select all ${formatCount(total)} in this category`}
                  </button>
                </>
              )}
            </div>
          ) : null}
          {list}
          {showToolbar ? (
            <nav aria-label="Pages" className="flex items-center justify-between gap-2 border-t border-line px-3 py-2">
              <p className="text-sm text-muted tabular-nums" data-testid="page-range">
                {formatCount(start)}–{formatCount(end)}
                {total !== null ? ` of ${formatCount(total)}` : ''}
              </p>
              <div className="flex gap-1">
                <IconButton icon="arrowLeft" label="Newer messages" className="h-8 w-8 disabled:opacity-40" disabled={pageIndex === 0} onClick={() => goToPage(pageIndex - 1)} />
                <IconButton
                  icon="arrowRight"
                  label="Older messages"
                  className="h-8 w-8 disabled:opacity-40"
                  disabled={nextToken === null || page.isPlaceholderData}
                  onClick={() => nextToken && goToPage(pageIndex + 1, nextToken)}
                />
              </div>
            </nav>
          ) : null}
        </Card>
        {openId ? (
          <ReadingPane
            key={openId}
            messageId={openId}
            focusOnOpen={focusPane}
            onClose={closeMessage}
            onAction={(kind) => requestAction(kind, openId)}
          />
        ) : null}
      </div>

      <BulkConfirmDialog
        request={confirm}
        onClose={() => {
          setConfirm(null);
          bulk.reset();
        }}
        onConfirm={runAction}
        pending={bulk.isPending}
        error={bulk.error}
        onGranted={() => bulk.reset()}
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {lastAction ? (
        <UndoBar
          action={lastAction}
          onUndo={undoLast}
          undoing={undo.isPending}
          error={undoError}
          onDismiss={() => {
            setLastAction(null);
            setUndoError(null);
          }}
        />
      ) : null}
    </>
  );
}
