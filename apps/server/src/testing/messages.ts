import type { MessageMeta } from '@mailroom/mail-query';

/** A plain inbox message for tests that need rows in the store; override what the test checks. */
export function testMessage(id: string, overrides: Partial<MessageMeta> = {}): MessageMeta {
  return {
    id,
    threadId: id,
    labelIds: ['INBOX'],
    from: [{ name: 'Sender', address: 'sender@example.com' }],
    to: [],
    cc: [],
    bcc: [],
    replyTo: [],
    deliveredTo: [],
    subject: `Message ${id}`,
    internalDate: 1_732_000_000_000,
    sizeEstimate: 10,
    attachments: [],
    listId: null,
    listPost: null,
    rfc822MessageId: null,
    inReplyTo: null,
    references: null,
    listUnsubscribe: null,
    listUnsubscribePost: null,
    bodyText: '',
    ...overrides,
  };
}
