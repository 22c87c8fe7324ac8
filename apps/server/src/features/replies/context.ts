import { normaliseAddress, type ThreadSummary, type UserIdentity } from '@mailroom/intelligence/replies';
import type { Address } from '@mailroom/mail-query';
import type { Db } from '../../db/database.ts';
import type { OriginalMail } from './original.ts';

/**
 * What the engine and the model need to know besides the message itself, from the store only
 * (metadata and Gmail's snippets, never bodies): who the user is, and the thread.
 */

/** The user's addresses (the Gmail account's first, it sends) and name. */
export function identityOf(account: { email: string }, principal: { email: string; displayName: string | null }, senderName: string | null): UserIdentity {
  const addresses = [account.email];
  if (normaliseAddress(principal.email) !== normaliseAddress(account.email)) addresses.push(principal.email);
  return { addresses, name: principal.displayName?.trim() || senderName || null };
}

export interface ThreadFacts {
  summary: ThreadSummary;
  /** Earlier messages of the thread, oldest first: sender, date and Gmail's snippet (for the model's prompt). */
  earlier: Array<{ from: string; date: number | null; snippet: string }>;
}

/** A thread longer than this is read from its newest messages. */
const MAX_THREAD_ROWS = 200;
/** References beyond this many are not looked up (a long chain names the same few people). */
const MAX_REFERENCED = 50;

function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Gmail's snippets come HTML-escaped ("&#39;", "&amp;"); the prompt wants the text. */
export function snippetText(snippet: string | null): string {
  return (snippet ?? '')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function formatSender(from: Address[]): string {
  const first = from[0];
  if (!first) return '(unknown sender)';
  return first.name ? `${first.name} <${first.address}>` : first.address;
}

/**
 * The thread the message is in, as the store knows it: how many messages, how many the user sent
 * (labelled SENT or from one of their addresses), the Message-IDs of the user's messages (in the
 * thread, and those this message answers by In-Reply-To/References), and the earlier messages'
 * senders and snippets.
 */
export async function threadFacts(db: Db, accountId: string, mail: OriginalMail, user: UserIdentity): Promise<ThreadFacts> {
  const mine = new Set(user.addresses.map(normaliseAddress));
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'from_addresses', 'label_ids', 'message_id', 'internal_date', 'snippet'])
    .where('account_id', '=', accountId)
    .where('thread_id', '=', mail.threadId)
    .orderBy('internal_date', 'desc')
    .limit(MAX_THREAD_ROWS)
    .execute();
  rows.reverse();
  const referenced = [...new Set([...mail.reply.inReplyTo, ...mail.reply.references].map((id) => id.toLowerCase()))].slice(-MAX_REFERENCED);
  const answered =
    referenced.length === 0
      ? []
      : await db
          .selectFrom('messages')
          .select(['id', 'from_addresses', 'label_ids', 'message_id'])
          .where('account_id', '=', accountId)
          .where('message_id_key', 'in', referenced)
          .execute();

  const isUsers = (row: { from_addresses: string; label_ids: string }) => {
    if (parseJson<string[]>(row.label_ids, []).includes('SENT')) return true;
    const sender = parseJson<Address[]>(row.from_addresses, [])[0];
    return !!sender && mine.has(normaliseAddress(sender.address));
  };
  const own = rows.find((r) => r.id === mail.id);
  const userRows = rows.filter((r) => r.id !== mail.id && isUsers(r));
  const userMessageIds = [...new Set([...userRows, ...answered.filter(isUsers)].map((r) => r.message_id).filter((id): id is string => !!id))];
  const before = own ? Number(own.internal_date) : (mail.reply.date ?? Number.POSITIVE_INFINITY);
  const earlier = rows
    .filter((r) => r.id !== mail.id && Number(r.internal_date) <= before)
    .map((r) => ({ from: formatSender(parseJson<Address[]>(r.from_addresses, [])), date: Number(r.internal_date) || null, snippet: snippetText(r.snippet) }));
  return {
    summary: { messageCount: Math.max(1, rows.length + (own ? 0 : 1)), userMessageCount: userRows.length, userMessageIds },
    earlier,
  };
}
