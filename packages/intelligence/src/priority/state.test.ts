import { describe, expect, it } from 'vitest';
import { update } from './learn.ts';
import { learnMailbox, scoreMailbox } from './mailbox.ts';
import { hashKey } from './hash.ts';
import { scorePriority } from './score.ts';
import { createPriorityState, LIMITS, parsePriorityState, PriorityStateError, serialisePriorityState } from './state.ts';
import { addr, listPost, mail, ME, newsletter, NOW, sent } from './testing.ts';
import type { PriorityAction, PriorityMessage } from './types.ts';

const HOUR = 3_600_000;
const ACTIONS: PriorityAction[] = ['open', 'reply', 'star', 'important', 'not_important', 'archive', 'delete', 'quarantine', 'ignore'];

/** A varied mailbox with a deterministic action log (no Math.random). */
function sample(size: number) {
  const messages: PriorityMessage[] = [];
  for (let k = 0; k < size; k++) {
    const date = NOW - (size - k) * HOUR;
    const kind = k % 5;
    messages.push(
      kind === 0
        ? mail({ id: `s${k}`, from: [addr(`p${k % 17}@people${k % 3}.example`, `Person ${k % 17}`)], internalDate: date, subject: `Plans ${k % 7}` })
        : kind === 1
          ? listPost(`list${k % 4}`, addr(`q${k % 11}@example.org`, `Poster ${k % 11}`), { id: `s${k}`, internalDate: date, threadId: `T${k % 9}` })
          : kind === 2
            ? newsletter({ id: `s${k}`, from: [addr(`news@brand${k % 6}.example`, `Brand ${k % 6}`)], internalDate: date })
            : kind === 3
              ? sent([addr(`p${k % 17}@people${k % 3}.example`)], { id: `s${k}`, internalDate: date, threadId: `T${k % 9}` })
              : mail({ id: `s${k}`, from: [addr('noreply@service.example')], internalDate: date, labelIds: k % 10 === 4 ? ['SPAM'] : ['INBOX', 'Label_2'] }),
    );
  }
  const actions = messages.flatMap((_, i) => (i % 3 === 0 ? [{ message: i, action: ACTIONS[(i * 7) % ACTIONS.length] as PriorityAction, at: NOW - (size - i) * HOUR + HOUR }] : []));
  return { messages, actions };
}

describe('the model state', () => {
  it('is deterministic: the same mailbox and actions give the same scores and the same state', () => {
    const { messages, actions } = sample(300);
    const a = scoreMailbox({ messages, actions, selfAddresses: [ME], timeZone: 'Europe/Paris', now: NOW });
    const b = scoreMailbox({ messages, actions, selfAddresses: [ME], timeZone: 'Europe/Paris', now: NOW });
    expect(b.scores).toEqual(a.scores);
    expect(JSON.stringify(serialisePriorityState(b.state))).toBe(JSON.stringify(serialisePriorityState(a.state)));
    expect(new Set(a.scores).size).toBeGreaterThan(10);
  });

  it('does not depend on the order the mailbox is listed in (it reads mail in arrival order)', () => {
    const { messages, actions } = sample(120);
    const order = messages.map((_, i) => i).reverse();
    const reversed = order.map((i) => messages[i] as PriorityMessage);
    const remapped = actions.map((a) => ({ ...a, message: order.indexOf(a.message) }));
    const forward = scoreMailbox({ messages, actions, selfAddresses: [ME], timeZone: 'UTC', now: NOW }).scores;
    const backward = scoreMailbox({ messages: reversed, actions: remapped, selfAddresses: [ME], timeZone: 'UTC', now: NOW }).scores;
    expect(order.map((i, k) => [messages[i]?.id, backward[k]])).toEqual(order.map((i) => [messages[i]?.id, forward[i]]));
  });

  it('survives JSON: a state read back scores and explains exactly as the one written', () => {
    const { messages, actions } = sample(200);
    const state = learnMailbox({ messages, actions, selfAddresses: [ME, 'alias@home.example'], timeZone: 'Asia/Kolkata', now: NOW });
    const copy = parsePriorityState(JSON.parse(JSON.stringify(serialisePriorityState(state))));
    for (const m of messages) expect(scorePriority(copy, m, { now: NOW })).toEqual(scorePriority(state, m, { now: NOW }));
    expect(copy.threshold).toBe(state.threshold);
    expect(serialisePriorityState(copy)).toEqual(serialisePriorityState(state));
  });

  it('stays bounded however large the mailbox: tables keep their limits and the JSON stays under 2 MB', () => {
    const state = createPriorityState({ selfAddresses: [ME], timeZone: 'UTC' });
    for (let k = 0; k < 30_000; k++) {
      const message = mail({ id: `b${k}`, from: [addr(`sender${k}@domain${k}.example`, `Sender Number${k}`)], threadId: `t${k}`, internalDate: NOW - (30_000 - k) * 60_000, subject: `word${k} other${k % 977}`, listId: k % 2 ? `<list${k}.example.org>` : null, labelIds: ['INBOX', `Label_${k % 50}`] });
      update(state, { type: 'message', message });
      if (k % 50 === 0) update(state, { type: 'action', message, action: k % 100 === 0 ? 'open' : 'delete', at: message.internalDate + 1 });
      if (k % 7 === 0) update(state, { type: 'message', message: sent([addr(`friend${k}@x${k}.example`, `Friend ${k}`)], { id: `o${k}`, internalDate: message.internalDate }) });
    }
    expect(state.senders.size).toBeLessThanOrEqual(LIMITS.senders + LIMITS.senders / 10);
    expect(state.threads.size).toBeLessThanOrEqual(LIMITS.threads + LIMITS.threads / 10);
    expect(state.messages.size).toBeLessThanOrEqual(LIMITS.messages + LIMITS.messages / 10);
    expect(JSON.stringify(serialisePriorityState(state)).length).toBeLessThan(2_000_000);
    // What the user acted on outlives what they only received.
    expect(state.senders.get(hashKey('a:sender50@domain50.example'))).toBeDefined();
    expect(state.senders.get(hashKey('a:sender51@domain51.example'))).toBeUndefined();
  });

  it('a corrupt stored state is refused with the field that is wrong', () => {
    const good = serialisePriorityState(createPriorityState({ selfAddresses: [ME], timeZone: 'UTC' }));
    expect(() => parsePriorityState({ ...good, version: 2 })).toThrow(PriorityStateError);
    expect(() => parsePriorityState({ ...good, threshold: 'high' })).toThrow(/threshold/u);
    expect(() => parsePriorityState({ ...good, weights: [[9999, 1, 1]] })).toThrow(/weights\[0\]/u);
    expect(() => parsePriorityState({ ...good, senders: [[1, 2, 3]] })).toThrow(/senders\[0\]/u);
    expect(() => parsePriorityState(null)).toThrow(PriorityStateError);
  });
});
