import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/principal.ts';
import { registerAuth } from '../auth/services.ts';
import type { Config } from '../config.ts';
import { isDatabaseReachable, type Db } from '../db/database.ts';
import { registerGmailFeature } from '../features/gmail/oauth-callback.ts';
import { implementations as defaultImplementations } from '../features/index.ts';
import type { FnImplementations } from '../features/registry.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { accountProviders } from '../providers/accounts.ts';
import { setupMailBackend, type MailBackend } from '../providers/mail-backend.ts';
import type { MailProvider } from '../providers/mail-provider.ts';
import { registerRecoveryJobs } from '../features/recovery/index.ts';
import { registerMessagesFeature } from '../features/messages/view.ts';
import { defineSyncJobs, EMBEDDED_WATCH_TOPIC } from '../sync/jobs.ts';
import { registerPushRoute } from '../sync/push.ts';
import { functionsPlugin } from './functions.ts';
import { registerMetrics } from './metrics.ts';
import { registerSpa } from './spa.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  jobs: JobQueue;
  implementations?: FnImplementations;
  authenticate?: Authenticator;
  /** Builds an account's mail provider; by default from its stored grant and the mail backend. */
  providers?: (accountId: string) => Promise<MailProvider | null>;
  /** The process's pino logger; without one the app logs at the configured level (tests: none). */
  log?: FastifyBaseLogger | false;
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

declare module 'fastify' {
  interface FastifyInstance {
    mailBackend: MailBackend;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, jobs } = options;
  const app = Fastify({
    ...(options.log ? { loggerInstance: options.log } : { logger: options.log === false ? false : { level: config.logLevel } }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Sign-in opens a popup that passes through Google's origin and must still reach its opener
    // (window.opener.postMessage); `same-origin` would sever that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCookie);
  registerMetrics(app, config.metricsToken);
  // Sign-in (and the embedded OpenID provider under /idp), then Gmail's consent callback.
  const auth = await registerAuth(app, { config, db });
  await registerGmailFeature(app, { config, db, jobs });
  // Gmail itself (Google, or the embedded sandbox), and the sync that mirrors it.
  const mail = await setupMailBackend(app, config, auth);
  app.decorate('mailBackend', mail);
  const providers =
    options.providers ?? accountProviders({ db, tokenKey: auth.secrets.tokenKey, oauth: auth.oauth, rootUrl: mail.rootUrl, log: app.log });
  defineSyncJobs({ db, jobs, providers, log: app.log, watchTopic: config.gmailPubsubTopic ?? (mail.sandbox ? EMBEDDED_WATCH_TOPIC : null) });
  await registerPushRoute(app, { db, jobs, pushToken: mail.pushToken });
  // Bulk actions over 1,000 messages run as jobs (and resume after a restart).
  registerRecoveryJobs(app, { db, jobs, providers });
  // The reading pane's sandboxed viewer document: GET /api/messages/{id}/view.
  await registerMessagesFeature(app, { config, db, providers, authenticate: options.authenticate ?? auth.authenticate });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const ok = await isDatabaseReachable(db);
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unreachable' });
  });

  await app.register(async (api) => {
    await api.register(fastifyRateLimit, { max: config.rateLimitPerMinute, timeWindow: '1 minute' });
    await api.register(functionsPlugin, {
      db,
      config,
      jobs,
      providers,
      authenticate: options.authenticate ?? auth.authenticate,
      implementations: options.implementations ?? defaultImplementations,
    });
  });

  await registerSpa(app, config.webDistDir);
  return app;
}
