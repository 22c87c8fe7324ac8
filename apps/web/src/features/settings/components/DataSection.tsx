import type { AuthUser } from '@mailroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SIGNED_OUT, callFn, describeError, isUnimplemented, sessionQueryKey } from '../../../shared/api';
import { Alert, Button, Dialog, useToast } from '../../../shared/ui';
import { SettingsSection } from './SettingsSection';

/** Saves a JSON value as a file through a temporary object URL (no server round trip for the file). */
function downloadJson(value: unknown, filename: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the current task to start the download before the URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function DataSection({ user }: { user: AuthUser }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const confirmId = useId();
  const [deleting, setDeleting] = useState(false);
  const [confirmEmail, setConfirmEmail] = useState('');

  const exportData = useMutation({
    mutationFn: () => callFn('exportMyData'),
    onSuccess: (data) => {
      downloadJson(data, `mailroom-export-${new Date().toISOString().slice(0, 10)}.json`);
      toast.show({ tone: 'success', title: 'Export downloaded' });
    },
  });
  const deleteAccount = useMutation({
    mutationFn: () => callFn('deleteMyAccount', { confirmEmail: confirmEmail.trim() }),
    onSuccess: () => {
      client.clear();
      client.setQueryData(sessionQueryKey, SIGNED_OUT);
      toast.show({ tone: 'success', title: 'Your account was deleted', description: 'Everything Mailroom stored for you is gone.' });
      navigate('/', { replace: true });
    },
  });
  const matches = confirmEmail.trim().toLowerCase() === user.email.toLowerCase();

  return (
    <SettingsSection id="data-heading" title="Your data" description="Everything Mailroom stores about you is yours to take or to erase.">
      <div className="space-y-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-[16rem] flex-1">
            <p className="text-sm font-medium text-fg">Export my data</p>
            <p className="text-sm text-muted">One JSON file with your account, categories, and everything derived from your mail. No token values.</p>
          </div>
          <Button variant="secondary" icon="download" busy={exportData.isPending} onClick={() => exportData.mutate()}>
            Export (JSON)
          </Button>
        </div>
        {exportData.isError ? (
          <Alert tone={isUnimplemented(exportData.error) ? 'warning' : 'danger'} role="alert">
            {isUnimplemented(exportData.error) ? 'Export is not available on this server yet.' : describeError(exportData.error)}
          </Alert>
        ) : null}
        <div className="flex flex-wrap items-start justify-between gap-3 border-t border-line pt-6">
          <div className="min-w-[16rem] flex-1">
            <p className="text-sm font-medium text-danger">Delete my account</p>
            <p className="text-sm text-muted">Removes your account and everything stored for it, and disconnects Gmail. This cannot be undone.</p>
          </div>
          <Button variant="danger" icon="trash" onClick={() => setDeleting(true)}>
            Delete account
          </Button>
        </div>
      </div>
      <Dialog
        open={deleting}
        onClose={() => {
          setDeleting(false);
          setConfirmEmail('');
          deleteAccount.reset();
        }}
        role="alertdialog"
        title="Delete your account?"
        description="Your categories, settings, API tokens and all mail data Mailroom stored are deleted, and Gmail is disconnected. Your mail in Gmail is not touched."
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setDeleting(false);
                setConfirmEmail('');
              }}
            >
              Cancel
            </Button>
            <Button variant="danger" busy={deleteAccount.isPending} disabled={!matches} onClick={() => deleteAccount.mutate()}>
              Delete everything
            </Button>
          </>
        }
      >
        <label htmlFor={confirmId} className="block text-sm font-medium text-fg">
          Type <strong className="break-all">{user.email}</strong> to confirm
        </label>
        <input
          id={confirmId}
          type="email"
          autoComplete="off"
          value={confirmEmail}
          onChange={(e) => setConfirmEmail(e.target.value)}
          className="mt-2 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg"
        />
        {deleteAccount.isError ? (
          <Alert tone="danger" role="alert" className="mt-4">
            {isUnimplemented(deleteAccount.error) ? 'Account deletion is not available on this server yet.' : describeError(deleteAccount.error)}
          </Alert>
        ) : null}
      </Dialog>
    </SettingsSection>
  );
}
