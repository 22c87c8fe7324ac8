import { useEffect, useId, useRef, useState } from 'react';
import { describeError, isFnCallError } from '../../../shared/api';
import { Alert, Button, ButtonLink, Icon, Spinner } from '../../../shared/ui';
import { useEmailContent, type BulkKind } from '../hooks/useMail';
import { formatBytes, fullDate } from '../lib/format';
import { messageViewUrl, VIEWER_SANDBOX } from '../lib/viewer';

interface ReadingPaneProps {
  messageId: string;
  onClose: () => void;
  onAction: (kind: BulkKind) => void;
  /** Move focus to the message's heading when it opens (it was opened from the list). */
  focusOnOpen: boolean;
}

function reasonOf(error: unknown): string | null {
  if (!isFnCallError(error)) return null;
  const details = error.details as { reason?: unknown } | undefined;
  return typeof details?.reason === 'string' ? details.reason : null;
}

/** One message: headers, attachments and the body in a sandboxed frame, with "Show images" as the reader's choice. */
export function ReadingPane({ messageId, onClose, onAction, focusOnOpen }: ReadingPaneProps) {
  const content = useEmailContent(messageId);
  const [showImages, setShowImages] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  useEffect(() => {
    if (focusOnOpen && content.isSuccess) headingRef.current?.focus();
  }, [focusOnOpen, content.isSuccess, messageId]);

  let body;
  if (content.isPending) {
    body = (
      <div className="flex justify-center py-16 text-accent">
        <Spinner size={28} label="Opening the message…" />
      </div>
    );
  } else if (content.isError) {
    const reason = reasonOf(content.error);
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
    const rows: Array<[string, string]> = [
      ['From', headers.from],
      ['To', headers.to],
      ['Cc', headers.cc],
      ['Reply to', headers.replyTo !== headers.from ? headers.replyTo : ''],
    ];
    body = (
      <div className="space-y-4 p-4 sm:p-5">
        <div>
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold break-words text-fg outline-none sm:text-xl">
            {headers.subject.trim() || '(no subject)'}
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="contents">
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
        </div>

        {attachments.length > 0 ? (
          <div>
            <h3 className="text-sm font-medium text-fg">
              {attachments.length === 1 ? '1 attachment' : `${attachments.length} attachments`}
            </h3>
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
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface-2 p-3 text-sm" role="note">
            <Icon name="eyeOff" size={18} className="shrink-0 text-muted" />
            <p className="min-w-0 flex-1 text-fg">
              {showImages
                ? 'Remote images are shown. The sender can now tell that the message was opened.'
                : 'Remote images are hidden, so the sender cannot tell that you opened this message.'}
            </p>
            {!showImages ? (
              <Button variant="secondary" size="sm" onClick={() => setShowImages(true)}>
                Show images ({remoteImagesBlocked} blocked)
              </Button>
            ) : null}
          </div>
        ) : null}

        <iframe
          key={showImages ? 'images' : 'no-images'}
          title={`Message: ${headers.subject.trim() || '(no subject)'}`}
          src={messageViewUrl(messageId, showImages)}
          sandbox={VIEWER_SANDBOX}
          referrerPolicy="no-referrer"
          className="block h-[65vh] min-h-80 w-full rounded-lg border border-line bg-white lg:h-[calc(100vh-21rem)]"
          data-testid="message-frame"
        />
      </div>
    );
  }

  return (
    <section aria-labelledby={content.isSuccess ? headingId : undefined} aria-label={content.isSuccess ? undefined : 'Message'} className="min-w-0 self-start rounded-xl border border-line bg-surface shadow-sm lg:sticky lg:top-20" data-testid="reading-pane">
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-2 py-2 sm:px-3">
        <Button variant="ghost" size="sm" icon="arrowLeft" onClick={onClose} title="Close (Esc)">
          Back to list
        </Button>
        <span className="flex-1" />
        <Button variant="secondary" size="sm" icon="shield" onClick={() => onAction('quarantine')} title="Quarantine (e)" aria-label="Quarantine this message" disabled={!content.isSuccess}>
          <span className="hidden sm:inline">Quarantine</span>
        </Button>
        <Button variant="secondary" size="sm" icon="trash" onClick={() => onAction('delete')} title="Move to trash (#)" aria-label="Delete this message" disabled={!content.isSuccess}>
          <span className="hidden sm:inline">Delete</span>
        </Button>
      </div>
      {body}
    </section>
  );
}
