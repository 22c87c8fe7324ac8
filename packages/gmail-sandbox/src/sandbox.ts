import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { RevocationLog, staticTokenVerifier } from './auth.ts';
import type { RevocationRecord, TokenVerifier, VerifiedToken } from './auth.ts';
import { FaultInjector } from './faults.ts';
import type { FaultOptions } from './faults.ts';
import { DEFAULT_DEMO_EMAIL } from './limits.ts';
import { PushNotifier } from './push.ts';
import type { PushDelivery, PushOptions } from './push.ts';
import { ConcurrencyLimiter, QuotaLimiter } from './quota.ts';
import { registerGmailRoutes, registerRevokeRoute } from './routes.ts';
import type { SandboxRuntime } from './runtime.ts';
import { LiveDelivery } from './live-delivery.ts';
import type { LiveDeliveryOptions } from './live-delivery.ts';
import { seedFromCorpus } from './seed/corpus.ts';
import type { SeedReport } from './seed/corpus.ts';
import { importMbox } from './seed/mbox.ts';
import type { ImportReport } from './seed/mbox.ts';
import type { StoredMessage } from './store/mailbox.ts';
import { SandboxStore } from './store/store.ts';

/** Raw messages up to Gmail's 35 MB limit, base64url-encoded in JSON (4/3 larger). */
const BODY_LIMIT_BYTES = 48 * 1024 * 1024;

export interface SandboxOptions {
  /**
   * Checks bearer tokens. Defaults to a static verifier over `tokens`; the embedded OpenID
   * provider passes its own.
   */
  verifyToken?: TokenVerifier;
  /** Static tokens (token -> {email, scopes}) when no verifyToken is given. */
  tokens?: Record<string, VerifiedToken>;
  /** Path prefix the routes are served under in the standalone app, e.g. `/sandbox/gmail`. Default: none. */
  prefix?: string;
  /** SQLite file that keeps the mailboxes across restarts; in memory only when omitted. */
  dataFile?: string | null;
  /** History records kept per mailbox (older startHistoryId answers 404). */
  historyWindow?: number;
  /** Per-user quota in units per minute (Google's per-method costs); null or omitted turns it off. */
  quotaUnitsPerMinute?: number | null;
  /** The window the quota counts over; Google's minute by default. Tests and benches may shorten it. */
  quotaWindowMs?: number;
  /** Status past the quota: 429 rateLimitExceeded (default) or 403 userRateLimitExceeded. */
  quotaErrorStatus?: 429 | 403;
  /** Concurrent requests per user before 429; unlimited when null or omitted. */
  maxConcurrentPerUser?: number | null;
  /** Injected 500 backendError and latency. */
  faults?: FaultOptions;
  /**
   * Called after `POST /revoke` or revokeToken recorded a revocation, e.g. so the embedded sign-in
   * provider can end the whole grant the token belongs to.
   */
  onRevoke?: (token: string) => void | Promise<void>;
  /** Where users.watch notifications are POSTed; no pushes are sent without it. */
  push?: PushOptions | null;
  /** The demo mailbox's owner for seedFromCorpus. Default demo@mailroom.local. */
  demoEmail?: string;
  /** IANA zone for calendar dates in `q`. Default America/Los_Angeles, as Gmail (DESIGN §5). */
  timeZone?: string;
  /** Clock for quota windows, internal dates of sent mail and push times (tests pass a fake). */
  now?: () => number;
  /** How injected latency and push retries wait (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** Fastify request logging for the standalone app. */
  logger?: boolean;
}

export interface Sandbox {
  /** A Fastify app serving the API under `prefix` (and `/revoke`); call listen() or inject(). */
  app: FastifyInstance;
  /** The routes as a Fastify plugin, to mount in another app: `app.register(sandbox.plugin, {prefix})`. */
  plugin: FastifyPluginAsync;
  store: SandboxStore;
  runtime: SandboxRuntime;
  /** The demo mailbox owner. */
  demoEmail: string;
  /** The client rootUrl once listening, e.g. `http://127.0.0.1:4100/` (ends with a slash). */
  rootUrl: string | null;
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /**
   * Seeds the demo mailbox from the SpamAssassin corpus (no-op when it already has mail).
   * `holdBackMs` keeps the corpus's last messages back for live delivery.
   */
  seedFromCorpus(options?: { email?: string; limit?: number; holdBackMs?: number }): Promise<SeedReport>;
  /**
   * Delivers the held-back demo mail while the sandbox runs, one message after another on the
   * corpus's own spacing compressed to about one per `intervalMs`, as new mail (history and
   * push, like Gmail's). Calling it again changes the pace; stopLiveDelivery ends it.
   */
  startLiveDelivery(options: LiveDeliveryOptions): void;
  stopLiveDelivery(): void;
  /** Delivers the next held-back message of a mailbox (the demo user's by default) at once. */
  deliverNext(email?: string): StoredMessage | null;
  /** Loads a Google Takeout (or any mboxrd/mboxo) file into a mailbox. */
  importMbox(mbox: Buffer | string, email: string): Promise<ImportReport>;
  injectFaults(faults: FaultOptions): void;
  setQuota(unitsPerMinute: number | null): void;
  setMaxConcurrentPerUser(max: number | null): void;
  /** Quota units the user spent in the trailing minute. */
  quotaUsage(email: string): number;
  /** Adds a token to the default static verifier (throws when a custom verifier is in use). */
  addToken(token: string, grant: VerifiedToken): void;
  /** Revokes a token as Google's revoke endpoint would, and records it in `revoked`. */
  revokeToken(token: string): Promise<void>;
  readonly revoked: readonly RevocationRecord[];
  setPush(push: PushOptions | null): void;
  readonly pushDeliveries: readonly PushDelivery[];
  /** Waits for scheduled push notifications to be delivered. */
  flushPush(): Promise<void>;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => delay(ms).then(() => undefined));
  const staticVerifier = options.verifyToken ? null : staticTokenVerifier(options.tokens ?? {});
  const store = new SandboxStore({ file: options.dataFile ?? null, ...(options.historyWindow ? { historyWindow: options.historyWindow } : {}) });
  const runtime: SandboxRuntime = {
    options: {
      verifyToken: options.verifyToken ?? (staticVerifier as TokenVerifier),
      quotaErrorStatus: options.quotaErrorStatus ?? 429,
      timeZone: options.timeZone ?? 'America/Los_Angeles',
    },
    store,
    quota: new QuotaLimiter({ unitsPerMinute: options.quotaUnitsPerMinute ?? null, ...(options.quotaWindowMs ? { windowMs: options.quotaWindowMs } : {}), now }),
    concurrency: new ConcurrencyLimiter(options.maxConcurrentPerUser ?? null),
    faults: new FaultInjector(options.faults),
    push: new PushNotifier(options.push ?? null, { now, sleep }),
    revocations: new RevocationLog(options.onRevoke ?? null),
    now,
    sleep,
    requestCount: 0,
  };
  const demoEmail = (options.demoEmail ?? DEFAULT_DEMO_EMAIL).toLowerCase();
  const live = new LiveDelivery(store, now);

  const plugin: FastifyPluginAsync = async (instance) => {
    // google-auth-library posts the revoke form urlencoded.
    instance.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    registerGmailRoutes(instance, runtime);
    registerRevokeRoute(instance, runtime);
  };

  const prefix = (options.prefix ?? '').replace(/\/+$/, '');
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT_BYTES });
  void app.register(plugin, { prefix });

  const sandbox: Sandbox = {
    app,
    plugin,
    store,
    runtime,
    demoEmail,
    rootUrl: null,
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address() as AddressInfo;
      const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      sandbox.rootUrl = `http://${hostname}:${address.port}${prefix}/`;
      return sandbox.rootUrl;
    },
    async close() {
      live.stop();
      runtime.push.close();
      await app.close();
      store.close();
    },
    seedFromCorpus(seed = {}) {
      return seedFromCorpus(store.mailbox(seed.email ?? demoEmail), {
        now: now(),
        ...(seed.limit !== undefined ? { limit: seed.limit } : {}),
        ...(seed.holdBackMs !== undefined ? { holdBackMs: seed.holdBackMs } : {}),
      });
    },
    startLiveDelivery(liveOptions) {
      live.start(liveOptions);
    },
    stopLiveDelivery() {
      live.stop();
    },
    deliverNext(email = demoEmail) {
      return live.deliverNext(store.mailbox(email));
    },
    importMbox(mbox, email) {
      return importMbox(store.mailbox(email), mbox);
    },
    injectFaults(faults) {
      runtime.faults.configure(faults);
    },
    setQuota(unitsPerMinute) {
      runtime.quota.unitsPerMinute = unitsPerMinute;
    },
    setMaxConcurrentPerUser(max) {
      runtime.concurrency.maxPerUser = max;
    },
    quotaUsage(email) {
      return runtime.quota.usage(email.toLowerCase());
    },
    addToken(token, grant) {
      if (!staticVerifier) throw new Error('addToken works with the static verifier only; this sandbox has a custom verifyToken');
      staticVerifier.tokens.set(token, grant);
    },
    revokeToken(token) {
      return runtime.revocations.revoke(token, new Date(now()));
    },
    get revoked() {
      return runtime.revocations.records;
    },
    setPush(push) {
      runtime.push.options = push;
    },
    get pushDeliveries() {
      return runtime.push.deliveries;
    },
    flushPush() {
      return runtime.push.flush();
    },
  };
  return sandbox;
}
