import type { MessageMeta } from '@mailroom/mail-query';
import { learnStyle } from './style.ts';
import { normaliseAddress } from './trigger.ts';
import type { MessageHeader, ReplyInput, ReplyMessage, StyleProfile, ThreadSummary, UserIdentity } from './types.ts';

/**
 * Engine inputs from a whole mailbox held in memory (a Takeout mbox for the CLI, the bench and
 * the evaluation): who the user is, the user's style from their sent replies, and each
 * message's thread. Threads join Gmail's thread id (X-GM-THRID) and the Message-ID links of
 * In-Reply-To/References (RFC 5322 §3.6.4). The product builds the same ReplyInput from its
 * store and the provider instead.
 */
export interface MailboxEntry {
  meta: MessageMeta;
  headers: MessageHeader[];
  /** The body as text ('' when none). */
  text: string;
  htmlOnly: boolean;
}

export interface MailboxOptions {
  /**
   * The mailbox as it was at this instant (epoch ms): later messages do not count as the user's
   * replies, thread participation or style. Any message can still be asked about.
   */
  now?: number;
}

export class ReplyMailbox {
  readonly identity: UserIdentity;
  readonly style: StyleProfile;
  private readonly entries: MailboxEntry[];
  private readonly byMessageId = new Map<string, MailboxEntry[]>();
  private readonly byGmailId = new Map<string, MailboxEntry>();
  private readonly threadOf = new Map<MailboxEntry, string>();
  private readonly threadSize = new Map<string, number>();
  private readonly userEntries = new Set<MailboxEntry>();
  private readonly userMessageIds: string[];
  private readonly now: number | undefined;
  private readonly visible: (entry: MailboxEntry) => boolean;

  constructor(entries: readonly MailboxEntry[], me: string, options: MailboxOptions = {}) {
    this.now = options.now;
    this.entries = [...entries];
    const visible = (e: MailboxEntry) => options.now === undefined || !e.meta.internalDate || e.meta.internalDate <= options.now;
    this.visible = visible;
    this.identity = identityOf(this.entries, me);
    const mine = new Set(this.identity.addresses.map(normaliseAddress));
    for (const entry of this.entries) {
      const id = entry.meta.rfc822MessageId;
      if (id) {
        const list = this.byMessageId.get(id) ?? [];
        list.push(entry);
        this.byMessageId.set(id, list);
      }
      this.byGmailId.set(entry.meta.id, entry);
      const sender = entry.meta.from[0];
      if (visible(entry) && ((sender && mine.has(normaliseAddress(sender.address))) || entry.meta.labelIds.includes('SENT'))) this.userEntries.add(entry);
    }
    this.userMessageIds = [...this.userEntries].map((e) => e.meta.rfc822MessageId).filter((id): id is string => !!id);
    this.buildThreads();
    // The user's replies, newest first: what they wrote when answering someone.
    const replies = [...this.userEntries]
      .filter((e) => !!e.meta.inReplyTo || !!e.meta.references || /^\s*re\s*:/i.test(e.meta.subject))
      .sort((a, b) => b.meta.internalDate - a.meta.internalDate)
      .map((e) => e.text);
    this.style = learnStyle(replies);
  }

  /** The message with this Message-ID (angle brackets optional) or Gmail id; a copy the user did not send wins. */
  find(id: string): MailboxEntry | null {
    const bare = id.trim().replace(/^<+|>+$/g, '').trim();
    const matches = this.byMessageId.get(bare) ?? [...this.byMessageId.entries()].find(([key]) => key.toLowerCase() === bare.toLowerCase())?.[1];
    if (matches && matches.length > 0) return matches.find((e) => !this.userEntries.has(e)) ?? (matches[0] as MailboxEntry);
    return this.byGmailId.get(bare) ?? null;
  }

  /** The engine's input for one message of this mailbox. */
  inputFor(entry: MailboxEntry): ReplyInput {
    const thread = this.threadOf.get(entry) as string;
    let userMessageCount = 0;
    for (const other of this.userEntries) if (other !== entry && this.threadOf.get(other) === thread) userMessageCount++;
    const messageCount = (this.threadSize.get(thread) ?? 0) + (this.visible(entry) ? 0 : 1);
    const summary: ThreadSummary = { messageCount: Math.max(1, messageCount), userMessageCount, userMessageIds: this.userMessageIds };
    return {
      message: replyMessageOf(entry),
      thread: summary,
      user: this.identity,
      style: this.style,
      ...(this.now !== undefined ? { now: this.now } : {}),
    };
  }

  private buildThreads(): void {
    const parent = new Map<string, string>();
    const find = (x: string): string => {
      let root = x;
      while (parent.get(root) !== root) root = parent.get(root) as string;
      // Path compression keeps later look-ups flat.
      let node = x;
      while (parent.get(node) !== root) {
        const next = parent.get(node) as string;
        parent.set(node, root);
        node = next;
      }
      return root;
    };
    const add = (x: string) => {
      if (!parent.has(x)) parent.set(x, x);
    };
    const union = (a: string, b: string) => {
      add(a);
      add(b);
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent.set(ra, rb);
    };
    for (const entry of this.entries) {
      const own = `t:${entry.meta.threadId}`;
      add(own);
      if (entry.meta.rfc822MessageId) union(own, `m:${entry.meta.rfc822MessageId}`);
      for (const id of idsOf(entry.meta.inReplyTo).concat(idsOf(entry.meta.references))) union(own, `m:${id}`);
    }
    for (const entry of this.entries) {
      const root = find(`t:${entry.meta.threadId}`);
      this.threadOf.set(entry, root);
      if (this.visible(entry)) this.threadSize.set(root, (this.threadSize.get(root) ?? 0) + 1);
    }
  }
}

function idsOf(list: string | null | undefined): string[] {
  return list ? list.split(/\s+/).filter(Boolean) : [];
}

export function replyMessageOf(entry: MailboxEntry): ReplyMessage {
  const { meta } = entry;
  return {
    from: meta.from,
    to: meta.to,
    cc: meta.cc,
    replyTo: meta.replyTo ?? [],
    subject: meta.subject,
    headers: entry.headers,
    labelIds: meta.labelIds,
    text: entry.text,
    htmlOnly: entry.htmlOnly,
    messageId: meta.rfc822MessageId,
    inReplyTo: idsOf(meta.inReplyTo),
    references: idsOf(meta.references),
    date: meta.internalDate || null,
    attachments: meta.attachments,
  };
}

/**
 * The user's addresses and name: the given address; the display name they send under most;
 * and their other sending addresses, recognised by that same full name (at least two words, so
 * a bare "Sam" is never taken for the user).
 */
function identityOf(entries: readonly MailboxEntry[], me: string): UserIdentity {
  const primary = normaliseAddress(me);
  const names = new Map<string, number>();
  for (const entry of entries) {
    const sender = entry.meta.from[0];
    if (!sender || normaliseAddress(sender.address) !== primary || !sender.name) continue;
    const name = sender.name.replace(/^["'\s]+|["'\s]+$/g, '').trim();
    if (name) names.set(name, (names.get(name) ?? 0) + 1);
  }
  const name = [...names.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const addresses = [me.trim()];
  if (name && name.split(/\s+/).length >= 2) {
    const key = name.toLowerCase();
    for (const entry of entries) {
      const sender = entry.meta.from[0];
      if (!sender?.name || sender.name.replace(/^["'\s]+|["'\s]+$/g, '').trim().toLowerCase() !== key) continue;
      if (!addresses.some((a) => normaliseAddress(a) === normaliseAddress(sender.address))) addresses.push(sender.address);
    }
  }
  return { addresses, name };
}
