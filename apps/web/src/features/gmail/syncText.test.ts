import { describe, expect, it } from 'vitest';
import { describeSync, syncPercent } from './syncText';

const sync = (progress: { done: number; total: number | null } | null) => ({ state: 'syncing' as const, messageCount: 0, lastSyncAt: null, progress, error: null });

describe('the sync in words', () => {
  it('counts what will be stored and says that spam is left out', () => {
    expect(describeSync(sync({ done: 2500, total: 4150 }))).toBe('Syncing: 2,500 of 4,150 messages (spam is left out)');
    expect(describeSync(sync({ done: 300, total: null }))).toBe('Syncing: 300 messages read so far (spam is left out)');
    expect(syncPercent(sync({ done: 2500, total: 4150 }))).toBe(60);
  });
});
