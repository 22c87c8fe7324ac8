import type { FeaturePlugin } from '../../platform/plugin.ts';
import { deleteMyAccount } from './deleteMyAccount.ts';
import { exportMyData } from './exportMyData.ts';

/** "Your data is yours" (DESIGN §1): export everything as JSON, delete the account with it. */
export const accountPlugin: FeaturePlugin = {
  name: 'account',
  functions: { exportMyData, deleteMyAccount },
};
