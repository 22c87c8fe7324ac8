import type { ActionBatch } from '@mailroom/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { DashboardPage } from './DashboardPage';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

const batch = (over: Partial<ActionBatch>): ActionBatch => ({
  batchId: 'b1',
  kind: 'quarantine',
  categoryId: 'c1',
  categoryName: 'Newsletters',
  count: 3,
  done: 3,
  restored: 0,
  status: 'done',
  error: null,
  createdAt: hoursAgo(5),
  expiresAt: hoursAgo(-100),
  undoneAt: null,
  ...over,
});

describe('/dashboard Recent activity', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists quarantines, deletions and undos beside the sync, newest first', async () => {
    fakeApi({
      getGmailStatus: () => ({
        connected: true,
        email: 'ann@example.org',
        scopes: [],
        canWrite: true,
        needsReconnect: false,
        sync: { state: 'idle', messageCount: 4150, lastSyncAt: hoursAgo(3), progress: null, error: null },
      }),
      listActionBatches: () => ({
        batches: [
          batch({ batchId: 'b2', kind: 'delete', count: 1, done: 1, createdAt: hoursAgo(2), categoryName: null, categoryId: null }),
          batch({ batchId: 'b1', status: 'undone', restored: 3, undoneAt: hoursAgo(1) }),
        ],
      }),
    });
    renderSignedIn(<DashboardPage />);
    const card = await screen.findByRole('region', { name: 'Recent activity' });
    const list = await within(card).findByRole('list');
    await within(list).findByText(/Undone: quarantined 3 messages from Newsletters\./);
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^Undone: quarantined 3 messages from Newsletters\. 1 hour ago$/),
      expect.stringMatching(/^Moved 1 message to trash\. 2 hours ago$/),
      expect.stringMatching(/^Sync finished: 4,150 messages indexed\. 3 hours ago$/),
      expect.stringMatching(/^Quarantined 3 messages from Newsletters\. 5 hours ago$/),
    ]);
  });

  it('shows an action that is still running first, with its progress in words', async () => {
    fakeApi({
      getGmailStatus: () => ({ connected: true, email: 'ann@example.org', scopes: [], canWrite: true, needsReconnect: false, sync: { state: 'idle', messageCount: 10, lastSyncAt: hoursAgo(1), progress: null, error: null } }),
      listActionBatches: () => ({ batches: [batch({ status: 'running', done: 1, count: 1200 })] }),
    });
    renderSignedIn(<DashboardPage />);
    const first = (await screen.findByText('Quarantining 1,200 messages from Newsletters…')).closest('li');
    expect(first?.previousElementSibling).toBeNull();
  });
});
