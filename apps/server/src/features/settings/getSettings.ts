import type { FnImpl } from '../registry.ts';
import { loadSettings } from './repository.ts';

/** The user's settings, every field filled (defaults where nothing was set). */
export const getSettings: FnImpl<'getSettings'> = (ctx) => loadSettings(ctx.db, ctx.principal.userId);
