import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { describeError, isUnimplemented } from '../../../shared/api';
import { Alert, Badge, Button, ButtonLink, Card, CardHeader, EmptyState, Page, PageSpinner } from '../../../shared/ui';
import { useAuthFlow } from '../../auth';
import { useGmailStatus } from '../hooks/useGmailStatus';
import { describeScopes, describeSync } from '../syncText';

/**
 * /gmail-fix: reconnect Gmail after the grant was revoked at Google or expired, and check that
 * the connection works again.
 */
export function GmailFixPage() {
  const status = useGmailStatus();
  const navigate = useNavigate();
  const onSuccess = useCallback(() => navigate('/connect/success'), [navigate]);
  const flow = useAuthFlow({ reportCancel: true, onSuccess });
  const reconnect = () => void flow.start({ kind: 'gmail', returnTo: '/connect/success' });

  return (
    <Page
      title="Reconnect Gmail"
      width="narrow"
      description="If Google stopped accepting Mailroom’s access (you revoked it, changed your password, or the grant expired), connect again here. Your categories stay as they are."
    >
      {status.isPending ? (
        <PageSpinner label="Checking your Gmail connection…" />
      ) : status.isError ? (
        isUnimplemented(status.error) ? (
          <Card>
            <EmptyState icon="plug" title="Gmail connection is not available on this server yet" level={2}>
              This version of Mailroom cannot report or repair a Gmail connection.
            </EmptyState>
          </Card>
        ) : (
          <Alert tone="danger" role="alert" title="Could not check your Gmail connection" action={<Button variant="secondary" icon="refresh" onClick={() => void status.refetch()}>Try again</Button>}>
            {describeError(status.error)}
          </Alert>
        )
      ) : (
        <Card>
          <CardHeader
            title={status.data.connected ? status.data.email ?? 'Gmail' : 'Gmail is not connected'}
            description={status.data.connected ? describeSync(status.data.sync) : 'Mailroom has no access to a Gmail account for you.'}
            action={
              status.data.needsReconnect ? (
                <Badge tone="warning">Needs reconnecting</Badge>
              ) : status.data.connected ? (
                <Badge tone="success">Working</Badge>
              ) : (
                <Badge>Not connected</Badge>
              )
            }
          />
          {status.data.connected && status.data.scopes.length > 0 ? (
            <ul className="mb-5 list-disc space-y-1 pl-5 text-sm text-muted">
              {describeScopes(status.data.scopes).map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          ) : null}
          {flow.message ? (
            <Alert tone="danger" role="alert" className="mb-4">
              {flow.message}
            </Alert>
          ) : null}
          {status.data.connected && !status.data.needsReconnect ? (
            <div className="flex flex-wrap gap-2">
              <ButtonLink to="/dashboard">Back to dashboard</ButtonLink>
              <Button variant="secondary" icon="refresh" onClick={reconnect} busy={flow.pending}>
                Reconnect anyway
              </Button>
            </div>
          ) : (
            <Button icon="plug" size="lg" onClick={reconnect} busy={flow.pending}>
              {flow.failed ? 'Try Again' : status.data.connected ? 'Reconnect Gmail' : 'Connect Gmail'}
            </Button>
          )}
        </Card>
      )}
    </Page>
  );
}
