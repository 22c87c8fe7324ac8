/**
 * Sync timing. Gmail push notifications can be dropped, so a periodic poll catches up; a
 * users.watch registration lasts 7 days and Google recommends renewing it daily
 * (Gmail API: Push notifications, "Renewing mailbox watch").
 */
export const POLL_CRON = '*/5 * * * *';
export const WATCH_RENEW_CRON = '17 3 * * *';
/** A failed sync is retried this many times, backing off from SYNC_RETRY_DELAY_SECONDS. */
export const SYNC_RETRY_LIMIT = 5;
export const SYNC_RETRY_DELAY_SECONDS = 5;
