import { Link } from 'react-router';
import { describeError, failureReason } from '../../../shared/api';
import { Alert, EmptyState, Spinner } from '../../../shared/ui';
import { senderName } from '../../mail';
import { priorityOf, useTopUnread } from '../api/inbox';
import { PriorityBadge } from './PriorityBadge';

/** The dashboard's top unread messages by priority, each opening in Inbox Flow. */
export function TopUnread({ limit = 5 }: { limit?: number }) {
  const top = useTopUnread(limit);
  if (top.isPending) {
    return (
      <div className="flex justify-center py-6 text-accent">
        <Spinner label="Loading your top unread mail…" />
      </div>
    );
  }
  if (top.isError) {
    if (failureReason(top.error) === 'GMAIL_NOT_CONNECTED') {
      return <EmptyState icon="plug" title="Gmail is not connected">Connect Gmail to see your most important unread mail here.</EmptyState>;
    }
    return (
      <Alert tone="danger" title="Could not load your top unread mail">
        {describeError(top.error)}
      </Alert>
    );
  }
  if (top.data.messages.length === 0) {
    return (
      <EmptyState icon="checkCircle" title="No unread mail">
        Everything in your inbox has been read.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-line" aria-label="Top unread messages by priority">
      {top.data.messages.map((email) => {
        const priority = priorityOf(email);
        return (
          <li key={email.id}>
            <Link
              to={`/inbox?tab=${priority?.important ? 'important' : 'other'}&message=${encodeURIComponent(email.id)}`}
              className="flex items-start gap-3 rounded-md px-1 py-2.5 hover:bg-surface-2"
              data-testid="top-unread"
            >
              {priority ? <PriorityBadge priority={priority} /> : null}
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-fg">{senderName(email.from)}</span>
                <span className="block truncate text-sm text-fg">{email.subject.trim() || '(no subject)'}</span>
                {priority?.reason ? <span className="block truncate text-xs text-muted">{priority.reason}</span> : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
