import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it } from 'vitest';
import { InboxBundleRows } from './InboxBundleRows';

const renderRows = (groups: Parameters<typeof InboxBundleRows>[0]['groups']) =>
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <InboxBundleRows groups={groups} /> }])} />);

describe('Inbox Flow’s grouped bundle rows', () => {
  it('shows each grouped bundle as one row with its counts and newest senders, opening the bundle', () => {
    renderRows([
      { bundleId: 'forums', name: 'Forums and mailing lists', count: 1234, unreadCount: 7, newestSenders: [{ name: 'Robert Elz', address: 'kre@munnari.oz.au' }, { name: null, address: 'fork@xent.com' }], newestAt: '2026-11-20T10:00:00.000Z' },
      { bundleId: 'receipts', name: 'Receipts and orders', count: 1, unreadCount: 0, newestSenders: [{ name: 'Shop', address: 'orders@shop.example' }], newestAt: '2026-11-19T10:00:00.000Z' },
    ]);
    const list = screen.getByRole('list', { name: 'Bundles in your inbox' });
    const [forums, receipts] = within(list).getAllByRole('link');
    expect(forums!.getAttribute('href')).toBe('/bundles/forums');
    expect(forums!.textContent).toContain('Forums and mailing lists');
    expect(forums!.textContent).toContain('1,234 messages, 7 unread');
    expect(forums!.textContent).toContain('From Robert Elz, fork@xent.com');
    expect(receipts!.textContent).toContain('1 message');
    expect(receipts!.textContent).not.toContain('unread');
  });

  it('shows nothing when no bundle is grouped', () => {
    renderRows([]);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
