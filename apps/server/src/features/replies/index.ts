/**
 * What other features may use of replies (Voice Reply, insights): the counts of replies sent
 * and from suggestions. Voice Reply calls the callable functions (suggestReplies, sendMessage,
 * cancelSend, getSend, listDrafts) like the web does.
 */
export { replyCounts, type ReplyCounts } from './events.ts';
