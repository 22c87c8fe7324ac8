import { Link } from 'react-router';
import { describeError, isFnCallError, needsWriteScope } from '../../../shared/api';
import { Alert, Button, Dialog } from '../../../shared/ui';
import { GrantWriteAccessButton } from '../../gmail';
import { RECOVERY_DAYS } from '../../recovery';
import type { BulkKind } from '../hooks/useMail';
import { messages } from '../lib/format';

export interface BulkRequest {
  kind: BulkKind;
  /** How many messages; null when the category is answered by Gmail search and "all" has no exact count. */
  count: number | null;
  messageIds?: string[];
  all?: true;
}

interface BulkConfirmDialogProps {
  request: BulkRequest | null;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  /** The write grant came back: the error is out of date. */
  onGranted: () => void;
}

function what(request: BulkRequest): string {
  if (request.count === null) return 'every message in this category';
  if (request.all) return `all ${messages(request.count)} in this category`;
  return request.count === 1 ? 'this message' : messages(request.count);
}

/** Confirms a quarantine or a move to trash, and offers write access when Mailroom only has read access. */
export function BulkConfirmDialog({ request, onClose, onConfirm, pending, error, onGranted }: BulkConfirmDialogProps) {
  const quarantine = request?.kind === 'quarantine';
  const subject = request ? what(request) : '';
  const needsWrite = error !== null && error !== undefined && needsWriteScope(error);
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      role="alertdialog"
      title={quarantine ? `Quarantine ${subject}?` : `Move ${subject} to trash?`}
      description={
        quarantine
          ? `They leave your inbox for the Gmail label Mailroom/Quarantine. You can undo this for ${RECOVERY_DAYS} days.`
          : `They go to Gmail’s trash; nothing is deleted permanently. You can undo this for ${RECOVERY_DAYS} days.`
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={quarantine ? 'primary' : 'danger'} icon={quarantine ? 'shield' : 'trash'} busy={pending} disabled={needsWrite} onClick={onConfirm}>
            {quarantine ? 'Quarantine' : 'Move to trash'}
          </Button>
        </>
      }
    >
      {needsWrite ? (
        <Alert tone="warning" role="alert" title="Mailroom can only read your mail so far">
          <p className="mb-3">To {quarantine ? 'quarantine' : 'delete'} messages, allow Mailroom to change labels in Gmail. You are asked once.</p>
          <GrantWriteAccessButton onGranted={onGranted} />
        </Alert>
      ) : error ? (
        <Alert tone="danger" role="alert" title="Nothing was changed">
          {isFnCallError(error, 'FAILED_PRECONDITION') && (error.details as { reason?: string } | undefined)?.reason === 'GMAIL_RECONNECT_REQUIRED' ? (
            <>
              Google no longer accepts Mailroom’s access. <Link to="/gmail-fix" className="font-medium text-accent underline underline-offset-2">
                Reconnect Gmail
              </Link>.
            </>
          ) : (
            describeError(error)
          )}
        </Alert>
      ) : null}
    </Dialog>
  );
}
