import { describe, expect, it } from 'vitest';
import { update } from './learn.ts';
import { hashKey } from './hash.ts';
import { learnMailbox, scoreMailbox } from './mailbox.ts';
import { priorityScore, scorePriority } from './score.ts';
import { createPriorityState, type PriorityState } from './state.ts';
import { addr, listPost, mail, ME, NOW } from './testing.ts';
import type { PriorityAction, PriorityMessage } from './types.ts';

const HOUR = 3_600_000;
const alice = addr('alice@partner.example', 'Alice Example');
const bob = addr('bob@other.example', 'Bob Other');

/** A state that has seen `mailbox` (in order) and learned `actions` (message, action) in order. */
function learn(mailbox: PriorityMessage[], actions: [PriorityMessage, PriorityAction][]): PriorityState {
  const state = createPriorityState({ selfAddresses: [ME], timeZone: 'UTC' });
  for (const message of mailbox) update(state, { type: 'message', message });
  actions.forEach(([message, action], k) => update(state, { type: 'action', message, action, at: message.internalDate + HOUR + k }));
  return state;
}

const older = (k: number) => NOW - (100 - k) * HOUR;

describe('learning from actions', () => {
  it('a user who always replies to one sender sees that sender rise above an identical stranger', () => {
    const history = Array.from({ length: 5 }, (_, k) => mail({ from: [alice], internalDate: older(k) }));
    const strangers = Array.from({ length: 5 }, (_, k) => mail({ from: [addr(`s${k}@elsewhere.example`, `Stranger ${k}`)], internalDate: older(10 + k) }));
    const fresh = mail({ from: [alice], subject: 'Next steps' });
    const control = mail({ from: [bob], subject: 'Next steps' });
    const cold = learn([...history, ...strangers], []);
    const taught = learn([...history, ...strangers], [...history.map((m) => [m, 'reply'] as [PriorityMessage, PriorityAction]), ...strangers.map((m) => [m, 'ignore'] as [PriorityMessage, PriorityAction])]);
    expect(priorityScore(taught, fresh, NOW)).toBeGreaterThan(priorityScore(cold, fresh, NOW) + 15);
    expect(priorityScore(taught, fresh, NOW)).toBeGreaterThan(priorityScore(taught, control, NOW) + 15);
  });

  it('an undone action is unlearned: the sender and the list go back to where they were, and the reasons forget it', () => {
    const history = Array.from({ length: 4 }, (_, k) => mail({ from: [alice], internalDate: older(k) }));
    const dev = Array.from({ length: 4 }, (_, k) => listPost('dev', addr(`p${k}@example.org`, `Poster ${k}`), { internalDate: older(10 + k) }));
    const others = Array.from({ length: 6 }, (_, k) => mail({ from: [addr(`s${k}@elsewhere.example`, `Stranger ${k}`)], internalDate: older(20 + k) }));
    const fresh = mail({ from: [alice], subject: 'Next steps' });
    const nextPost = listPost('dev', addr('q@example.org', 'Quentin'));
    // Some history the undo must leave alone: the user opens and ignores other mail.
    const base: [PriorityMessage, PriorityAction][] = others.map((m, k) => [m, k % 2 ? 'open' : 'ignore']);
    const state = learn([...history, ...dev, ...others], base);
    const before = { alice: priorityScore(state, fresh, NOW), list: priorityScore(state, nextPost, NOW), threshold: state.threshold, actions: state.actions };
    const acts: [PriorityMessage, PriorityAction][] = [...history.map((m) => [m, 'star'] as [PriorityMessage, PriorityAction]), ...dev.map((m) => [m, 'delete'] as [PriorityMessage, PriorityAction])];
    acts.forEach(([message, action], k) => update(state, { type: 'action', message, action, at: NOW - HOUR + k }));
    const taught = { alice: priorityScore(state, fresh, NOW), list: priorityScore(state, nextPost, NOW) };
    expect(taught.alice).toBeGreaterThan(before.alice + 10);
    expect(taught.list).toBeLessThan(before.list - 5);
    expect(scorePriority(state, fresh, { now: NOW }).contributions.map((c) => c.text).join(' ')).toMatch(/starred/u);

    // Undo, newest first (as an undo of the batch takes them back).
    [...acts].reverse().forEach(([message, action], k) => update(state, { type: 'retract', message, action, at: NOW + k }));
    expect(Math.abs(priorityScore(state, fresh, NOW) - before.alice)).toBeLessThanOrEqual(2);
    expect(Math.abs(priorityScore(state, nextPost, NOW) - before.list)).toBeLessThanOrEqual(2);
    expect(Math.abs(state.threshold - before.threshold)).toBeLessThan(1);
    expect(state.actions).toBe(before.actions);
    expect(scorePriority(state, fresh, { now: NOW }).contributions.map((c) => c.text).join(' ')).not.toMatch(/starred/u);
    // The starred message itself is no longer marked.
    const unstarred = history[0] as PriorityMessage;
    expect(Math.abs(priorityScore(state, unstarred, NOW) - priorityScore(learn([...history, ...dev, ...others], base), unstarred, NOW))).toBeLessThanOrEqual(2);
  });

  it('a user who deletes a list sees it sink below the lists they read', () => {
    const dev = Array.from({ length: 6 }, (_, k) => listPost('dev', addr(`p${k}@example.org`, `Poster ${k}`), { internalDate: older(k) }));
    const art = Array.from({ length: 6 }, (_, k) => listPost('art', addr(`q${k}@example.org`, `Artist ${k}`), { internalDate: older(10 + k) }));
    const actions: [PriorityMessage, PriorityAction][] = [...dev.map((m) => [m, 'delete'] as [PriorityMessage, PriorityAction]), ...art.map((m) => [m, 'open'] as [PriorityMessage, PriorityAction])];
    const cold = learn([...dev, ...art], []);
    const taught = learn([...dev, ...art], actions);
    const nextDev = listPost('dev', addr('new@example.org', 'New Poster'));
    const nextArt = listPost('art', addr('new2@example.org', 'New Artist'));
    expect(priorityScore(taught, nextDev, NOW)).toBeLessThan(priorityScore(cold, nextDev, NOW) - 5);
    expect(priorityScore(taught, nextArt, NOW)).toBeGreaterThan(priorityScore(taught, nextDev, NOW) + 15);
    expect(scorePriority(taught, nextDev, { now: NOW }).contributions.map((c) => c.text)).toContain('Mailing list you rarely open (The dev list)');
  });

  it('a sender’s new address inherits the old one’s standing when the display name matches', () => {
    const history = Array.from({ length: 4 }, (_, k) => mail({ from: [alice], internalDate: older(k) }));
    const others = Array.from({ length: 4 }, (_, k) => mail({ from: [addr(`o${k}@newjob.example`, `Other ${k}`)], internalDate: older(10 + k) }));
    const state = learn([...history, ...others], [...history.map((m) => [m, 'star'] as [PriorityMessage, PriorityAction]), ...others.map((m) => [m, 'ignore'] as [PriorityMessage, PriorityAction])]);
    const newAddress = mail({ from: [addr('alice.example@newjob.example', 'Alice Example')] });
    const sameNameElsewhereCold = priorityScore(learn([...history, ...others], []), newAddress, NOW);
    const someoneElse = mail({ from: [addr('alice.other@newjob.example', 'Alicia Different')] });
    expect(priorityScore(state, newAddress, NOW)).toBeGreaterThan(sameNameElsewhereCold + 10);
    expect(priorityScore(state, newAddress, NOW)).toBeGreaterThan(priorityScore(state, someoneElse, NOW) + 10);
    expect(scorePriority(state, newAddress, { now: NOW }).contributions.some((c) => /Alice Example.*another address/u.test(c.text))).toBe(true);
  });

  it('archiving after reading is filing, not rejecting; archiving unread is a (weak) no', () => {
    const history = Array.from({ length: 5 }, (_, k) => mail({ from: [alice], internalDate: older(k) }));
    const readThenFiled = learn(history, history.flatMap((m) => [[m, 'open'], [m, 'archive']] as [PriorityMessage, PriorityAction][]));
    const filedUnread = learn(history, history.map((m) => [m, 'archive']));
    const deleted = learn(history, history.map((m) => [m, 'delete']));
    const fresh = mail({ from: [alice] });
    const cold = priorityScore(learn(history, []), fresh, NOW);
    expect(priorityScore(readThenFiled, fresh, NOW)).toBeGreaterThan(cold);
    expect(priorityScore(filedUnread, fresh, NOW)).toBeLessThan(cold);
    expect(priorityScore(deleted, fresh, NOW)).toBeLessThan(priorityScore(filedUnread, fresh, NOW));
  });

  it('replies teach more than opens', () => {
    const history = Array.from({ length: 3 }, (_, k) => mail({ from: [alice], internalDate: older(k) }));
    const fresh = mail({ from: [alice] });
    expect(priorityScore(learn(history, history.map((m) => [m, 'reply'])), fresh, NOW)).toBeGreaterThan(priorityScore(learn(history, history.map((m) => [m, 'open'])), fresh, NOW));
  });

  it('what the user does in the spam folder teaches nothing about the inbox', () => {
    const spam = Array.from({ length: 4 }, (_, k) => mail({ from: [bob], labelIds: ['SPAM'], internalDate: older(k) }));
    const fresh = mail({ from: [bob] });
    expect(priorityScore(learn(spam, spam.map((m) => [m, 'delete'])), fresh, NOW)).toBe(priorityScore(learn(spam, []), fresh, NOW));
  });

  it('a user who reads newsletters sees newsletters rise, feeds with them (machines they subscribed to)', () => {
    const letters = Array.from({ length: 8 }, (_, k) =>
      mail({ from: [addr(`news@brand${k}.example`, `Brand ${k}`)], listUnsubscribe: '<https://x.example/u>', headers: { precedence: 'bulk' }, internalDate: older(k) }),
    );
    const people = Array.from({ length: 8 }, (_, k) => mail({ from: [addr(`p${k}@people.example`, `Person ${k}`)], internalDate: older(20 + k) }));
    const actions = [...letters.map((m) => [m, 'open'] as [PriorityMessage, PriorityAction]), ...people.map((m) => [m, 'ignore'] as [PriorityMessage, PriorityAction])];
    const taught = learn([...letters, ...people], actions);
    const cold = learn([...letters, ...people], []);
    const newLetter = mail({ from: [addr('news@newbrand.example', 'New Brand')], listUnsubscribe: '<https://y.example/u>' });
    const newFeed = mail({ from: [addr('rss@feeds.example.net', 'Some Blog')] });
    const newPerson = mail({ from: [addr('q@people.example', 'Quinn New')] });
    expect(priorityScore(taught, newLetter, NOW)).toBeGreaterThan(priorityScore(cold, newLetter, NOW) + 10);
    expect(priorityScore(taught, newFeed, NOW)).toBeGreaterThan(priorityScore(cold, newFeed, NOW));
    expect(priorityScore(taught, newPerson, NOW)).toBeLessThan(priorityScore(cold, newPerson, NOW));
  });
});

describe('logs of deliberate actions only', () => {
  const fromAlice = Array.from({ length: 4 }, (_, k) => mail({ from: [alice], internalDate: older(k) }));
  const fromOthers = Array.from({ length: 12 }, (_, k) => mail({ from: [addr(`o${k}@people.example`, `Other ${k}`)], internalDate: older(10 + k) }));
  const late = mail({ from: [addr('late@people.example', 'Late Comer')], internalDate: NOW - HOUR });
  const messages = [...fromAlice, ...fromOthers, late, mail({ from: [alice] }), mail({ from: [bob] })];
  const run = (actions: { message: number; action: PriorityAction; at: number }[], inferIgnores: boolean) =>
    scoreMailbox({ messages, actions, selfAddresses: [ME], timeZone: 'UTC', now: NOW, inferIgnores }).scores;

  it('with no negative action at all, mail left untouched for a day counts as weakly ignored', () => {
    // The user read Alice's mail today; the others' mail had sat there for days.
    const opens = fromAlice.map((_, i) => ({ message: i, action: 'open' as PriorityAction, at: NOW - 2 * HOUR + i }));
    const inferred = run(opens, true);
    const literal = run(opens, false);
    const [aliceNew, bobNew] = [messages.length - 2, messages.length - 1];
    expect((inferred[aliceNew] as number) - (inferred[bobNew] as number)).toBeGreaterThan((literal[aliceNew] as number) - (literal[bobNew] as number));
    // Mail that arrived less than a day before the last action was not passed over yet.
    const state = learnMailbox({ messages, actions: opens, selfAddresses: [ME], timeZone: 'UTC', now: NOW, inferIgnores: true });
    expect(state.messages.get(hashKey(`m:${late.id}`))).toBeUndefined();
    expect(state.messages.get(hashKey(`m:${fromOthers[0]?.id}`))?.neg).toBeGreaterThan(0);
  });

  it('a log with any negative action is taken literally', () => {
    const mixed = [...fromAlice.map((m, i) => ({ message: i, action: 'open' as PriorityAction, at: m.internalDate + HOUR })), { message: 5, action: 'delete' as PriorityAction, at: older(20) }];
    expect(run(mixed, true)).toEqual(run(mixed, false));
  });
});
