import {
  DEFAULT_SETTINGS,
  userSettingsSchema,
  type SettingsResult,
  type SettingsSection,
  type UserSettings,
} from '@mailroom/contract';

/** What is stored: only the fields the user set, by section (a sparse settings document). */
export type StoredSettings = { [S in SettingsSection]?: Partial<UserSettings[S]> };

export type TimeZoneSource = SettingsResult['timeZoneSource'];

/**
 * Brings a stored document to the contract's current SETTINGS_VERSION. Version 1 is the first; when a
 * field's meaning changes, raise the version in the contract and convert older documents here.
 */
export function upgradeStored(_version: number, stored: unknown): StoredSettings {
  // Version 1 needs no conversion. A document from a newer server sharing this database is read
  // as it is: resolveSettings keeps the fields this version understands and ignores the rest.
  return typeof stored === 'object' && stored !== null ? (stored as StoredSettings) : {};
}

const SECTIONS = Object.keys(DEFAULT_SETTINGS) as SettingsSection[];

/**
 * The full settings: each stored field that is still valid under the current schema, its
 * default otherwise. A field whose stored value no longer validates (a zone the time zone
 * database dropped, a range that narrowed) falls back to its default rather than failing.
 */
export function resolveSettings(stored: StoredSettings): UserSettings {
  const resolved: Record<string, Record<string, unknown>> = {};
  for (const section of SECTIONS) {
    const defaults = DEFAULT_SETTINGS[section] as Record<string, unknown>;
    const shape = userSettingsSchema.shape[section].shape as Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
    const values = (stored[section] ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [field, fallback] of Object.entries(defaults)) {
      const parsed = field in values ? shape[field]?.safeParse(values[field]) : undefined;
      out[field] = parsed?.success ? parsed.data : fallback;
    }
    resolved[section] = out;
  }
  return resolved as UserSettings;
}

/** The stored document with a patch applied (section by section, field by field). */
export function mergeStored(stored: StoredSettings, patch: StoredSettings): StoredSettings {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const section of SECTIONS) {
    const fields = { ...(stored[section] ?? {}), ...(patch[section] ?? {}) };
    if (Object.keys(fields).length > 0) merged[section] = fields;
  }
  return merged as StoredSettings;
}
