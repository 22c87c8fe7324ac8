import type { PushConfig } from '@mailroom/contract';

/**
 * The browser side of push registration, with the seed's client rules (§4, §5, §8):
 * - projectId, apiKey, appId and messagingSenderId are required (the server serves them);
 * - notification permission must be granted;
 * - the service worker must be active within SW_ACTIVATION_TIMEOUT_MS;
 * - the stored token is reused while the subscription is unchanged, refreshed (PATCH) once older
 *   than TOKEN_EXPIRATION_MS, and when the subscription changed the old registration is deleted
 *   and a new one created;
 * - tokens are kept in IndexedDB;
 * - every failure is a PushClientError with its code and a sentence a person understands.
 *
 * Everything the rules touch (clock, timers, permission, service worker, store, API) comes in as
 * dependencies, so the rules are tested with a fake clock (push-client.test.ts).
 */

export const TOKEN_EXPIRATION_MS = 7 * 24 * 60 * 60 * 1000;
export const SW_ACTIVATION_TIMEOUT_MS = 10_000;

export type PushErrorCode =
  | 'missing-app-config-values'
  | 'permission-blocked'
  | 'permission-default'
  | 'unsupported-browser'
  | 'indexed-db-unsupported'
  | 'failed-service-worker-registration'
  | 'token-subscribe-failed'
  | 'token-update-failed'
  | 'token-unsubscribe-failed';

export const PUSH_ERROR_MESSAGES: Record<PushErrorCode, string> = {
  'missing-app-config-values': 'The server did not send the push configuration it needs ({values}). Ask whoever runs this Mailroom to check its PUSH_ settings.',
  'permission-blocked': 'Notifications are blocked for this site. Allow them in your browser’s site settings (the icon beside the address), then try again.',
  'permission-default': 'Your browser has not been allowed to show notifications yet. Choose Allow when it asks.',
  'unsupported-browser': 'This browser cannot receive push notifications. Try a current Chrome, Edge, Firefox or Safari, or install Mailroom as an app.',
  'indexed-db-unsupported': 'This browser does not let Mailroom keep its notification settings (IndexedDB is unavailable, as in some private windows).',
  'failed-service-worker-registration': 'Mailroom’s background worker could not start in this browser, so notifications cannot arrive. Reload the page and try again.',
  'token-subscribe-failed': 'This browser could not be registered for notifications: {reason}',
  'token-update-failed': 'This browser’s notification registration could not be renewed: {reason}',
  'token-unsubscribe-failed': 'Notifications could not be turned off for this browser: {reason}',
};

export class PushClientError extends Error {
  readonly code: PushErrorCode;
  constructor(code: PushErrorCode, values: Record<string, string> = {}) {
    super(PUSH_ERROR_MESSAGES[code].replace(/\{(\w+)\}/g, (_m, key: string) => values[key] ?? ''));
    this.name = 'PushClientError';
    this.code = code;
  }
}

export function isPushClientError(error: unknown): error is PushClientError {
  return error instanceof PushClientError;
}

/** What the token was made for; any difference means a new subscription, so a new token. */
export interface SubscriptionOptions {
  swScope: string;
  vapidKey: string;
  endpoint: string;
  auth: string;
  p256dh: string;
}

/** The record kept in IndexedDB (the seed's token details). */
export interface TokenDetails {
  token: string;
  createTime: number;
  subscriptionOptions: SubscriptionOptions;
}

export interface TokenStore {
  get(): Promise<TokenDetails | undefined>;
  set(details: TokenDetails): Promise<void>;
  remove(): Promise<void>;
}

/** The parts of PushSubscription used here. */
export interface SubscriptionLike {
  endpoint: string;
  getKey(name: 'auth' | 'p256dh'): ArrayBuffer | null;
  options?: { applicationServerKey?: ArrayBuffer | null };
  unsubscribe(): Promise<boolean>;
}

/** The parts of ServiceWorkerRegistration used here. */
export interface RegistrationLike {
  scope: string;
  active: object | null;
  installing: WorkerLike | null;
  waiting: WorkerLike | null;
  pushManager: {
    getSubscription(): Promise<SubscriptionLike | null>;
    subscribe(options: { userVisibleOnly: true; applicationServerKey: Uint8Array<ArrayBuffer> }): Promise<SubscriptionLike>;
  };
}

export interface WorkerLike {
  state: string;
  addEventListener(type: 'statechange', listener: () => void): void;
  removeEventListener(type: 'statechange', listener: () => void): void;
}

export interface RegistrationBody {
  web: { endpoint: string; auth: string; p256dh: string; applicationPubKey?: string };
}

export interface RegistrationApi {
  create(config: PushConfig, body: RegistrationBody): Promise<string>;
  update(config: PushConfig, token: string, body: RegistrationBody): Promise<string>;
  remove(config: PushConfig, token: string): Promise<void>;
}

export interface PushClientDeps {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Service workers, the Push API and notifications are all there. */
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** Null when IndexedDB is unavailable. */
  store: TokenStore | null;
  loadConfig(): Promise<Partial<PushConfig>>;
  registerServiceWorker(): Promise<RegistrationLike>;
  api: RegistrationApi;
}

const REQUIRED_CONFIG = ['projectId', 'apiKey', 'appId', 'messagingSenderId'] as const;

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64Url(buffer: ArrayBuffer | Uint8Array): string {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'the server did not answer.';
}

export function createPushClient(deps: PushClientDeps) {
  async function checkedConfig(): Promise<PushConfig> {
    const config = await deps.loadConfig();
    const missing = [...REQUIRED_CONFIG, 'vapidKey' as const].filter((key) => !config[key]);
    if (missing.length > 0) throw new PushClientError('missing-app-config-values', { values: missing.join(', ') });
    return config as PushConfig;
  }

  /** Resolves once the registration's worker is active; fails after SW_ACTIVATION_TIMEOUT_MS. */
  function waitForActive(registration: RegistrationLike): Promise<void> {
    if (registration.active) return Promise.resolve();
    const worker = registration.installing ?? registration.waiting;
    if (!worker) return Promise.reject(new PushClientError('failed-service-worker-registration'));
    return new Promise((resolve, reject) => {
      const onChange = () => {
        if (worker.state === 'activated') {
          deps.clearTimeout(timer);
          worker.removeEventListener('statechange', onChange);
          resolve();
        } else if (worker.state === 'redundant') {
          deps.clearTimeout(timer);
          worker.removeEventListener('statechange', onChange);
          reject(new PushClientError('failed-service-worker-registration'));
        }
      };
      const timer = deps.setTimeout(() => {
        worker.removeEventListener('statechange', onChange);
        reject(new PushClientError('failed-service-worker-registration'));
      }, SW_ACTIVATION_TIMEOUT_MS);
      worker.addEventListener('statechange', onChange);
    });
  }

  async function activeRegistration(): Promise<RegistrationLike> {
    let registration: RegistrationLike;
    try {
      registration = await deps.registerServiceWorker();
    } catch {
      throw new PushClientError('failed-service-worker-registration');
    }
    await waitForActive(registration);
    return registration;
  }

  /** The browser's subscription for this VAPID key: the existing one if it was made with it. */
  async function subscription(registration: RegistrationLike, vapidKey: string): Promise<SubscriptionLike> {
    const existing = await registration.pushManager.getSubscription();
    if (existing) {
      const key = existing.options?.applicationServerKey;
      if (!key || bytesToBase64Url(key) === vapidKey) return existing;
      await existing.unsubscribe();
    }
    try {
      return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(vapidKey) });
    } catch (error) {
      throw new PushClientError('token-subscribe-failed', { reason: reasonOf(error) });
    }
  }

  function optionsOf(registration: RegistrationLike, sub: SubscriptionLike, vapidKey: string): SubscriptionOptions {
    const auth = sub.getKey('auth');
    const p256dh = sub.getKey('p256dh');
    if (!auth || !p256dh) throw new PushClientError('token-subscribe-failed', { reason: 'the browser gave no encryption keys.' });
    return { swScope: registration.scope, vapidKey, endpoint: sub.endpoint, auth: bytesToBase64Url(auth), p256dh: bytesToBase64Url(p256dh) };
  }

  function bodyOf(options: SubscriptionOptions): RegistrationBody {
    return { web: { endpoint: options.endpoint, auth: options.auth, p256dh: options.p256dh, applicationPubKey: options.vapidKey } };
  }

  const sameOptions = (a: SubscriptionOptions, b: SubscriptionOptions) =>
    a.swScope === b.swScope && a.vapidKey === b.vapidKey && a.endpoint === b.endpoint && a.auth === b.auth && a.p256dh === b.p256dh;

  async function newToken(store: TokenStore, config: PushConfig, options: SubscriptionOptions): Promise<string> {
    let token: string;
    try {
      token = await deps.api.create(config, bodyOf(options));
    } catch (error) {
      throw new PushClientError('token-subscribe-failed', { reason: reasonOf(error) });
    }
    await store.set({ token, createTime: deps.now(), subscriptionOptions: options });
    return token;
  }

  /** Permission granted (asking when `ask` and not asked yet), or the error saying why not. */
  async function ensurePermission(ask: boolean): Promise<void> {
    let permission = deps.permission();
    if (permission === 'default' && ask) permission = await deps.requestPermission();
    if (permission === 'denied') throw new PushClientError('permission-blocked');
    if (permission !== 'granted') throw new PushClientError('permission-default');
  }

  function preconditions(): TokenStore {
    if (!deps.supported()) throw new PushClientError('unsupported-browser');
    if (!deps.store) throw new PushClientError('indexed-db-unsupported');
    return deps.store;
  }

  return {
    /**
     * This browser's registration token, creating, renewing or replacing it as the rules say.
     * With `ask`, a permission not asked yet is asked for (call it from a click).
     */
    async getToken({ ask = false }: { ask?: boolean } = {}): Promise<string> {
      const store = preconditions();
      const config = await checkedConfig();
      await ensurePermission(ask);
      const registration = await activeRegistration();
      const sub = await subscription(registration, config.vapidKey);
      const options = optionsOf(registration, sub, config.vapidKey);
      const details = await store.get();
      if (!details) return newToken(store, config, options);
      if (!sameOptions(details.subscriptionOptions, options)) {
        // The subscription changed: its old registration goes (best effort), a new one is made.
        await deps.api.remove(config, details.token).catch(() => undefined);
        await store.remove();
        return newToken(store, config, options);
      }
      if (deps.now() >= details.createTime + TOKEN_EXPIRATION_MS) {
        try {
          const token = await deps.api.update(config, details.token, bodyOf(options));
          await store.set({ token, createTime: deps.now(), subscriptionOptions: options });
          return token;
        } catch (error) {
          // A registration that cannot be renewed is dropped, so the next call starts afresh.
          await store.remove();
          await sub.unsubscribe().catch(() => false);
          throw new PushClientError('token-update-failed', { reason: reasonOf(error) });
        }
      }
      return details.token;
    },

    /** The stored token, without touching the network (null when this browser has none). */
    async storedToken(): Promise<string | null> {
      if (!deps.store) return null;
      return (await deps.store.get())?.token ?? null;
    },

    /** Turns push off for this browser: the registration is deleted and the subscription ended. */
    async deleteToken(): Promise<void> {
      const store = preconditions();
      const details = await store.get();
      const config = await checkedConfig();
      if (details) {
        try {
          await deps.api.remove(config, details.token);
        } catch (error) {
          throw new PushClientError('token-unsubscribe-failed', { reason: reasonOf(error) });
        }
        await store.remove();
      }
      const registration = await activeRegistration();
      const sub = await registration.pushManager.getSubscription();
      if (sub && !(await sub.unsubscribe())) throw new PushClientError('token-unsubscribe-failed', { reason: 'the browser kept its subscription.' });
    },
  };
}

export type PushClient = ReturnType<typeof createPushClient>;
