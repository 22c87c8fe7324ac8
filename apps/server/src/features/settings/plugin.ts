import type { FeaturePlugin } from '../../platform/plugin.ts';
import { getSettings } from './getSettings.ts';
import { updateSettings } from './updateSettings.ts';

/** Per-user settings (time zone, week start, and the sections later features fill). */
export const settingsPlugin: FeaturePlugin = {
  name: 'settings',
  functions: { getSettings, updateSettings },
};
