import type { FnImpl } from '../registry.ts';
import { aiStatusOf } from './ai-status.ts';

/** Settings' AI section: the local engine, or the configured model with its state. */
export const getAiStatus: FnImpl<'getAiStatus'> = async (ctx) => aiStatusOf(ctx);
