import { failedPrecondition } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { aiStatusOf } from './ai-status.ts';

/** Settings' Test button: a one-word completion from the model, timed. */
export const testAi: FnImpl<'testAi'> = async (ctx) => {
  if (!ctx.llm) throw failedPrecondition('AI_NOT_CONFIGURED', 'No model is configured (AI_BASE_URL); replies use the local engine.');
  const outcome = await ctx.llm.test();
  return {
    ok: outcome.ok,
    latencyMs: outcome.latencyMs,
    reply: outcome.ok ? outcome.reply : null,
    error: outcome.ok ? null : outcome.error,
    status: aiStatusOf(ctx),
  };
};
