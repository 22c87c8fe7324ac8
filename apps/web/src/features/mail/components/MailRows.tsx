import type { EmailSummary } from '@mailroom/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import type { Density } from '../hooks/useDensity';
import type { RowsHandle } from '../hooks/useMailList';
import { VIRTUALIZE_ABOVE } from '../lib/constants';
import { MailRow } from './MailRow';

interface MailRowsProps {
  emails: readonly EmailSummary[];
  label: string;
  density: Density;
  busy: boolean;
  isSelected: (id: string) => boolean;
  cursor: string | null;
  openId: string | null;
  onToggle: (id: string, shiftKey: boolean) => void;
  onOpen: (id: string) => void;
  badge?: ((email: EmailSummary) => ReactNode) | undefined;
  reason?: ((email: EmailSummary) => ReactNode) | undefined;
  handle: Ref<RowsHandle>;
}

/** Row heights before they are measured: one line, or three. */
const ESTIMATED_HEIGHT: Record<Density, number> = { compact: 41, comfortable: 89 };

/**
 * The rows of a list. Up to VIRTUALIZE_ABOVE of them are all in the page; beyond that only the
 * rows near the window's view are (the page keeps scrolling as one, the toolbar stays on top),
 * and moving the focus to a row off screen scrolls it in first.
 */
export function MailRows(props: MailRowsProps) {
  const { emails, handle } = props;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const virtual = emails.length > VIRTUALIZE_ABOVE;
  const scrollToRef = useRef<(index: number) => void>(() => {});

  useImperativeHandle(handle, () => ({
    focusRow(id: string) {
      const button = buttons.current.get(id);
      if (button) return button.focus();
      const index = emails.findIndex((e) => e.id === id);
      if (index === -1) return;
      scrollToRef.current(index);
      let tries = 0;
      const attempt = () => {
        const mounted = buttons.current.get(id);
        if (mounted) mounted.focus();
        else if (tries++ < 5) window.requestAnimationFrame(attempt);
      };
      window.requestAnimationFrame(attempt);
    },
  }));

  const buttonRef = (id: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(id, element);
    else buttons.current.delete(id);
  };

  return virtual ? <VirtualRows {...props} buttonRef={buttonRef} onScroller={(scroll) => (scrollToRef.current = scroll)} /> : <PlainRows {...props} buttonRef={buttonRef} />;
}

type RowsProps = MailRowsProps & { buttonRef: (id: string) => (element: HTMLButtonElement | null) => void };

function row(props: RowsProps, email: EmailSummary, item?: Parameters<typeof MailRow>[0]['item']) {
  return (
    <MailRow
      key={email.id}
      email={email}
      density={props.density}
      selected={props.isSelected(email.id)}
      active={props.cursor === email.id}
      open={props.openId === email.id}
      onToggle={(shiftKey) => props.onToggle(email.id, shiftKey)}
      onOpen={() => props.onOpen(email.id)}
      buttonRef={props.buttonRef(email.id)}
      badge={props.badge?.(email)}
      reason={props.reason?.(email)}
      item={item}
    />
  );
}

function PlainRows(props: RowsProps) {
  return (
    <ul aria-label={props.label} aria-busy={props.busy || undefined} data-testid="message-list">
      {props.emails.map((email) => row(props, email))}
    </ul>
  );
}

function VirtualRows(props: RowsProps & { onScroller: (scroll: (index: number) => void) => void }) {
  const { emails, density, onScroller } = props;
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    // Where the list starts on the page: the window scrolls, the rows are placed from there.
    const top = listRef.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(top + window.scrollY);
  }, [density]);
  const virtualizer = useWindowVirtualizer({
    count: emails.length,
    estimateSize: () => ESTIMATED_HEIGHT[density],
    overscan: 12,
    scrollMargin,
    getItemKey: (index) => emails[index]?.id ?? index,
  });
  useEffect(() => onScroller((index) => virtualizer.scrollToIndex(index, { align: 'auto' })), [onScroller, virtualizer]);
  return (
    <ul
      ref={listRef}
      aria-label={props.label}
      aria-busy={props.busy || undefined}
      data-testid="message-list"
      data-virtualized="true"
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const email = emails[item.index];
        if (!email) return null;
        return row(props, email, {
          ref: virtualizer.measureElement,
          index: item.index,
          setSize: emails.length,
          style: { position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start - scrollMargin}px)` },
        });
      })}
    </ul>
  );
}
