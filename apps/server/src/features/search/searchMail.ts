import { partsOfEditedQuery } from '@mailroom/intelligence/search';
import { gmailNotConnected, requireProvider } from '../../providers/mailbox-access.ts';
import { parseCategoryQuery, queryEmails } from '../categories/index.ts';
import type { FnImpl } from '../registry.ts';
import { chooseTranslation, type ChosenTranslation } from './model.ts';
import { recordRecentSearch } from './repository.ts';
import { partsOf, translateForUser } from './service.ts';

/**
 * A page of the mail a request finds: its translation (the configured language model's when the
 * local one is unsure and the model answers in time with a valid query, model.ts), or the edited
 * query the person ran instead (checked first: INVALID_ARGUMENT with the position of the
 * mistake), evaluated exactly as a category's query is (categories' queryEmails: the store for
 * header-only queries, Gmail search over bodies, quarantine left out, the same pages and
 * counts). The first page records the search among the user's recent ones.
 */
export const searchMail: FnImpl<'searchMail'> = async (ctx, data) => {
  const userId = ctx.principal.userId;
  const now = ctx.clock.now();
  const { translation, account, calendar, weekStart } = await translateForUser({ db: ctx.db, now, userId }, data.request);
  let chosen: ChosenTranslation;
  if (data.query !== undefined) {
    parseCategoryQuery(data.query);
    chosen = { ...partsOfEditedQuery(data.query, translation.parts), translator: 'local', fallbackReason: null };
  } else {
    chosen = await chooseTranslation(ctx.llm, userId, data.request, translation, { ...calendar, weekStart });
  }
  const { query } = chosen;
  if (!account) throw gmailNotConnected();
  const page = await queryEmails(
    { db: ctx.db, accountId: account.id, provider: () => requireProvider(ctx.providers, account) },
    query,
    { pageToken: data.pageToken, pageSize: data.pageSize, sort: data.sort },
    calendar,
  );
  if (data.pageToken === undefined) await recordRecentSearch(ctx.db, userId, { request: data.request, query: data.query === undefined ? null : query }, now);
  return {
    query,
    parts: partsOf(chosen),
    confidence: translation.confidence,
    translator: chosen.translator,
    fallbackReason: chosen.fallbackReason,
    messages: page.emails,
    nextPageToken: page.nextPageToken,
    total: page.total,
    source: page.source,
  };
};
