import { explainContributions, explainNeverImportant } from './explain.ts';
import { messageFacts } from './facts.ts';
import { buildFeatures, logitOf, newFeatureVector } from './features.ts';
import { MESSAGE_FLAG, type PriorityState } from './state.ts';
import { isImportant } from './threshold.ts';
import type { PriorityMessage, PriorityScore, ScoreContext } from './types.ts';

const scratch = newFeatureVector();

/**
 * The score is the calibrated probability of acting, in whole percent. The user's own explicit
 * marks are final: a message marked important is at least at the line, one marked not
 * important stays below it.
 */
export function scoreFromLogit(state: PriorityState, z: number, flags: number): number {
  let score = Math.round(100 / (1 + Math.exp(-z)));
  const line = Math.ceil(state.threshold);
  if (flags & MESSAGE_FLAG.important) score = Math.max(score, line);
  if (flags & MESSAGE_FLAG.notImportant) score = Math.min(score, line - 1);
  return Math.min(100, Math.max(0, score));
}

/** Just the 0–100 score (for ranking many messages). Spam and Trash are 0: never important. */
export function priorityScore(state: PriorityState, message: PriorityMessage, now: number): number {
  const facts = messageFacts(message, state.self);
  if (facts.spam || facts.trash) return 0;
  buildFeatures(state, facts, now, scratch);
  return scoreFromLogit(state, logitOf(state, scratch), state.messages.get(facts.messageKey)?.flags ?? 0);
}

/** The score with its threshold, Important/Other, and the 3–5 contributions that moved it most. */
export function scorePriority(state: PriorityState, message: PriorityMessage, context: ScoreContext): PriorityScore {
  const facts = messageFacts(message, state.self);
  if (facts.spam || facts.trash) {
    return {
      score: 0,
      probability: 0,
      threshold: state.threshold,
      important: false,
      contributions: explainNeverImportant(state, message, facts, context),
    };
  }
  buildFeatures(state, facts, context.now, scratch);
  const z = logitOf(state, scratch);
  const score = scoreFromLogit(state, z, state.messages.get(facts.messageKey)?.flags ?? 0);
  return {
    score,
    probability: 1 / (1 + Math.exp(-z)),
    threshold: state.threshold,
    important: isImportant(state, score),
    contributions: explainContributions(state, message, facts, scratch, context),
  };
}
