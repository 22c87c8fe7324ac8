import { describe, expect, it } from 'vitest';
import { update } from './learn.ts';
import { learnMailbox } from './mailbox.ts';
import { priorityScore, scorePriority } from './score.ts';
import { createPriorityState } from './state.ts';
import { addr, mail, ME, NOW, sent } from './testing.ts';
import { resolveThreads } from './threads.ts';

const HOUR = 3_600_000;
const bob = addr('bob@other.example', 'Bob Other');

describe('threads from In-Reply-To and References', () => {
  it('joins messages that answer each other, whichever comes first in the mailbox, and keeps strangers apart', () => {
    const links = [
      { threadId: 'c', rfc822MessageId: 'c@x', inReplyTo: 'b@x', references: 'a@x b@x' },
      { threadId: 'a', rfc822MessageId: 'a@x' },
      { threadId: 'b', rfc822MessageId: 'b@x', inReplyTo: '<a@x>' },
      { threadId: 'd', rfc822MessageId: 'd@x' },
      { threadId: 'e', rfc822MessageId: 'e@x', references: 'missing@x a@x' },
    ];
    expect(resolveThreads(links)).toEqual(['c', 'c', 'c', 'd', 'c']);
  });

  it('keeps Gmail’s own thread ids together', () => {
    expect(resolveThreads([{ threadId: 't1', rfc822MessageId: 'x@y' }, { threadId: 't1', rfc822MessageId: null }])).toEqual(['t1', 't1']);
  });
});

describe('thread signals', () => {
  it('a conversation the user took part in ranks its new messages higher, and says so', () => {
    const mine = sent([bob], { threadId: 'T', internalDate: NOW - 5 * HOUR });
    const inThread = mail({ from: [bob], threadId: 'T', subject: 'Re: plans' });
    const elsewhere = mail({ from: [addr('carol@third.example', 'Carol Third')], threadId: 'U', subject: 'Re: plans' });
    const state = learnMailbox({ messages: [mine, inThread, elsewhere], actions: [], selfAddresses: [ME], timeZone: 'UTC', now: NOW });
    const joined = scorePriority(state, { ...inThread, from: [addr('dave@fourth.example', 'Dave Fourth')] }, { now: NOW });
    expect(joined.score).toBeGreaterThan(priorityScore(state, elsewhere, NOW) + 10);
    expect(joined.contributions.map((c) => c.text)).toContain('You took part in this thread');
  });

  it('a reply to the user’s own message is recognised by In-Reply-To even across thread ids', () => {
    const mine = sent([bob], { rfc822MessageId: 'my-question@home.example', threadId: 'A', internalDate: NOW - 5 * HOUR });
    const answer = mail({ from: [bob], threadId: 'B', inReplyTo: 'my-question@home.example' });
    const state = learnMailbox({ messages: [mine, answer], actions: [], selfAddresses: [ME], timeZone: 'UTC', now: NOW });
    expect(scorePriority(state, answer, { now: NOW }).contributions[0]?.text).toBe('Reply to your message');
  });

  it('an action on one message informs the rest of its thread', () => {
    const first = mail({ from: [addr('x1@lists.example', 'X One')], threadId: 'T', internalDate: NOW - 10 * HOUR });
    const second = mail({ from: [addr('x2@lists.example', 'X Two')], threadId: 'T', internalDate: NOW - 9 * HOUR });
    const other = mail({ from: [addr('x3@lists.example', 'X Three')], threadId: 'U', internalDate: NOW - 9 * HOUR });
    const state = createPriorityState({ selfAddresses: [ME], timeZone: 'UTC' });
    for (const message of [first, second, other]) update(state, { type: 'message', message });
    const before = priorityScore(state, second, NOW);
    update(state, { type: 'action', message: first, action: 'star', at: NOW - 8 * HOUR });
    expect(priorityScore(state, second, NOW)).toBeGreaterThan(before + 5);
    expect(priorityScore(state, second, NOW)).toBeGreaterThan(priorityScore(state, other, NOW));
    update(state, { type: 'action', message: first, action: 'not_important', at: NOW - 7 * HOUR });
    update(state, { type: 'action', message: first, action: 'delete', at: NOW - 7 * HOUR });
    expect(priorityScore(state, second, NOW)).toBeLessThan(before);
  });
});
