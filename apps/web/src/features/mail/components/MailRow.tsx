import type { EmailSummary } from '@mailroom/contract';
import type { ChangeEvent, CSSProperties, ReactNode, Ref } from 'react';
import { cx, Icon } from '../../../shared/ui';
import type { Density } from '../hooks/useDensity';
import { listDate, senderName } from '../lib/format';

interface MailRowProps {
  email: EmailSummary;
  density: Density;
  selected: boolean;
  /** The keyboard cursor (j/k) is on this row. */
  active: boolean;
  /** Shown in the reading pane. */
  open: boolean;
  onToggle: (shiftKey: boolean) => void;
  onOpen: () => void;
  buttonRef: Ref<HTMLButtonElement>;
  /** The view's badge beside the sender (priority's score), and its one-line reason. */
  badge?: ReactNode;
  reason?: ReactNode;
  /** Placement when the list renders only the rows in view (virtualised). */
  item?: { ref: Ref<HTMLLIElement>; index: number; setSize: number; style: CSSProperties };
}

/** Unread, starred and attachment marks: seen as icons, heard as words. */
function Marks({ email }: { email: EmailSummary }) {
  return (
    <>
      {email.starred ? (
        <>
          <Icon name="star" size={14} fill="currentColor" className="shrink-0 self-center text-warning" />
          <span className="sr-only">, starred</span>
        </>
      ) : null}
      {email.hasAttachment ? (
        <>
          <Icon name="paperclip" size={14} className="shrink-0 self-center text-muted" />
          <span className="sr-only">, has attachments, </span>
        </>
      ) : null}
    </>
  );
}

function UnreadDot({ unread }: { unread: boolean }) {
  return unread ? (
    <>
      <span className="h-2 w-2 shrink-0 self-center rounded-full bg-accent-solid" aria-hidden="true" />
      <span className="sr-only">Unread, </span>
    </>
  ) : (
    <span className="w-2 shrink-0" aria-hidden="true" />
  );
}

/**
 * One message in a list: a checkbox that selects it and a button that opens it. Compact rows
 * are one line (sender, subject and snippet, date), comfortable rows three; both have the view's
 * badge and reason slots.
 */
export function MailRow({ email, density, selected, active, open, onToggle, onOpen, buttonRef, badge, reason, item }: MailRowProps) {
  const sender = senderName(email.from);
  const subject = email.subject.trim() || '(no subject)';
  const compact = density === 'compact';
  return (
    <li
      ref={item?.ref}
      style={item?.style}
      data-index={item?.index}
      aria-setsize={item?.setSize}
      aria-posinset={item ? item.index + 1 : undefined}
      className={cx(
        'flex border-b border-line last:border-b-0',
        compact ? 'items-center' : 'items-start',
        selected ? 'bg-accent-soft' : open ? 'bg-surface-2' : undefined,
        active && 'shadow-[inset_3px_0_0_var(--mr-accent-solid)]',
      )}
      data-testid="message-row"
      data-message-id={email.id}
      data-density={density}
    >
      <label className={cx('flex shrink-0 cursor-pointer items-center self-stretch pr-1 pl-3', compact ? 'py-1.5' : 'py-3')}>
        <input
          type="checkbox"
          checked={selected}
          // React reports a checkbox change from its click, so the shift key is on the native event.
          onChange={(event: ChangeEvent<HTMLInputElement>) => onToggle((event.nativeEvent as MouseEvent).shiftKey === true)}
          className="h-5 w-5 cursor-pointer accent-accent-solid"
          aria-label={`Select “${subject}” from ${sender}`}
        />
      </label>
      <button
        ref={buttonRef}
        type="button"
        onClick={onOpen}
        aria-current={open ? 'true' : undefined}
        className={cx('min-w-0 flex-1 rounded-md pr-3 pl-2 text-left focus-visible:outline-offset-[-2px]', compact ? 'flex items-center gap-2 py-2' : 'py-3')}
      >
        {compact ? (
          <>
            <UnreadDot unread={email.unread} />
            <span className={cx('w-24 shrink-0 truncate text-sm text-fg @xl:w-40', email.unread ? 'font-semibold' : 'font-normal')}>{sender}</span>
            {badge ? <span className="shrink-0">{badge}</span> : null}
            <span className="min-w-0 flex-1 truncate text-sm">
              <span className={cx('text-fg', email.unread && 'font-semibold')} data-testid="row-subject">
                {subject}
              </span>
              {email.snippet ? <span className="text-muted"> — {email.snippet}</span> : null}
            </span>
            {reason ? <span className="hidden max-w-48 shrink-0 truncate text-xs text-muted @3xl:inline">{reason}</span> : null}
            <Marks email={email} />
            <time dateTime={email.date} className="shrink-0 text-xs text-muted tabular-nums">
              {listDate(email.date)}
            </time>
          </>
        ) : (
          <>
            <span className="flex items-baseline gap-2">
              {email.unread ? <UnreadDot unread /> : null}
              <span className={cx('min-w-0 flex-1 truncate text-sm text-fg', email.unread ? 'font-semibold' : 'font-normal')}>{sender}</span>
              {badge ? <span className="shrink-0 self-center">{badge}</span> : null}
              <Marks email={email} />
              <time dateTime={email.date} className="shrink-0 text-xs text-muted tabular-nums">
                {listDate(email.date)}
              </time>
            </span>
            <span className={cx('mt-0.5 block truncate text-sm text-fg', email.unread && 'font-semibold')} data-testid="row-subject">
              {subject}
            </span>
            {email.snippet ? <span className="mt-0.5 block truncate text-sm text-muted">{email.snippet}</span> : null}
            {reason ? <span className="mt-0.5 block truncate text-xs text-muted">{reason}</span> : null}
          </>
        )}
      </button>
    </li>
  );
}
