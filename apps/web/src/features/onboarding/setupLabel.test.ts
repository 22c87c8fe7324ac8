import { describe, expect, it } from 'vitest';
import { setupLabel } from './setupLabel';

const sync = (over: Partial<Parameters<typeof setupLabel>[1] & object>) => ({ state: 'idle' as const, messageCount: 0, lastSyncAt: null, progress: null, error: null, ...over });

describe("the set-up bar's label", () => {
  it('says "ready" only when the timer is done and the first sync has finished', () => {
    expect(setupLabel(80, sync({ state: 'idle' }))).toEqual({ text: 'Setting up your workspace…', ready: false });
    expect(setupLabel(100, sync({ state: 'idle', messageCount: 4150 }))).toEqual({ text: 'Your workspace is ready', ready: true });
  });

  it('never claims ready at 100 % while the real sync runs, has not started, failed or is unknown', () => {
    const running = setupLabel(100, sync({ state: 'syncing', progress: { done: 2500, total: 4150 } }));
    expect(running).toEqual({ text: 'Workspace set up; your mail is still syncing (60 %)', ready: false });
    expect(setupLabel(100, sync({ state: 'syncing', progress: null })).text).toBe('Workspace set up; your mail is still syncing');
    expect(setupLabel(100, sync({ state: 'never' })).ready).toBe(false);
    expect(setupLabel(100, sync({ state: 'error', error: 'boom' })).text).toBe('Workspace set up, but the first sync failed');
    expect(setupLabel(100, null).ready).toBe(false);
    for (const label of [running, setupLabel(100, null), setupLabel(100, sync({ state: 'error' }))]) expect(label.text).not.toMatch(/\bready\b/);
  });
});
