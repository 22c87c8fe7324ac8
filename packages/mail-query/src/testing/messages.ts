import type { EvaluationContext, MessageMeta } from '../message.ts';

/** A plain inbox message; tests override what they look at. */
export function message(overrides: Partial<MessageMeta> = {}): MessageMeta {
  return {
    id: 'm1',
    threadId: 't1',
    labelIds: ['INBOX'],
    from: [{ name: 'Alice Example', address: 'alice@example.com' }],
    to: [{ name: null, address: 'bob@example.org' }],
    cc: [],
    bcc: [],
    deliveredTo: ['bob@example.org'],
    subject: 'Quarterly report',
    internalDate: Date.UTC(2024, 0, 15, 12),
    sizeEstimate: 2048,
    attachments: [],
    listId: null,
    listPost: null,
    rfc822MessageId: 'abc123@mail.example.com',
    ...overrides,
  };
}

export function context(overrides: Partial<EvaluationContext> = {}): EvaluationContext {
  return { now: new Date('2024-06-15T12:00:00Z'), timeZone: 'UTC', labels: [], ...overrides };
}
