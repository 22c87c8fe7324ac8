import { useEffect, useRef } from 'react';
import { Button, Dialog } from '../../../shared/ui';
import { UNDO_DAYS } from '../../../shared/promises';
import { GrantWriteAccessButton } from '../../gmail';
import type { MailListAction } from '../lib/actions';
import { messages } from '../lib/format';
import type { KeyBinding } from '../lib/keymap';
import type { ActionRequest } from '../lib/reducer';

interface ConfirmProps {
  request: ActionRequest | null;
  action: MailListAction | undefined;
  /** "in this category". */
  scope: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The one confirmation the list asks: an action on every message of a large source (more than
 * CONFIRM_WHOLE_SOURCE_ABOVE, or of unknown size). The focus lands on the action, so Enter does
 * what the key asked for; Escape or Cancel leave everything as it was.
 */
export function ConfirmWholeSourceDialog({ request, action, scope, pending, onConfirm, onClose }: ConfirmProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const open = request !== null;
  useEffect(() => {
    // After the dialog's showModal() (a child's effect runs first) has put the focus on its first control.
    if (open) confirmRef.current?.focus();
  }, [open]);
  const label = action && request ? action.label({ emails: [], all: true }) : '';
  const what = request?.count === null || request?.count === undefined ? `every message ${scope}` : `all ${messages(request.count)} ${scope}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={`${label}: ${what}?`}
      description={`Every one of them changes in Gmail now. You can undo it with Undo, or from Recovery for ${UNDO_DAYS} days.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button ref={confirmRef} variant={request?.action === 'delete' ? 'danger' : 'primary'} icon={action?.icon} busy={pending} onClick={onConfirm}>
            {label}
          </Button>
        </>
      }
    />
  );
}

interface WriteAccessProps {
  request: ActionRequest | null;
  action: MailListAction | undefined;
  pending: boolean;
  /** Google gave the write scope: the action goes ahead. */
  onGranted: () => void;
  onClose: () => void;
}

/** Mailroom could only read Gmail: asks for write access once (incrementally), then does what was asked. */
export function WriteAccessDialog({ request, action, pending, onGranted, onClose }: WriteAccessProps) {
  const label = action && request ? action.label({ emails: [], all: Boolean(request && 'all' in request.target) }).toLowerCase() : '';
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      title="Allow Mailroom to change your Gmail?"
      description={`To ${label} ${request?.count === 1 ? 'this message' : 'these messages'}, Mailroom needs permission to change labels in Gmail. Google asks you once; everything Mailroom changes can be undone for ${UNDO_DAYS} days.`}
    >
      {pending ? <p className="mb-3 text-sm text-muted" role="status">Doing it now…</p> : null}
      <GrantWriteAccessButton onGranted={onGranted} />
    </Dialog>
  );
}

/** The "?" list of keyboard shortcuts: the list's keys and each of the view's actions. */
export function ShortcutsDialog({ open, keymap, onClose }: { open: boolean; keymap: readonly KeyBinding[]; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="In a list of mail, when no text field has the focus.">
      <dl className="divide-y divide-line">
        {keymap.map((binding) => (
          <div key={binding.key} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-sm text-fg">{binding.description}</dt>
            <dd className="shrink-0">
              <kbd className="inline-flex min-w-8 justify-center rounded-md border border-line-strong bg-surface-2 px-2 py-0.5 font-mono text-sm text-fg shadow-sm">{binding.label}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
