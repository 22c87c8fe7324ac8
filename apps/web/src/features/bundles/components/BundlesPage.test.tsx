import type { Bundle, BundleDelivery, FnResponse } from '@mailroom/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { BundlesPage } from './BundlesPage';

const bundle = (bundleId: Bundle['bundleId'], name: string, count: number, over: Partial<Bundle> = {}): Bundle => ({
  bundleId,
  name,
  count,
  unreadCount: 0,
  newestSenders: [],
  newestAt: null,
  delivery: 'inbox',
  ...over,
});

describe('/bundles', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each bundle with its counts and newest senders, and keeps a changed delivery', async () => {
    const deliveries: Record<string, BundleDelivery> = {};
    const api = fakeApi({
      listBundles: (): FnResponse<'listBundles'> => ({
        bundles: [
          bundle('newsletters', 'Newsletters', 23, { unreadCount: 9, newestSenders: [{ name: 'Effector List', address: 'alerts@eff.org' }, { name: null, address: 'journal@wrox.com' }], delivery: deliveries['newsletters'] ?? 'inbox' }),
          bundle('forums', 'Forums and mailing lists', 0),
        ],
        senderRules: [],
      }),
      setBundleRule: (data) => {
        deliveries[data.bundleId] = data.delivery;
        return data;
      },
    });
    renderSignedIn(<BundlesPage />);
    const newsletters = await screen.findByRole('article', { name: 'Newsletters' });
    expect(within(newsletters).getByTestId('bundle-count').textContent).toBe('23');
    expect(within(newsletters).getByTestId('bundle-unread').textContent).toBe('9');
    expect(within(newsletters).getByText(/Newest from Effector List, journal@wrox.com/)).toBeTruthy();
    expect(within(newsletters).getByRole('link', { name: 'Newsletters' }).getAttribute('href')).toBe('/bundles/newsletters');
    const forums = screen.getByRole('article', { name: 'Forums and mailing lists' });
    expect(within(forums).getByText('Mailing lists and discussion groups.')).toBeTruthy();

    fireEvent.change(within(newsletters).getByLabelText(/Shows as/), { target: { value: 'digest' } });
    await waitFor(() => expect(api.callsTo('setBundleRule')).toEqual([{ bundleId: 'newsletters', delivery: 'digest' }]));
    await screen.findByText('Newsletters: held for the daily digest');
    await waitFor(() => expect((within(newsletters).getByLabelText(/Shows as/) as HTMLSelectElement).value).toBe('digest'));
  });
  it('lists the senders the user moved, and Remove forgets one', async () => {
    let rules: FnResponse<'listBundles'>['senderRules'] = [
      { address: 'deals@shop.example', bundleId: 'promotions', updatedAt: '2026-11-20T10:00:00.000Z' },
      { address: 'alice@example.org', bundleId: null, updatedAt: '2026-11-19T10:00:00.000Z' },
    ];
    const api = fakeApi({
      listBundles: () => ({ bundles: [bundle('promotions', 'Promotions', 4)], senderRules: rules }),
      removeSenderRule: (data) => {
        rules = rules.filter((r) => r.address !== data.address);
        return { address: data.address, refiled: 3 };
      },
    });
    renderSignedIn(<BundlesPage />);
    const list = await screen.findByRole('list', { name: 'Senders you moved' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('deals@shop.exampleTo Promotions'), expect.stringContaining('alice@example.orgAlways in the inbox')]);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove the choice for deals@shop.example' }));
    await waitFor(() => expect(api.callsTo('removeSenderRule')).toEqual([{ address: 'deals@shop.example' }]));
    await screen.findByText('deals@shop.example is filed by its headers again');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Senders you moved' })).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByText('deals@shop.example', { selector: 'p' })).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('says when no sender was moved', async () => {
    fakeApi({ listBundles: () => ({ bundles: [bundle('promotions', 'Promotions', 4)], senderRules: [] }) });
    renderSignedIn(<BundlesPage />);
    const section = await screen.findByTestId('sender-rules');
    expect(within(section).getByText(/None yet/)).toBeTruthy();
  });
});
