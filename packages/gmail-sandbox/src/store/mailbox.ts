import type { MessageMeta } from '@mailroom/mail-query';
import { errors } from '../errors.ts';
import type { MessageIndex } from '../message-index.ts';
import { SYSTEM_LABELS } from './labels.ts';
import type { LabelColor, StoredLabel } from './labels.ts';

export interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  /** Epoch ms (Gmail's internalDate). */
  internalDate: number;
  /** The historyId of the last change to this message. */
  historyId: number;
  raw: Buffer;
  index: MessageIndex;
}

export interface MessageRef {
  id: string;
  threadId: string;
  labelIds?: string[];
}

/** One history record, shaped like Gmail's History resource (ids are numbers until serialised). */
export interface HistoryRecord {
  id: number;
  messages: MessageRef[];
  messagesAdded?: Array<{ message: MessageRef }>;
  messagesDeleted?: Array<{ message: MessageRef }>;
  labelsAdded?: Array<{ message: MessageRef; labelIds: string[] }>;
  labelsRemoved?: Array<{ message: MessageRef; labelIds: string[] }>;
}

/** Where a mailbox writes its changes so they survive a restart (see persistence.ts). */
export interface MailboxPersistence {
  transaction<T>(fn: () => T): T;
  saveMessage(email: string, message: StoredMessage): void;
  /** Saves a message's labels and historyId (its raw bytes never change). */
  updateMessageLabels(email: string, message: StoredMessage): void;
  deleteMessage(email: string, id: string): void;
  saveLabel(email: string, label: StoredLabel): void;
  deleteLabel(email: string, id: string): void;
  appendHistory(email: string, record: HistoryRecord): void;
  dropHistoryThrough(email: string, historyId: number): void;
  saveState(email: string, state: MailboxState): void;
  savePending(email: string, item: PendingDelivery): void;
  deletePending(email: string, seq: number): void;
}

/**
 * A demo message held back at seeding, to be delivered while the server runs (live delivery):
 * its labels as seeded, and the corpus time between it and the message delivered before it.
 */
export interface PendingDelivery {
  /** Delivery order. */
  seq: number;
  raw: Buffer;
  index: MessageIndex;
  labelIds: string[];
  /** Corpus time since the message before it (the newest seeded one for the first), in ms. */
  gapMs: number;
}

export interface MailboxState {
  historyId: number;
  /** History records with ids up to this one were dropped from the window. */
  historyDroppedThrough: number;
  nextMessageSeq: number;
  nextLabelSeq: number;
}

export interface NewMessage {
  raw: Buffer;
  index: MessageIndex;
  labelIds: string[];
  internalDate: number;
  /** Put the message in this thread when it exists (messages.send with threadId). */
  threadId?: string;
}

/**
 * Gmail message ids are 16 hex digits. Sequential ids keep the seeded mailbox identical between
 * runs; the base makes them look like Gmail's and keeps them 16 digits long.
 */
const MESSAGE_ID_BASE = 0x1800000000000000n;

/** One user's mailbox: messages, labels, threads and the history log. All methods are synchronous. */
export class Mailbox {
  readonly email: string;
  readonly messages = new Map<string, StoredMessage>();
  readonly labels = new Map<string, StoredLabel>();
  readonly history: HistoryRecord[] = [];
  /** Messages waiting for live delivery, in delivery order. */
  readonly pending: PendingDelivery[] = [];
  state: MailboxState;
  private readonly historyWindow: number;
  private readonly persistence: MailboxPersistence | null;
  private readonly threads = new Map<string, Set<string>>();
  /** RFC 5322 Message-ID -> threadId, for threading replies. */
  private readonly threadByMessageId = new Map<string, string>();
  /** Message-IDs named in In-Reply-To/References of stored messages -> their threadId, so a
   * message that arrives after its reply still joins the reply's thread. */
  private readonly threadByReferencedId = new Map<string, string>();
  private sortedCache: StoredMessage[] | null = null;
  private readonly metaCache = new WeakMap<StoredMessage, MessageMeta>();
  private readonly listeners = new Set<(historyId: number, record: HistoryRecord) => void>();

  constructor(email: string, options: { historyWindow: number; persistence?: MailboxPersistence | null; state?: MailboxState }) {
    this.email = email;
    this.historyWindow = options.historyWindow;
    this.persistence = options.persistence ?? null;
    this.state = options.state ?? { historyId: 1, historyDroppedThrough: 0, nextMessageSeq: 1, nextLabelSeq: 1 };
    for (const label of SYSTEM_LABELS) this.labels.set(label.id, label);
  }

  /** Restores persisted rows without recording history (used when loading from disk). */
  restore(messages: StoredMessage[], labels: StoredLabel[], history: HistoryRecord[], pending: PendingDelivery[] = []): void {
    this.pending.push(...pending.sort((a, b) => a.seq - b.seq));
    for (const label of labels) this.labels.set(label.id, label);
    for (const message of messages) this.attach(message);
    this.history.push(...history.sort((a, b) => a.id - b.id));
  }

  /** Called after every change with the new historyId and its record (drives users.watch notifications). */
  onChange(listener: (historyId: number, record: HistoryRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get historyId(): number {
    return this.state.historyId;
  }

  get threadCount(): number {
    return this.threads.size;
  }

  /** Messages newest first (internalDate, then id), the order messages.list answers in. */
  sorted(): StoredMessage[] {
    this.sortedCache ??= [...this.messages.values()].sort(compareNewestFirst);
    return this.sortedCache;
  }

  threadMessages(threadId: string): StoredMessage[] {
    const ids = this.threads.get(threadId);
    if (!ids) return [];
    return [...ids].map((id) => this.messages.get(id) as StoredMessage).sort((a, b) => a.internalDate - b.internalDate || a.id.localeCompare(b.id));
  }

  getMessage(id: string): StoredMessage {
    const message = this.messages.get(id);
    if (!message) throw errors.notFound();
    return message;
  }

  /**
   * The MessageMeta the query language evaluates, with the message's current labels. One object
   * per message, kept: mail-query caches its word lists per object.
   */
  metaOf(message: StoredMessage): MessageMeta {
    let meta = this.metaCache.get(message);
    if (!meta) {
      meta = { ...message.index.meta, id: message.id, threadId: message.threadId, labelIds: message.labelIds, internalDate: message.internalDate };
      this.metaCache.set(message, meta);
    }
    meta.labelIds = message.labelIds;
    return meta;
  }

  userLabels(): StoredLabel[] {
    return [...this.labels.values()].filter((l) => l.type === 'user');
  }

  /** Runs a group of changes as one unit on disk (one SQLite transaction). */
  batch<T>(fn: () => T): T {
    return this.persistence ? this.persistence.transaction(fn) : fn();
  }

  insert(input: NewMessage): StoredMessage {
    this.assertLabelsExist(input.labelIds);
    return this.batch(() => {
      const historyId = this.nextHistoryId();
      const id = (MESSAGE_ID_BASE + BigInt(this.state.nextMessageSeq++)).toString(16);
      const threadId = this.resolveThread(id, input);
      const message: StoredMessage = {
        id,
        threadId,
        labelIds: dedupe(input.labelIds),
        internalDate: input.internalDate,
        historyId,
        raw: input.raw,
        index: input.index,
      };
      this.attach(message);
      this.persistence?.saveMessage(this.email, message);
      this.record({ id: historyId, messages: [ref(message)], messagesAdded: [{ message: ref(message, true) }] });
      return message;
    });
  }

  /** Holds messages back for live delivery, after any already waiting (not a mailbox change: no history). */
  hold(items: ReadonlyArray<Omit<PendingDelivery, 'seq'>>): void {
    this.batch(() => {
      let seq = (this.pending.at(-1)?.seq ?? 0) + 1;
      for (const item of items) {
        const pending: PendingDelivery = { ...item, seq: seq++ };
        this.pending.push(pending);
        this.persistence?.savePending(this.email, pending);
      }
    });
  }

  /**
   * Delivers the next held-back message as new mail, dated `now` (Gmail's internalDate is the
   * delivery time): inserted like any arriving message, so it is in history and pushed to a
   * watch. Null when nothing is waiting.
   */
  deliverNext(now: number, redate: (item: PendingDelivery, now: number) => { raw: Buffer; index: MessageIndex }): StoredMessage | null {
    const next = this.pending[0];
    if (!next) return null;
    return this.batch(() => {
      const { raw, index } = redate(next, now);
      const message = this.insert({ raw, index, labelIds: next.labelIds, internalDate: now });
      this.pending.shift();
      this.persistence?.deletePending(this.email, next.seq);
      return message;
    });
  }

  /** Permanently deletes a message (messages.delete). */
  remove(id: string): void {
    const message = this.getMessage(id);
    this.batch(() => {
      const historyId = this.nextHistoryId();
      this.messages.delete(id);
      this.sortedCache = null;
      const thread = this.threads.get(message.threadId);
      thread?.delete(id);
      if (thread?.size === 0) this.threads.delete(message.threadId);
      this.persistence?.deleteMessage(this.email, id);
      this.record({ id: historyId, messages: [ref(message)], messagesDeleted: [{ message: ref(message, true) }] });
    });
  }

  /**
   * Adds and removes labels on messages; records one history record per changed message, as Gmail
   * does, and none for a message that did not change.
   */
  modify(ids: readonly string[], addLabelIds: readonly string[], removeLabelIds: readonly string[]): StoredMessage[] {
    this.assertLabelsExist([...addLabelIds, ...removeLabelIds]);
    const messages = ids.map((id) => this.getMessage(id));
    return this.batch(() => {
      for (const message of messages) {
        const added = dedupe(addLabelIds).filter((l) => !message.labelIds.includes(l));
        const removed = dedupe(removeLabelIds).filter((l) => message.labelIds.includes(l) && !addLabelIds.includes(l));
        if (added.length === 0 && removed.length === 0) continue;
        const historyId = this.nextHistoryId();
        message.labelIds = [...message.labelIds.filter((l) => !removed.includes(l)), ...added];
        message.historyId = historyId;
        this.persistence?.updateMessageLabels(this.email, message);
        const record: HistoryRecord = { id: historyId, messages: [ref(message)] };
        if (added.length > 0) record.labelsAdded = [{ message: ref(message, true), labelIds: added }];
        if (removed.length > 0) record.labelsRemoved = [{ message: ref(message, true), labelIds: removed }];
        this.record(record);
      }
      return messages;
    });
  }

  createLabel(input: { name: string; messageListVisibility?: string; labelListVisibility?: string; color?: LabelColor }): StoredLabel {
    const name = input.name.trim();
    if (!name) throw errors.badRequest('Invalid label name');
    const clash = [...this.labels.values()].some((l) => l.name.toLowerCase() === name.toLowerCase());
    if (clash) throw errors.conflict('Label name exists or conflicts');
    return this.batch(() => {
      const label: StoredLabel = {
        id: `Label_${this.state.nextLabelSeq++}`,
        name,
        type: 'user',
        messageListVisibility: input.messageListVisibility ?? 'show',
        labelListVisibility: input.labelListVisibility ?? 'labelShow',
        ...(input.color ? { color: input.color } : {}),
      };
      this.labels.set(label.id, label);
      this.persistence?.saveLabel(this.email, label);
      this.persistence?.saveState(this.email, this.state);
      return label;
    });
  }

  patchLabel(id: string, patch: { name?: string; messageListVisibility?: string; labelListVisibility?: string; color?: LabelColor }): StoredLabel {
    const label = this.labels.get(id);
    if (!label) throw errors.notFound();
    if (label.type === 'system') throw errors.badRequest('Invalid update request: system labels cannot be changed');
    if (patch.name !== undefined) {
      const name = patch.name.trim();
      if (!name) throw errors.badRequest('Invalid label name');
      const clash = [...this.labels.values()].some((l) => l.id !== id && l.name.toLowerCase() === name.toLowerCase());
      if (clash) throw errors.conflict('Label name exists or conflicts');
      label.name = name;
    }
    if (patch.messageListVisibility !== undefined) label.messageListVisibility = patch.messageListVisibility;
    if (patch.labelListVisibility !== undefined) label.labelListVisibility = patch.labelListVisibility;
    if (patch.color !== undefined) label.color = patch.color;
    this.persistence?.saveLabel(this.email, label);
    return label;
  }

  /** Deletes a user label and removes it from every message that has it (recorded as labelsRemoved). */
  deleteLabel(id: string): void {
    const label = this.labels.get(id);
    if (!label) throw errors.notFound();
    if (label.type === 'system') throw errors.badRequest('Invalid delete request: system labels cannot be deleted');
    const carriers = [...this.messages.values()].filter((m) => m.labelIds.includes(id)).map((m) => m.id);
    this.batch(() => {
      this.modify(carriers, [], [id]);
      this.labels.delete(id);
      this.persistence?.deleteLabel(this.email, id);
    });
  }

  /** Counts for labels.get (messagesTotal, messagesUnread, threadsTotal, threadsUnread). */
  labelCounts(id: string): { messagesTotal: number; messagesUnread: number; threadsTotal: number; threadsUnread: number } {
    let messagesTotal = 0;
    let messagesUnread = 0;
    const threads = new Set<string>();
    const unreadThreads = new Set<string>();
    for (const message of this.messages.values()) {
      if (!message.labelIds.includes(id)) continue;
      messagesTotal++;
      threads.add(message.threadId);
      if (message.labelIds.includes('UNREAD')) {
        messagesUnread++;
        unreadThreads.add(message.threadId);
      }
    }
    return { messagesTotal, messagesUnread, threadsTotal: threads.size, threadsUnread: unreadThreads.size };
  }

  /**
   * History records after startHistoryId, or null when records the caller needs were dropped from
   * the window: Gmail then answers 404 and the client must full-sync
   * (https://developers.google.com/workspace/gmail/api/guides/sync#partial).
   */
  historyAfter(startHistoryId: number): HistoryRecord[] | null {
    if (startHistoryId < this.state.historyDroppedThrough) return null;
    let lo = 0;
    let hi = this.history.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.history[mid] as HistoryRecord).id <= startHistoryId) lo = mid + 1;
      else hi = mid;
    }
    return this.history.slice(lo);
  }

  assertLabelsExist(labelIds: readonly string[]): void {
    for (const id of labelIds) {
      if (!this.labels.has(id)) throw errors.badRequest(`Invalid label: ${id}`);
    }
  }

  private attach(message: StoredMessage): void {
    this.messages.set(message.id, message);
    this.sortedCache = null;
    let thread = this.threads.get(message.threadId);
    if (!thread) this.threads.set(message.threadId, (thread = new Set()));
    thread.add(message.id);
    const rfcId = message.index.messageId;
    if (rfcId && !this.threadByMessageId.has(rfcId)) this.threadByMessageId.set(rfcId, message.threadId);
    for (const referenced of [...message.index.inReplyTo, ...message.index.references]) {
      if (!this.threadByReferencedId.has(referenced)) this.threadByReferencedId.set(referenced, message.threadId);
    }
  }

  /**
   * Gmail threads a message with the message it replies to (In-Reply-To, then References from the
   * newest), with a stored reply to it, or with the thread the sender named; otherwise it starts
   * a thread named after itself.
   */
  private resolveThread(id: string, input: NewMessage): string {
    if (input.threadId && this.threads.has(input.threadId)) return input.threadId;
    const candidates = [...input.index.inReplyTo, ...[...input.index.references].reverse()];
    for (const parent of candidates) {
      const threadId = this.threadByMessageId.get(parent);
      if (threadId && this.threads.has(threadId)) return threadId;
    }
    const own = input.index.messageId;
    const replyThread = own ? this.threadByReferencedId.get(own) : undefined;
    if (replyThread && this.threads.has(replyThread)) return replyThread;
    return id;
  }

  private nextHistoryId(): number {
    this.state.historyId += 1;
    return this.state.historyId;
  }

  private record(record: HistoryRecord): void {
    this.history.push(record);
    this.persistence?.appendHistory(this.email, record);
    const excess = this.history.length - this.historyWindow;
    if (excess > 0) {
      const dropped = this.history.splice(0, excess);
      this.state.historyDroppedThrough = (dropped[dropped.length - 1] as HistoryRecord).id;
      this.persistence?.dropHistoryThrough(this.email, this.state.historyDroppedThrough);
    }
    this.persistence?.saveState(this.email, this.state);
    for (const listener of this.listeners) listener(this.state.historyId, record);
  }
}

function ref(message: StoredMessage, withLabels = false): MessageRef {
  return withLabels ? { id: message.id, threadId: message.threadId, labelIds: [...message.labelIds] } : { id: message.id, threadId: message.threadId };
}

function dedupe(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export function compareNewestFirst(a: StoredMessage, b: StoredMessage): number {
  return b.internalDate - a.internalDate || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

