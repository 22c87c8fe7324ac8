export { GrantWriteAccessButton } from './components/GrantWriteAccessButton';
export { SYNC_POLL_INTERVAL_MS, gmailStatusKey, useDisconnectGmail, useGmailStatus, type GmailStatus } from './hooks/useGmailStatus';
export { describeScopes, describeSync, formatCount, formatRelative, syncPercent } from './syncText';
export { FRESHNESS_POLL_MS, useMailboxFreshness } from './hooks/useMailboxFreshness';
