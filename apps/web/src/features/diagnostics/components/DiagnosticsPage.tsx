import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { callFn, describeError, isUnimplemented } from '../../../shared/api';
import { Alert, Badge, Button, Card, CardHeader, Icon, Page, Spinner, type Tone } from '../../../shared/ui';
import { isPopupOpen, prefersRedirect, setPrefersRedirect, useAuth } from '../../auth';
import { describeScopes, describeSync, formatRelative, useGmailStatus } from '../../gmail';
import { runConnectionTest, testPopup, type CheckResult } from '../checks';
import { useBrowserCapabilities } from '../hooks/useBrowserCapabilities';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-sm font-medium break-words text-fg sm:text-right">{children}</dd>
    </div>
  );
}

function State({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <Badge tone={tone}>{children}</Badge>;
}

function SignInRequired() {
  const location = useLocation();
  return (
    <p className="text-sm text-muted">
      <Link
        to={`/connect?${new URLSearchParams({ returnTo: location.pathname }).toString()}`}
        className="font-medium text-accent underline underline-offset-2 hover:no-underline"
      >
        Sign in
      </Link>{' '}
      to see this.
    </p>
  );
}

function FunctionError({ error }: { error: unknown }) {
  if (isUnimplemented(error)) return <p className="text-sm text-muted">Not available on this server yet (UNIMPLEMENTED).</p>;
  return (
    <Alert tone="danger" role="alert">
      {describeError(error)}
    </Alert>
  );
}

function SignInCard() {
  const auth = useAuth();
  const [redirect, setRedirect] = useState(prefersRedirect);
  return (
    <Card aria-labelledby="diag-signin">
      <CardHeader id="diag-signin" title="Sign-in" />
      <dl className="divide-y divide-line">
        <Row label="State">
          {auth.status === 'loading' ? (
            <State tone="neutral">Checking…</State>
          ) : auth.status === 'signed-in' ? (
            <State tone="success">Signed in</State>
          ) : (
            <State tone="neutral">Signed out</State>
          )}
        </Row>
        {auth.status === 'signed-in' ? (
          <>
            <Row label="Account">{auth.user.email}</Row>
            <Row label="Anti-forgery token">{auth.csrfToken ? 'Present' : 'Missing'}</Row>
          </>
        ) : null}
        <Row label="Sign-in method">{redirect ? 'Redirect (remembered)' : 'Popup first'}</Row>
        <Row label="Sign-in popup open">{isPopupOpen() ? 'Yes' : 'No'}</Row>
      </dl>
      {redirect ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          onClick={() => {
            setPrefersRedirect(false);
            setRedirect(false);
          }}
        >
          Try popups again next time
        </Button>
      ) : null}
    </Card>
  );
}

function GmailCard() {
  const auth = useAuth();
  const status = useGmailStatus();
  return (
    <Card aria-labelledby="diag-gmail">
      <CardHeader id="diag-gmail" title="Gmail connection" description="From getGmailStatus." />
      {auth.status !== 'signed-in' ? (
        <SignInRequired />
      ) : status.isPending ? (
        <Spinner label="Loading Gmail status…" className="text-accent" />
      ) : status.isError ? (
        <FunctionError error={status.error} />
      ) : (
        <dl className="divide-y divide-line">
          <Row label="Connected">
            {status.data.connected ? <State tone="success">Yes</State> : <State tone="neutral">No</State>}
          </Row>
          <Row label="Address">{status.data.email ?? '—'}</Row>
          <Row label="Needs reconnecting">
            {status.data.needsReconnect ? (
              <span className="inline-flex items-center gap-2">
                <State tone="warning">Yes</State>
                <Link to="/gmail-fix" className="text-accent underline underline-offset-2">
                  Reconnect
                </Link>
              </span>
            ) : (
              'No'
            )}
          </Row>
          <Row label="Write access">{status.data.canWrite ? 'Granted' : 'Not granted (read-only)'}</Row>
          <Row label="Scopes">
            {status.data.scopes.length === 0 ? (
              '—'
            ) : (
              <ul className="space-y-1">
                {describeScopes(status.data.scopes).map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            )}
          </Row>
          <Row label="Sync">{describeSync(status.data.sync)}</Row>
        </dl>
      )}
    </Card>
  );
}

function TokensCard() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  const tokens = useQuery({
    queryKey: ['gmail', 'debugTokens', userId],
    queryFn: () => callFn('debugGmailTokens'),
    enabled: userId !== null,
  });
  return (
    <Card aria-labelledby="diag-tokens">
      <CardHeader id="diag-tokens" title="Gmail tokens" description="From debugGmailTokens: facts about the grant, never the token itself." />
      {auth.status !== 'signed-in' ? (
        <SignInRequired />
      ) : tokens.isPending ? (
        <Spinner label="Loading token facts…" className="text-accent" />
      ) : tokens.isError ? (
        <FunctionError error={tokens.error} />
      ) : (
        <dl className="divide-y divide-line">
          <Row label="Tokens stored">{tokens.data.hasTokens ? 'Yes (encrypted)' : 'No'}</Row>
          <Row label="Access expires">{tokens.data.expiresAt ? formatRelative(tokens.data.expiresAt) : '—'}</Row>
          <Row label="Last refresh">{tokens.data.lastRefreshAt ? formatRelative(tokens.data.lastRefreshAt) : '—'}</Row>
          <Row label="Refresh failures">{tokens.data.refreshFailures}</Row>
          <Row label="Last error">{tokens.data.lastError ?? '—'}</Row>
        </dl>
      )}
    </Card>
  );
}

function ConnectionTestCard() {
  const auth = useAuth();
  const [running, setRunning] = useState(false);
  const [results, setResults] = useState<CheckResult[] | null>(null);
  return (
    <Card aria-labelledby="diag-test">
      <CardHeader
        id="diag-test"
        title="Test connection"
        description="Calls the server, its database, the session and, when signed in, Gmail through the server."
        action={
          <Button
            icon="refresh"
            busy={running}
            onClick={async () => {
              setRunning(true);
              try {
                setResults(await runConnectionTest(auth.status === 'signed-in'));
              } finally {
                setRunning(false);
              }
            }}
          >
            Test connection
          </Button>
        }
      />
      {results ? (
        <ul className="divide-y divide-line" aria-live="polite" aria-label="Connection test results">
          {results.map((r) => (
            <li key={r.name} className="flex items-start gap-3 py-2.5 text-sm">
              <Icon name={r.ok ? 'checkCircle' : 'alert'} size={18} className={`mt-0.5 shrink-0 ${r.ok ? 'text-success' : 'text-danger'}`} />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-fg">{r.name}</p>
                <p className="break-words text-muted">{r.detail}</p>
              </div>
              <span className="shrink-0 text-muted tabular-nums">{r.ms} ms</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Not run yet.</p>
      )}
    </Card>
  );
}

function BrowserCard() {
  const caps = useBrowserCapabilities();
  const [popups, setPopups] = useState<boolean | null>(null);
  const yesNo = (value: boolean, yes = 'Yes', no = 'No') => <State tone={value ? 'success' : 'warning'}>{value ? yes : no}</State>;
  return (
    <Card aria-labelledby="diag-browser">
      <CardHeader id="diag-browser" title="This browser" />
      <dl className="divide-y divide-line">
        <Row label="Popups">
          <span className="inline-flex flex-wrap items-center justify-end gap-2">
            {popups === null ? 'Not tested' : yesNo(popups, 'Allowed', 'Blocked')}
            <Button variant="secondary" size="sm" onClick={() => setPopups(testPopup())}>
              Test popups
            </Button>
          </span>
        </Row>
        <Row label="Service worker">
          {!caps.serviceWorker.supported
            ? yesNo(false, '', 'Not supported')
            : caps.serviceWorker.registered
              ? yesNo(true, caps.serviceWorker.controlling ? 'Registered, controlling this page' : 'Registered')
              : yesNo(false, '', 'Not registered')}
        </Row>
        <Row label="Notifications">
          {caps.notifications === 'unsupported'
            ? yesNo(false, '', 'Not supported')
            : caps.notifications === 'granted'
              ? yesNo(true, 'Allowed')
              : caps.notifications === 'denied'
                ? yesNo(false, '', 'Blocked')
                : 'Not asked yet'}
        </Row>
        <Row label="Install">
          {caps.install.standalone
            ? yesNo(true, 'Running as an installed app')
            : caps.install.installed
              ? yesNo(true, 'Installed')
              : caps.install.offered
                ? yesNo(true, 'Offered by the browser')
                : 'Not offered by this browser right now'}
        </Row>
        <Row label="Cookies">{yesNo(caps.cookies, 'Enabled', 'Disabled')}</Row>
        <Row label="Local storage">{yesNo(caps.storage, 'Available', 'Unavailable')}</Row>
        <Row label="Online">{yesNo(caps.online)}</Row>
        <Row label="Secure context">{yesNo(caps.secureContext, 'Yes', 'No (service worker and notifications need HTTPS)')}</Row>
      </dl>
    </Card>
  );
}

/**
 * The one real Diagnostics page behind all of the seed's test and debug routes: sign-in state,
 * Gmail connection and scopes, a live connection test, and what this browser can do.
 */
export function DiagnosticsPage() {
  return (
    <Page
      title="Diagnostics"
      description="What Mailroom sees of your sign-in, your Gmail connection and this browser. Nothing here shows a token or any email content."
      width="wide"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <SignInCard />
          <ConnectionTestCard />
          <BrowserCard />
        </div>
        <div className="space-y-6">
          <GmailCard />
          <TokensCard />
        </div>
      </div>
    </Page>
  );
}
