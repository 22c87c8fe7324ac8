import type { Profile } from '@mailroom/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { greetingName, useAuth } from '../../auth';
import { DisplayNameSettings } from './DisplayNameSettings';

/** A profile behind the fake API, and the session answering with its name as the server's does. */
function profileServer(initial: Profile) {
  let current = initial;
  const api = fakeApi({
    getProfile: () => current,
    updateProfile: ({ displayName }) => {
      current = displayName === null ? { ...current, displayName: current.providerDisplayName, chosen: false } : { ...current, displayName, chosen: true };
      return current;
    },
  });
  const functionsFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/auth/session'
      ? Promise.resolve(new Response(JSON.stringify({ user: { id: 'u1', email: 'ann@example.org', displayName: current.displayName }, csrfToken: 'csrf' })))
      : functionsFetch(input, init),
  );
  return api;
}

/** The greeting as /features shows it, beside the setting. */
function AccountWithGreeting() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null;
  return (
    <>
      <h1>Welcome, {greetingName(auth.user)}</h1>
      <DisplayNameSettings user={auth.user} />
    </>
  );
}

describe('Settings: display name', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a trimmed name and the greeting uses it at once; going back restores the sign-in name', async () => {
    const api = profileServer({ displayName: 'Ann', providerDisplayName: 'Ann', chosen: false });
    renderSignedIn(<AccountWithGreeting />);
    const input = (await screen.findByLabelText('Display name')) as HTMLInputElement;
    expect(input.value).toBe('Ann');
    expect(screen.queryByRole('button', { name: 'Use my sign-in name' })).toBeNull();

    fireEvent.change(input, { target: { value: '  Annie B.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Annie B.'));
    expect(api.callsTo('updateProfile')).toEqual([{ displayName: 'Annie B.' }]);
    expect(screen.getByRole('status').textContent).toContain('Mailroom now calls you Annie B.');
    expect(screen.getByText(/Your sign-in account calls you Ann\./)).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Use my sign-in name' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ann'));
    expect(api.callsTo('updateProfile').at(-1)).toEqual({ displayName: null });
    expect(api.problems).toEqual([]);
  });

  it.each([
    ['', /at least 1|cannot be empty/],
    ['x'.repeat(81), /at most 80 characters/],
    ['Ann\u202Eevil', /control characters, line breaks or text-direction overrides/],
  ])('refuses %j with the reason beside the field, and sends nothing', async (value, reason) => {
    const api = profileServer({ displayName: 'Ann', providerDisplayName: 'Ann', chosen: false });
    renderSignedIn(<AccountWithGreeting />);
    const input = await screen.findByLabelText('Display name');
    fireEvent.change(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    expect(described).toMatch(reason);
    expect(described).not.toMatch(/displayName|null/);
    expect(api.callsTo('updateProfile')).toEqual([]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ann');
  });
});
