import type { PriorityAddress, PriorityMessage } from './types.ts';

/** Test mail: a plain message from a stranger to the user, with only what a test changes. */
export const ME = 'me@home.example';
export const NOW = Date.parse('2024-06-03T12:00:00Z');
const HOUR = 3_600_000;

let counter = 0;

export function addr(address: string, name: string | null = null): PriorityAddress {
  return { name, address };
}

export function mail(overrides: Partial<PriorityMessage> = {}): PriorityMessage {
  counter++;
  const id = overrides.id ?? `m${counter}`;
  return {
    id,
    threadId: overrides.threadId ?? `t-${id}`,
    rfc822MessageId: `${id}@mail.example.net`,
    inReplyTo: null,
    references: null,
    from: [addr('someone@example.org', 'Some One')],
    to: [addr(ME, 'Me')],
    cc: [],
    bcc: [],
    subject: 'A question',
    snippet: 'Hello, could you have a look at this?',
    labelIds: ['INBOX'],
    internalDate: NOW - 2 * HOUR,
    listId: null,
    listPost: null,
    listUnsubscribe: null,
    ...overrides,
  };
}

/** A post to a discussion list the user reads (Mailman's headers). */
export function listPost(list: string, from: PriorityAddress, overrides: Partial<PriorityMessage> = {}): PriorityMessage {
  return mail({
    from: [from],
    to: [addr(`${list}@lists.example.org`)],
    listId: `The ${list} list <${list}.lists.example.org>`,
    listPost: `<mailto:${list}@lists.example.org>`,
    listUnsubscribe: `<mailto:${list}-leave@lists.example.org>`,
    headers: { precedence: 'list' },
    subject: `[${list}] a topic`,
    ...overrides,
  });
}

/** A newsletter: List-Unsubscribe, Precedence: bulk, sent through a bulk-mail service. */
export function newsletter(overrides: Partial<PriorityMessage> = {}): PriorityMessage {
  return mail({
    from: [addr('news@shop.example.net', 'Shop News')],
    to: [addr(ME)],
    listUnsubscribe: '<https://shop.example.net/unsubscribe?u=1>, <mailto:unsub@shop.example.net>',
    headers: { precedence: 'bulk', 'feedback-id': 'c1:shop:mailer' },
    subject: 'Our summer sale starts now',
    snippet: 'Everything must go. Shop the sale today.',
    ...overrides,
  });
}

/** A feed item delivered by a feed-to-mail gateway, addressed To the user. */
export function feedItem(overrides: Partial<PriorityMessage> = {}): PriorityMessage {
  return mail({
    from: [addr('rss@feeds.example.net', 'Some Blog')],
    to: [addr(ME)],
    subject: 'New post: thoughts on things',
    snippet: 'A new post was published on Some Blog.',
    ...overrides,
  });
}

/** The user's own message to `to`, labelled SENT. */
export function sent(to: PriorityAddress[], overrides: Partial<PriorityMessage> = {}): PriorityMessage {
  return mail({ from: [addr(ME, 'Me')], to, labelIds: ['SENT'], ...overrides });
}
