import type { Bundle } from '@mailroom/contract';
import { Link } from 'react-router';
import { describeError } from '../../../shared/api';
import { Alert, Button, ButtonLink, Card, EmptyState, Icon, Page, PageSpinner } from '../../../shared/ui';
import { formatCount, senderName } from '../../mail';
import { useBundles } from '../api/bundles';
import { BUNDLE_INFO } from '../lib/bundles';
import { DeliverySelect } from './DeliverySelect';
import { SenderRules } from './SenderRules';

function BundleCard({ bundle }: { bundle: Bundle }) {
  const info = BUNDLE_INFO[bundle.bundleId];
  const headingId = `bundle-${bundle.bundleId}`;
  return (
    <li>
      <Card as="article" aria-labelledby={headingId} className="flex h-full flex-col gap-3" data-testid={`bundle-${bundle.bundleId}`}>
        <div className="flex items-start gap-3">
          <span className="mt-0.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-surface-2 text-muted">
            <Icon name={info.icon} size={18} />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="text-base font-semibold text-fg">
              <Link to={`/bundles/${bundle.bundleId}`} className="underline-offset-2 hover:underline focus-visible:underline">
                {bundle.name}
              </Link>
            </h2>
            <p className="text-sm text-muted">
              <span data-testid="bundle-count">{formatCount(bundle.count)}</span> in the inbox
              {bundle.unreadCount ? (
                <>
                  {' · '}
                  <span data-testid="bundle-unread">{formatCount(bundle.unreadCount)}</span> unread
                </>
              ) : null}
            </p>
          </div>
        </div>
        <p className="text-sm text-muted">
          {bundle.newestSenders.length ? <>Newest from {bundle.newestSenders.map((s) => senderName(s)).join(', ')}</> : info.about}
        </p>
        <div className="mt-auto">
          <DeliverySelect bundle={bundle} />
        </div>
      </Card>
    </li>
  );
}

/** /bundles: mail of one kind together, with counts; each opens as a list that can be cleared at once. */
export function BundlesPage() {
  const bundles = useBundles();
  return (
    <Page
      title="Bundles"
      width="wide"
      description="Mail of one kind, together: Mailroom files each message into at most one bundle from its headers, and you can clear a bundle at once (undoable for 7 days)."
      actions={
        <ButtonLink to="/digest" variant="secondary" icon="newspaper">
          Daily digest
        </ButtonLink>
      }
    >
      {bundles.isPending ? (
        <PageSpinner label="Loading bundles…" />
      ) : bundles.isError ? (
        <Alert
          tone="danger"
          role="alert"
          title="Could not load the bundles"
          action={
            <Button variant="secondary" size="sm" icon="refresh" onClick={() => void bundles.refetch()}>
              Try again
            </Button>
          }
        >
          {describeError(bundles.error)}
        </Alert>
      ) : (
        <>
          {bundles.data.bundles.every((b) => b.count === 0) ? (
            <Card>
              <EmptyState icon="layers" level={2} title="No bundled mail in the inbox">
                Newsletters, receipts, notifications and the like land here as they arrive.
              </EmptyState>
            </Card>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Bundles">
              {bundles.data.bundles.map((bundle) => (
                <BundleCard key={bundle.bundleId} bundle={bundle} />
              ))}
            </ul>
          )}
          <SenderRules rules={bundles.data.senderRules} />
        </>
      )}
    </Page>
  );
}
