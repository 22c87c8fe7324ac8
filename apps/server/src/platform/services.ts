import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from '../auth/principal.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { LlmProvider } from '../providers/llm/index.ts';
import type { Observability } from './observability.ts';
import type { ProviderFactory } from '../providers/mail-provider.ts';
import type { PushSender } from '../providers/push/index.ts';
import type { SpeechRecognizer } from '../providers/speech/recognizer.ts';
import type { WebServices } from '../providers/web/index.ts';

/**
 * Everything a feature may use from the rest of the server, in one typed value (DESIGN §2:
 * "features reach outside parts through one typed context"). The app builds it once; callable
 * functions receive it (plus the request and the signed-in user) as their `ctx`, and a plugin's
 * routes, jobs and subscriptions receive it as `services`. A feature never builds its own
 * database handle, queue, provider or clock: tests swap these here, in one place.
 */
export interface AppServices {
  /** Kysely on SQLite or PostgreSQL; repository functions take it (or a transaction). */
  db: Db;
  /** The validated configuration (environment variables, config.ts). */
  config: Config;
  /** Background jobs: in-process on SQLite, pg-boss on PostgreSQL (many workers share them). */
  jobs: JobQueue;
  /**
   * The mailbox of a mail account, built from its stored grant: a provider-neutral MailProvider
   * (Gmail today). Null when the account holds no grant (disconnected). Call it per use; one
   * quota pacer per account is shared underneath.
   */
  providers: ProviderFactory;
  /** The time. Read `clock.now()`, never `Date.now()`, wherever a promise depends on time. */
  clock: Clock;
  /** The process's logger (a request's own logger inside callable functions). */
  log: FastifyBaseLogger;
  /** Who is calling, for routes outside /api/fn: API token first, then the session cookie. */
  authenticate: Authenticator;
  /**
   * An OpenAI-compatible model for generative steps (providers/llm: AI_BASE_URL, AI_MODEL), or
   * null when none is configured. Every use has a local fallback (DESIGN §4), so null is a
   * normal state; the provider owns timeouts and retries and never throws from draftReply.
   */
  llm: LlmProvider | null;
  /** Web Push delivery (providers/push), or null until it is set up. */
  push: PushSender | null;
  /** The offline speech recogniser (providers/speech), or null where it is not installed. */
  speech: SpeechRecognizer | null;
  /**
   * Requests to URLs found in mail, only through the SSRF-safe client (providers/web), and the
   * DKIM check a one-click unsubscribe needs (no DNS in the embedded default: never passes).
   */
  web: WebServices;
  /**
   * What the process observes about itself (platform/observability.ts): Gmail quota per account,
   * request rates and latencies per route, the last warnings and errors; /ops reads it.
   */
  observability: Observability;
}

/**
 * The slot the offline recogniser fills (issue 16: pocketsphinx with the en-us model): its own
 * interface in providers/speech (availability, and recognition of a WAV in command mode with the
 * user's names in the grammar, or in dictation mode), never storing the audio.
 */
export type { SpeechRecognizer };
export type { PushSender, PushSendOptions, PushSendResult, PushSubscriptionTarget } from '../providers/push/index.ts';
