import type { ActionBatch } from '@mailroom/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFnError, fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { RecoveryPage } from './RecoveryPage';

const base: ActionBatch = {
  batchId: 'b1',
  kind: 'delete',
  categoryId: 'c1',
  categoryName: 'Newsletters',
  count: 2,
  done: 2,
  restored: 0,
  status: 'done',
  error: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  undoneAt: null,
};

describe('/recovery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists what each action did, and undoes one', async () => {
    let batches: ActionBatch[] = [base, { ...base, batchId: 'b2', kind: 'quarantine', count: 3, done: 3, status: 'undone', undoneAt: '2026-11-20T11:00:00.000Z' }];
    const api = fakeApi({
      listActionBatches: () => ({ batches }),
      undoActionBatch: (data) => {
        batches = batches.map((b) => (b.batchId === data.batchId ? { ...b, status: 'undone', restored: b.count, undoneAt: '2026-11-21T10:00:00.000Z' } : b));
        return { batchId: data.batchId, status: 'undone', restored: 2 };
      },
    });
    renderSignedIn(<RecoveryPage />);
    const deletion = await screen.findByRole('article', { name: 'Moved 2 messages to trash' });
    const quarantine = screen.getByRole('article', { name: 'Quarantined 3 messages' });
    expect(within(deletion).getByRole('link', { name: 'Newsletters' }).getAttribute('href')).toBe('/manual/c1');
    expect(within(quarantine).getByText('Undone')).toBeTruthy();
    expect(within(quarantine).queryByRole('button', { name: 'Undo' })).toBeNull();

    fireEvent.click(within(deletion).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(deletion).getByText('Undone')).toBeTruthy());
    expect(api.callsTo('undoActionBatch')).toEqual([{ batchId: 'b1' }]);
  });

  it('says when there is nothing to recover', async () => {
    fakeApi({ listActionBatches: () => ({ batches: [] }) });
    renderSignedIn(<RecoveryPage />);
    expect(await screen.findByRole('heading', { name: 'Nothing to recover' })).toBeTruthy();
  });

  it('offers "Grant write access" when undo needs it, and reports an expired action', async () => {
    fakeApi({
      listActionBatches: () => ({ batches: [base, { ...base, batchId: 'b3', kind: 'quarantine', count: 5, done: 5 }] }),
      undoActionBatch: (data) => {
        if (data.batchId === 'b1') throw new FakeFnError('FAILED_PRECONDITION', 'Grant write access first.', { reason: 'WRITE_SCOPE_REQUIRED' });
        throw new FakeFnError('FAILED_PRECONDITION', 'This action is more than 7 days old and can no longer be undone.', { reason: 'BATCH_EXPIRED' });
      },
    });
    renderSignedIn(<RecoveryPage />);
    const deletion = await screen.findByRole('article', { name: 'Moved 2 messages to trash' });
    fireEvent.click(within(deletion).getByRole('button', { name: 'Undo' }));
    expect(await within(deletion).findByRole('button', { name: 'Grant write access' })).toBeTruthy();
    const quarantine = screen.getByRole('article', { name: 'Quarantined 5 messages' });
    fireEvent.click(within(quarantine).getByRole('button', { name: 'Undo' }));
    expect(await within(quarantine).findByText('This action is more than 7 days old and can no longer be undone.')).toBeTruthy();
  });
});
