import type { RecentSearch } from '@mailroom/contract';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { describeError } from '../../../shared/api';
import { DERIVED_DATA_DAYS } from '../../../shared/promises';
import { Icon, Spinner, cx } from '../../../shared/ui';
import { useClearRecentSearches, useRecentSearches } from '../api/search';
import { useLiveTranslation } from '../hooks/useLiveTranslation';
import { useSlashFocus } from '../hooks/useSlashFocus';
import { SEARCH_ROUTE, searchPath } from '../lib/url';
import { ChipPreview } from './ChipPreview';

/** Recent searches shown under the box at most. */
const MAX_SHOWN_RECENT = 8;

type Option = { kind: 'search'; request: string } | { kind: 'recent'; search: RecentSearch };

function optionsFor(value: string, recent: readonly RecentSearch[]): Option[] {
  const typed = value.trim();
  const needle = typed.toLowerCase();
  const matching = recent.filter((r) => needle === '' || (r.request.toLowerCase().includes(needle) && !(r.request.trim() === typed && r.query === null)));
  return [...(typed ? [{ kind: 'search' as const, request: typed }] : []), ...matching.slice(0, MAX_SHOWN_RECENT).map((search) => ({ kind: 'recent' as const, search }))];
}

/**
 * The search box in the header of every signed-in page (issue 14), an ARIA 1.2 combobox with a
 * listbox popup: as the person types, the translated query shows under the box as chips (from
 * the browser's translator at once, then the server's, which knows their correspondents); the
 * options are "search for what I typed" and their recent searches. Arrow keys move through the
 * options, Enter searches, Escape closes the list (and then clears the box); `/` anywhere
 * focuses it. On a phone the box opens from a button into a row under the header.
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const chipsId = `${id}-chips`;
  const hintId = `${id}-hint`;
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Phones: the box is a button until opened. */
  const [expanded, setExpanded] = useState(false);
  const [used, setUsed] = useState(false);

  // On /search the box shows the request being searched (a link, Back, the voice feature's ?q=).
  const onSearchPage = location.pathname === SEARCH_ROUTE;
  const requestInUrl = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '') : null;
  const [shownFromUrl, setShownFromUrl] = useState<string | null>(null);
  if (requestInUrl !== shownFromUrl) {
    setShownFromUrl(requestInUrl);
    if (requestInUrl !== null) setValue(requestInUrl);
  }

  const recent = useRecentSearches(used);
  const clear = useClearRecentSearches();
  const translation = useLiveTranslation(value, used);
  const options = optionsFor(value, recent.data ?? []);
  const showPopup = open && focused;
  const listShown = showPopup && options.length > 0;

  useSlashFocus(() => {
    setExpanded(true);
    setUsed(true);
    // The row opens on this render; focus it once it is there.
    requestAnimationFrame(() => inputRef.current?.focus());
  });

  const go = (request: string, query: string | null = null) => {
    const trimmed = request.trim();
    if (!trimmed) return;
    setValue(trimmed);
    setOpen(false);
    setActive(-1);
    // On a phone the row under the header closes: the results page says what was searched.
    setExpanded(false);
    void navigate(searchPath(trimmed, query));
  };

  const choose = (option: Option) => (option.kind === 'search' ? go(option.request) : go(option.search.request, option.search.query));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length > 0) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (options.length > 0) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter': {
        event.preventDefault();
        const option = listShown && active >= 0 ? options[active] : undefined;
        if (option) choose(option);
        else go(value);
        break;
      }
      case 'Escape':
        if (showPopup) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value !== '') {
          event.preventDefault();
          setValue('');
        } else if (expanded) {
          setExpanded(false);
          inputRef.current?.blur();
        }
        break;
      default:
        break;
    }
  };

  const activeId = listShown && active >= 0 && active < options.length ? `${id}-option-${active}` : undefined;

  return (
    <div ref={wrapperRef} className="flex min-w-0 flex-1 justify-end sm:justify-start">
      <button
        type="button"
        className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg sm:hidden"
        aria-label="Search mail"
        aria-expanded={expanded}
        onClick={() => {
          setExpanded((e) => !e);
          setUsed(true);
          requestAnimationFrame(() => inputRef.current?.focus());
        }}
        data-testid="search-toggle"
      >
        <Icon name="search" size={20} />
      </button>
      <div
        className={cx(
          'min-w-0 sm:relative sm:block sm:w-full sm:max-w-xl',
          expanded ? 'absolute inset-x-0 top-16 z-30 border-b border-line bg-surface p-3 shadow-md sm:relative sm:inset-auto sm:top-auto sm:z-auto sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none' : 'hidden',
        )}
        onBlur={(event) => {
          if (wrapperRef.current?.contains(event.relatedTarget as Node | null)) return;
          setFocused(false);
          setOpen(false);
          setActive(-1);
          if (value.trim() === '') setExpanded(false);
        }}
      >
        <div className="relative">
          <label htmlFor={`${id}-input`} className="sr-only">
            Search mail
          </label>
          <Icon name="search" size={18} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted" />
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="text"
            role="combobox"
            aria-expanded={listShown}
            aria-controls={listShown ? listboxId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-describedby={`${hintId}${translation && translation.parts.length > 0 && showPopup ? ` ${chipsId}` : ''}`}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={1000}
            value={value}
            placeholder="Search mail"
            className="h-10 w-full rounded-lg border border-line-strong bg-surface pr-10 pl-10 text-sm text-fg placeholder:text-muted focus:border-accent"
            onFocus={() => {
              setFocused(true);
              setUsed(true);
              setOpen(true);
            }}
            onChange={(event) => {
              setValue(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            data-testid="search-input"
          />
          <kbd aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 hidden -translate-y-1/2 rounded border border-line px-1.5 font-mono text-xs text-muted sm:block">
            /
          </kbd>
          <span id={hintId} className="sr-only">
            Type what you are looking for in plain words or Gmail search syntax; the query appears under the box. Press Enter to search.
          </span>
        </div>
        {showPopup ? (
        <div
          className="mt-2 w-full rounded-xl border border-line bg-surface p-2 text-fg shadow-xl sm:absolute sm:top-11 sm:left-0 sm:z-40 sm:mt-1"
          data-testid="search-popup"
        >
          {translation && translation.parts.length > 0 ? (
            <div className="px-2 pt-1 pb-2">
              <p className="mb-1 flex items-center gap-2 text-xs font-medium text-muted">
                Searching for
                {translation.from === 'browser' ? <Spinner size={12} decorative /> : null}
              </p>
              <ChipPreview id={chipsId} parts={translation.parts} />
            </div>
          ) : null}
          {value.trim() === '' ? (
            <p className="px-2 pt-1 pb-2 text-xs text-muted">
              Say who, when or what: <span className="text-fg">“unread from Rohit last week”</span>, <span className="text-fg">“pdfs from the bank since March”</span>, or
              Gmail’s own search syntax.
            </p>
          ) : null}
          {options.length > 0 ? (
          <ul id={listboxId} role="listbox" aria-label="Search suggestions" className="max-h-80 overflow-y-auto">
            {options.map((option, i) => (
              <li
                key={option.kind === 'search' ? 'search' : `${option.search.request}\u0000${option.search.query ?? ''}`}
                id={`${id}-option-${i}`}
                role="option"
                aria-selected={i === active}
                className={cx('flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm', i === active ? 'bg-accent-soft text-fg' : 'hover:bg-surface-2')}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(i)}
                data-testid={option.kind === 'search' ? 'search-option-typed' : 'search-option-recent'}
              >
                <Icon name={option.kind === 'search' ? 'search' : 'clock'} size={16} className="shrink-0 text-muted" />
                {option.kind === 'search' ? (
                  <span className="min-w-0 truncate">
                    Search for <span className="font-medium">“{option.request}”</span>
                  </span>
                ) : (
                  <span className="min-w-0">
                    <span className="block truncate">{option.search.request}</span>
                    {option.search.query ? <code className="block truncate font-mono text-xs text-muted">{option.search.query}</code> : null}
                  </span>
                )}
              </li>
            ))}
          </ul>
          ) : null}
          {recent.isPending && used ? (
            <p className="px-2 py-2 text-xs text-muted">
              <Spinner size={12} decorative /> Loading recent searches…
            </p>
          ) : null}
          {clear.isError ? (
            <p role="alert" className="px-2 py-1 text-xs text-danger">
              Could not clear them: {describeError(clear.error)}
            </p>
          ) : null}
          {(recent.data?.length ?? 0) > 0 ? (
            <div className="mt-1 flex items-center justify-between border-t border-line px-2 pt-2 text-xs text-muted">
              <span>Recent searches are kept for {DERIVED_DATA_DAYS} days.</span>
              <button type="button" className="rounded px-1 font-medium text-accent underline-offset-2 hover:underline" onClick={() => clear.mutate()}>
                Clear recent searches
              </button>
            </div>
          ) : null}
        </div>
        ) : null}
      </div>
    </div>
  );
}
