import { SETTINGS_VERSION, type SettingsResult } from '@mailroom/contract';
import type { Db } from '../../db/database.ts';
import { mergeStored, resolveSettings, upgradeStored, type StoredSettings, type TimeZoneSource } from './service.ts';

interface SettingsRow {
  stored: StoredSettings;
  timeZoneSource: TimeZoneSource;
}

async function readRow(db: Db, userId: string): Promise<SettingsRow> {
  const row = await db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { stored: {}, timeZoneSource: 'default' };
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(row.settings);
  } catch {
    // A document that cannot be read is treated as unset; the next update replaces it.
  }
  return { stored: upgradeStored(Number(row.version), parsed), timeZoneSource: row.time_zone_source };
}

/** The user's settings with defaults filled in. */
export async function loadSettings(db: Db, userId: string): Promise<SettingsResult> {
  const { stored, timeZoneSource } = await readRow(db, userId);
  return { version: SETTINGS_VERSION, settings: resolveSettings(stored), timeZoneSource };
}

/**
 * Applies a validated patch. A time zone `detected` by the browser is applied only while the
 * user has not chosen one; a time zone in any other patch is the user's choice.
 */
export async function saveSettings(db: Db, userId: string, patch: StoredSettings, detected: boolean, now: number): Promise<SettingsResult> {
  return db.transaction().execute(async (trx) => {
    const current = await readRow(trx, userId);
    let effective = patch;
    let source = current.timeZoneSource;
    if (patch.account?.timeZone !== undefined) {
      if (detected && current.timeZoneSource === 'chosen') {
        const { timeZone: _ignored, ...rest } = patch.account;
        effective = { ...patch, account: rest };
      } else {
        source = detected ? 'detected' : 'chosen';
      }
    }
    const stored = mergeStored(current.stored, effective);
    const values = { version: SETTINGS_VERSION, settings: JSON.stringify(stored), time_zone_source: source, updated_at: now };
    await trx
      .insertInto('user_settings')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
    return { version: SETTINGS_VERSION, settings: resolveSettings(stored), timeZoneSource: source };
  });
}

/** The zone the user's dates are read in: their setting, or the default until one is known. */
export async function userTimeZone(db: Db, userId: string): Promise<string> {
  return (await loadSettings(db, userId)).settings.account.timeZone;
}
