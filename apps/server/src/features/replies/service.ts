import type { SuggestRepliesResult } from '@mailroom/contract';
import { suggestReplies, type ReplyInput, type ReplySuggestions, type UserIdentity } from '@mailroom/intelligence/replies';
import type { Address } from '@mailroom/mail-query';
import type { Db } from '../../db/database.ts';
import type { AppServices } from '../../platform/services.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';
import { requireConnectedAccount, requireProvider, type ConnectedAccount } from '../../providers/mailbox-access.ts';
import { recipientsFor, subjectFor, type OriginalMessage } from '../../providers/outgoing/index.ts';
import type { Principal } from '../../auth/principal.ts';
import { identityOf, threadFacts, type ThreadFacts } from './context.ts';
import { MAX_SUGGESTION_BYTES, OriginalTooLargeError, readOriginal, type OriginalMail } from './original.ts';
import { formatMailbox } from './recipients.ts';
import { LEARN_STYLE_JOB, loadStyle, type StoredStyle } from './style.ts';

/** Who is replying, from which mailbox, in which style. */
export interface ReplyContext {
  account: ConnectedAccount;
  provider: MailProvider;
  user: UserIdentity;
  style: StoredStyle | null;
}

/**
 * The signed-in user's mailbox, identity and style. A user whose style was never learned gets the
 * default style now, and the learning is queued (it reads their sent replies in the background).
 */
export async function replyContextOf(services: Pick<AppServices, 'db' | 'providers' | 'jobs'>, principal: Principal): Promise<ReplyContext> {
  const account = await requireConnectedAccount(services.db, principal.userId);
  const provider = await requireProvider(services.providers, account);
  const style = await loadStyle(services.db, account.id);
  if (!style) await services.jobs.enqueue(LEARN_STYLE_JOB, { accountId: account.id });
  return { account, provider, user: identityOf(account, principal, style?.senderName ?? null), style };
}

/** The engine's input for one message: the message, its thread from the store, the user, the style. */
export function replyInputOf(mail: OriginalMail, facts: ThreadFacts, rc: ReplyContext, now: number): ReplyInput {
  const style = rc.style && rc.style.profile.samples > 0 ? rc.style.profile : null;
  return { message: mail.reply, thread: facts.summary, user: rc.user, style, now };
}

function parseAddresses(text: string | null): Address[] {
  if (!text) return [];
  try {
    return JSON.parse(text) as Address[];
  } catch {
    return [];
  }
}

/** The headers composing needs, from the store, for a message too large to parse for suggestions. */
async function originalFromStore(db: Db, accountId: string, messageId: string): Promise<OriginalMessage | null> {
  const row = await db
    .selectFrom('messages')
    .select(['from_addresses', 'to_addresses', 'cc_addresses', 'reply_to_addresses', 'subject', 'message_id', 'in_reply_to', 'references_header', 'internal_date'])
    .where('account_id', '=', accountId)
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!row) return null;
  const ids = (value: string | null) => (value ? value.split(/\s+/).filter(Boolean) : []);
  return {
    from: parseAddresses(row.from_addresses),
    to: parseAddresses(row.to_addresses),
    cc: parseAddresses(row.cc_addresses),
    replyTo: parseAddresses(row.reply_to_addresses),
    subject: row.subject,
    messageId: row.message_id,
    inReplyTo: ids(row.in_reply_to),
    references: ids(row.references_header),
    date: Number(row.internal_date) || null,
    text: '',
  };
}

/** What the editor starts from for each mode. */
export function composeDefaults(original: OriginalMessage, user: UserIdentity): SuggestRepliesResult['compose'] {
  const of = (mode: 'reply' | 'reply-all') => {
    const { to, cc } = recipientsFor({ mode, original, user });
    return { to: to.map(formatMailbox), cc: cc.map(formatMailbox) };
  };
  return { reply: of('reply'), replyAll: of('reply-all'), subjects: { reply: subjectFor('reply', original.subject), forward: subjectFor('forward', original.subject) } };
}

export interface SuggestionsOutcome {
  result: SuggestRepliesResult;
  /** The parsed message and its thread, for a caller that goes on to draft (null when too large). */
  mail: OriginalMail | null;
  facts: ThreadFacts | null;
  engine: ReplySuggestions | null;
}

/**
 * Smart replies for one message of the user's mailbox: fetched on demand (NOT_FOUND when it is
 * not in this mailbox), its thread from the store, the engine run in-process.
 */
export async function suggestionsFor(services: Pick<AppServices, 'db' | 'clock' | 'llm'>, rc: ReplyContext, messageId: string): Promise<SuggestionsOutcome> {
  const now = services.clock.now();
  const style = { learned: !!rc.style && rc.style.profile.samples > 0, samples: rc.style?.profile.samples ?? 0 };
  const modelAvailable = services.llm !== null;
  let mail: OriginalMail;
  try {
    mail = await readOriginal(rc.provider, { accountId: rc.account.id, messageId }, { now, maxBytes: MAX_SUGGESTION_BYTES });
  } catch (error) {
    if (!(error instanceof OriginalTooLargeError)) throw error;
    const original = await originalFromStore(services.db, rc.account.id, messageId);
    const empty: OriginalMessage = { from: [], to: [], cc: [], replyTo: [], subject: '', messageId: null, inReplyTo: [], references: [], date: null, text: '' };
    return {
      result: {
        messageId,
        trigger: false,
        code: 'too-large',
        reason: `This message is too large to read for suggestions (${error.message.replace(/^The message is /, '')}); you can still reply.`,
        kind: null,
        suggestions: [],
        style,
        compose: composeDefaults(original ?? empty, rc.user),
        modelAvailable,
      },
      mail: null,
      facts: null,
      engine: null,
    };
  }
  const facts = await threadFacts(services.db, rc.account.id, mail, rc.user);
  const engine = suggestReplies(replyInputOf(mail, facts, rc, now));
  return {
    result: {
      messageId,
      trigger: engine.trigger,
      code: engine.code,
      reason: engine.reason,
      kind: engine.understanding?.primary ?? null,
      suggestions: engine.suggestions.map((s) => ({ text: s.text, body: s.body, stance: s.stance })),
      style,
      compose: composeDefaults(mail.original, rc.user),
      modelAvailable,
    },
    mail,
    facts,
    engine,
  };
}
