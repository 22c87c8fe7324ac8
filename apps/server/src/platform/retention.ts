import { DERIVED_DATA_RETENTION_MS, PROMISE_JOBS } from '@mailroom/contract';
import { sql } from 'kysely';
import { defineJob, type DerivedTable, type FeatureJob } from './plugin.ts';
import type { AppServices } from './services.ts';

// The one retention rule for derived data (DESIGN §1): the tables the plugins register
// (`derivedTables`, see plugin.ts) lose their rows older than DERIVED_DATA_RETENTION_MS, daily.

/** When the retention job runs (UTC): daily, so a row is gone at most a day after it turns 30 days old. */
export const RETENTION_CRON = '23 3 * * *';

/** Deletes every registered table's rows older than the retention period; returns the counts. */
export async function expireDerivedData(services: AppServices, tables: readonly DerivedTable[]): Promise<Record<string, number>> {
  const cutoff = services.clock.now() - DERIVED_DATA_RETENTION_MS;
  const deleted: Record<string, number> = {};
  for (const entry of tables) {
    await entry.beforeExpiry?.(cutoff, services);
    const result = await sql`delete from ${sql.table(entry.table)} where ${sql.ref(entry.ageColumn)} < ${cutoff}`.execute(services.db);
    deleted[entry.table] = (deleted[entry.table] ?? 0) + Number(result.numAffectedRows ?? 0n);
  }
  return deleted;
}

/** The daily retention job over the given tables (the app passes every plugin's). */
export function retentionJob(tables: readonly DerivedTable[]): FeatureJob {
  return defineJob<Record<string, never>>({
    name: PROMISE_JOBS.derivedDataRetention,
    key: () => 'all',
    retryLimit: 5,
    retryDelaySeconds: 60,
    handler: async (_data, _meta, services) => {
      const deleted = await expireDerivedData(services, tables);
      services.log.info({ deleted }, 'derived data older than the retention period deleted');
    },
  });
}
