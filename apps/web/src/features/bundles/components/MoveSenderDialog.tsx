import { BUNDLE_IDS, type BundleIdName, type MailAddress } from '@mailroom/contract';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api';
import { Alert, Button, Dialog, useToast } from '../../../shared/ui';
import { senderName } from '../../mail';
import { useMoveSender } from '../api/bundles';
import { BUNDLE_LABELS, FIELD } from '../lib/bundles';

const NAMES = BUNDLE_LABELS;
const KEEP = 'inbox';

/** Moves a sender's mail to another bundle, or keeps it in the inbox; Mailroom remembers it for their future mail. */
export function MoveSenderDialog({ sender, current, onClose }: { sender: MailAddress | null; current: BundleIdName; onClose: () => void }) {
  const id = useId();
  const [choice, setChoice] = useState<string>(KEEP);
  const move = useMoveSender();
  const toast = useToast();
  if (!sender) return null;
  const submit = () =>
    move.mutate(
      { address: sender.address, bundleId: choice === KEEP ? null : (choice as BundleIdName) },
      {
        onSuccess: (result) => {
          toast.show({
            tone: 'success',
            title: result.bundleId ? `Mail from ${result.address} now goes to ${NAMES[result.bundleId]}` : `Mail from ${result.address} stays in the inbox`,
            description: `${result.moved} ${result.moved === 1 ? 'message' : 'messages'} moved; new mail from them follows.`,
          });
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Move mail from ${senderName(sender)}`}
      description={`Mailroom will file every message from ${sender.address} where you choose, now and from now on.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} busy={move.isPending}>
            Move
          </Button>
        </>
      }
    >
      <label htmlFor={id} className="text-sm text-muted">
        Move to
      </label>
      <select id={id} value={choice} onChange={(e) => setChoice(e.target.value)} className={`mt-1 w-full ${FIELD}`}>
        <option value={KEEP}>No bundle: always keep in the inbox</option>
        {BUNDLE_IDS.filter((b) => b !== current).map((b) => (
          <option key={b} value={b}>
            {NAMES[b]}
          </option>
        ))}
      </select>
      {move.isError ? (
        <Alert tone="danger" role="alert" title="Could not move the sender" className="mt-3">
          {describeError(move.error)}
        </Alert>
      ) : null}
    </Dialog>
  );
}
