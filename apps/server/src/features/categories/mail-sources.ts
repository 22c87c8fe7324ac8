import type { Db } from '../../db/database.ts';
import { FnError } from '../../errors.ts';
import { viaProvider } from '../../providers/mailbox-access.ts';
import { currentLabelsOf, type MailCandidate, type Mailbox, type MailSourceResolvers, type ResolvedMailSource } from '../mail/index.ts';
import { compileCategoryQuery, parseCategoryQuery } from './query.ts';
import { userTimeZone } from '../settings/index.ts';
import { requireCategory } from './repository.ts';
import { accountLabels } from './service.ts';

/** Gmail's largest messages.list page (https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.messages/list). */
const GMAIL_LIST_PAGE = 500;

/**
 * Every message a Gmail query matches now, newest first, as getCategoryEmails lists them: from
 * the store for header-only queries, from Gmail search for queries over bodies or spam. At most
 * `limit + 1`, so the caller can refuse "too many" without listing them all.
 */
async function queryMatches(mailbox: Mailbox, query: string, timeZone: string, limit: number): Promise<MailCandidate[]> {
  const { db, accountId, provider, now } = mailbox;
  const compiled = compileCategoryQuery(query, { now, timeZone, labels: await accountLabels(db, accountId) });
  if (compiled.source === 'store') {
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'label_ids'])
      .where('account_id', '=', accountId)
      .where(compiled.where)
      .orderBy('internal_date', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    return rows.map((r) => ({ id: r.id, labelIds: JSON.parse(r.label_ids) as string[] }));
  }
  const ids: string[] = [];
  let pageToken: string | null = null;
  do {
    const page = await viaProvider(() => provider.listMessageIds({ q: compiled.gmailQuery, maxResults: GMAIL_LIST_PAGE, pageToken }));
    ids.push(...page.messages.map((m) => m.id));
    pageToken = page.nextPageToken;
  } while (pageToken && ids.length <= limit);
  const listed = ids.slice(0, limit + 1);
  const labels = await currentLabelsOf(mailbox, listed);
  return listed.flatMap((id) => (labels.has(id) ? [{ id, labelIds: labels.get(id)! }] : []));
}

async function categorySource(ctx: { db: Db; userId: string }, categoryId: string): Promise<ResolvedMailSource> {
  // Another user's category answers NOT_FOUND, like one that does not exist.
  const category = await requireCategory(ctx.db, ctx.userId, categoryId);
  // The query's dates mean what they mean in the user's time zone, as when the list showed them.
  const timeZone = await userTimeZone(ctx.db, ctx.userId);
  return { categoryId: category.id, categoryName: category.name, messages: (mailbox, limit) => queryMatches(mailbox, category.query, timeZone, limit) };
}

async function querySource(ctx: { db: Db; userId: string }, query: string): Promise<ResolvedMailSource> {
  try {
    parseCategoryQuery(query);
  } catch (error) {
    // The same positioned error as a category's query, named by where it sits in this request.
    if (error instanceof FnError && error.status === 'INVALID_ARGUMENT') {
      throw new FnError('INVALID_ARGUMENT', error.message.replace(/^query:/, 'target.source.query:'), { ...(error.details as object), field: 'target.source.query' });
    }
    throw error;
  }
  const timeZone = await userTimeZone(ctx.db, ctx.userId);
  return { categoryId: null, categoryName: null, messages: (mailbox, limit) => queryMatches(mailbox, query, timeZone, limit) };
}

/** Categories resolve two kinds of mail source: a saved category, and any Gmail query (search results). */
export const categoryMailSources: MailSourceResolvers = {
  category: (ctx, source) => categorySource(ctx, source.categoryId),
  query: (ctx, source) => querySource(ctx, source.query),
};
