/**
 * What other features may use of bundles: where a message's bundle is shown in Mailroom's inbox
 * (inbox, one grouped row, or held for the digest), for Inbox Flow (issue 13).
 */
export { deliveryOfMessages } from './service.ts';
