import type { Digest } from '@mailroom/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { DigestPage } from './DigestPage';

const digest: Digest = {
  digestId: 'd1',
  day: '2026-11-26',
  timeZone: 'Europe/Paris',
  periodStart: '2026-11-25T06:00:00.000Z',
  periodEnd: '2026-11-26T06:00:00.000Z',
  builtAt: '2026-11-26T06:00:05.000Z',
  groups: [
    {
      bundleId: 'newsletters',
      name: 'Newsletters',
      count: 7,
      top: [{ id: 'm1', threadId: 't1', from: { name: 'Morning Brew', address: 'crew@morningbrew.com' }, subject: 'The Fed blinks', snippet: 'Good morning.', date: '2026-11-26T05:00:00.000Z', unread: true }],
    },
  ],
  total: 7,
  actions: { batches: [{ kind: 'archive', batches: 1, messages: 12 }], undone: 1, unsubscribed: 2 },
  recoverable: { batches: 2, messages: 15 },
  emailedAt: null,
};

describe('/digest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the latest digest by bundle, what Mailroom did, and archives a group as one undoable action', async () => {
    const api = fakeApi({
      listDigests: () => ({ digests: [digest], nextDueAt: '2026-11-27T06:00:00.000Z', digestHour: 7, timeZone: 'Europe/Paris' }),
      modifyEmails: () => ({ batchId: 'b1', count: 5, status: 'done' }),
      listActionBatches: () => ({ batches: [] }),
    });
    renderSignedIn(<DigestPage />);
    const group = await screen.findByRole('article', { name: /Newsletters/ });
    expect(within(group).getByText('The Fed blinks')).toBeTruthy();
    expect(within(group).getByText('and 6 more')).toBeTruthy();
    expect(within(group).getByRole('link', { name: /Morning Brew/ }).getAttribute('href')).toBe('/bundles/newsletters?message=m1');
    expect(screen.getByText(/Every day at 07:00 \(Europe\/Paris\)/)).toBeTruthy();
    expect(screen.getByText('1 undone')).toBeTruthy();
    expect(screen.getByText('Unsubscribed from 2 lists')).toBeTruthy();
    expect(screen.getByText(/2 actions \(15 messages\) you can still undo/)).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Archive the group' }));
    await waitFor(() =>
      expect(api.callsTo('modifyEmails')).toEqual([{ target: { source: { kind: 'digest', digestId: 'd1', bundleId: 'newsletters' }, all: true }, action: 'archive' }]),
    );
    expect(await screen.findByTestId('undo-bar')).toBeTruthy();
  });
});
