/** What other features may use of bundles: Inbox Flow's grouped bundle rows. */
export { InboxBundleRows } from './components/InboxBundleRows';
