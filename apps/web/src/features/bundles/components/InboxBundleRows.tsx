import type { InboxGroup } from '@mailroom/contract';
import { Link } from 'react-router';
import { Icon } from '../../../shared/ui';
import { formatCount, senderName } from '../../mail';
import { BUNDLE_INFO } from '../lib/bundles';

const rowDate = (iso: string) => {
  const date = new Date(iso);
  const today = new Date();
  return date.toDateString() === today.toDateString()
    ? date.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
};

/**
 * Bundles the user shows in the inbox as one row each (delivery "grouped", like Shortwave): the
 * bundle's name, how many messages and how many unread, and the newest senders; the row opens the
 * bundle. Inbox Flow puts them above its messages.
 */
export function InboxBundleRows({ groups }: { groups: readonly InboxGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <ul aria-label="Bundles in your inbox" className="mb-3 overflow-hidden rounded-xl border border-line bg-surface" data-testid="inbox-bundles">
      {groups.map((group) => {
        const senders = group.newestSenders.map((s) => senderName(s)).join(', ');
        return (
          <li key={group.bundleId} className="border-b border-line last:border-b-0" data-testid="inbox-bundle-row" data-bundle-id={group.bundleId}>
            <Link
              to={`/bundles/${group.bundleId}`}
              className="flex min-w-0 items-center gap-3 px-3 py-2.5 hover:bg-surface-2 focus-visible:outline-offset-[-2px]"
            >
              <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-surface-2 text-muted" aria-hidden="true">
                <Icon name={BUNDLE_INFO[group.bundleId].icon} size={16} />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className={group.unreadCount ? 'truncate text-sm font-semibold text-fg' : 'truncate text-sm text-fg'}>{group.name}</span>
                  <span className="shrink-0 text-xs text-muted tabular-nums">
                    <span data-testid="inbox-bundle-count">{formatCount(group.count)}</span> {group.count === 1 ? 'message' : 'messages'}
                    {group.unreadCount ? (
                      <>
                        {', '}
                        <span data-testid="inbox-bundle-unread">{formatCount(group.unreadCount)}</span> unread
                      </>
                    ) : null}
                  </span>
                </span>
                {senders ? <span className="block truncate text-sm text-muted">From {senders}</span> : null}
              </span>
              <time dateTime={group.newestAt} className="shrink-0 text-xs text-muted tabular-nums">
                {rowDate(group.newestAt)}
              </time>
              <Icon name="chevronRight" size={16} className="shrink-0 text-muted" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
