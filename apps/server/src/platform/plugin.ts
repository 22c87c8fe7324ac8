import type { FnName, FnParsedRequest, FnResponse } from '@mailroom/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/schema.ts';
import type { JobMeta } from '../jobs/queue.ts';
import type { MessagesChanged } from '../sync/messages-changed.ts';
import type { AppServices } from './services.ts';

/**
 * How a feature plugs into the server (DESIGN §7). Each folder under `features/` has one
 * `plugin.ts` exporting a `FeaturePlugin`, and `features/index.ts` lists them: adding a feature
 * is writing its folder and adding one line to that list. `http/app.ts` knows no feature by name.
 *
 * A plugin declares, all optional:
 * - `functions`: its callable functions by contract name (one file each, thin). The contract
 *   schema for each lives in `packages/contract/src/functions/<domain>.ts`; requests arrive
 *   validated, responses are checked against it, and a function no plugin implements answers
 *   UNIMPLEMENTED. Two plugins implementing one name stop start-up.
 * - `routes`: HTTP routes outside /api/fn (an OAuth callback, a document for an iframe, a
 *   webhook). Registered in an encapsulated Fastify context of their own, so a rate limit or
 *   hook a plugin adds stays in it. Authenticate with `services.authenticate`.
 * - `jobs`: background jobs, run by the job queue (in-process, or pg-boss across workers).
 *   Names are `<feature>.<what>`; a job with `key` never runs twice at once for one key, and
 *   further requests for that key coalesce into one follow-up (so don't key jobs whose data
 *   differs per request). Enqueue with `services.jobs.enqueue(name, data)`.
 * - `schedules`: cron schedules (UTC) of its jobs, armed once the queue has started.
 * - `onReady`: work to do once the app is ready, e.g. re-queue what a restart interrupted (the
 *   in-process queue forgets its jobs; the database does not).
 * - `derivedTables`: the tables of data it derives from mail (scores, digests, caches, logs),
 *   each with its age column. One daily job deletes their rows older than 30 days
 *   (DERIVED_DATA_RETENTION_MS); a feature writes no retention code of its own. Every table of
 *   derived data must be registered here (the /privacy page promises it).
 * - `onMessagesChanged`: called with each "messages changed" event sync records (ids added,
 *   relabelled, deleted, per account). Delivered through the job queue as the job
 *   `<name>.messages-changed`, so it works across pg-boss workers and is retried on failure;
 *   delivery is at least once and in no guaranteed order, so read the messages' current state
 *   from the store and make the handler idempotent.
 * - `setup`: runs when the plugin is installed, before any route or job: the place to register
 *   into another feature's public registry (categories registers its mail sources with
 *   features/mail). It may run once per app built in a process, so it must be idempotent.
 *
 * Per-user settings a feature needs go in its section of the settings schema
 * (packages/contract/src/functions/settings.ts) and are read with features/settings' index.ts.
 *
 * Features talk to each other only through what a feature exports on purpose from its
 * `index.ts` (eslint enforces it); everything else in a feature folder is its own.
 *
 * For example, a priority feature (with its migration for `message_scores`):
 *
 *   export const priorityPlugin: FeaturePlugin = {
 *     name: 'priority',
 *     functions: { getPriorityScores },                  // features/priority/getPriorityScores.ts
 *     jobs: [scoreMessagesJob, retrainJob],              // defineJob<{ accountId; ids }>({ name: 'priority.score', ... })
 *     schedules: [{ job: retrainJob.name, cron: '5 4 * * *' }],
 *     derivedTables: [derivedTable({ table: 'message_scores', ageColumn: 'scored_at', description: 'priority scores' })],
 *     onMessagesChanged: async (event, { jobs }) => void (await jobs.enqueue('priority.score', { accountId: event.accountId, ids: event.added })),
 *   };
 *
 * and one line, `priorityPlugin,`, in features/index.ts.
 */
export interface FeaturePlugin {
  /** Lower-case, hyphenated; used in job names and logs (`recovery`, `api-tokens`). */
  name: string;
  functions?: FnImplementations;
  routes?: (app: FastifyInstance, services: AppServices) => Promise<void>;
  jobs?: ReadonlyArray<FeatureJob>;
  schedules?: ReadonlyArray<FeatureSchedule>;
  onReady?: (services: AppServices) => Promise<void>;
  derivedTables?: ReadonlyArray<DerivedTable>;
  onMessagesChanged?: (event: MessagesChanged, services: AppServices) => Promise<void>;
  setup?: (services: AppServices) => void;
}

/**
 * "Derived data deleted after 30 days" (DESIGN §1), as one rule: every table of data Mailroom
 * works out from mail (scores, digests, notifications, insights caches, search history, action
 * logs ...) is registered with the column that says how old a row is, and one daily job deletes
 * the rows older than DERIVED_DATA_RETENTION_MS from all of them. A feature registers its tables
 * in its plugin (`derivedTables`); nothing else deletes derived data by age.
 */
export interface DerivedTable {
  table: keyof Database & string;
  /** Epoch milliseconds: when the row was derived (or last re-derived). */
  ageColumn: string;
  /** What the rows are, in a few words (logs, docs). */
  description: string;
  /**
   * Runs just before the rows older than `cutoff` go, for data that must outlive them in
   * another form (e.g. old action rows folded into a learned model). It must not keep the rows.
   */
  beforeExpiry?: (cutoff: number, services: AppServices) => Promise<void>;
}

/** A derived table with its age column checked against the table's type. */
export function derivedTable<T extends keyof Database & string>(entry: {
  table: T;
  ageColumn: keyof Database[T] & string;
  description: string;
  beforeExpiry?: DerivedTable['beforeExpiry'];
}): DerivedTable {
  return entry;
}

/** A background job a plugin defines; its handler gets the app's services. */
export interface FeatureJob<T extends object = never> {
  name: string;
  handler: (data: T, meta: JobMeta, services: AppServices) => Promise<void>;
  /** Jobs with the same key never run at once; a burst of requests coalesces into one follow-up. */
  key?: (data: T) => string;
  /** Retries after a failure, with exponential backoff from retryDelaySeconds (defaults 3 and 1 s). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** Defines a job with its data type checked (the list of a plugin's jobs holds many types). */
export function defineJob<T extends object>(job: FeatureJob<T>): FeatureJob {
  return job as unknown as FeatureJob;
}

/** A cron schedule (UTC, five fields) for one of the plugin's jobs. */
export interface FeatureSchedule {
  job: string;
  cron: string;
  data?: object;
}

/**
 * What a callable function's implementation receives besides its validated data: the app's
 * services, the request, and who is calling. `log` is the request's logger.
 */
export interface FnContext extends AppServices {
  log: FastifyBaseLogger;
  request: FastifyRequest;
  /** Set for functions whose contract says `auth: 'user'`. */
  principal: Principal | null;
}

export interface UserFnContext extends FnContext {
  principal: Principal;
}

export type FnImpl<N extends FnName> = (ctx: UserFnContext, data: FnParsedRequest<N>) => Promise<FnResponse<N>>;

/** Implementations by function name. A contract name without one answers UNIMPLEMENTED. */
export type FnImplementations = { [N in FnName]?: FnImpl<N> };
