import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/principal.ts';
import { registerAuth } from '../auth/services.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { isDatabaseReachable, type Db } from '../db/database.ts';
import { featurePlugins } from '../features/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { installFeatures, type InstalledFeatures } from '../platform/compose.ts';
import { createObservability, createProcessLogger, type Observability } from '../platform/observability.ts';
import type { FeaturePlugin, FnImplementations } from '../platform/plugin.ts';
import type { AppServices, PushSender } from '../platform/services.ts';
import { accountProviders } from '../providers/accounts.ts';
import { createLlmProvider } from '../providers/llm/index.ts';
import { createPushSender, loadOrCreateVapidKeys } from '../providers/push/index.ts';
import { setupMailBackend, type MailBackend } from '../providers/mail-backend.ts';
import { installedSpeechRecognizer, type SpeechRecognizer } from '../providers/speech/index.ts';
import { createDkimVerifier, createSafeWebClient, type WebServices } from '../providers/web/index.ts';
import type { ProviderFactory } from '../providers/mail-provider.ts';
import { defineSyncJobs, EMBEDDED_WATCH_TOPIC, scheduleSyncJobs } from '../sync/jobs.ts';
import { registerPushRoute } from '../sync/push.ts';
import { functionsPlugin } from './functions.ts';
import { registerMetrics } from './metrics.ts';
import { registerCanonicalHost } from './canonical-host.ts';
import { registerSpa } from './spa.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  jobs: JobQueue;
  /** The features to install; by default every plugin listed in features/index.ts. */
  plugins?: readonly FeaturePlugin[];
  /** Callable functions to serve instead of the plugins' own (tests of the HTTP framework). */
  implementations?: FnImplementations;
  authenticate?: Authenticator;
  /** Builds an account's mail provider; by default from its stored grant and the mail backend. */
  providers?: ProviderFactory;
  /** The time every feature and job reads; the system clock unless a test moves time. */
  clock?: Clock;
  /** Web Push delivery; by default web-push with the configured or DATA_DIR's VAPID keys. */
  push?: PushSender | null;
  /** The offline speech recogniser; by default pocketsphinx where it is installed (null: none). */
  speech?: SpeechRecognizer | null;
  /** The process's pino logger; without one the app logs at the configured level (tests: none). */
  log?: FastifyBaseLogger | false;
  /**
   * The SSRF-safe client and DKIM check (tests: a client with the test-only origin allowance and
   * a resolver holding the test's DKIM key). No configuration variable reaches these.
   */
  web?: WebServices;
  /**
   * Quota, route and log observations for /ops; by default a fresh set. A process that builds its
   * own logger passes the set whose log ring that logger feeds (server.ts).
   */
  observability?: Observability;
}

/**
 * Content Security Policy for the app shell. No inline scripts, no third-party origins; email
 * content is shown in sandboxed iframes with their own, stricter policy.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** What the process running the app needs from it beyond HTTP. */
export interface MailroomRuntime {
  /** The services every feature was given. */
  services: AppServices;
  /** What the plugins registered: functions, derived tables under retention, schedules. */
  features: InstalledFeatures;
  /** Arms the cron schedules (sync's and the features'); call once the job queue has started. */
  scheduleJobs(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailBackend: MailBackend;
    mailroom: MailroomRuntime;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, jobs } = options;
  const observability = options.observability ?? createObservability();
  const app = Fastify({
    ...(options.log
      ? { loggerInstance: options.log }
      : options.log === false
        ? { logger: false }
        : { loggerInstance: createProcessLogger(config.logLevel, observability) }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });
  // Before anything else: a page opened on another host name goes to PUBLIC_URL's.
  registerCanonicalHost(app, config.publicUrl);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Sign-in opens a popup that passes through Google's origin and must still reach its opener
    // (window.opener.postMessage); `same-origin` would sever that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCookie);
  registerMetrics(app, config.metricsToken, (method, route, statusCode, elapsedMs) => observability.routes.observe(method, route, statusCode, elapsedMs, Date.now()));
  // Sign-in (and the embedded OpenID provider under /idp).
  const auth = await registerAuth(app, { config, db });
  // Gmail itself (Google, or the embedded sandbox), and the sync that mirrors it into the store.
  const mail = await setupMailBackend(app, config, auth);
  app.decorate('mailBackend', mail);
  const providers =
    options.providers ??
    accountProviders({ db, tokenKey: auth.secrets.tokenKey, oauth: auth.oauth, rootUrl: mail.rootUrl, log: app.log, usage: observability.gmailUsage });
  // A fault drill for /ops, only ever against the embedded sandbox.
  const sandbox = mail.sandbox;
  observability.sandboxFaults = sandbox ? (faults) => sandbox.injectFaults({ errorRate: faults.errorRate, errorKind: faults.kind ?? 'backendError' }) : null;
  defineSyncJobs({ db, jobs, providers, log: app.log, watchTopic: config.gmailPubsubTopic ?? (mail.sandbox ? EMBEDDED_WATCH_TOPIC : null) });
  await registerPushRoute(app, { db, jobs, pushToken: mail.pushToken });

  // The one context every feature gets. The optional outside parts (an LLM, Web Push, the
  // speech recogniser) are wired here when their providers land; null means "not available".
  const services: AppServices = {
    db,
    config,
    jobs,
    providers,
    clock: options.clock ?? systemClock,
    log: app.log,
    authenticate: options.authenticate ?? auth.authenticate,
    llm: createLlmProvider(config.ai),
    push: options.push !== undefined ? options.push : createPushSender({ keys: loadOrCreateVapidKeys(config.dataDir, config.push.vapidKeys), subject: config.push.subject }),
    speech: options.speech !== undefined ? options.speech : await installedSpeechRecognizer(app.log),
    // The embedded default has no DNS of its own to trust for DKIM keys: one-click is never used there.
    web: options.web ?? { client: createSafeWebClient(), verifyDkim: createDkimVerifier(mail.sandbox ? null : undefined) },
    observability,
  };
  const features = await installFeatures(app, services, options.plugins ?? featurePlugins);
  app.decorate('mailroom', {
    services,
    features,
    async scheduleJobs() {
      await scheduleSyncJobs(jobs);
      await features.schedule();
    },
  } satisfies MailroomRuntime);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ok = await isDatabaseReachable(db);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unreachable' });
  });

  await app.register(async (api) => {
    await api.register(fastifyRateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });
    await api.register(functionsPlugin, { services, implementations: options.implementations ?? features.implementations });
  });

  // Signed-out visits to protected pages go to /connect straight from the server.
  await registerSpa(app, config.webDistDir, { isSignedIn: async (request) => (await auth.sessionAuthenticator(request)) !== null });
  return app;
}
