import { functions, STATUS_HTTP, type FnName, type FnParsedRequest, type FnRequest, type FnResponse, type FnStatus } from '@mailroom/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { createQueryClient, sessionQueryKey, setApiQueryClient } from '../shared/api';
import { ToastProvider } from '../shared/ui';

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

/** A fake callable function: given the request the server would have parsed, the answer the contract allows. */
export type FakeHandlers = { [N in FnName]?: (data: FnParsedRequest<N>) => FnResponse<N> | Promise<FnResponse<N>> };

const envelope = (status: FnStatus, message: string, details?: unknown) =>
  new Response(JSON.stringify({ error: { status, message, ...(details === undefined ? {} : { details }) } }), { status: STATUS_HTTP[status] });

/**
 * The server's callable functions, faked at fetch and typed from packages/contract, so a fake
 * cannot drift from the real API: handlers are typed by function name, and at run time every
 * request is checked against the function's request schema (an invalid one answers
 * INVALID_ARGUMENT, as the server would) and every answer against its response schema (one the
 * contract does not allow answers INTERNAL). Both kinds of mistake are also listed in `problems`.
 */
export function fakeApi(handlers: FakeHandlers) {
  const calls: Array<{ name: string; data: unknown }> = [];
  const problems: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const name = String(input).replace(/^\/api\/fn\//, '');
      const data = (JSON.parse(String(init?.body ?? '{}')) as { data?: unknown }).data ?? null;
      calls.push({ name, data });
      if (!Object.hasOwn(functions, name)) return envelope('NOT_FOUND', `No function named ${name}`);
      const spec = functions[name as FnName];
      const handler = handlers[name as FnName] as ((data: unknown) => unknown) | undefined;
      if (!handler) return envelope('UNIMPLEMENTED', `${name} is not faked`);
      const request = spec.request.safeParse(data);
      if (!request.success) {
        problems.push(`${name} was sent a request the contract refuses: ${request.error.message}`);
        return envelope('INVALID_ARGUMENT', `${name}: ${request.error.message}`);
      }
      try {
        const result = await handler(request.data);
        const response = spec.response.safeParse(result);
        if (!response.success) {
          problems.push(`the fake ${name} answered outside the contract: ${response.error.message}`);
          return envelope('INTERNAL', `fake ${name} answered outside the contract`);
        }
        return new Response(JSON.stringify({ result: response.data }), { status: 200 });
      } catch (error) {
        if (!(error instanceof FakeFnError)) throw error;
        return envelope(error.status, error.message, error.details);
      }
    }),
  );
  return {
    calls,
    problems,
    /** What the page sent to `name`, call by call. */
    callsTo: <N extends FnName>(name: N) => calls.filter((c) => c.name === name).map((c) => c.data as FnRequest<N>),
  };
}

/** Renders `element` at `path` for a signed-in user, with the app's query client and toasts. */
export function renderSignedIn(element: ReactElement, { path = '/', route = '/' }: { path?: string; route?: string } = {}) {
  const client = createQueryClient();
  client.setQueryData(sessionQueryKey, { user: { id: 'u1', email: 'ann@example.org', displayName: 'Ann' }, csrfToken: 'csrf' });
  setApiQueryClient(client);
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...view, client, router };
}
