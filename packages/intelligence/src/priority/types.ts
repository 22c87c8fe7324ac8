/**
 * What the priority model reads. `PriorityMessage` is a structural subset of the store's
 * message metadata (`StoredMessageMeta` in apps/server, `MessageMeta` in mail-query) plus the
 * few extra headers that say "a machine sent this", so the server can pass its rows as they are.
 * Bodies are never needed: subject and Gmail's ~200-character snippet are the only text.
 */
export interface PriorityAddress {
  name: string | null;
  address: string;
}

export interface PriorityMessage {
  /** The store's id (Gmail id) or any id stable for the mailbox. */
  id: string;
  /** Gmail's thread id. Mailboxes without one can use `resolveThreads` first. */
  threadId: string;
  /** Message-ID header without angle brackets. */
  rfc822MessageId: string | null;
  /** In-Reply-To / References: Message-IDs without angle brackets, space-separated. */
  inReplyTo?: string | null;
  references?: string | null;
  from: readonly PriorityAddress[];
  to: readonly PriorityAddress[];
  cc: readonly PriorityAddress[];
  bcc: readonly PriorityAddress[];
  replyTo?: readonly PriorityAddress[];
  subject: string;
  /** Gmail's snippet (or the first ~200 characters of the text): the only body text used. */
  snippet?: string | null;
  /** Gmail label ids: system ids (INBOX, SPAM, TRASH, SENT, STARRED, CATEGORY_*) and user label ids. */
  labelIds: readonly string[];
  /** Arrival time, epoch ms (Gmail's internalDate). */
  internalDate: number;
  listId: string | null;
  listPost: string | null;
  listUnsubscribe?: string | null;
  /**
   * Optional headers that mark machine-sent mail, by lower-case name: `precedence` (RFC 2076
   * §3.9: bulk, list, junk), `auto-submitted` (RFC 3834 §5), `x-mailer`, `feedback-id` (Gmail's
   * bulk-sender guidelines), `x-campaign`, `x-mailgun-*`... Missing headers are simply unknown.
   */
  headers?: Readonly<Record<string, string>>;
}

/**
 * What a user did with a message. Positive: open, reply, star, important. Negative:
 * not_important, delete, quarantine, and weakly archive (many people archive what they have
 * read) and ignore (shown and left untouched for a day).
 */
export const PRIORITY_ACTIONS = ['open', 'reply', 'star', 'important', 'not_important', 'archive', 'delete', 'quarantine', 'ignore'] as const;
export type PriorityAction = (typeof PRIORITY_ACTIONS)[number];

export function isPriorityAction(value: unknown): value is PriorityAction {
  return typeof value === 'string' && (PRIORITY_ACTIONS as readonly string[]).includes(value);
}

/**
 * The online step's input. `message`: a message is in the mailbox (sync saw it once; the
 * user's own sent mail builds the address book and thread participation). `action`: the user
 * acted on a message at `at` (epoch ms). `retract`: an earlier action was undone.
 */
export type PriorityEvent =
  | { type: 'message'; message: PriorityMessage }
  | {
      type: 'action';
      action: PriorityAction;
      message: PriorityMessage;
      at: number;
      /** How much this action counts, 0–1 (default 1): less for actions inferred rather than seen. */
      weight?: number;
    }
  | {
      /**
       * The user undid an action learned before (an archive, star or mark taken back within the
       * undo window): what it taught is taken back, as if it had not happened. Give the same
       * action, message and weight as the original.
       */
      type: 'retract';
      action: PriorityAction;
      message: PriorityMessage;
      at: number;
      weight?: number;
    };

export interface ScoreContext {
  /** The current instant, epoch ms (age of the message). */
  now: number;
  /** User label ids -> names, only for the words of explanations. */
  labels?: readonly { id: string; name: string }[];
}

/** One reason a score moved, in logit units (positive raised it), with its words. */
export interface PriorityContribution {
  reason: ContributionReason;
  logit: number;
  text: string;
}

export type ContributionReason =
  | 'sender'
  | 'domain'
  | 'list'
  | 'thread'
  | 'kind'
  | 'promotion'
  | 'content'
  | 'labels'
  | 'time'
  | 'message'
  | 'spam';

export interface PriorityScore {
  /** Calibrated probability that the user acts on the message, as an integer 0–100. */
  score: number;
  probability: number;
  /** The user's current Important/Other threshold (score units). */
  threshold: number;
  important: boolean;
  /** The 3–5 contributions that moved the score most, largest first. */
  contributions: PriorityContribution[];
}
