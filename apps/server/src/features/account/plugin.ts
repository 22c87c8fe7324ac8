import type { FeaturePlugin } from '../../platform/plugin.ts';
import { deleteMyAccount } from './deleteMyAccount.ts';
import { exportMyData } from './exportMyData.ts';
import { getProfile } from './getProfile.ts';
import { updateProfile } from './updateProfile.ts';

/** The user's name (Settings › Account), and "your data is yours" (DESIGN §1): export everything as JSON, delete the account with it. */
export const accountPlugin: FeaturePlugin = {
  name: 'account',
  functions: { getProfile, updateProfile, exportMyData, deleteMyAccount },
};
