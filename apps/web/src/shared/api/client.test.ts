import type { AuthSession } from '@mailroom/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callFn, setApiQueryClient } from './client';
import { FnCallError, NETWORK_ERROR_MESSAGE, needsWriteScope } from './errors';
import { createQueryClient } from './queryClient';
import { categoriesQueryKey, mailQueryKey, sessionQueryKey } from './session';

const signedIn: AuthSession = { user: { id: 'u1', email: 'ada@example.com', displayName: 'Ada' }, csrfToken: 'csrf-123' };

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

describe('callFn', () => {
  const client = createQueryClient();
  beforeEach(() => {
    client.clear();
    client.setQueryData(sessionQueryKey, signedIn);
    setApiQueryClient(client);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts {"data": ...} with the session CSRF token and resolves to the result', async () => {
    const fetchMock = answer(200, { result: { tokenId: 't1', name: 'ci', token: 'secret', createdAt: '2026-01-01T00:00:00Z' } });
    vi.stubGlobal('fetch', fetchMock);
    const result = await callFn('createApiToken', { name: 'ci' });
    expect(result.token).toBe('secret');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/fn/createApiToken');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ data: { name: 'ci' } });
    expect((init.headers as Record<string, string>)['x-csrf-token']).toBe('csrf-123');
  });

  it('sends data: null for a function called without arguments', async () => {
    const fetchMock = answer(200, { result: { tokens: [] } });
    vi.stubGlobal('fetch', fetchMock);
    await callFn('listApiTokens');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ data: null });
  });

  it('rejects with the envelope status, message and details', async () => {
    vi.stubGlobal('fetch', answer(400, { error: { status: 'FAILED_PRECONDITION', message: 'Write access needed', details: { reason: 'WRITE_SCOPE_REQUIRED' } } }));
    const error = await callFn('quarantineEmails', { categoryId: 'c1', all: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FnCallError);
    expect((error as FnCallError).status).toBe('FAILED_PRECONDITION');
    expect((error as FnCallError).message).toBe('Write access needed');
    expect(needsWriteScope(error)).toBe(true);
  });

  it('reports a function whose feature is not built as UNIMPLEMENTED', async () => {
    vi.stubGlobal('fetch', answer(501, { error: { status: 'UNIMPLEMENTED', message: 'listCategories is not implemented yet' } }));
    await expect(callFn('listCategories')).rejects.toMatchObject({ status: 'UNIMPLEMENTED', httpStatus: 501 });
  });

  it('forgets the user and their cached categories and mail on UNAUTHENTICATED', async () => {
    client.setQueryData([...categoriesQueryKey, 'u1'], [{ categoryId: 'c1' }]);
    client.setQueryData([...mailQueryKey, 'u1', 'content', 'm1'], { id: 'm1' });
    vi.stubGlobal('fetch', answer(401, { error: { status: 'UNAUTHENTICATED', message: 'Sign in to call this function' } }));
    await expect(callFn('listCategories')).rejects.toMatchObject({ status: 'UNAUTHENTICATED' });
    expect(client.getQueryData(sessionQueryKey)).toEqual({ user: null, csrfToken: null });
    expect(client.getQueryData([...categoriesQueryKey, 'u1'])).toBeUndefined();
    expect(client.getQueryData([...mailQueryKey, 'u1', 'content', 'm1'])).toBeUndefined();
  });

  it('turns a request that never reached the server into the network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(callFn('getGmailStatus')).rejects.toMatchObject({ network: true, message: NETWORK_ERROR_MESSAGE });
  });

  it('explains an answer that is not the envelope (a proxy error page)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(callFn('getGmailStatus')).rejects.toMatchObject({ status: 'INTERNAL', httpStatus: 502 });
  });
});
