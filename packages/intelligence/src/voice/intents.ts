/**
 * The voice command set (issue 16): intent and slot names exactly as the README's Voice table and
 * the CLI contract spell them. The web, the server and the CLI all import these names.
 */

/** Pages a `navigate` command can go to. */
export const PAGES = [
  'inbox',
  'dashboard',
  'categories',
  'bundles',
  'digest',
  'recovery',
  'unsubscribe',
  'insights',
  'settings',
  'ops',
  'voice-reply',
  'search',
] as const;
export type Page = (typeof PAGES)[number];

/** Intents without slots, grouped as the README table groups them. */
export const LIST_INTENTS = ['next', 'previous', 'open', 'close', 'read_aloud', 'stop_reading', 'select', 'select_all', 'clear_selection'] as const;
export const MESSAGE_ACTION_INTENTS = ['archive', 'trash', 'quarantine', 'star', 'unstar', 'mark_read', 'mark_unread', 'important', 'not_important', 'undo'] as const;
export const COMPOSE_INTENTS = ['reply', 'reply_all', 'forward', 'suggest_replies', 'send', 'cancel'] as const;
export const ANSWER_INTENTS = ['confirm', 'deny'] as const;

export const INTENTS = [
  'navigate',
  'open_category',
  'search',
  ...LIST_INTENTS,
  ...MESSAGE_ACTION_INTENTS,
  ...COMPOSE_INTENTS,
  'choose_suggestion',
  ...ANSWER_INTENTS,
  'help',
  'unknown',
] as const;
export type Intent = (typeof INTENTS)[number];

/** Every intent the parser can answer with except `unknown`. */
export type KnownIntent = Exclude<Intent, 'unknown'>;

/** Slots per intent; intents not listed have none (`{}`). */
export interface SlotsByIntent {
  navigate: { page: Page };
  open_category: { name: string };
  search: { request: string };
  choose_suggestion: { index: 1 | 2 | 3 };
}
export type Slots<I extends Intent = Intent> = I extends keyof SlotsByIntent ? SlotsByIntent[I] : Record<string, never>;

/** One understood command, as the CLI prints it (`{"intent", "slots"}`). */
export type VoiceCommand = { [I in Intent]: { intent: I; slots: Slots<I> } }[Intent];

/**
 * Intents that change or send mail in a way a person would not want done by mistake. The parser
 * asks for a higher score before it answers with one of these (a wrong `next` costs a keystroke,
 * a wrong `send` cannot be taken back), and `confirm` is held to the same bar because "yes" is
 * what carries out a confirmed bulk trash.
 */
export const DESTRUCTIVE_INTENTS: ReadonlySet<Intent> = new Set<Intent>(['archive', 'trash', 'quarantine', 'send']);

export function isIntent(value: string): value is Intent {
  return (INTENTS as readonly string[]).includes(value);
}
