import type { FnStatus } from '@mailroom/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { createQueryClient, sessionQueryKey, setApiQueryClient } from '../../../shared/api';
import { ToastProvider } from '../../../shared/ui';

export class FakeFnError {
  readonly status: FnStatus;
  readonly message: string;
  readonly details: unknown;
  constructor(status: FnStatus, message: string, details?: unknown) {
    this.status = status;
    this.message = message;
    this.details = details;
  }
}

type Handler = (data: Record<string, unknown>) => unknown;

const HTTP: Partial<Record<FnStatus, number>> = { INVALID_ARGUMENT: 400, FAILED_PRECONDITION: 400, NOT_FOUND: 404, ALREADY_EXISTS: 409 };

/**
 * The server's callable functions, faked at fetch: each call is recorded with its data, and the
 * handler answers a result (or throws a FakeFnError for the error envelope).
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Array<{ name: string; data: Record<string, unknown> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const name = url.replace(/^\/api\/fn\//, '');
      const data = (JSON.parse(String(init?.body ?? '{}')) as { data?: Record<string, unknown> }).data ?? {};
      calls.push({ name, data });
      const handler = handlers[name];
      if (!handler) return new Response(JSON.stringify({ error: { status: 'UNIMPLEMENTED', message: `${name} is not faked` } }), { status: 501 });
      try {
        return new Response(JSON.stringify({ result: await handler(data) }), { status: 200 });
      } catch (error) {
        if (!(error instanceof FakeFnError)) throw error;
        return new Response(JSON.stringify({ error: { status: error.status, message: error.message, details: error.details } }), {
          status: HTTP[error.status] ?? 500,
        });
      }
    }),
  );
  return { calls, callsTo: (name: string) => calls.filter((c) => c.name === name).map((c) => c.data) };
}

/** Renders `element` at `path` for a signed-in user, with the app's query client and toasts. */
export function renderSignedIn(element: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const client = createQueryClient();
  client.setQueryData(sessionQueryKey, { user: { id: 'u1', email: 'ann@example.org', displayName: 'Ann' }, csrfToken: 'csrf' });
  setApiQueryClient(client);
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}
