import type { FnImpl } from '../registry.ts';
import { partsOf, translateForUser } from './service.ts';

/**
 * The translation alone (the search box's chips as the person types): nothing is searched or
 * recorded, and no language model is asked (it runs on every pause in typing; searchMail asks
 * the model, when one is configured, for the request the person actually runs).
 */
export const translateSearch: FnImpl<'translateSearch'> = async (ctx, data) => {
  const { translation } = await translateForUser({ db: ctx.db, now: ctx.clock.now(), userId: ctx.principal.userId }, data.request);
  return { query: translation.query, parts: partsOf(translation), confidence: translation.confidence, translator: 'local' as const, fallbackReason: null };
};
