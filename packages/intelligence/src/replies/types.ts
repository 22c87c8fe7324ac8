/**
 * The smart-reply engine's input and output. Plain objects, so the CLI (a Takeout mbox) and the
 * product (metadata from the store + the body fetched on demand, never stored) build the same
 * input and get the same answer.
 */

export interface MailAddress {
  /** Display name, decoded (RFC 2047), or null. */
  name: string | null;
  address: string;
}

export interface MessageHeader {
  name: string;
  value: string;
}

/** The message being answered. */
export interface ReplyMessage {
  from: MailAddress[];
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress[];
  subject: string;
  /**
   * The message's headers (any case, any subset). Triggering reads the list and automation
   * headers (List-*, Precedence, Auto-Submitted, X-Mailer, X-Spam-Flag ...); others are ignored.
   */
  headers: MessageHeader[];
  /** Gmail label ids (SPAM, SENT, ...). */
  labelIds: string[];
  /** The body as plain text (the text part, or the HTML part turned into text); '' when none. */
  text: string;
  /** True when the message only had an HTML body (a marketing-mail cue). */
  htmlOnly: boolean;
  /** RFC 5322 Message-ID without angle brackets. */
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  /** Epoch ms of the Date header (or internal date), or null. */
  date: number | null;
  /** Attachment names and types (a calendar invitation carries text/calendar). */
  attachments: Array<{ filename: string; mimeType: string }>;
}

/** What the engine needs to know about the thread, without its bodies. */
export interface ThreadSummary {
  /** Messages in the thread, this one included. */
  messageCount: number;
  /** Messages the user sent in this thread (other than this one). */
  userMessageCount: number;
  /**
   * Message-IDs of messages the user sent (in this thread or anywhere the caller knows of), so a
   * message that replies to one of them counts as part of a conversation with the user.
   */
  userMessageIds: string[];
}

/** Who the user is. */
export interface UserIdentity {
  /** Every address of the user (primary first); compared case-insensitively. */
  addresses: string[];
  /** The user's display name, e.g. "Justin Mason", when known: finds "Justin Mason wrote:". */
  name: string | null;
}

export type Formality = 'casual' | 'neutral' | 'formal';

/**
 * How the user writes replies, learned from their own sent replies. Derived data: a few short
 * fields, never the bodies it was learned from (DESIGN §1).
 */
export interface StyleProfile {
  /** Greeting word put before the first name ("Hi", "Hey", "Dear"); '' for the name alone ("Bob,"); null: no greeting. */
  greeting: string | null;
  /** The closing exactly as the user writes it, e.g. "Cheers,\nJ", "Thanks!" or "--j."; null: none. */
  signOff: string | null;
  formality: Formality;
  /** 'short': one sentence per suggestion; 'medium': two. */
  length: 'short' | 'medium';
  /** How many sent replies the profile was learned from (0: the default profile). */
  samples: number;
}

export interface ReplyInput {
  message: ReplyMessage;
  thread: ThreadSummary;
  user: UserIdentity;
  /** null: the default style (greeting "Hi", no sign-off, neutral, short). */
  style: StyleProfile | null;
  /** Reference instant for relative dates ("tomorrow"); default: the message date. */
  now?: number;
}

export type MessageKind =
  | 'scheduling'
  | 'introduction'
  | 'complaint'
  | 'request'
  | 'information'
  | 'question'
  | 'apology'
  | 'congratulations'
  | 'thanks'
  | 'fyi'
  | 'statement';

export type Stance = 'accept' | 'decline' | 'ask';

export type TriggerCode =
  | 'own-message'
  | 'spam'
  | 'calendar'
  | 'automated'
  | 'no-reply'
  | 'bulk'
  | 'list'
  | 'not-addressed'
  | 'no-text'
  | 'thread-participant'
  | 'addressed-in-list'
  | 'person-to-person';

export interface TriggerDecision {
  trigger: boolean;
  code: TriggerCode;
  /** One human-readable sentence. */
  reason: string;
}

export interface MessageUnderstanding {
  /** Every kind found, the primary first. */
  kinds: MessageKind[];
  primary: MessageKind;
  /** Who is asking: the sender, and the first name to address them by (null: no salutation). */
  asker: { address: string | null; firstName: string | null };
  /** The sentence carrying the main ask, as written (trimmed), or null. */
  ask: string | null;
  /** A time or date the message proposes, as written ("Tuesday at 3pm"), or null. */
  time: string | null;
  /** What is asked for ("the slides"), from the user's point of view ("my notes"), or null. */
  thing: string | null;
  /** The requested action from the user's point of view ("review the draft by Friday"), or null. */
  task: string | null;
  /** The person being introduced (first name), for introductions. */
  introduced: string | null;
}

export interface Suggestion {
  /** The whole reply: greeting, body and sign-off in the user's style. */
  text: string;
  /** The reply without greeting and sign-off (what a chip shows). */
  body: string;
  stance: Stance;
}

export interface ReplySuggestions extends TriggerDecision {
  understanding: MessageUnderstanding | null;
  /** Three when triggered, none otherwise. */
  suggestions: Suggestion[];
}
