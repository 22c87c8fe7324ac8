import type { PriorityState } from './state.ts';
import type { PriorityAction } from './types.ts';

/**
 * The Important/Other line adapts to the user, as Priority Inbox's per-user threshold does
 * (Aberdeen, Pacovsky, Slater 2010, §4): when the user treats a message as important that
 * scored below the line, the line comes down towards it; when the user rejects one that scored
 * above it, the line goes up. Explicit marks move it most, habits (open, archive, ignore) least.
 * The line stays within [MIN, MAX] so neither tab can swallow the whole inbox.
 */
export const THRESHOLD_MIN = 10;
export const THRESHOLD_MAX = 90;

const STEP: Record<PriorityAction, number> = {
  important: 0.5,
  not_important: 0.5,
  star: 0.15,
  reply: 0.15,
  delete: 0.15,
  quarantine: 0.15,
  open: 0.03,
  archive: 0.03,
  ignore: 0.03,
};

const POSITIVE = new Set<PriorityAction>(['important', 'star', 'reply', 'open']);

/** Moves the threshold after an action on a message that had `score` when the user acted. */
export function adaptThreshold(state: PriorityState, action: PriorityAction, score: number, weight = 1): void {
  const t = state.threshold;
  let next = t;
  if (POSITIVE.has(action)) {
    if (score < t) next = t - weight * STEP[action] * (t - score + 1);
  } else if (score >= t) next = t + weight * STEP[action] * (score - t + 1);
  state.threshold = Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, next));
}

/**
 * Takes back the step an undone action made: the opposite move, sized from the score the
 * message has now (the original step's size is not kept; this is close, and bounded the same).
 */
export function retractThreshold(state: PriorityState, action: PriorityAction, score: number, weight = 1): void {
  const t = state.threshold;
  let next = t;
  if (POSITIVE.has(action)) {
    if (score < t) next = t + weight * STEP[action] * (t - score + 1);
  } else if (score >= t) next = t - weight * STEP[action] * (score - t + 1);
  state.threshold = Math.min(THRESHOLD_MAX, Math.max(THRESHOLD_MIN, next));
}

/** Score units are whole numbers: a message is Important when its score reaches the line. */
export function isImportant(state: PriorityState, score: number): boolean {
  return score >= Math.ceil(state.threshold);
}
