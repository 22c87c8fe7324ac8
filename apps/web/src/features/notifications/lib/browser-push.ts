import { pushRegistrationsPath, type PushConfig } from '@mailroom/contract';
import { callFn, CSRF_HEADER, currentCsrfToken } from '../../../shared/api';
import { createPushClient, type PushClient, type RegistrationApi, type RegistrationBody, type RegistrationLike, type TokenDetails, type TokenStore } from './push-client';

/** The real browser's parts for the push client: IndexedDB, the service worker, the registration routes. */

const DB_NAME = 'mailroom-push';
const STORE = 'tokens';
const SW_URL = '/sw.js';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The token record in IndexedDB, one per signed-in user (key: the user id), or null without IndexedDB. */
export function indexedDbTokenStore(key: string): TokenStore | null {
  if (typeof indexedDB === 'undefined') return null;
  let opened: Promise<IDBDatabase> | null = null;
  const db = () => {
    opened ??= new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB is unavailable'));
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => request(op((await db()).transaction(STORE, mode).objectStore(STORE)));
  return {
    get: () => run('readonly', (s) => s.get(key) as IDBRequest<TokenDetails | undefined>),
    set: async (details) => void (await run('readwrite', (s) => s.put(details, key))),
    remove: async () => void (await run('readwrite', (s) => s.delete(key))),
  };
}

async function registrationCall(config: PushConfig, method: 'POST' | 'PATCH' | 'DELETE', suffix: string, body?: RegistrationBody): Promise<{ token?: string }> {
  const csrf = currentCsrfToken();
  let response: Response;
  try {
    response = await fetch(`${pushRegistrationsPath(config.projectId)}${suffix}`, {
      method,
      credentials: 'same-origin',
      headers: {
        'x-goog-api-key': config.apiKey,
        ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new Error('the server could not be reached.');
  }
  const json = (await response.json().catch(() => ({}))) as { token?: string; error?: { message?: string } };
  if (!response.ok) throw new Error(json.error?.message ?? `the server answered ${response.status}.`);
  return json;
}

export const registrationApi: RegistrationApi = {
  async create(config, body) {
    const { token } = await registrationCall(config, 'POST', '', body);
    if (!token) throw new Error('the server answered without a token.');
    return token;
  },
  async update(config, token, body) {
    const answer = await registrationCall(config, 'PATCH', `/${encodeURIComponent(token)}`, body);
    if (!answer.token) throw new Error('the server answered without a token.');
    return answer.token;
  },
  async remove(config, token) {
    await registrationCall(config, 'DELETE', `/${encodeURIComponent(token)}`);
  },
};

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The push client for the signed-in user in this browser. */
export function browserPushClient(userId: string): PushClient {
  return createPushClient({
    now: () => Date.now(),
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    supported: pushSupported,
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    store: indexedDbTokenStore(userId),
    loadConfig: () => callFn('getPushConfig'),
    registerServiceWorker: async () => (await navigator.serviceWorker.register(SW_URL, { scope: '/' })) as unknown as RegistrationLike,
    api: registrationApi,
  });
}
