import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { DERIVED_DATA_DAYS, PURGE_HOURS, UNDO_DAYS } from '../../../shared/promises';
import { Alert, Button, ButtonLink, Card, Icon, Page, type IconName } from '../../../shared/ui';
import { AUTH_MESSAGES, setPrefersRedirect, useAuth, useAuthFlow, useRedirectError } from '../../auth';
import { useGmailStatus } from '../../gmail';
import { PermissionsPopover } from './PermissionsPopover';
import { SampleInsights } from './SampleInsights';

/** DESIGN §1: the promises the code enforces, in the user's words. */
const PROMISES: Array<{ icon: IconName; title: string; body: string }> = [
  { icon: 'eyeOff', title: 'No email bodies stored', body: 'Only metadata is kept; a message is fetched from Gmail when you open it.' },
  { icon: 'lock', title: 'Read-only by default', body: 'Write access is asked for the first time you act on mail, not before.' },
  { icon: 'undo', title: 'Every bulk action reversible', body: `Undo quarantines and deletes from Recovery for ${UNDO_DAYS} days.` },
  { icon: 'clock', title: 'Derived data expires', body: `What Mailroom works out from your mail is deleted after ${DERIVED_DATA_DAYS} days.` },
  { icon: 'trash', title: `Gone within ${PURGE_HOURS} hours`, body: 'Disconnect or revoke access, and your mail data is purged.' },
  { icon: 'download', title: 'Your data is yours', body: 'Export it as JSON or delete your account from Settings.' },
];

/** /get-started: connect Gmail, with the privacy promises and the exact permissions up front. */
export function GetStartedPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const gmail = useGmailStatus();
  const redirectError = useRedirectError();
  const onSuccess = useCallback(() => navigate('/connect/success'), [navigate]);
  const flow = useAuthFlow({ reportCancel: true, onSuccess });
  const connect = () => void flow.start({ kind: 'gmail', returnTo: '/connect/success' });
  const message = flow.message ?? (flow.pending ? null : redirectError);
  const informational = message === AUTH_MESSAGES.popupBlocked;
  const alreadyConnected = auth.status === 'signed-in' && gmail.isSuccess && gmail.data.connected && !gmail.data.needsReconnect;

  return (
    <Page
      title="Connect your Gmail"
      description="Mailroom reads your Gmail with read-only access to build categories you define. It takes about a minute."
      width="wide"
    >
      <div className="grid gap-6 lg:grid-cols-[1.15fr_1fr]">
        <div className="space-y-6">
          <Card aria-labelledby="connect-heading">
            <h2 id="connect-heading" className="text-lg font-semibold text-fg">
              {alreadyConnected ? 'Gmail is connected' : 'Connect with Google'}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {alreadyConnected
                ? `Mailroom has read-only access to ${gmail.data.email ?? 'your Gmail'}.`
                : 'A Google window opens: choose your account, then allow read-only access to Gmail.'}
            </p>
            {message ? (
              <Alert tone={informational ? 'accent' : 'danger'} role={informational ? 'status' : 'alert'} className="mt-4">
                {message}
              </Alert>
            ) : null}
            <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
              {alreadyConnected ? (
                <ButtonLink to="/dashboard" size="lg" iconRight="arrowRight">
                  Go to dashboard
                </ButtonLink>
              ) : (
                <Button size="lg" icon="mail" busy={flow.pending} onClick={connect}>
                  {flow.failed || redirectError ? 'Try Again' : 'Connect Gmail Now'}
                </Button>
              )}
            </div>
            <div className="mt-4 flex flex-col gap-2 text-sm">
              <PermissionsPopover />
              {!alreadyConnected ? (
                <p className="text-muted">
                  Popups blocked, or on a phone?{' '}
                  <button
                    type="button"
                    className="font-medium text-accent underline underline-offset-2 hover:no-underline"
                    onClick={() => {
                      setPrefersRedirect(true);
                      connect();
                    }}
                  >
                    Use the redirect sign-in method
                  </button>
                </p>
              ) : null}
            </div>
          </Card>

          <section aria-labelledby="promises-heading">
            <h2 id="promises-heading" className="mb-3 text-base font-semibold text-fg">
              What Mailroom promises, and enforces in code
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {PROMISES.map((p) => (
                <li key={p.title} className="flex gap-3 rounded-xl border border-line bg-surface p-4">
                  <Icon name={p.icon} className="mt-0.5 shrink-0 text-accent" />
                  <div>
                    <p className="text-sm font-semibold text-fg">{p.title}</p>
                    <p className="mt-0.5 text-sm text-muted">{p.body}</p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div>
          <SampleInsights />
        </div>
      </div>
    </Page>
  );
}
