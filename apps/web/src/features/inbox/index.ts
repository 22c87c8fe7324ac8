/**
 * Priority in the web app (issue 13): Inbox Flow (/inbox, its page is loaded by the router), the
 * reading pane's "Why is this here?" for every mail list, and the dashboard's top unread.
 */
export { usePriorityMailExtension } from './mailExtension';
export { TopUnread } from './components/TopUnread';
export { inboxMailSource } from './lib/source';
