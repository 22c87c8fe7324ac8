/**
 * What other features may use of bundles: where a message's bundle is shown in Mailroom's inbox
 * (inbox, one grouped row, or held for the digest), for Inbox Flow (issue 13): the rows it shows
 * on their own (`shownInInboxFlow`, SQL over the alias `m` of messages), the grouped rows
 * (`inboxGroups`), and how many of its Other messages are held for the digest.
 */
export { deliveryOfMessages, heldForDigestCount, importantMail, inboxGroups, shownInInboxFlow, type InboxGroup } from './service.ts';
/** A message's bundle in SQL and a bundle's name, for aggregates by bundle (/insights' mail per day). */
export { bundleName, messageBundleOf } from './message-bundle.ts';
