import { compileMatcher, parse, QuerySyntaxError } from '@mailroom/mail-query';
import type { QueryNode } from '@mailroom/mail-query';
import type { VerifiedToken } from './auth.ts';
import { scopesAllow } from './scopes.ts';
import { compareNewestFirst } from './store/mailbox.ts';
import type { Mailbox, StoredMessage } from './store/mailbox.ts';

export interface ListInput {
  q: string;
  labelIds: string[];
  includeSpamTrash: boolean;
  maxResults: number;
  pageToken: string | null;
  now: number;
  timeZone: string;
}

export interface Page<T> {
  items: T[];
  nextPageToken: string | null;
  total: number;
}

/** The gmail.metadata scope may list and read headers but not search (q needs content). */
export function queryNeedsContent(grant: VerifiedToken): boolean {
  return !scopesAllow(grant.scopes, 'read');
}

/**
 * The messages a list call selects, newest first. Gmail's q matches single messages
 * (DESIGN §5); a query that does not parse matches nothing, as Gmail returns no results for it.
 */
function matching(mailbox: Mailbox, input: ListInput): StoredMessage[] {
  const byLabels = (message: StoredMessage) => input.labelIds.every((l) => message.labelIds.includes(l));
  // Gmail leaves spam and trash out unless asked: includeSpamTrash, the SPAM or TRASH label by id
  // (the labelIds filter still applies), or a query naming them (mail-query applies that rule).
  const widen = input.includeSpamTrash || input.labelIds.includes('SPAM') || input.labelIds.includes('TRASH');
  if (input.q.trim() === '') {
    const outOfScope = (message: StoredMessage) => !widen && (message.labelIds.includes('SPAM') || message.labelIds.includes('TRASH'));
    return mailbox.sorted().filter((message) => byLabels(message) && !outOfScope(message));
  }
  let ast: QueryNode;
  try {
    ast = parse(input.q);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return [];
    throw error;
  }
  if (widen) {
    // Widen the search the way `in:anywhere` would.
    const span = { start: 0, end: 0 };
    ast = { kind: 'and', children: [ast, { kind: 'flag', operator: 'in', value: 'anywhere', span }], span };
  }
  const matches = compileMatcher(ast, { now: new Date(input.now), timeZone: input.timeZone, labels: mailbox.userLabels() });
  return mailbox.sorted().filter((message) => byLabels(message) && matches(mailbox.metaOf(message)));
}

/** Keyset page tokens: the sort key of the last item, so inserts and deletes never skip a message. */
function encodeKey(internalDate: number, id: string): string {
  return Buffer.from(`${internalDate}:${id}`, 'utf8').toString('base64url');
}

function decodeKey(token: string): { internalDate: number; id: string } | null {
  const [date, id] = Buffer.from(token, 'base64url').toString('utf8').split(':');
  const internalDate = Number(date);
  return id && Number.isFinite(internalDate) ? { internalDate, id } : null;
}

function afterKey(key: { internalDate: number; id: string } | null) {
  return (m: { internalDate: number; id: string }) =>
    key === null || compareNewestFirst(m as StoredMessage, key as StoredMessage) > 0;
}

export function listMessages(mailbox: Mailbox, input: ListInput): Page<StoredMessage> {
  const all = matching(mailbox, input);
  const key = input.pageToken ? decodeKey(input.pageToken) : null;
  const rest = all.filter(afterKey(key));
  const items = rest.slice(0, input.maxResults);
  const last = items[items.length - 1];
  return { items, nextPageToken: rest.length > items.length && last ? encodeKey(last.internalDate, last.id) : null, total: all.length };
}

export interface ThreadSummary {
  id: string;
  snippet: string;
  historyId: string;
}

/** threads.list: threads with at least one matching message, ordered by their newest match. */
export function listThreads(mailbox: Mailbox, input: ListInput): Page<ThreadSummary> {
  const newestMatch = new Map<string, StoredMessage>();
  for (const message of matching(mailbox, input)) if (!newestMatch.has(message.threadId)) newestMatch.set(message.threadId, message);
  const all = [...newestMatch.values()];
  const key = input.pageToken ? decodeKey(input.pageToken) : null;
  const rest = all.filter((m) => key === null || compareNewestFirst(m, { internalDate: key.internalDate, id: key.id } as StoredMessage) > 0);
  const selected = rest.slice(0, input.maxResults);
  const last = selected[selected.length - 1];
  const items = selected.map((match) => {
    const thread = mailbox.threadMessages(match.threadId);
    const newest = thread[thread.length - 1] as StoredMessage;
    return { id: match.threadId, snippet: newest.index.snippet, historyId: String(Math.max(...thread.map((m) => m.historyId))) };
  });
  return { items, nextPageToken: rest.length > selected.length && last ? encodeKey(last.internalDate, last.id) : null, total: all.length };
}
