import type { AiStatus } from '@mailroom/contract';
import type { AppServices } from '../../platform/services.ts';
import { describeStatus } from '../../providers/llm/index.ts';

/** What the local engine is, in Settings' words. */
const LOCAL_DESCRIPTION = 'Suggestions are written on this server by Mailroom’s own engine: no model, nothing sent anywhere.';

/** Which engine writes replies, and the model's state when one is configured. */
export function aiStatusOf(services: Pick<AppServices, 'llm'>): AiStatus {
  const llm = services.llm;
  if (!llm) return { engine: 'local', local: { description: LOCAL_DESCRIPTION }, model: null };
  const status = llm.status();
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    engine: 'model',
    local: { description: `${LOCAL_DESCRIPTION} They stay as the fallback whenever the model fails or is slow.` },
    model: {
      model: status.model,
      baseUrl: status.baseUrl,
      state: status.state,
      description: describeStatus(status),
      lastLatencyMs: status.lastLatencyMs,
      lastSuccessAt: iso(status.lastSuccessAt),
      lastError: status.lastError ? { message: status.lastError.message, at: iso(status.lastError.at) as string } : null,
    },
  };
}
