import { describe, expect, it } from 'vitest';
import { update } from './learn.ts';
import { scorePriority } from './score.ts';
import { createPriorityState, DEFAULT_THRESHOLD } from './state.ts';
import { addr, listPost, mail, ME, newsletter, NOW } from './testing.ts';
import { THRESHOLD_MAX, THRESHOLD_MIN } from './threshold.ts';

const fresh = () => createPriorityState({ selfAddresses: [ME], timeZone: 'UTC' });

describe('the Important/Other line adapts to the user', () => {
  it('starts at the default and comes down when the user marks low-scored mail important', () => {
    const state = fresh();
    expect(state.threshold).toBe(DEFAULT_THRESHOLD);
    const post = listPost('dev', addr('p@example.org', 'Poster'));
    update(state, { type: 'message', message: post });
    update(state, { type: 'action', message: post, action: 'important', at: NOW });
    expect(state.threshold).toBeLessThan(DEFAULT_THRESHOLD);
  });

  it('goes up when the user rejects mail that scored above it', () => {
    const state = fresh();
    const note = mail({ from: [addr('pushy@example.org', 'Pushy Person')] });
    update(state, { type: 'message', message: note });
    update(state, { type: 'action', message: note, action: 'not_important', at: NOW });
    expect(state.threshold).toBeGreaterThan(DEFAULT_THRESHOLD);
  });

  it('explicit marks move it more than habits do', () => {
    const marked = fresh();
    const habitual = fresh();
    const note = mail({ from: [addr('pushy@example.org', 'Pushy Person')] });
    update(marked, { type: 'action', message: note, action: 'not_important', at: NOW });
    update(habitual, { type: 'action', message: note, action: 'ignore', at: NOW });
    expect(marked.threshold - DEFAULT_THRESHOLD).toBeGreaterThan(3 * (habitual.threshold - DEFAULT_THRESHOLD));
    expect(habitual.threshold).toBeGreaterThan(DEFAULT_THRESHOLD);
  });

  it('stays within its bounds however one-sided the user is', () => {
    const up = fresh();
    const down = fresh();
    for (let k = 0; k < 200; k++) {
      update(up, { type: 'action', message: mail({ from: [addr(`p${k}@example.org`, `Person ${k}`)] }), action: 'not_important', at: NOW });
      update(down, { type: 'action', message: newsletter({ from: [addr(`news@b${k}.example`)] }), action: 'important', at: NOW });
    }
    expect(up.threshold).toBeLessThanOrEqual(THRESHOLD_MAX);
    expect(down.threshold).toBeGreaterThanOrEqual(THRESHOLD_MIN);
  });

  it('"!" and "-" move a message between the tabs at once', () => {
    const state = fresh();
    const letter = newsletter();
    const note = mail({ from: [addr('pushy@example.org', 'Pushy Person')] });
    expect(scorePriority(state, letter, { now: NOW }).important).toBe(false);
    expect(scorePriority(state, note, { now: NOW }).important).toBe(true);
    update(state, { type: 'action', message: letter, action: 'important', at: NOW });
    update(state, { type: 'action', message: note, action: 'not_important', at: NOW });
    expect(scorePriority(state, letter, { now: NOW })).toMatchObject({ important: true });
    expect(scorePriority(state, note, { now: NOW })).toMatchObject({ important: false });
    expect(scorePriority(state, letter, { now: NOW }).contributions.map((c) => c.text)).toContain('You marked it important');
    update(state, { type: 'action', message: letter, action: 'not_important', at: NOW + 1 });
    expect(scorePriority(state, letter, { now: NOW }).important).toBe(false);
  });
});
