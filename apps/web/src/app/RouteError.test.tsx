import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteError } from './RouteError';

function Broken(): never {
  throw new Error('The category list could not be drawn');
}

describe('route error boundary', () => {
  it('shows "Something went wrong" with the error’s message and a way back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The category list could not be drawn')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Mailroom/ }).getAttribute('href')).toBe('/');
  });

  it('shows the same screen when a page fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        hydrateFallbackElement: <p>Loading</p>,
        lazy: async () => Promise.reject(new Error('Failed to fetch dynamically imported module: /assets/SettingsPage.js')),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Failed to fetch dynamically imported module/)).toBeTruthy();
  });
});
