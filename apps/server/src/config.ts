import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Every environment variable Mailroom reads. With none set, Mailroom runs the embedded default
 * (DESIGN §4): SQLite under ./data, port 3000. The README's configuration table mirrors this.
 */
export const envSchema = z
  .object({
    PORT: z.coerce.number({ message: 'must be a number' }).int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    PUBLIC_URL: z.string().url({ message: 'must be an absolute URL such as https://mail.example.com' }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'must be a lower-case SQL identifier' })
      .optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: 'must be a number' }).int().min(1).default(600),
    BODY_LIMIT_BYTES: z.coerce.number({ message: 'must be a number' }).int().min(1024).default(1_048_576),
    METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
    TRUST_PROXY: booleanFromEnv.default(false),
    WEB_DIST_DIR: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    MAILROOM_SECRET: z.string().min(32, { message: 'must be at least 32 characters (e.g. `openssl rand -base64 32`)' }).optional(),
    SIGNIN_RATE_LIMIT_PER_MINUTE: z.coerce.number({ message: 'must be a number' }).int().min(1).default(30),
    GMAIL_API_ROOT_URL: z.string().url({ message: 'must be an absolute URL' }).optional(),
    GMAIL_PUBSUB_TOPIC: z
      .string()
      .regex(/^projects\/[^/]+\/topics\/[^/]+$/, { message: 'must look like projects/PROJECT/topics/TOPIC' })
      .optional(),
    GMAIL_PUSH_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
    SANDBOX_QUOTA_PER_MINUTE: z.coerce.number({ message: 'must be a number' }).int().min(0).default(15_000),
    SANDBOX_SEED_CORPUS: booleanFromEnv.default(true),
    SANDBOX_LIVE_DELIVERY_SECONDS: z.coerce.number({ message: 'must be a number' }).min(0).default(180),
    AI_BASE_URL: z
      .string()
      .regex(/^https?:\/\/[^\s/]+/i, { message: 'must be an absolute http(s) URL such as http://localhost:11434/v1' })
      .url({ message: 'must be an absolute http(s) URL such as http://localhost:11434/v1' })
      .optional(),
    AI_API_KEY: z.string().min(1).optional(),
    AI_MODEL: z.string().min(1).optional(),
    AI_TIMEOUT_MS: z.coerce.number({ message: 'must be a number' }).int().min(500).max(120_000).default(8000),
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, { message: 'must be a base64url P-256 public key (npx web-push generate-vapid-keys)' }).optional(),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, { message: 'must be a base64url P-256 private key (npx web-push generate-vapid-keys)' }).optional(),
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/, { message: 'must be a mailto: or https: URL' }).optional(),
    PUSH_PROJECT_ID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'must be letters, digits, - and _ (at most 64)' }).default('mailroom'),
    PUSH_API_KEY: z.string().min(1).max(200).default('mailroom-web'),
    PUSH_APP_ID: z.string().min(1).max(200).default('mailroom-web'),
    PUSH_SENDER_ID: z.string().min(1).max(200).default('mailroom'),
    /** Comma-separated sign-in addresses of the operators who see the whole instance on /ops (issue 18). */
    OPS_ADMINS: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean))
      .refine((list) => list.every((a) => /^[^\s@]+@[^\s@]+$/.test(a)), { message: 'must be comma-separated email addresses' }),
  })
  .superRefine((env, ctx) => {
    // Half a Google client cannot work; say so at start-up rather than at the first sign-in.
    if ((env.GOOGLE_CLIENT_ID === undefined) !== (env.GOOGLE_CLIENT_SECRET === undefined)) {
      const missing = env.GOOGLE_CLIENT_ID === undefined ? 'GOOGLE_CLIENT_ID' : 'GOOGLE_CLIENT_SECRET';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other Google client variable' });
    }
    // A model endpoint needs a model name, and a model name alone has nowhere to go.
    if ((env.AI_BASE_URL === undefined) !== (env.AI_MODEL === undefined)) {
      const missing = env.AI_BASE_URL === undefined ? 'AI_BASE_URL' : 'AI_MODEL';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other (AI_BASE_URL and AI_MODEL)' });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      const missing = env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other VAPID key' });
    }
    if (env.AI_API_KEY !== undefined && env.AI_BASE_URL === undefined) {
      ctx.addIssue({ code: 'custom', path: ['AI_API_KEY'], message: 'is set but AI_BASE_URL is not' });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    databaseSchema: env.DATABASE_SCHEMA ?? null,
    logLevel: env.LOG_LEVEL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    metricsToken: env.METRICS_TOKEN ?? null,
    trustProxy: env.TRUST_PROXY,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? new URL('../../web/dist', import.meta.url).pathname),
    /** Google as the OpenID provider and Gmail's authorization server; null runs the embedded provider under /idp. */
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : null,
    /** Root secret for token encryption and the embedded provider's keys; null: generated into DATA_DIR. */
    mailroomSecret: env.MAILROOM_SECRET ?? null,
    signinRateLimitPerMinute: env.SIGNIN_RATE_LIMIT_PER_MINUTE,
    /** Gmail API root to use instead of Google's (or of the embedded in-process sandbox), e.g. a standalone sandbox. */
    gmailApiRootUrl: env.GMAIL_API_ROOT_URL ?? null,
    /** Pub/Sub topic for users.watch; null: no push from Google, polling keeps mail fresh. */
    gmailPubsubTopic: env.GMAIL_PUBSUB_TOPIC ?? null,
    /** Shared token in the push subscription's URL; null: derived from the root secret. */
    gmailPushToken: env.GMAIL_PUSH_TOKEN ?? null,
    /** The embedded sandbox's per-user quota (Gmail's classic 15,000 units/min); 0 turns it off. */
    sandboxQuotaPerMinute: env.SANDBOX_QUOTA_PER_MINUTE,
    /** Seed the embedded sandbox's demo mailbox from the SpamAssassin corpus on first start. */
    sandboxSeedCorpus: env.SANDBOX_SEED_CORPUS,
    /**
     * Live delivery in the demo mailbox: the corpus's last two days are held back at seeding and
     * arrive while the server runs, about one every this many seconds; 0 seeds everything at once
     * and delivers nothing (tests).
     */
    sandboxLiveDeliverySeconds: env.SANDBOX_LIVE_DELIVERY_SECONDS,
    /** An OpenAI-compatible endpoint for generative drafts; null: local suggestions only. */
    ai:
      env.AI_BASE_URL && env.AI_MODEL
        ? { baseUrl: env.AI_BASE_URL.replace(/\/+$/, ''), apiKey: env.AI_API_KEY ?? null, model: env.AI_MODEL, timeoutMs: env.AI_TIMEOUT_MS }
        : null,
    /**
     * Web Push (issue 20): the seed's client configuration values (projectId also names the
     * registrations path), and the VAPID keys (null: generated into DATA_DIR on first start).
     */
    /** Who may see the whole instance on /ops (lower-cased addresses); everyone sees their own account. */
    opsAdmins: env.OPS_ADMINS,
    push: {
      projectId: env.PUSH_PROJECT_ID,
      apiKey: env.PUSH_API_KEY,
      appId: env.PUSH_APP_ID,
      messagingSenderId: env.PUSH_SENDER_ID,
      vapidKeys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
      subject: env.VAPID_SUBJECT ?? `mailto:postmaster@${new URL(env.PUBLIC_URL ?? 'http://localhost').hostname}`,
    },
  }));

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads the configuration; a bad value throws one ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`));
}
