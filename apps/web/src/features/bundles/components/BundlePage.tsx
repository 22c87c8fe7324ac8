import { BUNDLE_IDS, type BundleIdName, type MailAction, type MailAddress } from '@mailroom/contract';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { callFn, describeError, needsWriteScope } from '../../../shared/api';
import { Alert, Button, ButtonLink, Card, EmptyState, Page, PageSpinner } from '../../../shared/ui';
import { GrantWriteAccessButton } from '../../gmail';
import { MailList, formatCount, messages, type MailDataSource, type MailListAction } from '../../mail';
import { UndoBar, useUndoBatch, type RecentAction } from '../../recovery';
import { useBundleAction, useBundles, useBundlesFollowBatches } from '../api/bundles';
import { DeliverySelect } from './DeliverySelect';
import { MoveSenderDialog } from './MoveSenderDialog';

const isBundleId = (value: string): value is BundleIdName => (BUNDLE_IDS as readonly string[]).includes(value);

/** The bundle's mail: the shared list fed from getBundleEmails, with why each message is here. */
function BundleMail({ bundleId, name, onMoveSender }: { bundleId: BundleIdName; name: string; onMoveSender: (sender: MailAddress) => void }) {
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const source = useMemo<MailDataSource>(
    () => ({
      ref: { kind: 'bundle', bundleId },
      key: ['bundle', bundleId],
      label: `Messages in ${name}`,
      scope: 'in this bundle',
      fetchPage: async ({ pageToken, pageSize }) => {
        const page = await callFn('getBundleEmails', { bundleId, pageSize, ...(pageToken ? { pageToken } : {}) });
        setReasons((all) => ({ ...all, ...page.reasons }));
        return page;
      },
      empty: { title: `Nothing in ${name}`, body: 'No message of this kind is in your inbox now.' },
      actions: (standard: readonly MailListAction[]) => [
        ...standard,
        {
          id: 'move-sender',
          label: () => 'Move sender',
          icon: 'layers',
          key: { key: 'b', description: 'Move the sender of the current message to another bundle' },
          toolbar: true,
          pane: true,
          run: (targets) => {
            const first = targets.emails[0];
            if (first) onMoveSender(first.from);
          },
        },
      ],
      reason: (email) => (reasons[email.id] ? <span className="text-xs text-muted">{reasons[email.id]}</span> : null),
    }),
    [bundleId, name, reasons, onMoveSender],
  );
  return <MailList source={source} />;
}

/** /bundles/{bundleId}: one bundle's mail, "Mark all read" and "Archive all" (one action batch each, Undo), its delivery. */
export function BundlePage() {
  const { bundleId = '' } = useParams();
  const bundles = useBundles();
  const act = useBundleAction();
  const undo = useUndoBatch();
  const [last, setLast] = useState<RecentAction | null>(null);
  const [moving, setMoving] = useState<MailAddress | null>(null);
  useBundlesFollowBatches();

  if (!isBundleId(bundleId)) {
    return (
      <Page title="Bundle">
        <Card>
          <EmptyState icon="layers" level={2} title="There is no such bundle" action={<ButtonLink to="/bundles">All bundles</ButtonLink>}>
            The link does not name one of Mailroom’s bundles.
          </EmptyState>
        </Card>
      </Page>
    );
  }
  if (bundles.isPending) return <PageSpinner label="Loading the bundle…" />;
  const bundle = bundles.data?.bundles.find((b) => b.bundleId === bundleId);
  if (!bundle) {
    return (
      <Page title="Bundle">
        <Alert tone="danger" role="alert" title="Could not load the bundle">
          {describeError(bundles.error)}
        </Alert>
      </Page>
    );
  }

  const run = (action: MailAction) =>
    act.mutate(
      { bundleId, action },
      { onSuccess: (result) => setLast({ batchId: result.batchId, kind: action, count: result.count }) },
    );

  return (
    <Page
      title={bundle.name}
      width="wide"
      eyebrow={
        <ButtonLink to="/bundles" variant="ghost" size="sm" icon="arrowLeft" className="-ml-3">
          Bundles
        </ButtonLink>
      }
      description={
        <p className="text-sm">
          <span data-testid="bundle-total">{messages(bundle.count)}</span> in the inbox
          {bundle.unreadCount ? ` · ${formatCount(bundle.unreadCount)} unread` : ''}
        </p>
      }
      actions={
        <>
          <Button variant="secondary" icon="mailOpen" disabled={bundle.unreadCount === 0} busy={act.isPending && act.variables?.action === 'mark_read'} onClick={() => run('mark_read')}>
            Mark all read
          </Button>
          <Button variant="secondary" icon="archive" disabled={bundle.count === 0} busy={act.isPending && act.variables?.action === 'archive'} onClick={() => run('archive')}>
            Archive all
          </Button>
        </>
      }
    >
      <div className="mb-4 max-w-md">
        <DeliverySelect bundle={bundle} />
      </div>
      {act.isError ? (
        <Alert tone="danger" role="alert" title="Could not do that" className="mb-4" action={needsWriteScope(act.error) ? <GrantWriteAccessButton /> : undefined}>
          {describeError(act.error)}
        </Alert>
      ) : null}
      <BundleMail bundleId={bundleId} name={bundle.name} onMoveSender={setMoving} />
      {moving ? <MoveSenderDialog sender={moving} current={bundleId} onClose={() => setMoving(null)} /> : null}
      {last ? (
        <UndoBar
          action={last}
          undoing={undo.isPending}
          error={undo.error}
          onUndo={() => undo.mutate(last.batchId)}
          onDismiss={() => {
            setLast(null);
            undo.reset();
          }}
        />
      ) : null}
    </Page>
  );
}
