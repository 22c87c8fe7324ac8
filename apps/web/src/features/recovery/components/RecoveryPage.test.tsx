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

  it('shows which messages an action covered, and opens one in the reading pane before any undo', async () => {
    const summary = (id: string, name: string, subject: string) => ({
      id,
      threadId: id,
      from: { name, address: `${name.toLowerCase()}@example.org` },
      subject,
      snippet: '',
      date: '2026-11-20T09:00:00.000Z',
      labels: ['TRASH'],
      unread: false,
      starred: false,
      important: false,
      hasAttachment: false,
    });
    const api = fakeApi({
      listActionBatches: () => ({ batches: [base] }),
      listActionBatchMessages: () => ({
        messages: [
          { messageId: 'm1', state: 'applied', email: summary('m1', 'Ada', 'Quarterly numbers') },
          { messageId: 'm2', state: 'applied', email: null },
        ],
        nextPageToken: null,
      }),
      getEmailContent: (data) => ({
        id: data.messageId,
        threadId: data.messageId,
        labelIds: ['TRASH'],
        headers: { from: 'Ada <ada@example.org>', to: 'ann@example.org', cc: '', replyTo: '', subject: 'Quarterly numbers', date: 'Fri, 20 Nov 2026 09:00:00 +0000' },
        html: null,
        text: 'The numbers are in.',
        attachments: [],
        remoteImagesBlocked: 0,
      }),
      undoActionBatch: (data) => ({ batchId: data.batchId, status: 'undone', restored: 2 }),
    });
    renderSignedIn(<RecoveryPage />);
    const deletion = await screen.findByRole('article', { name: 'Moved 2 messages to trash' });
    const show = within(deletion).getByRole('button', { name: 'Show the 2 messages' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(api.callsTo('listActionBatchMessages')).toEqual([]);
    fireEvent.click(show);
    const list = await within(deletion).findByRole('list', { name: 'Messages in this action' });
    const line = within(list).getByRole('button', { name: /Ada\s*Quarterly numbers/ });
    expect(within(list).getByText('No longer in your mailbox (deleted in Gmail).')).toBeTruthy();
    expect(within(deletion).getByRole('button', { name: 'Hide the messages' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(line);
    const pane = await within(deletion).findByTestId('reading-pane');
    expect(await within(pane).findByRole('heading', { name: 'Quarterly numbers' })).toBeTruthy();
    expect(api.callsTo('getEmailContent')).toEqual([{ messageId: 'm1' }]);
    // Reading changes nothing: no undo was sent, and Undo is still there.
    expect(api.callsTo('undoActionBatch')).toEqual([]);
    fireEvent.click(within(pane).getByRole('button', { name: /Back to list/ }));
    await waitFor(() => expect(within(deletion).queryByTestId('reading-pane')).toBeNull());
    expect(within(deletion).getByRole('button', { name: 'Undo' })).toBeTruthy();
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
