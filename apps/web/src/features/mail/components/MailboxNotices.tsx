import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { categoriesQueryKey, mailQueryKey } from '../../../shared/api';
import { Alert, Icon, ProgressBar, cx } from '../../../shared/ui';
import { GrantWriteAccessButton, useGmailStatus } from '../../gmail';
import { MESSAGE_PARAM } from '../lib/constants';
import { formatCount } from '../lib/format';

/** A first sync still running, and a read-only grant: said where the user acts on mail, in as little room as possible. */
export function MailboxNotices() {
  const gmail = useGmailStatus({ poll: true });
  const client = useQueryClient();
  const [searchParams] = useSearchParams();
  // On a phone an open message takes the screen; the notices wait for the list.
  const reading = searchParams.has(MESSAGE_PARAM);
  const syncing = gmail.data?.sync.state === 'syncing';
  const wasSyncing = useRef(false);
  useEffect(() => {
    // The counts and the list grow while the first sync runs; read them again once it is done.
    if (wasSyncing.current && !syncing) {
      void client.invalidateQueries({ queryKey: categoriesQueryKey });
      void client.invalidateQueries({ queryKey: mailQueryKey });
    }
    wasSyncing.current = syncing;
  }, [syncing, client]);
  if (!gmail.data?.connected) return null;
  const { sync } = gmail.data;
  return (
    <div className={cx(reading && 'max-lg:hidden')}>
      {syncing ? (
        <Alert tone="accent" role="status" title="Gmail is still being synced" className="mb-4">
          <p>The list and its counts grow until the sync is done.</p>
          {sync.progress?.total ? (
            <ProgressBar
              className="mt-2"
              value={Math.round((sync.progress.done / sync.progress.total) * 100)}
              label="Sync progress"
              valueText={`${formatCount(sync.progress.done)} of ${formatCount(sync.progress.total)} messages`}
            />
          ) : null}
        </Alert>
      ) : null}
      {!gmail.data.canWrite ? (
        <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-accent/30 bg-accent-soft px-3 py-2 text-sm text-fg" data-testid="write-access-banner">
          <Icon name="lock" size={18} className="shrink-0 text-accent" />
          {/* The sentence keeps a readable width; on a phone the button goes under it rather than squeezing it. */}
          <p className="min-w-0 flex-1 basis-56">Mailroom can read your mail but not change it yet; the first action asks Google for that.</p>
          <GrantWriteAccessButton size="sm" />
        </div>
      ) : null}
    </div>
  );
}
