import type { Subscription, UnsubscribeResult } from '@mailroom/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { UnsubscribePage } from './UnsubscribePage';

const ONE_CLICK_500 = 'One-click failed: the list’s server refused the unsubscribe (HTTP 500).';

const subscription = (over: Partial<Subscription>): Subscription => ({
  id: 'flaky',
  name: 'Flaky News',
  listId: 'flaky.example',
  sender: { name: 'Flaky', address: 'news@flaky.example' },
  messageCount: 12,
  months: [{ month: '2026-11', count: 12 }],
  perMonth: 12,
  opened: 0,
  lastMessageAt: '2026-11-20T10:00:00.000Z',
  lastSubject: 'Flaky news',
  methods: ['one-click', 'mailto', 'link'],
  link: 'https://flaky.example/unsub',
  mailto: { to: ['leave@flaky.example'], subject: null },
  state: 'subscribed',
  requestedAt: null,
  requestMethod: null,
  requestResult: null,
  stoppedAt: null,
  stillSending: null,
  fallback: null,
  history: [],
  blocked: false,
  ...over,
});

/** listSubscriptions and unsubscribe as the server answers them: the one-click POST fails with HTTP 500. */
function unsubscribeServer(initial: Subscription) {
  let current = initial;
  const api = fakeApi({
    listSubscriptions: () => ({ subscriptions: [current], nextPageToken: null, total: 1 }),
    unsubscribe: ({ method }) => {
      const base = { subscriptionId: current.id, name: current.name, note: null };
      let result: UnsubscribeResult;
      if (method === 'mailto') {
        result = { ...base, method: 'mailto', outcome: 'sent', message: 'Sent “unsubscribe” to leave@flaky.example.', link: null, fallback: null };
      } else if (method === 'link') {
        result = { ...base, method: 'link', outcome: 'open-link', message: 'Open it yourself to finish unsubscribing.', link: current.fallback === 'link' ? 'https://flaky.example/unsub' : null, fallback: null };
      } else {
        result = { ...base, method: 'one-click', outcome: 'failed', message: ONE_CLICK_500, link: null, fallback: current.mailto ? 'mailto' : 'link' };
      }
      const history = current.requestMethod ? [...current.history, { method: current.requestMethod, outcome: 'failed' as const, result: current.requestResult ?? '', at: current.requestedAt ?? '' }] : current.history;
      current = {
        ...current,
        state: result.outcome === 'failed' ? 'failed' : 'requested',
        requestedAt: '2026-11-20T12:00:00.000Z',
        requestMethod: result.method,
        requestResult: result.message,
        fallback: result.fallback,
        history,
      };
      return { results: [result], archive: null };
    },
  });
  return api;
}

describe('/unsubscribe after a failed one-click', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows why it failed and offers the mailto next, which is sent only when the user confirms it', async () => {
    const api = unsubscribeServer(subscription({}));
    renderSignedIn(<UnsubscribePage />);
    const row = await screen.findByRole('listitem', { name: 'Flaky News' });
    fireEvent.click(within(row).getByRole('button', { name: 'Unsubscribe' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unsubscribe' }));

    const result = await screen.findByTestId('unsubscribe-result');
    expect(result.textContent).toContain(ONE_CLICK_500);
    expect(api.callsTo('unsubscribe')).toEqual([{ subscriptionIds: ['flaky'], archiveExisting: false }]);
    fireEvent.click(within(result).getByRole('button', { name: 'Send an unsubscribe email instead' }));

    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Mailroom sends an unsubscribe email to leave@flaky.example from your Gmail. It does not try the one-click request again.');
    // Nothing more was asked of the server until the user confirms.
    expect(api.callsTo('unsubscribe')).toHaveLength(1);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send the email' }));
    await waitFor(() => expect(screen.getByTestId('unsubscribe-result').textContent).toContain('Sent “unsubscribe” to leave@flaky.example.'));
    expect(api.callsTo('unsubscribe').at(-1)).toEqual({ subscriptionIds: ['flaky'], archiveExisting: false, method: 'mailto' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    // The row keeps the failure in its history.
    const after = await screen.findByRole('listitem', { name: 'Flaky News' });
    await waitFor(() => expect(within(after).getByText(/Earlier attempts \(1\)/)).toBeTruthy());
    expect(after.textContent).toContain(ONE_CLICK_500);
    expect(api.problems).toEqual([]);
  });

  it('a failed row without mailto says why and offers the page for the user to open; the server never fetches it', async () => {
    const api = unsubscribeServer(
      subscription({ methods: ['one-click', 'link'], mailto: null, state: 'failed', requestMethod: 'one-click', requestResult: ONE_CLICK_500, requestedAt: '2026-11-20T11:00:00.000Z', fallback: 'link' }),
    );
    renderSignedIn(<UnsubscribePage />);
    const row = await screen.findByRole('listitem', { name: 'Flaky News' });
    expect(within(row).getByTestId('failure').textContent).toContain(ONE_CLICK_500);
    expect(within(row).getByText('Unsubscribe failed')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Open the unsubscribe page yourself' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toMatch(/open yourself in a new tab.*server does not open it/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Get the page' }));
    const link = await screen.findByRole('link', { name: 'Open the unsubscribe page (new tab)' });
    expect(link.getAttribute('href')).toBe('https://flaky.example/unsub');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(api.callsTo('unsubscribe')).toEqual([{ subscriptionIds: ['flaky'], archiveExisting: false, method: 'link' }]);
    expect(api.calls.some((c) => JSON.stringify(c).includes('flaky.example/unsub') && c.name !== 'unsubscribe')).toBe(false);
  });

  it('with nothing else to try, Block is what it offers', async () => {
    unsubscribeServer(subscription({ methods: ['one-click'], mailto: null, link: 'https://127.0.0.1/x', state: 'failed', requestMethod: 'one-click', requestResult: 'One-click failed: Mailroom refused to call this unsubscribe address: 127.0.0.1 is not public.', fallback: 'block' }));
    renderSignedIn(<UnsubscribePage />);
    const row = await screen.findByRole('listitem', { name: 'Flaky News' });
    expect(within(row).getByTestId('failure').textContent).toContain('Mailroom refused');
    expect(within(row).queryByRole('button', { name: /Open the unsubscribe page|Send an unsubscribe email/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Block it instead' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Block Flaky News?');
  });
});

describe('/unsubscribe bulk selection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('blocks every selected sender after one confirmation, and Undo unblocks them and puts their mail back', async () => {
    const blocked = new Set<string>();
    const api = fakeApi({
      listSubscriptions: () => {
        const subscriptions = [subscription({ id: 'a', name: 'Alpha News' }), subscription({ id: 'b', name: 'Beta Deals' })].map((s) =>
          blocked.has(s.id) ? { ...s, state: 'blocked' as const, blocked: true } : s,
        );
        return { subscriptions, nextPageToken: null, total: 2 };
      },
      blockSender: ({ subscriptionId }) => {
        blocked.add(subscriptionId);
        return { archive: { batchId: `batch-${subscriptionId}`, count: 2, status: 'done' } };
      },
      unblockSender: ({ subscriptionId }) => ({ unblocked: blocked.delete(subscriptionId) }),
      undoActionBatch: ({ batchId }) => ({ batchId, status: 'undone', restored: 2 }),
      listActionBatches: () => ({ batches: [] }),
    });
    renderSignedIn(<UnsubscribePage />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Alpha News' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Beta Deals' }));
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Selected subscriptions' })).getByRole('button', { name: 'Block' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('these 2 senders');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    const bar = await screen.findByTestId('block-bar');
    expect(bar.textContent).toContain('Blocked 2 senders: 4 messages archived');
    expect(api.callsTo('blockSender')).toEqual([{ subscriptionId: 'a' }, { subscriptionId: 'b' }]);
    fireEvent.click(within(bar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(bar.textContent).toContain('2 senders are unblocked; the mail is back.'));
    expect(api.callsTo('unblockSender')).toEqual([{ subscriptionId: 'a' }, { subscriptionId: 'b' }]);
    expect(api.callsTo('undoActionBatch')).toEqual([{ batchId: 'batch-a' }, { batchId: 'batch-b' }]);
    expect(api.problems).toEqual([]);
  });
});
