import { describe, expect, it } from 'vitest';
import { learnMailbox } from './mailbox.ts';
import { scorePriority } from './score.ts';
import { addr, feedItem, listPost, mail, ME, newsletter, NOW, sent } from './testing.ts';
import type { PriorityAction, PriorityMessage } from './types.ts';

const HOUR = 3_600_000;
const alice = addr('alice@partner.example', 'Alice');

function explained(mailbox: PriorityMessage[], actions: [number, PriorityAction][], message: PriorityMessage) {
  const state = learnMailbox({
    messages: mailbox,
    actions: actions.map(([i, action], k) => ({ message: i, action, at: (mailbox[i] as PriorityMessage).internalDate + HOUR + k })),
    selfAddresses: [ME],
    timeZone: 'UTC',
    now: NOW,
  });
  return scorePriority(state, message, { now: NOW, labels: [{ id: 'Label_1', name: 'Work/Projects' }] });
}

describe('explanations say why, in words', () => {
  it('“You reply to Alice 80 % of the time”', () => {
    const fromAlice = Array.from({ length: 5 }, (_, k) => mail({ from: [alice], internalDate: NOW - (50 - k) * HOUR }));
    const result = explained(fromAlice, [[0, 'reply'], [1, 'reply'], [2, 'reply'], [3, 'reply'], [4, 'ignore']], mail({ from: [alice] }));
    expect(result.contributions.map((c) => c.text)).toContain('You reply to Alice 80 % of the time');
  });

  it('a list the user leaves unread: “Mailing list you rarely open”', () => {
    const posts = Array.from({ length: 4 }, (_, k) => listPost('dev', addr(`p${k}@example.org`, `Poster ${k}`), { internalDate: NOW - (50 - k) * HOUR }));
    const result = explained(posts, posts.map((_, i) => [i, 'ignore']), listPost('dev', addr('q@example.org', 'Quentin')));
    expect(result.contributions.map((c) => c.text)).toContain('Mailing list you rarely open (The dev list)');
  });

  it('“You took part in this thread” and machines named for what they are', () => {
    const bob = addr('bob@other.example', 'Bob');
    const mine = sent([bob], { threadId: 'T', internalDate: NOW - 5 * HOUR });
    expect(explained([mine], [], mail({ from: [bob], threadId: 'T' })).contributions.map((c) => c.text)).toContain('You took part in this thread');
    expect(explained([], [], mail({ from: [addr('no-reply@accounts.example')] })).contributions[0]?.text).toBe('Automated sender (no-reply)');
    expect(explained([], [], newsletter()).contributions[0]?.text).toBe('Newsletter or bulk mail (bulk-mail headers)');
    expect(explained([], [], feedItem()).contributions[0]?.text).toBe('Feed delivered by mail');
    expect(explained([], [], mail()).contributions[0]?.text).toBe('Written to you personally');
  });

  it('a label the user acts on is named by its name', () => {
    const labelled = Array.from({ length: 6 }, (_, k) => mail({ from: [addr(`w${k}@work.example`, `Worker ${k}`)], labelIds: ['INBOX', 'Label_1'], internalDate: NOW - (60 - k) * HOUR }));
    const plain = Array.from({ length: 6 }, (_, k) => mail({ from: [addr(`z${k}@else.example`, `Else ${k}`)], internalDate: NOW - (40 - k) * HOUR }));
    const actions: [number, PriorityAction][] = [...labelled.map((_, i) => [i, 'star'] as [number, PriorityAction]), ...plain.map((_, i) => [6 + i, 'delete'] as [number, PriorityAction])];
    const result = explained([...labelled, ...plain], actions, mail({ from: [addr('new@somewhere.example', 'Newcomer')], labelIds: ['INBOX', 'Label_1'] }));
    expect(result.contributions.map((c) => c.text)).toContain('Labelled Work/Projects, which you act on');
  });

  it('always at least three true reasons, even with no history at all (cold start, spam, trash)', () => {
    const bob = addr('bob@other.example', 'Bob');
    const fresh = explained([], [], mail({ from: [bob], internalDate: NOW - 3 * 86_400_000 }));
    const texts = fresh.contributions.map((c) => c.text);
    expect(texts.length).toBeGreaterThanOrEqual(3);
    expect(texts.length).toBeLessThanOrEqual(5);
    expect(texts[0]).toBe('Written to you personally');
    expect(texts).toContain('No earlier mail from Bob: nothing to learn from yet');
    expect(texts).toContain('Arrived 3 days ago');
    expect(new Set(texts).size).toBe(texts.length);
    // Reasons that moved nothing come after those that did, and say so by their weight.
    expect(fresh.contributions.slice(1).every((c) => c.logit === 0)).toBe(true);

    // A sender the mailbox knows but the user never acted on: said as such.
    const earlier = [mail({ from: [bob], internalDate: NOW - 40 * HOUR }), mail({ from: [bob], internalDate: NOW - 30 * HOUR })];
    const again = mail({ from: [bob], internalDate: NOW - HOUR });
    expect(explained([...earlier, again], [], again).contributions.map((c) => c.text)).toContain('Bob sent you 2 earlier messages; you have not acted on them yet');

    for (const labelIds of [['SPAM'], ['TRASH']]) {
      const never = explained([], [], mail({ from: [bob], labelIds })).contributions;
      expect(never.length).toBeGreaterThanOrEqual(3);
      expect(never[0]?.text).toMatch(/never important/u);
      expect(never.map((c) => c.text)).toContain('Written to you');
    }
  });

  it('three to five reasons, the largest first, each with its sign', () => {
    const fromAlice = Array.from({ length: 3 }, (_, k) => mail({ from: [alice], internalDate: NOW - (50 - k) * HOUR, labelIds: ['INBOX', 'CATEGORY_PERSONAL'] }));
    const mine = sent([alice], { threadId: 'T', internalDate: NOW - 6 * HOUR });
    const result = explained([...fromAlice, mine], [[0, 'open'], [1, 'reply'], [2, 'star']], mail({ from: [alice], threadId: 'T', labelIds: ['INBOX', 'CATEGORY_PERSONAL'] }));
    expect(result.contributions.length).toBeGreaterThanOrEqual(3);
    expect(result.contributions.length).toBeLessThanOrEqual(5);
    const sizes = result.contributions.map((c) => Math.abs(c.logit));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(result.contributions.every((c) => c.text.length > 0 && !/undefined|NaN/u.test(c.text))).toBe(true);
  });
});
