import { useEffect, useMemo, useRef } from 'react';
import { describeError, failureReason } from '../../../shared/api';
import { Alert, Button, ButtonLink, EmptyState, IconButton, Spinner, cx } from '../../../shared/ui';
import { useGmailStatus } from '../../gmail';
import { UndoBar } from '../../recovery';
import type { MailDataSource } from '../api/source';
import type { MailListAction } from '../lib/actions';
import { useDensity } from '../hooks/useDensity';
import { useMailList, type MailListModel } from '../hooks/useMailList';
import { formatCount, messages } from '../lib/format';
import { useMailExtensions } from '../lib/extensions';
import { keepListed } from '../lib/selection';
import { ConfirmWholeSourceDialog, ShortcutsDialog, WriteAccessDialog } from './MailDialogs';
import { MailboxNotices } from './MailboxNotices';
import { MailRows } from './MailRows';
import { MailToolbar } from './MailToolbar';
import { ReadingPane } from './ReadingPane';

/**
 * A list of mail from any source (a category today; the inbox, search results, a bundle, the
 * digest next): pages, selection (one, shift-click range, the page, or every message of the
 * source), the view's actions at once with an Undo toast, a reading pane, Gmail's keys. A new
 * source starts a new list (paging and selection do not carry over).
 */
export function MailList({ source }: { source: MailDataSource }) {
  return <MailListView key={JSON.stringify(source.key)} source={source} />;
}

/**
 * The source with the extensions' actions (reply, forward ...) among the standard ones, so the
 * view's own `actions` sees them too and may leave them out.
 */
function withExtensionActions(source: MailDataSource, extra: readonly MailListAction[]): MailDataSource {
  if (extra.length === 0) return source;
  const own = source.actions;
  return { ...source, actions: (standard) => (own ? own([...standard, ...extra]) : [...standard, ...extra]) };
}

function MailListView({ source }: { source: MailDataSource }) {
  const extensions = useMailExtensions();
  const extended = useMemo(() => withExtensionActions(source, extensions.flatMap((extension) => extension.actions ?? [])), [source, extensions]);
  useEffect(() => {
    for (const extension of extensions) extension.preload?.();
  }, [extensions]);
  const list = useMailList(extended, {
    onOpening: (id) => {
      for (const extension of extensions) extension.onMessageOpen?.(id);
    },
  });
  const [density, setDensity] = useDensity();
  const gmail = useGmailStatus();
  const listTop = useRef<HTMLElement>(null);
  const { state, dispatch, page, emails, openId } = list;
  const showToolbar = page.isSuccess && emails.length > 0;
  const acting = list.modify.isPending;
  const dialog = state.dialog;
  const actionOf = (id: string | undefined) => list.actions.find((a) => a.id === id);

  const goToPage = (index: number, token?: string) => {
    list.goToPage(index, token);
    // The new page starts at its top, not where the last one was scrolled to.
    const top = listTop.current;
    if (top && top.getBoundingClientRect().top < 0 && typeof top.scrollIntoView === 'function') top.scrollIntoView({ block: 'start' });
  };

  const selected = keepListed(state.selected, list.listed);

  return (
    <>
      <MailboxNotices />
      {state.actionError ? (
        <Alert
          tone="danger"
          role="alert"
          title="Nothing was changed"
          className="mb-3"
          action={
            failureReason(state.actionError) === 'GMAIL_RECONNECT_REQUIRED' ? (
              <ButtonLink to="/gmail-fix" size="sm">
                Reconnect Gmail
              </ButtonLink>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => dispatch({ type: 'action-failed', error: null })}>
                Dismiss
              </Button>
            )
          }
        >
          {describeError(state.actionError)}
        </Alert>
      ) : null}
      <div className={cx('grid gap-4', openId && 'lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]')}>
        <section
          ref={listTop}
          aria-label="Message list"
          className={cx('@container min-w-0 scroll-mt-20 self-start rounded-xl border border-line bg-surface shadow-sm', openId && 'hidden lg:block')}
        >
          {showToolbar ? <MailToolbar list={list} density={density} onDensity={setDensity} /> : null}
          {showToolbar ? <SelectAllBanner list={list} /> : null}
          <ListBody list={list} density={density} selected={selected} onFirstPage={() => goToPage(0)} />
          {showToolbar ? <Pager list={list} onPage={goToPage} /> : null}
        </section>
        {openId ? (
          <ReadingPane
            key={openId}
            messageId={openId}
            email={emails.find((e) => e.id === openId)}
            actions={list.paneActions}
            acting={acting}
            onAction={(actionId, email) => list.perform(actionId, 'pane', email)}
            onClose={list.closeMessage}
            focusOnOpen={list.focusPane}
            accountEmail={gmail.data?.email ?? null}
            extensions={extensions}
          />
        ) : null}
      </div>

      <ConfirmWholeSourceDialog
        request={dialog?.type === 'confirm' ? dialog.request : null}
        action={actionOf(dialog?.type === 'confirm' ? dialog.request.actionId : undefined)}
        scope={source.scope}
        pending={acting}
        onConfirm={() => dialog?.type === 'confirm' && list.execute(dialog.request)}
        onClose={() => dispatch({ type: 'close-dialog' })}
      />
      <WriteAccessDialog
        request={dialog?.type === 'write-access' ? dialog.request : null}
        action={actionOf(dialog?.type === 'write-access' ? dialog.request.actionId : undefined)}
        pending={acting}
        onGranted={() => dialog?.type === 'write-access' && list.execute(dialog.request)}
        onClose={() => dispatch({ type: 'close-dialog' })}
      />
      <ShortcutsDialog open={dialog?.type === 'help'} keymap={list.keymap} onClose={() => dispatch({ type: 'close-dialog' })} />
      {state.lastAction ? (
        <UndoBar action={state.lastAction} onUndo={list.undoLast} undoing={list.undo.isPending} error={state.undoError} onDismiss={() => dispatch({ type: 'dismiss-undo' })} />
      ) : null}
    </>
  );
}

/** "All 50 on this page are selected. Select all 2,994 in this category": a selection the server resolves. */
function SelectAllBanner({ list }: { list: MailListModel }) {
  const { state, dispatch, total, emails, nextPageToken, source } = list;
  if (list.pageState !== 'all' || (nextPageToken === null && state.pageIndex === 0)) return null;
  const link = 'font-medium text-accent underline underline-offset-2 hover:no-underline';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-accent-soft px-4 py-2 text-sm text-fg" data-testid="select-all-banner">
      {state.allSelected ? (
        <>
          <span>{total === null ? `Every message ${source.scope} is selected.` : `All ${messages(total)} ${source.scope} are selected.`}</span>
          <button type="button" className={link} onClick={() => dispatch({ type: 'clear-selection' })}>
            Clear selection
          </button>
        </>
      ) : (
        <>
          <span>All {emails.length} on this page are selected.</span>
          <button type="button" className={link} onClick={() => dispatch({ type: 'select-all' })}>
            {total === null ? `Select every message ${source.scope}` : `Select all ${formatCount(total)} ${source.scope}`}
          </button>
        </>
      )}
    </div>
  );
}

function ListBody({ list, density, selected, onFirstPage }: { list: MailListModel; density: ReturnType<typeof useDensity>[0]; selected: ReadonlySet<string>; onFirstPage: () => void }) {
  const { page, emails, state, source } = list;
  if (page.isPending) {
    return (
      <div className="flex justify-center py-16 text-accent">
        <Spinner size={28} label="Loading messages…" />
      </div>
    );
  }
  if (page.isError) {
    const reason = failureReason(page.error);
    if (reason === 'GMAIL_NOT_CONNECTED') {
      return (
        <EmptyState icon="plug" title="Gmail is not connected" action={<ButtonLink to="/get-started">Connect Gmail</ButtonLink>}>
          Connect Gmail so Mailroom can show this mail.
        </EmptyState>
      );
    }
    if (reason === 'GMAIL_RECONNECT_REQUIRED') {
      return (
        <EmptyState icon="plug" title="Google no longer accepts Mailroom’s access" action={<ButtonLink to="/gmail-fix">Reconnect Gmail</ButtonLink>}>
          The grant was revoked or has expired.
        </EmptyState>
      );
    }
    return (
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
  }
  if (emails.length === 0) {
    return state.pageIndex > 0 ? (
      <EmptyState icon="inbox" title="No more messages here" action={<Button variant="secondary" onClick={onFirstPage}>Back to the first page</Button>}>
        The messages that were on this page have left this list.
      </EmptyState>
    ) : (
      <EmptyState icon="inbox" title={source.empty.title} action={source.empty.action}>
        {source.empty.body}
      </EmptyState>
    );
  }
  return (
    <MailRows
      emails={emails}
      label={source.label}
      density={density}
      busy={page.isFetching}
      isSelected={(id) => state.allSelected || selected.has(id)}
      cursor={state.cursor}
      openId={list.openId}
      onToggle={list.toggle}
      onOpen={list.openMessage}
      badge={source.badge}
      reason={source.reason}
      handle={list.rows}
    />
  );
}

function Pager({ list, onPage }: { list: MailListModel; onPage: (index: number, token?: string) => void }) {
  const { state, emails, total, pageSize, nextPageToken, page } = list;
  const start = state.pageIndex * pageSize + 1;
  const end = state.pageIndex * pageSize + emails.length;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2 border-t border-line px-3 py-2">
      <p className="text-sm text-muted tabular-nums" data-testid="page-range">
        {formatCount(start)}–{formatCount(end)}
        {total !== null ? ` of ${formatCount(total)}` : ''}
      </p>
      <div className="flex gap-1">
        <IconButton icon="arrowLeft" label="Newer messages" className="h-8 w-8 disabled:opacity-40" disabled={state.pageIndex === 0} onClick={() => onPage(state.pageIndex - 1)} />
        <IconButton
          icon="arrowRight"
          label="Older messages"
          className="h-8 w-8 disabled:opacity-40"
          disabled={nextPageToken === null || page.isPlaceholderData}
          onClick={() => nextPageToken && onPage(state.pageIndex + 1, nextPageToken)}
        />
      </div>
    </nav>
  );
}
