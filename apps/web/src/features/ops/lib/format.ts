import type { OpsJob } from '@mailroom/contract';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
export const count = new Intl.NumberFormat('en');
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

export const when = (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : 'never');
export const clock = (iso: string) => time.format(new Date(iso));
export const share = (fraction: number) => percent.format(fraction);
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** What each job does, in words; an unknown name is shown as it is. */
const JOB_TITLES: Record<string, string> = {
  'mail.sync': 'Mailbox sync',
  'mail.poll': 'Check every mailbox for new mail',
  'mail.watch-renew': 'Renew Gmail push',
  'mail.messages-changed': 'Tell features what changed',
  'priority.score': 'Score new mail (Inbox Flow)',
  'priority.learn': 'Learn from your actions',
  'priority.sweep': 'Re-score the inbox',
  'bundles.classify-account': 'Sort mail into bundles',
  'bundles.refresh': 'Refresh bundles',
  'bundles.build-digest': 'Build the digest',
  'bundles.digest-due': 'Send due digests',
  'recovery.action-batch': 'Bulk action',
  'replies.deliver': 'Send a reply',
  'replies.learn-style': 'Learn your writing style',
  'notifications.account-problems': 'Notify about mailbox problems',
  'notifications.bulk-actions': 'Notify about bulk actions',
  'notifications.release-held': 'Release held notifications',
  'unsubscribe.watch': 'Check unsubscribes took effect',
};
export const jobTitle = (queue: string) => JOB_TITLES[queue] ?? queue;

export const STATE_WORDS: Record<OpsJob['state'], string> = {
  queued: 'queued',
  active: 'running',
  retry: 'failed, will retry',
  failed: 'failed',
  completed: 'done',
};

export const retryable = (job: OpsJob) => job.state === 'failed' || job.state === 'retry';
