import type { AuthSession } from '@mailroom/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, useLocation } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../shared/api';
import { RequireAuth } from './RequireAuth';

function WhereAmI() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, session: Promise<AuthSession>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(await session), { status: 200 })),
  );
  const router = createMemoryRouter(
    [
      { element: <RequireAuth />, children: [{ path: '/settings', element: <p>Settings page</p> }] },
      { path: '/connect', element: <WhereAmI /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('protected routes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the loading spinner while the session is being checked', () => {
    renderAt('/settings', new Promise(() => undefined));
    expect(screen.getByRole('status').textContent).toContain('Checking your sign-in');
  });

  it('sends a signed-out visitor to /connect with the way back', async () => {
    renderAt('/settings?tab=tokens', Promise.resolve({ user: null, csrfToken: null }));
    expect(await screen.findByText('at /connect?returnTo=%2Fsettings%3Ftab%3Dtokens')).toBeTruthy();
  });

  it('shows the page to a signed-in user', async () => {
    renderAt('/settings', Promise.resolve({ user: { id: 'u', email: 'a@b.c', displayName: null }, csrfToken: 't' }));
    expect(await screen.findByText('Settings page')).toBeTruthy();
  });
});
