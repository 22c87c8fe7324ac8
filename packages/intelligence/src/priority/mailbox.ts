import { normaliseAddress } from './addresses.ts';
import { ACTION_EFFECT, update } from './learn.ts';
import { priorityScore } from './score.ts';
import { addSelfAddress, createPriorityState, type PriorityState } from './state.ts';
import type { PriorityAction, PriorityMessage } from './types.ts';

/**
 * A whole mailbox at once, as `mailroom priority eval` and the benchmark need it: every message
 * is observed in arrival order (ties in input order), then the actions are learned in the order
 * given, then every message is scored at `now`. The server does the same work incrementally
 * (observe on sync, learn on each action, score on change) with the same functions.
 */
export interface MailboxInput {
  messages: readonly PriorityMessage[];
  /** `message` is an index into `messages`. */
  actions: readonly { message: number; action: PriorityAction; at: number }[];
  selfAddresses: readonly string[];
  timeZone: string;
  now: number;
  /**
   * For logs of deliberate actions only: when the actions hold no negative action at all (no
   * ignore, archive, delete, quarantine or not_important), the messages they leave untouched
   * that arrived at least a day before the last action are learned as ignored — what the product
   * records by itself ("shown and left untouched for a day") — at IMPLIED_IGNORE_WEIGHT of an
   * ignore, since the user may not have seen them. Without it, such a log has nothing to
   * contrast the user's choices with. Default false.
   */
  inferIgnores?: boolean;
}

/** An implied ignore counts this much of a recorded one. */
export const IMPLIED_IGNORE_WEIGHT = 0.4;

export function learnMailbox(input: MailboxInput): PriorityState {
  const state = createPriorityState({ selfAddresses: input.selfAddresses, timeZone: input.timeZone });
  // Mail labelled SENT names the user's send-as aliases; learn them before reading anything, so
  // mail from an alias is the user's wherever it sits in the mailbox.
  for (const m of input.messages) if (m.labelIds.includes('SENT') && m.from[0]?.address) addSelfAddress(state, m.from[0].address);
  const order = input.messages.map((_, i) => i).sort((a, b) => (input.messages[a] as PriorityMessage).internalDate - (input.messages[b] as PriorityMessage).internalDate || a - b);
  for (const i of order) update(state, { type: 'message', message: input.messages[i] as PriorityMessage });
  const implicit = implicitIgnores(input, state.self);
  let next = 0;
  for (const a of input.actions) {
    // Implied ignores are learned where they fall in time among the actions.
    while (next < implicit.length && (implicit[next] as { at: number }).at <= a.at) {
      const { message, at } = implicit[next++] as { message: number; at: number };
      update(state, { type: 'action', action: 'ignore', message: input.messages[message] as PriorityMessage, at, weight: IMPLIED_IGNORE_WEIGHT });
    }
    update(state, { type: 'action', action: a.action, message: input.messages[a.message] as PriorityMessage, at: a.at });
  }
  return state;
}

const DAY_MS = 86_400_000;

/** Untouched messages (not spam, trash or the user's own) from before the last action less a day, by time. */
function implicitIgnores(input: MailboxInput, self: PriorityState['self']): { message: number; at: number }[] {
  if (!input.inferIgnores || input.actions.length === 0) return [];
  if (input.actions.some((a) => ACTION_EFFECT[a.action].label === 0)) return [];
  const touched = new Set(input.actions.map((a) => a.message));
  const last = input.actions.reduce((max, a) => Math.max(max, a.at), -Infinity);
  const out: { message: number; at: number }[] = [];
  input.messages.forEach((m, i) => {
    if (touched.has(i) || m.internalDate + DAY_MS > last) return;
    if (m.labelIds.includes('SPAM') || m.labelIds.includes('TRASH') || m.labelIds.includes('SENT')) return;
    if (m.from.some((a) => self.addresses.has(normaliseAddress(a.address)))) return;
    out.push({ message: i, at: m.internalDate + DAY_MS });
  });
  return out.sort((a, b) => a.at - b.at || a.message - b.message);
}

/** Scores (0–100) of every message, in input order. */
export function scoreMailbox(input: MailboxInput): { state: PriorityState; scores: number[] } {
  const state = learnMailbox(input);
  return { state, scores: input.messages.map((m) => priorityScore(state, m, input.now)) };
}
