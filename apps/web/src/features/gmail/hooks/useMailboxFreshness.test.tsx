import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, mailQueryKey, sessionQueryKey, setApiQueryClient } from '../../../shared/api';
import { fakeApi } from '../../../test/fakeApi';
import { FRESHNESS_POLL_MS, useMailboxFreshness } from './useMailboxFreshness';

const status = (messageCount: number) => ({
  connected: true,
  email: 'ann@example.org',
  scopes: [],
  canWrite: true,
  needsReconnect: false,
  sync: { state: 'idle' as const, messageCount, lastSyncAt: '2026-11-26T10:00:00.000Z', progress: null, error: null },
});

describe('new mail shows without a reload', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the lists again when the synced message count changes, and not when it stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 100;
    fakeApi({ getGmailStatus: () => status(count) });
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, { user: { id: 'u1', email: 'ann@example.org', displayName: 'Ann' }, csrfToken: 'csrf' });
    setApiQueryClient(client);
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useMailboxFreshness(), { wrapper });
    await vi.waitFor(() => expect(client.getQueryData(['gmail', 'status', 'u1'])).toBeTruthy());
    const mailRefreshes = () => invalidated.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(mailQueryKey)).length;

    await act(async () => {
      await vi.advanceTimersByTimeAsync(FRESHNESS_POLL_MS);
    });
    expect(mailRefreshes()).toBe(0);

    count = 101;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(FRESHNESS_POLL_MS);
    });
    await vi.waitFor(() => expect(mailRefreshes()).toBe(1));
  });
});
