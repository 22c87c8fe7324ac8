import { PROMISE_JOBS } from '@mailroom/contract';
import type { FastifyInstance } from 'fastify';
import { dispatchMessagesChanged, MESSAGES_CHANGED_DISPATCH_JOB, type MessagesChanged } from '../sync/messages-changed.ts';
import { defineJob, derivedTable, type DerivedTable, type FeatureJob, type FeaturePlugin, type FeatureSchedule, type FnImplementations } from './plugin.ts';
import { RETENTION_CRON, retentionJob } from './retention.ts';
import type { AppServices } from './services.ts';

/** What installing the plugins produced, for the parts of the app that are not features. */
export interface InstalledFeatures {
  /** Every plugin's callable functions, by contract name (http/functions.ts serves them). */
  implementations: FnImplementations;
  /** Every table of derived data under the retention rule, the plugins' and the platform's own. */
  derivedTables: readonly DerivedTable[];
  /** Every cron schedule the features and the platform run (UTC). */
  schedules: readonly FeatureSchedule[];
  /** Arms the schedules. Call once the job queue has started (pg-boss needs its queues). */
  schedule(): Promise<void>;
}

/**
 * Derived data that belongs to no feature: sync's "messages changed" events still waiting for
 * delivery (delivered in seconds normally; one left behind is gone after 30 days all the same),
 * and the messages sync had to skip (ids and reasons; a skip older than 30 days is forgotten).
 */
const PLATFORM_DERIVED_TABLES: readonly DerivedTable[] = [
  derivedTable({ table: 'messages_changed_outbox', ageColumn: 'created_at', description: '"messages changed" events not yet delivered' }),
  derivedTable({ table: 'sync_skipped_messages', ageColumn: 'first_skipped_at', description: 'messages a sync could not read and skipped' }),
];

/** The job that delivers "messages changed" events to one plugin. */
export function messagesChangedJobOf(pluginName: string): string {
  return `${pluginName}.messages-changed`;
}

/** Every plugin's functions in one map; two plugins claiming one name is a programming error. */
export function functionsOf(plugins: readonly FeaturePlugin[]): FnImplementations {
  const implementations: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const plugin of plugins) {
    for (const [name, implementation] of Object.entries(plugin.functions ?? {})) {
      const previous = owner.get(name);
      if (previous) throw new Error(`Callable function ${name} is implemented by both the ${previous} and the ${plugin.name} plugins`);
      owner.set(name, plugin.name);
      implementations[name] = implementation;
    }
  }
  return implementations as FnImplementations;
}

function checkNames(plugins: readonly FeaturePlugin[]): void {
  const seen = new Set<string>();
  const jobs = new Map<string, string>();
  for (const plugin of plugins) {
    if (!/^[a-z][a-z0-9-]*$/.test(plugin.name)) throw new Error(`Feature plugin name "${plugin.name}" must be lower-case and hyphenated`);
    if (seen.has(plugin.name)) throw new Error(`Two feature plugins are named "${plugin.name}"`);
    seen.add(plugin.name);
    for (const job of plugin.jobs ?? []) {
      const previous = jobs.get(job.name);
      if (previous) throw new Error(`Job ${job.name} is defined by both the ${previous} and the ${plugin.name} plugins`);
      jobs.set(job.name, plugin.name);
    }
    for (const schedule of plugin.schedules ?? []) {
      if (!plugin.jobs?.some((job) => job.name === schedule.job)) {
        throw new Error(`The ${plugin.name} plugin schedules ${schedule.job}, which is not one of its jobs`);
      }
    }
  }
}

/** The jobs the platform runs for the plugins: derived-data retention and "messages changed" delivery. */
function platformJobs(plugins: readonly FeaturePlugin[], derivedTables: readonly DerivedTable[]): FeatureJob[] {
  const subscribers = plugins.filter((plugin) => plugin.onMessagesChanged);
  const subscriberJobs = subscribers.map((plugin) => messagesChangedJobOf(plugin.name));
  return [
    retentionJob(derivedTables),
    defineJob<Record<string, never>>({
      name: MESSAGES_CHANGED_DISPATCH_JOB,
      // One dispatcher at a time across every worker; requests while it runs coalesce into one more round.
      key: () => 'outbox',
      retryLimit: 5,
      retryDelaySeconds: 5,
      handler: async (_data, _meta, services) => void (await dispatchMessagesChanged(services, subscriberJobs)),
    }),
    ...subscribers.map((plugin) =>
      defineJob<MessagesChanged>({
        name: messagesChangedJobOf(plugin.name),
        retryLimit: 5,
        retryDelaySeconds: 5,
        handler: (event, _meta, services) => plugin.onMessagesChanged!(event, services),
      }),
    ),
  ];
}

function defineOn(services: AppServices, job: FeatureJob): void {
  services.jobs.define<object>({
    name: job.name,
    handler: (data, meta) => job.handler(data as never, meta, services),
    ...(job.key ? { key: job.key as (data: object) => string } : {}),
    ...(job.retryLimit === undefined ? {} : { retryLimit: job.retryLimit }),
    ...(job.retryDelaySeconds === undefined ? {} : { retryDelaySeconds: job.retryDelaySeconds }),
  });
}

/**
 * Installs the feature plugins into the app, in list order: runs their setup, defines their jobs
 * on the queue (handlers bound to the app's services) together with the platform's own
 * (retention over every derived table, "messages changed" delivery to every subscriber),
 * registers their routes each in an encapsulated context, and runs their onReady work once the
 * app is ready. Returns the functions to serve and the schedules to arm once the queue runs.
 */
export async function installFeatures(app: FastifyInstance, services: AppServices, plugins: readonly FeaturePlugin[]): Promise<InstalledFeatures> {
  checkNames(plugins);
  const implementations = functionsOf(plugins);
  const derivedTables = [...PLATFORM_DERIVED_TABLES, ...plugins.flatMap((plugin) => plugin.derivedTables ?? [])];
  const schedules: FeatureSchedule[] = [{ job: PROMISE_JOBS.derivedDataRetention, cron: RETENTION_CRON }, ...plugins.flatMap((plugin) => plugin.schedules ?? [])];

  for (const plugin of plugins) plugin.setup?.(services);
  for (const job of platformJobs(plugins, derivedTables)) defineOn(services, job);
  for (const plugin of plugins) {
    for (const job of plugin.jobs ?? []) defineOn(services, job);
    const routes = plugin.routes;
    if (routes) await app.register(async (scope) => routes(scope, services));
    const onReady = plugin.onReady;
    if (onReady) app.addHook('onReady', () => onReady(services));
  }

  return {
    implementations,
    derivedTables,
    schedules,
    async schedule() {
      for (const schedule of schedules) await services.jobs.schedule(schedule.job, schedule.cron, schedule.data ?? {});
    },
  };
}
