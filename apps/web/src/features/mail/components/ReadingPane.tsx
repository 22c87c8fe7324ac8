import type { EmailSummary } from '@mailroom/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { describeError, failureReason, isFnCallError } from '../../../shared/api';
import { Alert, Button, ButtonLink, Icon, IconButton, Spinner, cx } from '../../../shared/ui';
import { useEmailContent, type EmailContent } from '../api/queries';
import type { ActionTargets, MailListAction } from '../lib/actions';
import type { MailExtension } from '../lib/extensions';
import { formatBytes, fullDate } from '../lib/format';
import { gmailThreadUrl } from '../lib/gmailLink';
import { messageViewUrl, VIEWER_SANDBOX } from '../lib/viewer';

interface ReadingPaneProps {
  messageId: string;
  /** The message's row in the list, when it is listed: its read, star and importance state. */
  email: EmailSummary | undefined;
  actions: readonly MailListAction[];
  onAction: (actionId: string, email: EmailSummary | undefined) => void;
  /** An action is on its way: the buttons wait. */
  acting: boolean;
  onClose: () => void;
  /** Move focus to the message's heading when it opens (it was opened from the list). */
  focusOnOpen: boolean;
  /** The Gmail address the message is in, so "Open in Gmail" opens that account. */
  accountEmail: string | null;
  /** Other features' sections of the pane (replies), between the headers and the body. */
  extensions?: readonly MailExtension[];
}

/** The message as a row, from its labels, when it is not on the list's current page. */
function rowFromContent(content: EmailContent): EmailSummary {
  const labels = content.labelIds;
  return {
    id: content.id,
    threadId: content.threadId,
    from: { name: null, address: '' },
    subject: content.headers.subject,
    snippet: '',
    date: content.headers.date,
    labels,
    unread: labels.includes('UNREAD'),
    starred: labels.includes('STARRED'),
    important: labels.includes('IMPORTANT'),
    hasAttachment: content.attachments.length > 0,
  };
}

/** Whether the screen is wide enough for the list and the message side by side (Tailwind's lg). */
const wide = () => typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;

/**
 * One message: the everyday actions (archive, read state, star, quarantine, delete, open in
 * Gmail), headers, attachments and the body in a sandboxed frame, with "Show images" as the
 * reader's choice. It takes the height of the screen beside the list, and the whole screen on a
 * phone.
 */
export function ReadingPane({ messageId, email, actions, onAction, acting, onClose, focusOnOpen, accountEmail, extensions = [] }: ReadingPaneProps) {
  const content = useEmailContent(messageId);
  const [showImages, setShowImages] = useState(false);
  const [allHeaders, setAllHeaders] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headingId = useId();

  useEffect(() => {
    // Not when something in the pane already has the focus (a reply editor opened with `r`).
    if (focusOnOpen && content.isSuccess && !sectionRef.current?.contains(document.activeElement)) headingRef.current?.focus({ preventScroll: !wide() });
  }, [focusOnOpen, content.isSuccess, messageId]);

  useEffect(() => {
    // In parallel with the content: a section's data (suggested replies) is ready when it is.
    for (const extension of extensions) extension.onMessageOpen?.(messageId);
  }, [extensions, messageId]);

  useEffect(() => {
    // On a phone the message replaces the list: it starts at the top of the screen.
    const section = sectionRef.current;
    // Again once it has loaded: what was above it (notices, a spinner) may have moved it meanwhile.
    if (section && !wide() && typeof section.scrollIntoView === 'function') section.scrollIntoView({ block: 'start' });
  }, [messageId, content.isSuccess]);

  const row = email ?? (content.data ? rowFromContent(content.data) : undefined);
  const targets: ActionTargets = { emails: row ? [row] : [], all: false };
  const threadId = email?.threadId ?? content.data?.threadId;

  let body;
  if (content.isPending) {
    body = (
      <div className="flex justify-center py-16 text-accent">
        <Spinner size={28} label="Opening the message…" />
      </div>
    );
  } else if (content.isError) {
    const reason = failureReason(content.error);
    body = (
      <div className="p-4 sm:p-5">
        <Alert
          tone="danger"
          role="alert"
          title={isFnCallError(content.error, 'NOT_FOUND') ? 'This message is no longer in your mailbox' : 'Could not open this message'}
          action={
            reason === 'GMAIL_RECONNECT_REQUIRED' ? (
              <ButtonLink to="/gmail-fix" size="sm">
                Reconnect Gmail
              </ButtonLink>
            ) : (
              <Button variant="secondary" size="sm" icon="refresh" onClick={() => void content.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {describeError(content.error)}
        </Alert>
      </div>
    );
  } else {
    const { headers, attachments, remoteImagesBlocked } = content.data;
    // On a phone only From and Date show until asked, so the message starts high on the screen.
    const rows: Array<[string, string, boolean]> = [
      ['From', headers.from, true],
      ['To', headers.to, false],
      ['Cc', headers.cc, false],
      ['Reply to', headers.replyTo !== headers.from ? headers.replyTo : '', false],
    ];
    const hidden = rows.filter(([, value, always]) => value && !always).length;
    const data = content.data;
    const paneSections = (placement: 'before-body' | 'after-body') =>
      extensions.map((extension) =>
        extension.PaneSection && (extension.placement ?? 'before-body') === placement ? (
          <extension.PaneSection key={extension.id} messageId={messageId} email={email} content={data} />
        ) : null,
      );
    body = (
      <div className="flex flex-1 flex-col gap-4 p-4 sm:p-5 lg:min-h-0 lg:overflow-y-auto">
        <div>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold break-words text-fg outline-none sm:text-xl">
            {headers.subject.trim() || '(no subject)'}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {rows
              .filter(([, value]) => value)
              .map(([label, value, always]) => (
                <div key={label} className={cx('contents', !always && !allHeaders && 'max-sm:hidden')}>
                  <dt className="text-muted">{label}</dt>
                  <dd className="break-words text-fg">{value}</dd>
                </div>
              ))}
            {headers.date ? (
              <div className="contents">
                <dt className="text-muted">Date</dt>
                <dd className="text-fg">
                  <time dateTime={headers.date}>{fullDate(headers.date)}</time>
                </dd>
              </div>
            ) : null}
          </dl>
          {hidden > 0 && !allHeaders ? (
            <button type="button" className="mt-1 text-sm font-medium text-accent underline underline-offset-2 hover:no-underline sm:hidden" onClick={() => setAllHeaders(true)}>
              To, Cc and more
            </button>
          ) : null}
        </div>

        {attachments.length > 0 ? (
          <div>
            <h3 className="text-sm font-medium text-fg">{attachments.length === 1 ? '1 attachment' : `${attachments.length} attachments`}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {attachments.map((attachment, index) => (
                <li key={`${attachment.filename}-${index}`} className="flex max-w-full items-center gap-2 rounded-lg border border-line bg-surface-2 px-3 py-1.5 text-sm">
                  <Icon name="paperclip" size={14} className="shrink-0 text-muted" />
                  <span className="truncate text-fg">{attachment.filename || 'Unnamed attachment'}</span>
                  <span className="shrink-0 text-xs text-muted">
                    {attachment.mimeType} · {formatBytes(attachment.size)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {remoteImagesBlocked > 0 ? (
          // The sentence keeps its own line and the button goes under it on a phone, instead of
          // squeezing the words into a one-word column beside the button.
          <div className="flex flex-col gap-2 rounded-lg border border-line bg-surface-2 p-3 text-sm sm:flex-row sm:items-center sm:gap-3" role="note" data-testid="remote-images-note">
            <div className="flex min-w-0 flex-1 items-start gap-3">
              <Icon name="eyeOff" size={18} className="mt-0.5 shrink-0 text-muted" />
              <p className="min-w-0 text-fg">
                {showImages
                  ? 'Remote images are shown. The sender can now tell that the message was opened.'
                  : 'Remote images are hidden, so the sender cannot tell that you opened this message.'}
              </p>
            </div>
            {!showImages ? (
              <Button variant="secondary" size="sm" className="self-start sm:self-auto" onClick={() => setShowImages(true)}>
                Show images ({remoteImagesBlocked} blocked)
              </Button>
            ) : null}
          </div>
        ) : null}

        {paneSections('before-body')}

        <iframe
          key={showImages ? 'images' : 'no-images'}
          title={`Message: ${headers.subject.trim() || '(no subject)'}`}
          src={messageViewUrl(messageId, showImages)}
          sandbox={VIEWER_SANDBOX}
          referrerPolicy="no-referrer"
          className="block h-[calc(100dvh-8rem)] min-h-80 w-full flex-1 rounded-lg border border-line bg-white lg:h-auto lg:min-h-96"
          data-testid="message-frame"
        />

        {paneSections('after-body')}
      </div>
    );
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby={content.isSuccess ? headingId : undefined}
      aria-label={content.isSuccess ? undefined : 'Message'}
      className={cx(
        'flex min-w-0 scroll-mt-16 flex-col rounded-xl border border-line bg-surface shadow-sm',
        // Beside the list it keeps to the screen's height; on a phone it is the screen.
        'min-h-[calc(100dvh-4rem)] lg:sticky lg:top-20 lg:h-[calc(100dvh-6rem)] lg:min-h-0 lg:self-start',
      )}
      data-testid="reading-pane"
    >
      <div className="flex shrink-0 flex-wrap items-center gap-1 border-b border-line px-2 py-2 sm:px-3" role="toolbar" aria-label="Message actions">
        <Button variant="ghost" size="sm" icon="arrowLeft" onClick={onClose} title="Close (Esc)" className="px-2 sm:px-3">
          <span className="max-sm:sr-only">Back to list</span>
        </Button>
        <span className="flex-1" />
        {actions.map((action) => {
          const label = action.label(targets);
          const key = action.key ? ` (${action.key.label ?? action.key.key})` : '';
          return (
            <IconButton
              key={action.id}
              icon={action.icon}
              label={label}
              title={`${label}${key}`}
              className={cx('h-9 w-9 disabled:opacity-40', action.id === 'toggle-star' && row?.starred && 'text-warning')}
              disabled={!content.isSuccess || acting}
              onClick={() => onAction(action.id, row)}
            />
          );
        })}
        {threadId ? (
          <a
            href={gmailThreadUrl(threadId, accountEmail)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-fg hover:bg-surface-2"
            title="Open in Gmail (new tab)"
            aria-label="Open in Gmail (new tab)"
          >
            <Icon name="external" size={20} />
          </a>
        ) : null}
      </div>
      {body}
    </section>
  );
}
