import type { PushConfig } from '@mailroom/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bytesToBase64Url,
  createPushClient,
  PushClientError,
  SW_ACTIVATION_TIMEOUT_MS,
  TOKEN_EXPIRATION_MS,
  type PushClientDeps,
  type RegistrationBody,
  type RegistrationLike,
  type SubscriptionLike,
  type TokenDetails,
  type WorkerLike,
} from './push-client';

const VAPID = bytesToBase64Url(new Uint8Array(65).fill(4));
const OTHER_VAPID = bytesToBase64Url(new Uint8Array(65).fill(7));
const CONFIG: PushConfig = { projectId: 'mailroom', apiKey: 'key', appId: 'app', messagingSenderId: 'sender', vapidKey: VAPID };
const DAY = 24 * 60 * 60 * 1000;

function fakeSubscription(endpoint: string, key = VAPID): SubscriptionLike & { unsubscribed: boolean } {
  const sub = {
    endpoint,
    unsubscribed: false,
    options: { applicationServerKey: Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (key.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer },
    getKey: (name: 'auth' | 'p256dh') => new Uint8Array(name === 'auth' ? 16 : 65).fill(endpoint.length).buffer,
    unsubscribe: async () => {
      sub.unsubscribed = true;
      return true;
    },
  };
  return sub;
}

class FakeWorker implements WorkerLike {
  state = 'installing';
  private listeners = new Set<() => void>();
  addEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'statechange', listener: () => void) {
    this.listeners.delete(listener);
  }
  become(state: string) {
    this.state = state;
    for (const l of [...this.listeners]) l();
  }
}

function setup(over: Partial<PushClientDeps> = {}) {
  let now = Date.parse('2026-11-26T10:00:00Z');
  let stored: TokenDetails | undefined;
  let endpoint = 'https://push.example/sub/1';
  let current: ReturnType<typeof fakeSubscription> | null = null;
  const calls: string[] = [];
  let nextToken = 1;
  const registration: RegistrationLike = {
    scope: 'https://mail.example/',
    active: {},
    installing: null,
    waiting: null,
    pushManager: {
      getSubscription: async () => current,
      subscribe: async (options) => {
        current = fakeSubscription(endpoint, bytesToBase64Url(options.applicationServerKey));
        calls.push(`subscribe ${endpoint}`);
        return current;
      },
    },
  };
  const deps: PushClientDeps = {
    now: () => now,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    supported: () => true,
    permission: () => 'granted',
    requestPermission: async () => 'granted',
    store: {
      get: async () => stored,
      set: async (d) => void (stored = d),
      remove: async () => void (stored = undefined),
    },
    loadConfig: async () => CONFIG,
    registerServiceWorker: async () => registration,
    api: {
      create: async (_c, body: RegistrationBody) => {
        calls.push(`POST ${body.web.endpoint}`);
        return `token-${nextToken++}`;
      },
      update: async (_c, token, body) => {
        calls.push(`PATCH ${token} ${body.web.endpoint}`);
        return token;
      },
      remove: async (_c, token) => void calls.push(`DELETE ${token}`),
    },
    ...over,
  };
  return {
    client: createPushClient(deps),
    deps,
    registration,
    calls,
    advance: (ms: number) => void (now += ms),
    stored: () => stored,
    setEndpoint: (e: string) => void (endpoint = e),
    subscription: () => current,
    dropSubscription: () => void (current = null),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PushClientError);
    expect((error as Error).message.length).toBeGreaterThan(20);
    return (error as PushClientError).code;
  }
  throw new Error('expected a PushClientError');
}

describe('push client rules', () => {
  it('registers once, keeps the token in the store, and reuses it while the subscription is unchanged', async () => {
    const t = setup();
    expect(await t.client.getToken()).toBe('token-1');
    expect(t.stored()).toMatchObject({ token: 'token-1', createTime: Date.parse('2026-11-26T10:00:00Z'), subscriptionOptions: { endpoint: 'https://push.example/sub/1', vapidKey: VAPID, swScope: 'https://mail.example/' } });
    t.advance(6 * DAY);
    expect(await t.client.getToken()).toBe('token-1');
    expect(t.calls).toEqual(['subscribe https://push.example/sub/1', 'POST https://push.example/sub/1']);
  });

  it('refreshes the token (PATCH) once it is 7 days old, not a moment before', async () => {
    const t = setup();
    await t.client.getToken();
    t.advance(TOKEN_EXPIRATION_MS - 1);
    await t.client.getToken();
    expect(t.calls.filter((c) => c.startsWith('PATCH'))).toEqual([]);
    t.advance(1);
    expect(await t.client.getToken()).toBe('token-1');
    expect(t.calls.at(-1)).toBe('PATCH token-1 https://push.example/sub/1');
    expect(t.stored()!.createTime).toBe(Date.parse('2026-11-26T10:00:00Z') + TOKEN_EXPIRATION_MS);
  });

  it('a failed refresh drops the token and says token-update-failed; the next call registers afresh', async () => {
    const t = setup();
    await t.client.getToken();
    t.deps.api.update = async () => {
      throw new Error('the server answered 500.');
    };
    t.advance(8 * DAY);
    expect(await codeOf(t.client.getToken())).toBe('token-update-failed');
    expect(t.stored()).toBeUndefined();
    expect(t.subscription()!.unsubscribed).toBe(true);
  });

  it('a changed subscription deletes the old registration and creates a new one', async () => {
    const t = setup();
    await t.client.getToken();
    t.dropSubscription();
    t.setEndpoint('https://push.example/sub/2');
    expect(await t.client.getToken()).toBe('token-2');
    expect(t.calls.slice(2)).toEqual(['subscribe https://push.example/sub/2', 'DELETE token-1', 'POST https://push.example/sub/2']);
    expect(t.stored()!.subscriptionOptions.endpoint).toBe('https://push.example/sub/2');
  });

  it('a subscription made with another VAPID key is unsubscribed and made again', async () => {
    const t = setup();
    await t.client.getToken();
    const old = t.subscription()!;
    t.deps.loadConfig = async () => ({ ...CONFIG, vapidKey: OTHER_VAPID });
    t.setEndpoint('https://push.example/sub/3');
    expect(await t.client.getToken()).toBe('token-2');
    expect(old.unsubscribed).toBe(true);
    expect(t.stored()!.subscriptionOptions.vapidKey).toBe(OTHER_VAPID);
  });

  describe('the service worker must be active within 10 s', () => {
    beforeEach(() => void vi.useFakeTimers());
    afterEach(() => void vi.useRealTimers());

    it('waits for activation', async () => {
      const worker = new FakeWorker();
      const t = setup();
      Object.assign(t.registration, { active: null, installing: worker });
      const pending = t.client.getToken();
      await vi.advanceTimersByTimeAsync(SW_ACTIVATION_TIMEOUT_MS - 1);
      worker.become('activated');
      expect(await pending).toBe('token-1');
    });

    it('fails with failed-service-worker-registration at 10 s', async () => {
      const t = setup();
      Object.assign(t.registration, { active: null, installing: new FakeWorker() });
      const pending = codeOf(t.client.getToken());
      await vi.advanceTimersByTimeAsync(SW_ACTIVATION_TIMEOUT_MS);
      expect(await pending).toBe('failed-service-worker-registration');
      expect(t.calls).toEqual([]);
    });
  });

  it('every failure has its code', async () => {
    expect(await codeOf(setup({ supported: () => false }).client.getToken())).toBe('unsupported-browser');
    expect(await codeOf(setup({ store: null }).client.getToken())).toBe('indexed-db-unsupported');
    const missing = setup({ loadConfig: async () => ({ ...CONFIG, apiKey: '', messagingSenderId: '' }) });
    await expect(missing.client.getToken()).rejects.toThrow(/apiKey, messagingSenderId/);
    expect(await codeOf(missing.client.getToken())).toBe('missing-app-config-values');
    expect(await codeOf(setup({ permission: () => 'denied' }).client.getToken({ ask: true }))).toBe('permission-blocked');
    expect(await codeOf(setup({ permission: () => 'default' }).client.getToken())).toBe('permission-default');
    expect(await codeOf(setup({ permission: () => 'default', requestPermission: async () => 'default' }).client.getToken({ ask: true }))).toBe('permission-default');
    expect(await codeOf(setup({ registerServiceWorker: async () => Promise.reject(new Error('404')) }).client.getToken())).toBe('failed-service-worker-registration');
    const subscribeFails = setup();
    subscribeFails.registration.pushManager.subscribe = async () => Promise.reject(new Error('push service not available'));
    await expect(subscribeFails.client.getToken()).rejects.toThrow(/push service not available/);
    const createFails = setup();
    createFails.deps.api.create = async () => Promise.reject(new Error('Project "x" is not this server’s project.'));
    expect(await codeOf(createFails.client.getToken())).toBe('token-subscribe-failed');
    const removeFails = setup();
    await removeFails.client.getToken();
    removeFails.deps.api.remove = async () => Promise.reject(new Error('offline'));
    expect(await codeOf(removeFails.client.deleteToken())).toBe('token-unsubscribe-failed');
  });

  it('asks for permission only when told to, and turning off deletes the registration and the subscription', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    let permission: NotificationPermission = 'default';
    const t = setup({ permission: () => permission, requestPermission: async () => ((permission = await requestPermission()), permission) });
    expect(await codeOf(t.client.getToken())).toBe('permission-default');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(await t.client.getToken({ ask: true })).toBe('token-1');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await t.client.deleteToken();
    expect(t.calls.at(-1)).toBe('DELETE token-1');
    expect(t.stored()).toBeUndefined();
    expect(t.subscription()!.unsubscribed).toBe(true);
  });
});
