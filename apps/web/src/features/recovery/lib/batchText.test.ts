import type { ActionBatch } from '@mailroom/contract';
import { describe, expect, it } from 'vitest';
import { canUndo, describeAction, isBusy, progressOf, statusOf } from './batchText';

const batch = (over: Partial<ActionBatch>): ActionBatch => ({
  batchId: 'b1',
  kind: 'quarantine',
  categoryId: 'c1',
  categoryName: 'News',
  count: 1200,
  done: 400,
  restored: 0,
  status: 'running',
  error: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  undoneAt: null,
  ...over,
});

describe('how an action batch is described', () => {
  it('says what the action did', () => {
    expect(describeAction('quarantine', 3)).toBe('Quarantined 3 messages');
    expect(describeAction('delete', 1)).toBe('Moved 1 message to trash');
    expect(describeAction('archive', 2)).toBe('Archived 2 messages');
    expect(describeAction('star', 1)).toBe('Starred 1 message');
    expect(describeAction('mark_unread', 1_500)).toBe('Marked 1,500 messages as unread');
    expect(describeAction('not_important', 4)).toBe('Marked 4 messages not important');
  });

  it('shows progress while running and while undoing', () => {
    expect(progressOf(batch({}))).toEqual({ percent: 33, text: '400 of 1,200 done' });
    expect(progressOf(batch({ status: 'undoing', restored: 600 }))).toEqual({ percent: 50, text: '600 of 1,200 restored' });
  });

  it('offers undo only when there is something to put back and nothing is moving', () => {
    expect(canUndo(batch({ status: 'running' }))).toBe(false);
    expect(isBusy(batch({ status: 'running' }))).toBe(true);
    expect(canUndo(batch({ status: 'done' }))).toBe(true);
    expect(canUndo(batch({ status: 'failed' }))).toBe(true);
    expect(canUndo(batch({ status: 'undo_failed' }))).toBe(true);
    expect(canUndo(batch({ status: 'undone' }))).toBe(false);
    expect(statusOf(batch({ status: 'undone' }))).toEqual({ label: 'Undone', tone: 'neutral' });
  });
});
