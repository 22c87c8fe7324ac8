/**
 * Smart replies (issue 15): the local engine. Pure, offline and deterministic: triggering,
 * understanding, three suggestions in the user's style. See suggest.ts for the entry point.
 */
export { suggestReplies } from './suggest.ts';
export { decideTrigger, normaliseAddress } from './trigger.ts';
export { understandMessage } from './understand.ts';
export { composeSuggestions, tooSimilar } from './compose.ts';
export { learnStyle, DEFAULT_STYLE, MAX_STYLE_SAMPLES } from './style.ts';
export { extractNewText, MAX_TEXT_CHARS, type NewText } from './quote.ts';
export { firstNameOf } from './names.ts';
export { ReplyMailbox, replyMessageOf, type MailboxEntry, type MailboxOptions } from './mailbox.ts';
export type {
  Formality,
  MailAddress,
  MessageHeader,
  MessageKind,
  MessageUnderstanding,
  ReplyInput,
  ReplyMessage,
  ReplySuggestions,
  Stance,
  StyleProfile,
  Suggestion,
  ThreadSummary,
  TriggerCode,
  TriggerDecision,
  UserIdentity,
} from './types.ts';
