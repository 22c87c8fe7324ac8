import type { FnImpl } from '../registry.ts';
import { saveSettings } from './repository.ts';

/**
 * Changes the fields named in the patch (validated by the contract: a bad value answered
 * INVALID_ARGUMENT with its field before this runs) and answers every setting.
 */
export const updateSettings: FnImpl<'updateSettings'> = (ctx, data) =>
  saveSettings(ctx.db, ctx.principal.userId, data.patch, data.detected === true, ctx.clock.now());
