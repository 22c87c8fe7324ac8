/**
 * Priority: every message's probability that the user acts on it, as a score 0–100, with the
 * reasons behind it and a per-user Important/Other threshold. Pure and deterministic: the same
 * mailbox and the same actions give the same scores.
 *
 * Integration: keep one `PriorityState` per user as derived data (`serialisePriorityState` ->
 * JSON, `parsePriorityState` back); `update(state, {type: 'message'})` for each newly synced
 * message, `update(state, {type: 'action'})` for each user action; `scorePriority` for a score
 * with its explanation, `priorityScore` when only the number is needed.
 */
export type {
  PriorityAddress,
  PriorityMessage,
  PriorityAction,
  PriorityEvent,
  ScoreContext,
  PriorityScore,
  PriorityContribution,
  ContributionReason,
} from './types.ts';
export { PRIORITY_ACTIONS, isPriorityAction } from './types.ts';
export {
  createPriorityState,
  addSelfAddress,
  serialisePriorityState,
  parsePriorityState,
  PriorityStateError,
  DEFAULT_THRESHOLD,
  LIMITS,
  type PriorityState,
  type PriorityStateJson,
  type CreateStateOptions,
} from './state.ts';
export { update, ACTION_EFFECT } from './learn.ts';
export { scorePriority, priorityScore } from './score.ts';
export { isImportant, THRESHOLD_MIN, THRESHOLD_MAX } from './threshold.ts';
export { resolveThreads, type ThreadLinks } from './threads.ts';
export { learnMailbox, scoreMailbox, type MailboxInput } from './mailbox.ts';
export { messageFacts, KIND, POSITION, type MessageFacts, type Kind, type Position } from './facts.ts';
