import { useEffect, useRef } from 'react';
import { Button, IconButton, cx } from '../../../shared/ui';
import type { Density } from '../hooks/useDensity';
import type { MailListModel } from '../hooks/useMailList';
import { formatCount } from '../lib/format';

interface MailToolbarProps {
  list: MailListModel;
  density: Density;
  onDensity: (density: Density) => void;
}

/**
 * The selection's toolbar, kept at the top of the list while it scrolls: select the page, how
 * many are selected, the actions (at once, with Undo), row density and the keyboard help.
 */
export function MailToolbar({ list, density, onDensity }: MailToolbarProps) {
  const { pageState, selection, selectedCount, hasSelection, listed, dispatch } = list;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = pageState === 'some';
  }, [pageState]);
  const pageSelected = selection.all || pageState === 'all';
  const compact = density === 'compact';

  return (
    <div
      className="sticky top-16 z-10 flex flex-wrap items-center gap-1 rounded-t-xl border-b border-line bg-surface px-2 py-1.5 sm:gap-2 sm:px-3"
      role="toolbar"
      aria-label="Selected messages"
      data-testid="mail-toolbar"
    >
      <label className="flex cursor-pointer items-center gap-2 rounded-md py-1 pr-1 pl-1 text-sm text-fg">
        <input
          ref={selectAllRef}
          type="checkbox"
          className="h-5 w-5 cursor-pointer accent-accent-solid"
          checked={pageSelected}
          onChange={() => (pageSelected ? dispatch({ type: 'clear-selection' }) : dispatch({ type: 'select-page', listed }))}
        />
        <span className="sr-only">Select every message on this page</span>
      </label>
      <p className="min-w-0 text-sm text-muted tabular-nums" aria-live="polite" data-testid="selection-count">
        {hasSelection ? (selectedCount === null ? 'Every message selected' : `${formatCount(selectedCount)} selected`) : ''}
      </p>
      <span className="flex-1" />
      {list.toolbarActions.map((action) => {
        const label = action.label(list.selectionTargets);
        const key = action.key ? ` (${action.key.label ?? action.key.key})` : '';
        const disabled = !hasSelection || list.modify.isPending;
        return action.prominent ? (
          <Button
            key={action.id}
            variant="secondary"
            size="sm"
            icon={action.icon}
            disabled={disabled}
            onClick={() => list.perform(action.id, 'list')}
            title={`${label}${key}`}
            aria-label={label}
            // Words beside the icon when the list is wide; an icon alone when it is narrow (a phone, or beside an open message).
            className="w-8 px-0! @3xl:w-auto @3xl:px-3!"
          >
            <span className="hidden @3xl:inline">{label}</span>
          </Button>
        ) : (
          <IconButton
            key={action.id}
            icon={action.icon}
            label={label}
            title={`${label}${key}`}
            className="h-8 w-8 disabled:opacity-40"
            disabled={disabled}
            onClick={() => list.perform(action.id, 'list')}
          />
        );
      })}
      <span className="mx-1 hidden h-5 w-px bg-line @xl:block" aria-hidden="true" />
      <IconButton
        icon="rows"
        label="Compact rows"
        title={compact ? 'Compact rows (on): one line a message' : 'Compact rows (off): three lines a message'}
        aria-pressed={compact}
        className={cx('h-8 w-8', compact && 'bg-accent-soft text-accent')}
        onClick={() => onDensity(compact ? 'comfortable' : 'compact')}
      />
      {/* A phone has no keyboard to speak of; "?" still opens the list wherever one is used. */}
      <span className="hidden @xl:inline-flex">
        <IconButton icon="info" label="Keyboard shortcuts (?)" className="h-8 w-8" onClick={() => dispatch({ type: 'open-dialog', dialog: { type: 'help' } })} />
      </span>
    </div>
  );
}
