import type { ActionBatch } from '@mailroom/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeError, isUnimplemented, needsWriteScope } from '../../../shared/api';
import { Alert, Badge, Button, ButtonLink, Card, EmptyState, Icon, Page, ProgressBar, Spinner, useToast } from '../../../shared/ui';
import { GrantWriteAccessButton } from '../../gmail';
import { useActionBatches, useUndoBatch } from '../hooks/useActionBatches';
import { CoveredMessages } from './CoveredMessages';
import { canUndo, describeAction, describeRunning, describeUndo, iconOf, isBusy, progressOf, statusOf } from '../lib/batchText';
import { RECOVERY_DAYS } from '../lib/constants';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : dateTime.format(new Date(iso)));

/** "in 6 days", "in 5 hours": how long undo is still possible. */
function remaining(expiresAt: string, now = Date.now()): string {
  const ms = Date.parse(expiresAt) - now;
  if (Number.isNaN(ms)) return expiresAt;
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const hours = ms / 3_600_000;
  if (hours >= 48) return rtf.format(Math.round(hours / 24), 'day');
  if (hours >= 1) return rtf.format(Math.floor(hours), 'hour');
  return rtf.format(Math.max(1, Math.floor(ms / 60_000)), 'minute');
}

function BatchItem({ batch }: { batch: ActionBatch }) {
  const undo = useUndoBatch();
  const toast = useToast();
  const [refusal, setRefusal] = useState<unknown>(null);
  const status = statusOf(batch);
  const busy = isBusy(batch);
  const progress = progressOf(batch);
  const title = batch.status === 'running' ? describeRunning(batch.kind, batch.count) : describeAction(batch.kind, batch.count);

  const runUndo = () => {
    setRefusal(null);
    undo.mutate(batch.batchId, {
      onSuccess: (result) =>
        toast.show({
          tone: 'success',
          title: result.status === 'undone' ? 'Undone' : 'Undo started',
          description:
            result.status === 'undone'
              ? `${describeAction(batch.kind, batch.count)} was undone.`
              : 'The messages are being put back; the progress shows here.',
        }),
      onError: (error) => setRefusal(error),
    });
  };

  return (
    <li>
      <Card as="article" className="space-y-3" aria-labelledby={`batch-${batch.batchId}`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <span className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-surface-2 text-muted">
              <Icon name={iconOf(batch.kind)} size={18} />
            </span>
            <div className="min-w-0">
              <h2 id={`batch-${batch.batchId}`} className="text-base font-semibold text-fg">
                {title}
              </h2>
              <p className="text-sm text-muted">
                {batch.categoryName ? (
                  <>
                    from{' '}
                    {batch.categoryId ? (
                      <Link to={`/manual/${encodeURIComponent(batch.categoryId)}`} className="font-medium text-accent underline underline-offset-2 hover:no-underline">
                        {batch.categoryName}
                      </Link>
                    ) : (
                      <span className="font-medium text-fg">{batch.categoryName}</span>
                    )}{' '}
                    ·{' '}
                  </>
                ) : null}
                <time dateTime={batch.createdAt}>{formatDate(batch.createdAt)}</time>
              </p>
            </div>
          </div>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>

        <CoveredMessages batch={batch} />

        {busy ? (
          <div>
            <ProgressBar value={progress.percent} label={batch.status === 'undoing' ? 'Undo progress' : 'Action progress'} valueText={progress.text} />
            <p className="mt-1 text-xs text-muted tabular-nums">{progress.text}</p>
          </div>
        ) : null}

        {batch.error && (batch.status === 'failed' || batch.status === 'undo_failed') ? (
          <Alert tone="danger" title={batch.status === 'failed' ? `${batch.done} of ${batch.count} were changed before it stopped` : 'The messages were not all put back'}>
            {batch.error}
          </Alert>
        ) : null}

        {batch.status === 'undone' && batch.undoneAt ? (
          <p className="text-sm text-muted">
            Undone <time dateTime={batch.undoneAt}>{formatDate(batch.undoneAt)}</time>: the messages are back as they were.
          </p>
        ) : null}

        {canUndo(batch) ? (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
            <p className="text-sm text-muted">
              {describeUndo(batch.kind)} Possible until <time dateTime={batch.expiresAt}>{formatDate(batch.expiresAt)}</time> ({remaining(batch.expiresAt)}).
            </p>
            <Button variant="secondary" icon="undo" busy={undo.isPending} onClick={runUndo} aria-describedby={`batch-${batch.batchId}`}>
              Undo
            </Button>
          </div>
        ) : null}

        {refusal ? (
          needsWriteScope(refusal) ? (
            <Alert tone="warning" role="alert" title="Mailroom can only read your mail">
              <p className="mb-3">Undo changes your mailbox, so it needs write access to Gmail.</p>
              <GrantWriteAccessButton onGranted={() => setRefusal(null)} />
            </Alert>
          ) : (
            <Alert tone="danger" role="alert" title="Could not undo">
              {describeError(refusal)}
            </Alert>
          )
        ) : null}
      </Card>
    </li>
  );
}

/** /recovery: every bulk action of the last 7 days with what it did (and which messages, readable), its progress and Undo. */
export function RecoveryPage() {
  const batches = useActionBatches();
  return (
    <Page
      title="Recovery"
      description={`Every quarantine and deletion of the last ${RECOVERY_DAYS} days. Undo puts the messages back exactly as they were; after ${RECOVERY_DAYS} days an action is gone from this list.`}
    >
      {batches.isPending ? (
        <div className="flex justify-center py-12 text-accent">
          <Spinner size={32} label="Loading your recent actions…" />
        </div>
      ) : batches.isError ? (
        isUnimplemented(batches.error) ? (
          <Card>
            <EmptyState icon="undo" title="Recovery is not available on this server yet" />
          </Card>
        ) : (
          <Alert
            tone="danger"
            role="alert"
            title="Could not load your recent actions"
            action={
              <Button variant="secondary" size="sm" icon="refresh" onClick={() => void batches.refetch()}>
                Try again
              </Button>
            }
          >
            {describeError(batches.error)}
          </Alert>
        )
      ) : batches.data.length === 0 ? (
        <Card>
          <EmptyState icon="undo" title="Nothing to recover" action={<ButtonLink to="/manual" variant="secondary" icon="tag">Go to your categories</ButtonLink>}>
            When you quarantine or delete mail from a category, the action is listed here for {RECOVERY_DAYS} days so you can undo it.
          </EmptyState>
        </Card>
      ) : (
        <ul className="space-y-4" aria-label={`Actions of the last ${RECOVERY_DAYS} days`}>
          {batches.data.map((batch) => (
            <BatchItem key={batch.batchId} batch={batch} />
          ))}
        </ul>
      )}
    </Page>
  );
}
