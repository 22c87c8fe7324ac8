import { VOICE_MAX_BYTES, VOICE_MAX_SECONDS, VOICE_SAMPLE_RATE } from '@mailroom/contract';
import type { FnImpl } from '../registry.ts';
import { offlineUnavailableReason, vocabularyOf } from './service.ts';

/** Whether the offline recogniser runs here (and what to install if not), the limits, and the names it knows. */
export const getVoiceStatus: FnImpl<'getVoiceStatus'> = async (ctx) => {
  const reason = await offlineUnavailableReason(ctx);
  const { categories } = await vocabularyOf(ctx, ctx.principal.userId);
  return {
    offline: { available: reason === null, reason },
    limits: { maxSeconds: VOICE_MAX_SECONDS, maxBytes: VOICE_MAX_BYTES, sampleRate: VOICE_SAMPLE_RATE },
    categories,
  };
};
