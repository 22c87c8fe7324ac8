import type { FnImpl } from '../registry.ts';
import { exportUserData } from './service.ts';

/** All of the caller's data as one JSON object (the Settings page offers it as a download). */
export const exportMyData: FnImpl<'exportMyData'> = async (ctx) => exportUserData(ctx.db, ctx.principal.userId);
