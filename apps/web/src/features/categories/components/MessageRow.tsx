import type { EmailSummary } from '@mailroom/contract';
import type { ChangeEvent, Ref } from 'react';
import { cx, Icon } from '../../../shared/ui';
import { listDate, senderName } from '../lib/format';

interface MessageRowProps {
  email: EmailSummary;
  selected: boolean;
  /** The keyboard cursor (j/k) is on this row. */
  active: boolean;
  /** Shown in the reading pane. */
  open: boolean;
  onToggle: (shiftKey: boolean) => void;
  onOpen: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}

/** One message in a category's list: a checkbox to select it and a button that opens it. */
export function MessageRow({ email, selected, active, open, onToggle, onOpen, buttonRef }: MessageRowProps) {
  const sender = senderName(email.from);
  const subject = email.subject.trim() || '(no subject)';
  return (
    <li
      className={cx(
        'flex items-start gap-1 border-b border-line last:border-b-0',
        selected ? 'bg-accent-soft' : open ? 'bg-surface-2' : undefined,
        active && 'shadow-[inset_3px_0_0_var(--mr-accent-solid)]',
      )}
      data-testid="message-row"
      data-message-id={email.id}
    >
      <label className="flex shrink-0 cursor-pointer items-center self-stretch py-3 pr-1 pl-3">
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
        className="min-w-0 flex-1 rounded-md py-3 pr-3 pl-2 text-left focus-visible:outline-offset-[-2px]"
      >
        <span className="flex items-baseline gap-2">
          {email.unread ? (
            <>
              <span className="h-2 w-2 shrink-0 self-center rounded-full bg-accent-solid" aria-hidden="true" />
              <span className="sr-only">Unread, </span>
            </>
          ) : null}
          <span className={cx('min-w-0 flex-1 truncate text-sm text-fg', email.unread ? 'font-semibold' : 'font-normal')}>{sender}</span>
          {email.hasAttachment ? (
            <>
              <Icon name="paperclip" size={14} className="shrink-0 self-center text-muted" />
              <span className="sr-only">, has attachments, </span>
            </>
          ) : null}
          <time dateTime={email.date} className="shrink-0 text-xs text-muted tabular-nums">
            {listDate(email.date)}
          </time>
        </span>
        <span className={cx('mt-0.5 block truncate text-sm text-fg', email.unread && 'font-semibold')}>{subject}</span>
        {email.snippet ? <span className="mt-0.5 block truncate text-sm text-muted">{email.snippet}</span> : null}
      </button>
    </li>
  );
}
