import { useState } from 'react';
import { describeError, isUnimplemented } from '../../../shared/api';
import { PURGE_HOURS } from '../../../shared/promises';
import { Alert, Badge, Button, ButtonLink, Dialog, EmptyState, Spinner, useToast } from '../../../shared/ui';
import { describeScopes, describeSync, useDisconnectGmail, useGmailStatus } from '../../gmail';
import { SettingsSection } from './SettingsSection';

export function GmailSection() {
  const gmail = useGmailStatus();
  const disconnect = useDisconnectGmail();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);

  let body;
  if (gmail.isPending) {
    body = <Spinner label="Checking your Gmail connection…" className="text-accent" />;
  } else if (gmail.isError) {
    body = isUnimplemented(gmail.error) ? (
      <EmptyState icon="plug" title="Gmail connection is not available on this server yet" />
    ) : (
      <Alert tone="danger" role="alert" title="Could not check your Gmail connection">
        {describeError(gmail.error)}
      </Alert>
    );
  } else if (!gmail.data.connected) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">Gmail is not connected.</p>
        <ButtonLink to="/get-started" icon="plug">
          Connect Gmail
        </ButtonLink>
      </div>
    );
  } else {
    const status = gmail.data;
    body = (
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-medium break-all text-fg">{status.email ?? 'Gmail'}</p>
          {status.needsReconnect ? <Badge tone="warning">Needs reconnecting</Badge> : <Badge tone="success">Connected</Badge>}
        </div>
        <p className="text-sm text-muted">{describeSync(status.sync)}</p>
        <div>
          <p className="text-sm font-medium text-fg">Granted permissions</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-muted">
            {describeScopes(status.scopes).map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
        <div className="flex flex-wrap gap-2">
          {status.needsReconnect ? <ButtonLink to="/gmail-fix">Reconnect Gmail</ButtonLink> : null}
          <Button variant="secondary" icon="plug" onClick={() => setConfirming(true)}>
            Disconnect Gmail
          </Button>
        </div>
      </div>
    );
  }

  return (
    <SettingsSection id="gmail-heading" title="Gmail" description="The Gmail account Mailroom reads, and what it may do.">
      {body}
      {disconnect.isError ? (
        <Alert tone="danger" role="alert" className="mt-4" title="Gmail was not disconnected">
          {describeError(disconnect.error)}
        </Alert>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        title="Disconnect Gmail?"
        description={`Mailroom revokes its access at Google and deletes the tokens now. All mail data it stored for this account is purged within ${PURGE_HOURS} hours. Your mail in Gmail is not touched.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.show({ tone: 'success', title: 'Gmail disconnected', description: 'Tokens deleted; your mail data is being purged.' });
                  },
                  onError: () => setConfirming(false),
                })
              }
            >
              Disconnect
            </Button>
          </>
        }
      />
    </SettingsSection>
  );
}
