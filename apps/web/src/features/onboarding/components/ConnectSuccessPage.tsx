import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isUnimplemented } from '../../../shared/api';
import { UNDO_DAYS } from '../../../shared/promises';
import { Alert, Button, ButtonLink, Card, Icon, Page, PageSpinner, ProgressBar, type IconName } from '../../../shared/ui';
import { useAuth, useAuthFlow } from '../../auth';
import { describeSync, formatCount, syncPercent, useGmailStatus } from '../../gmail';
import { useSetupProgress } from '../hooks/useSetupProgress';
import { setupLabel } from '../setupLabel';
import { TOUR_STEPS } from '../tourSteps';
import { Tour } from './Tour';

const NEXT_STEPS: Array<{ anchor: string; to: string; title: string; body: string; icon: IconName }> = [
  { anchor: 'categories', to: '/manual', title: 'Categories', body: 'Group mail with Gmail searches you can read.', icon: 'tag' },
  { anchor: 'recovery', to: '/recovery', title: 'Recovery', body: `Undo any bulk action for ${UNDO_DAYS} days.`, icon: 'undo' },
  { anchor: 'settings', to: '/settings', title: 'Settings', body: 'Export, API tokens, disconnect, delete.', icon: 'settings' },
];

function SetupProgress() {
  const percent = useSetupProgress();
  const status = useGmailStatus({ poll: true });
  const sync = status.isSuccess && status.data.connected ? status.data.sync : null;
  const label = setupLabel(percent, sync);
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-fg" data-testid="setup-label">
          {label.text}
        </span>
        <span className="text-muted tabular-nums" data-testid="setup-percent">
          {percent}%
        </span>
      </div>
      <ProgressBar value={percent} label="Setting up your workspace" tone={label.ready ? 'success' : 'accent'} />
    </div>
  );
}

function FirstSync() {
  const status = useGmailStatus({ poll: true });
  if (status.isPending) return <p className="text-sm text-muted">Checking the first sync…</p>;
  if (status.isError) {
    return (
      <p className="text-sm text-muted">
        {isUnimplemented(status.error) ? 'This server does not report sync progress yet.' : 'The first sync’s progress is not available right now.'}
      </p>
    );
  }
  if (!status.data.connected) return null;
  const percent = syncPercent(status.data.sync);
  const showBar = status.data.sync.state === 'syncing' && status.data.sync.progress !== null;
  return (
    <div>
      <p className="mb-2 text-sm text-fg" data-testid="sync-progress">
        {describeSync(status.data.sync)}
      </p>
      {showBar ? (
        <ProgressBar
          value={percent}
          label="First sync"
          valueText={
            status.data.sync.progress?.total
              ? `${formatCount(status.data.sync.progress.done)} of ${formatCount(status.data.sync.progress.total)} messages`
              : `${formatCount(status.data.sync.progress?.done ?? 0)} messages`
          }
        />
      ) : null}
    </div>
  );
}

/**
 * /connect/success: Gmail is connected. The seed's set-up bar (+20 % every 0.6 s, not real; its
 * label says "ready" only once the first sync has finished), the real first-sync progress below it, and the 5-step tour or Skip to Inbox; both end on
 * /dashboard.
 */
export function ConnectSuccessPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const gmail = useGmailStatus();
  const [touring, setTouring] = useState(false);
  const toDashboard = useCallback(() => navigate('/dashboard'), [navigate]);
  const connect = useAuthFlow({ reportCancel: true, onSuccess: () => void gmail.refetch() });

  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'signed-out') {
    return (
      <Page title="Finish connecting Gmail" width="narrow">
        <Card className="text-center">
          <p className="text-muted">You are not signed in, so there is no Gmail connection to show.</p>
          <ButtonLink to="/get-started" className="mt-6" size="lg">
            Connect Gmail
          </ButtonLink>
        </Card>
      </Page>
    );
  }

  const notConnected = gmail.isSuccess && !gmail.data.connected;
  const title = notConnected ? 'One more step: connect Gmail' : gmail.isSuccess ? 'Gmail connected' : 'You are signed in';

  return (
    <Page
      title={title}
      width="narrow"
      description={
        gmail.isSuccess && gmail.data.connected && gmail.data.email
          ? `Mailroom now has read-only access to ${gmail.data.email}.`
          : `Signed in as ${auth.user.email}.`
      }
    >
      {notConnected ? (
        <Alert
          tone="warning"
          title="Gmail is not connected yet"
          className="mb-6"
          action={
            <Button icon="plug" busy={connect.pending} onClick={() => void connect.start({ kind: 'gmail', returnTo: '/connect/success' })}>
              {connect.failed ? 'Try Again' : 'Connect Gmail Now'}
            </Button>
          }
        >
          {connect.message ?? 'Mailroom needs read-only access to your Gmail to build your categories.'}
        </Alert>
      ) : null}

      <Card className="space-y-6" data-tour="sync" aria-labelledby="setup-heading">
        <div className="flex items-center gap-3">
          <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-success-soft text-success">
            <Icon name="checkCircle" />
          </span>
          <h2 id="setup-heading" className="text-base font-semibold">
            Getting your mailbox ready
          </h2>
        </div>
        <SetupProgress />
        <FirstSync />
      </Card>

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" icon="sparkle" onClick={() => setTouring(true)} disabled={touring}>
          Take the tour
        </Button>
        <ButtonLink to="/dashboard" size="lg" variant="secondary" iconRight="arrowRight">
          Skip to Inbox
        </ButtonLink>
      </div>

      <h2 className="mt-10 mb-3 text-sm font-semibold text-muted">What you can do next</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {NEXT_STEPS.map((item) => (
          <li key={item.anchor} data-tour={item.anchor} className="rounded-xl">
            <Link to={item.to} className="block h-full rounded-xl border border-line bg-surface p-4 shadow-sm hover:border-accent">
              <Icon name={item.icon} className="text-accent" />
              <p className="mt-2 font-semibold text-fg">{item.title}</p>
              <p className="mt-1 text-sm text-muted">{item.body}</p>
            </Link>
          </li>
        ))}
      </ul>

      {touring ? <Tour steps={TOUR_STEPS} onSkip={() => setTouring(false)} onFinish={toDashboard} /> : null}
    </Page>
  );
}
