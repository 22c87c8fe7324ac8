import type { Category, EmailSummary } from '@mailroom/contract';
import { systemLabelBit, type Address, type LabelInfo } from '@mailroom/mail-query';
import { sql, type Selectable } from 'kysely';
import { DEFAULT_CATEGORY_PAGE_SIZE } from '../../constants/categories.ts';
import type { Db } from '../../db/database.ts';
import type { MessagesTable } from '../../db/schema.ts';
import { FnError } from '../../http/errors.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { viaProvider } from '../../providers/mailbox-access.ts';
import { KEPT_HEADERS, toStoredMeta } from '../../sync/metadata.ts';
import { compileCategoryQuery, decodePageToken, encodePageToken, type CompiledCategoryQuery } from './query.ts';
import type { CategoryRow } from './repository.ts';

const UNREAD_BIT = systemLabelBit('UNREAD') as number;

export interface QueryCounts {
  count: number | null;
  unreadCount: number | null;
}

/** The account's labels (ids and names), for `label:` and for showing label names. */
export async function accountLabels(db: Db, accountId: string | null): Promise<LabelInfo[]> {
  if (!accountId) return [];
  return db.selectFrom('labels').select(['id', 'name']).where('account_id', '=', accountId).orderBy('id').execute();
}

/**
 * Exact counts from the store (DESIGN §2: the store answers header-only queries). A query over
 * bodies has no exact count (Gmail only estimates), so its counts are null. Without a connected
 * mailbox nothing is stored and the counts are 0.
 */
export async function countQuery(db: Db, accountId: string | null, compiled: CompiledCategoryQuery): Promise<QueryCounts> {
  if (compiled.source === 'gmail') return { count: null, unreadCount: null };
  if (!accountId) return { count: 0, unreadCount: 0 };
  const row = await db
    .selectFrom('messages')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      sql<number | string | null>`sum(case when (${sql.ref('system_labels')} & ${sql.lit(UNREAD_BIT)}) <> 0 then 1 else 0 end)`.as('unread'),
    ])
    .where('account_id', '=', accountId)
    .where(compiled.where)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), unreadCount: Number(row.unread ?? 0) };
}

export function toCategory(row: CategoryRow, counts: QueryCounts): Category {
  return {
    categoryId: row.id,
    name: row.name,
    query: row.query,
    description: row.description,
    color: row.color,
    icon: row.icon,
    count: counts.count,
    unreadCount: counts.unreadCount,
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** A category with its counts, for this instant and this account's labels. */
export async function describeCategory(db: Db, accountId: string | null, row: CategoryRow, now: Date = new Date()): Promise<Category> {
  const compiled = compileCategoryQuery(row.query, { now, labels: await accountLabels(db, accountId) });
  return toCategory(row, await countQuery(db, accountId, compiled));
}

type SummaryRow = Pick<
  Selectable<MessagesTable>,
  'id' | 'thread_id' | 'label_ids' | 'internal_date' | 'from_addresses' | 'subject' | 'snippet' | 'has_attachment'
>;
const SUMMARY_COLUMNS = ['id', 'thread_id', 'label_ids', 'internal_date', 'from_addresses', 'subject', 'snippet', 'has_attachment'] as const;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Gmail sends snippets HTML-escaped (`&#39;`); the summary carries plain text. */
export function unescapeSnippet(snippet: string): string {
  return snippet.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number.parseInt(entity.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

export function formatAddress(address: Address | undefined): string {
  if (!address) return '';
  return address.name ? `${address.name} <${address.address}>` : address.address;
}

function summaryOf(row: SummaryRow, labelNames: Map<string, string>): EmailSummary {
  const labelIds = JSON.parse(row.label_ids) as string[];
  const from = JSON.parse(row.from_addresses) as Address[];
  return {
    id: row.id,
    threadId: row.thread_id,
    from: formatAddress(from[0]),
    subject: row.subject,
    snippet: unescapeSnippet(row.snippet ?? ''),
    date: new Date(Number(row.internal_date)).toISOString(),
    // User labels by name, system labels by their id (which is their name in Gmail).
    labels: labelIds.map((id) => labelNames.get(id) ?? id),
    unread: labelIds.includes('UNREAD'),
    hasAttachment: Number(row.has_attachment) === 1,
  };
}

export interface EmailPage {
  emails: EmailSummary[];
  nextPageToken: string | null;
  total: number | null;
  source: 'store' | 'gmail';
}

export interface EmailPageRequest {
  pageToken?: string | undefined;
  pageSize?: number | undefined;
  sort?: 'date' | 'priority' | undefined;
}

/**
 * One page of a category's mail, newest first. Header-only queries run on the store (keyset
 * pages, exact total on the first page); queries over bodies go to Gmail search, whose page
 * tokens are wrapped, and whose results are described from the store (or fetched as metadata
 * when the store does not have them yet).
 */
export async function categoryEmails(
  deps: { db: Db; accountId: string; provider: () => Promise<MailProvider> },
  row: CategoryRow,
  request: EmailPageRequest,
  now: Date = new Date(),
): Promise<EmailPage> {
  if (request.sort === 'priority') {
    throw new FnError('FAILED_PRECONDITION', 'Sorting by priority is not available yet: messages have no priority scores. Sort by date.', {
      reason: 'PRIORITY_UNAVAILABLE',
    });
  }
  const { db, accountId } = deps;
  const pageSize = request.pageSize ?? DEFAULT_CATEGORY_PAGE_SIZE;
  const labels = await accountLabels(db, accountId);
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));
  const compiled = compileCategoryQuery(row.query, { now, labels });
  const cursor = request.pageToken ? decodePageToken(request.pageToken, compiled) : null;

  if (compiled.source === 'store') {
    let query = db
      .selectFrom('messages')
      .select(SUMMARY_COLUMNS)
      .where('account_id', '=', accountId)
      .where(compiled.where)
      .orderBy('internal_date', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize + 1);
    if (cursor?.s === 'store') {
      const { d, i } = cursor;
      query = query.where((eb) => eb.or([eb('internal_date', '<', d), eb.and([eb('internal_date', '=', d), eb('id', '<', i)])]));
    }
    const rows = await query.execute();
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    const more = rows.length > pageSize && last !== undefined;
    const total = cursor ? null : (await countQuery(db, accountId, compiled)).count;
    return {
      emails: page.map((r) => summaryOf(r, labelNames)),
      nextPageToken: more ? encodePageToken({ s: 'store', q: compiled.fingerprint, d: Number(last.internal_date), i: last.id }) : null,
      total,
      source: 'store',
    };
  }

  const provider = await deps.provider();
  const listed = await viaProvider(() =>
    provider.listMessageIds({ q: compiled.gmailQuery, maxResults: pageSize, pageToken: cursor?.s === 'gmail' ? cursor.p : null }),
  );
  const ids = listed.messages.map((m) => m.id);
  const stored = ids.length
    ? await db.selectFrom('messages').select(SUMMARY_COLUMNS).where('account_id', '=', accountId).where('id', 'in', ids).execute()
    : [];
  const byId = new Map<string, SummaryRow>(stored.map((r) => [r.id, r]));
  const unsynced = ids.filter((id) => !byId.has(id));
  if (unsynced.length > 0) {
    // Matches Gmail has and the sync has not stored yet: described from their metadata, in memory only.
    const { messages } = await viaProvider(() => provider.getMessagesMetadata(unsynced, { headers: KEPT_HEADERS, withAttachments: true }));
    for (const message of messages) {
      const meta = toStoredMeta(message);
      byId.set(meta.id, {
        id: meta.id,
        thread_id: meta.threadId,
        label_ids: JSON.stringify(meta.labelIds),
        internal_date: meta.internalDate,
        from_addresses: JSON.stringify(meta.from),
        subject: meta.subject,
        snippet: meta.snippet,
        has_attachment: meta.attachments.length > 0 ? 1 : 0,
      });
    }
  }
  return {
    emails: ids.flatMap((id) => {
      const summary = byId.get(id);
      return summary ? [summaryOf(summary, labelNames)] : [];
    }),
    nextPageToken: listed.nextPageToken ? encodePageToken({ s: 'gmail', q: compiled.fingerprint, p: listed.nextPageToken }) : null,
    total: null,
    source: 'gmail',
  };
}
