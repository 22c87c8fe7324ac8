import { Button, IconButton, Spinner, ToastSlot } from '../../../shared/ui';
import type { Outbox, TrackedSend } from '../hooks/useOutbox';

function sentence(send: TrackedSend): string {
  switch (send.state) {
    case 'waiting':
      return 'Sending…';
    case 'undoing':
      return 'Stopping it…';
    case 'sending':
      return 'Sending…';
    case 'sent':
      return 'Sent.';
    case 'cancelled':
      return 'Not sent. Your reply is back in the editor.';
    case 'failed':
      return 'Not sent.';
  }
}

/** "Sending… Undo" for the undo-send delay, then what happened, in the app's one toast region. */
export function SendToasts({ outbox, now }: { outbox: Outbox; now: number }) {
  if (outbox.sends.length === 0) return null;
  return (
    <ToastSlot>
      {outbox.sends.map((send) => (
        <section
          key={send.sendId}
          aria-label="Sending"
          className="pointer-events-auto w-full max-w-sm rounded-xl border border-line bg-surface p-4 shadow-lg"
          data-testid="send-toast"
          data-state={send.state}
        >
          <div className="flex items-start gap-3">
            {send.state === 'sending' || send.state === 'undoing' ? <Spinner size={18} decorative /> : null}
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold text-fg" role="status">
                {sentence(send)}
                {/* Said once (a live region); the countdown below is for the eyes only. */}
                {send.state === 'waiting' ? <span className="sr-only"> You have {Math.round(send.delayMs / 1000)} seconds to undo.</span> : null}
              </p>
              <p className="mt-0.5 truncate text-sm text-muted">
                {send.state === 'waiting' ? (
                  <span aria-hidden="true" className="tabular-nums">
                    Undo within {Math.max(0, Math.ceil((send.sendAt - now) / 1000))} s ·{' '}
                  </span>
                ) : null}
                {send.saved.subject}
              </p>
              {send.error ? <p className="mt-1 text-sm break-words text-danger">{send.error}</p> : null}
            </div>
            {send.state === 'waiting' ? (
              <Button variant="secondary" size="sm" icon="undo" onClick={() => outbox.undo(send.sendId)}>
                Undo
              </Button>
            ) : null}
            {send.state === 'sent' || send.state === 'cancelled' || send.state === 'failed' ? (
              <IconButton icon="close" label="Close" className="-m-2 h-8 w-8" onClick={() => outbox.dismiss(send.sendId)} />
            ) : null}
          </div>
          {send.state === 'failed' ? (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" icon="refresh" onClick={() => outbox.retry(send.sendId)}>
                Retry
              </Button>
              <Button variant="secondary" size="sm" onClick={() => outbox.edit(send.sendId)}>
                Edit
              </Button>
            </div>
          ) : null}
        </section>
      ))}
    </ToastSlot>
  );
}
