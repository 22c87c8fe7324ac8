import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { describeError, needsWriteScope } from '../../../shared/api';
import { Button, IconButton, ProgressBar, Spinner, ToastSlot } from '../../../shared/ui';
import { GrantWriteAccessButton } from '../../gmail';
import { useActionBatches } from '../hooks/useActionBatches';
import { describeAction, describeRunning, progressOf, type BatchKind } from '../lib/batchText';
import { RECOVERY_DAYS } from '../lib/constants';

export interface RecentAction {
  batchId: string;
  kind: BatchKind;
  count: number;
}

interface UndoBarProps {
  action: RecentAction;
  onUndo: () => void;
  onDismiss: () => void;
  /** The undo request is on its way. */
  undoing: boolean;
  /** Why the last undo was refused. */
  error: unknown;
}

/**
 * The Undo toast after a bulk action, in the app's one toast region. It stays until closed or replaced (an undo the user has to
 * catch within seconds is no undo), follows a running batch's progress, and points to /recovery
 * where the action can still be undone for 7 days.
 */
export function UndoBar({ action, onUndo, onDismiss, undoing, error }: UndoBarProps) {
  const batches = useActionBatches();
  const batch = batches.data?.find((b) => b.batchId === action.batchId);
  const running = batch?.status === 'running';
  const restoring = batch?.status === 'undoing';
  const undone = batch?.status === 'undone';
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // The Undo button goes once the action is undone; if it had the focus, keep it in the toast.
    if (undone && document.activeElement === document.body) sectionRef.current?.querySelector<HTMLButtonElement>('button[aria-label="Close"]')?.focus();
  }, [undone]);

  let sentence: string;
  if (running) sentence = `${describeRunning(action.kind, action.count)}…`;
  else if (restoring) sentence = 'Putting the messages back…';
  else if (undone) sentence = `Undone: ${action.count === 1 ? 'the message is' : 'the messages are'} back where ${action.count === 1 ? 'it was' : 'they were'}.`;
  else if (batch?.status === 'failed') sentence = `${describeAction(action.kind, batch.done)}; the other ${action.count - batch.done} could not be changed.`;
  else sentence = `${describeAction(action.kind, action.count)}.`;

  return (
    <ToastSlot>
      <section
        ref={sectionRef}
        aria-label="Last action"
        className="pointer-events-auto w-full max-w-md rounded-xl border border-line bg-surface p-4 shadow-lg"
        data-testid="undo-bar"
      >
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-fg" aria-live="polite">
              {sentence}
            </p>
            {!undone ? (
              <p className="mt-0.5 text-sm text-muted">
                You can also undo it from{' '}
                <Link to="/recovery" className="font-medium text-accent underline underline-offset-2 hover:no-underline">
                  Recovery
                </Link>{' '}
                for {RECOVERY_DAYS} days.
              </p>
            ) : null}
          </div>
          {!undone ? (
            <Button
              variant="secondary"
              size="sm"
              icon="undo"
              busy={undoing || restoring}
              disabled={running}
              title={running ? 'Undo becomes available when the action has finished' : 'Undo (z)'}
              onClick={onUndo}
            >
              Undo
            </Button>
          ) : null}
          <IconButton icon="close" label="Close" className="-my-1 -mr-2 h-8 w-8" onClick={onDismiss} />
        </div>
        {batch && (running || restoring) ? (
          <div className="mt-3">
            <ProgressBar value={progressOf(batch).percent} label={running ? 'Action progress' : 'Undo progress'} valueText={progressOf(batch).text} />
            <p className="mt-1 text-xs text-muted tabular-nums">{progressOf(batch).text}</p>
          </div>
        ) : null}
        {!batch && batches.isPending ? <Spinner size={16} label="Checking progress…" className="mt-2 text-accent" /> : null}
        {error && needsWriteScope(error) ? (
          <div role="alert" className="mt-3 space-y-2 text-sm text-fg">
            <p>Undo changes your mailbox, so it needs write access to Gmail.</p>
            <GrantWriteAccessButton />
          </div>
        ) : error ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {describeError(error)}
          </p>
        ) : null}
      </section>
    </ToastSlot>
  );
}
