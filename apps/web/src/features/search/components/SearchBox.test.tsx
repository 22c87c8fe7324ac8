import { DEFAULT_SETTINGS } from '@mailroom/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { SearchBox } from './SearchBox';

const SETTINGS = { version: 1, settings: { ...DEFAULT_SETTINGS, account: { timeZone: 'UTC', weekStart: 'monday' as const } }, timeZoneSource: 'chosen' as const };

const RECENT = [
  { request: 'unread from rohit', query: null, searchedAt: '2026-11-20T10:00:00.000Z' },
  { request: 'invoices', query: 'subject:invoice', searchedAt: '2026-11-19T10:00:00.000Z' },
];

function setUp() {
  const api = fakeApi({
    getSettings: () => SETTINGS,
    listRecentSearches: () => ({ searches: RECENT }),
    // The server knows the address the name was seen with (the browser's translator does not).
    translateSearch: ({ request }) => ({
      query: `from:${request.split(' ').at(-1)}@example.org`,
      parts: [{ text: request, query: `from:${request.split(' ').at(-1)}@example.org`, kind: 'person', span: { start: 0, end: request.length }, querySpan: { start: 0, end: 5 } }],
      confidence: 1,
      translator: 'local',
      fallbackReason: null,
    }),
    clearRecentSearches: () => ({ cleared: 2 }),
  });
  const view = renderSignedIn(<SearchBox />, { route: '*', path: '/dashboard' });
  const box = screen.getByRole('combobox', { name: 'Search mail' }) as HTMLInputElement;
  return { api, ...view, box };
}

describe('the search box', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('"/" outside a text field focuses it; typing there types', () => {
    const { box } = setUp();
    fireEvent.keyDown(document.body, { key: '/' });
    return waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('lists recent searches as options the arrow keys move through, and Enter opens the one chosen', async () => {
    const { box, router } = setUp();
    fireEvent.focus(box);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['unread from rohit', 'invoicessubject:invoice']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    // Past the last option it wraps to the first.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'invoices', query: 'subject:invoice' });
  });

  it('typing offers "search for" what was typed, shows the translation as chips, and Enter searches it', async () => {
    const { box, router, api } = setUp();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'mail from eugen' } });
    expect(screen.getAllByRole('option')[0]!.textContent).toBe('Search for “mail from eugen”');
    // At once the browser's own translation; once typing pauses, the server's, which knows the address.
    await waitFor(() => expect(screen.getByTestId('chip-preview').textContent).toContain('from:eugen'), { timeout: 3000 });
    await waitFor(() => expect(screen.getByTestId('chip-preview').textContent).toContain('from:eugen@example.org'), { timeout: 3000 });
    expect(api.callsTo('translateSearch')).toEqual([{ request: 'mail from eugen' }]);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=mail+from+eugen'));
  });

  it('Escape closes the list, and a second Escape empties the box', async () => {
    const { box } = setUp();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'from rohit' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('from rohit');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
  });
});
