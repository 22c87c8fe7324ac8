import { normaliseAddress, personName } from './addresses.ts';
import { hashKey } from './hash.ts';
import { messageFacts, messageIdKey, type MessageFacts } from './facts.ts';
import { buildFeatures, LEARNABLE, logitOf, newFeatureVector } from './features.ts';
import { scoreFromLogit } from './score.ts';
import { addSelfAddress, MESSAGE_FLAG, newEntity, newThread, type EntityStats, type PriorityState } from './state.ts';
import { adaptThreshold, retractThreshold } from './threshold.ts';
import type { PriorityAction, PriorityEvent, PriorityMessage } from './types.ts';

/**
 * The online step. `message` events build what the mailbox says (the address book from the
 * user's sent mail, thread participation, how much each sender sends); `action` events teach the
 * learner: per-user logistic regression on the global prior as an offset, with AdaGrad's
 * per-coordinate learning rates (Duchi, Hazan, Singer 2011) and a little L2, plus the counts
 * behind the evidence features and the explanations.
 *
 * `update` changes `state` in place and returns it. Feed each message once (sync's first sight
 * of it), and actions in the order the user took them.
 */
export function update(state: PriorityState, event: PriorityEvent): PriorityState {
  if (event.type === 'message') observeMessage(state, event.message);
  else if (event.type === 'action') applyAction(state, event.message, event.action, event.at, Math.min(1, Math.max(0, event.weight ?? 1)));
  else retractAction(state, event.message, event.action, event.at, Math.min(1, Math.max(0, event.weight ?? 1)));
  return state;
}

/**
 * How strongly each action says "this mattered" (label 1) or "it did not" (label 0), as an
 * example weight. Reply, star and the explicit important marks are deliberate. Opening is a weak
 * yes: people open to triage. Archive is weaker than delete (Gmail users archive what they have
 * read, and an archive after a positive action is treated as "done", not as "unwanted"); ignore
 * (shown and left untouched for a day) is the weakest no.
 */
export const ACTION_EFFECT: Record<PriorityAction, { label: 0 | 1; mass: number }> = {
  reply: { label: 1, mass: 1 },
  star: { label: 1, mass: 1 },
  important: { label: 1, mass: 1.5 },
  open: { label: 1, mass: 0.5 },
  not_important: { label: 0, mass: 1.5 },
  delete: { label: 0, mass: 1 },
  quarantine: { label: 0, mass: 1 },
  archive: { label: 0, mass: 0.25 },
  ignore: { label: 0, mass: 0.25 },
};

const LEARNING_RATE = 0.2;
const L2 = 0.002;
const ADAGRAD_START = 0.25;
/** Counts older than this much mass are scaled down, so a long history can still change. */
const MASS_CAP = 60;

const FLAG_OF: Partial<Record<PriorityAction, number>> = {
  open: MESSAGE_FLAG.opened,
  reply: MESSAGE_FLAG.replied,
  star: MESSAGE_FLAG.starred,
  important: MESSAGE_FLAG.important,
  not_important: MESSAGE_FLAG.notImportant,
  archive: MESSAGE_FLAG.archived,
  delete: MESSAGE_FLAG.deleted,
  quarantine: MESSAGE_FLAG.deleted,
};
const POSITIVE_FLAGS = MESSAGE_FLAG.opened | MESSAGE_FLAG.replied | MESSAGE_FLAG.starred | MESSAGE_FLAG.important;

const scratch = newFeatureVector();

function observeMessage(state: PriorityState, message: PriorityMessage): void {
  if (message.labelIds.includes('SPAM')) return;
  // Mail labelled SENT is the user's whatever its From says: a send-as alias becomes one of theirs.
  if (message.labelIds.includes('SENT') && message.from[0]?.address) addSelfAddress(state, message.from[0].address);
  const facts = messageFacts(message, state.self);
  const thread = state.threads.upsert(facts.threadKey, newThread);
  thread.length++;
  thread.last = Math.max(thread.last, facts.date);
  if (facts.fromSelf) {
    thread.mine++;
    thread.lastMine = Math.max(thread.lastMine, facts.date);
    if (message.rfc822MessageId) state.ownMessageIds.set(messageIdKey(message.rfc822MessageId), facts.date);
    for (const list of [message.to, message.cc, message.bcc]) {
      for (const recipient of list) {
        if (!recipient.address) continue;
        const address = normaliseAddress(recipient.address);
        if (state.self.addresses.has(address)) continue;
        const entity = state.senders.upsert(hashKey(`a:${address}`), newEntity);
        entity.sentTo++;
        entity.last = Math.max(entity.last, facts.date);
        const name = personName(recipient.name);
        if (name) {
          const named = state.persons.upsert(hashKey(`p:${name}`), newEntity);
          named.sentTo++;
          named.last = Math.max(named.last, facts.date);
        }
      }
    }
    return;
  }
  for (const entity of entitiesOf(state, facts, true)) {
    entity.received++;
    entity.last = Math.max(entity.last, facts.date);
  }
}

/** The sender, person, domain and list tables' entries for a message. */
function entitiesOf(state: PriorityState, facts: MessageFacts, create: boolean): EntityStats[] {
  const out: EntityStats[] = [];
  const add = (table: PriorityState['senders'], key: number) => {
    if (!key) return;
    const entry = create ? table.upsert(key, newEntity) : table.get(key);
    if (entry) out.push(entry);
  };
  add(state.senders, facts.senderKey);
  if (facts.channelKey !== facts.senderKey) add(state.senders, facts.channelKey);
  add(state.persons, facts.personKey);
  add(state.domains, facts.domainKey);
  add(state.lists, facts.listKey);
  add(state.cells, facts.kindCell);
  add(state.cells, facts.classCell);
  for (const key of facts.labelCells) add(state.cells, key);
  return out;
}

const COUNTER: Record<PriorityAction, keyof EntityStats> = {
  open: 'open',
  reply: 'reply',
  star: 'star',
  important: 'important',
  not_important: 'notImportant',
  archive: 'archive',
  delete: 'delete',
  quarantine: 'quarantine',
  ignore: 'ignore',
};

function capMass(entry: { pos: number; neg: number }): void {
  const total = entry.pos + entry.neg;
  if (total > MASS_CAP) {
    entry.pos *= MASS_CAP / total;
    entry.neg *= MASS_CAP / total;
  }
}

function applyAction(state: PriorityState, message: PriorityMessage, action: PriorityAction, at: number, weight: number): void {
  const facts = messageFacts(message, state.self);
  state.actions++;
  state.actionCounts[action]++;
  // Spam is never important, and what a user does in the spam folder says nothing about the inbox.
  if (facts.spam) return;

  const memory = state.messages.upsert(facts.messageKey, () => ({ pos: 0, neg: 0, flags: 0, last: 0 }));
  const effect = ACTION_EFFECT[action];
  // Archiving what was already read, answered or starred is filing it, not rejecting it.
  const mass = action === 'archive' && (memory.flags & POSITIVE_FLAGS) !== 0 ? 0 : effect.mass * weight;

  buildFeatures(state, facts, at, scratch);
  const z = logitOf(state, scratch);
  const p = 1 / (1 + Math.exp(-z));
  adaptThreshold(state, action, scoreFromLogit(state, z, memory.flags), weight);

  if (mass > 0) {
    const g = mass * (p - effect.label);
    const w = state.weights;
    const G = state.gradients;
    for (let k = 0; k < scratch.length; k++) {
      const i = scratch.index[k] as number;
      if (!LEARNABLE[i]) continue;
      const grad = g * (scratch.value[k] as number) + L2 * (w[i] as number);
      G[i] = (G[i] as number) + grad * grad;
      w[i] = (w[i] as number) - (LEARNING_RATE * grad) / Math.sqrt((G[i] as number) + ADAGRAD_START);
    }
  }

  const positive = effect.label === 1;
  const counter = COUNTER[action];
  for (const entity of entitiesOf(state, facts, true)) {
    (entity[counter] as number)++;
    if (positive) entity.pos += mass;
    else entity.neg += mass;
    entity.last = Math.max(entity.last, at);
    capMass(entity);
  }
  const thread = state.threads.upsert(facts.threadKey, newThread);
  if (positive) thread.pos += mass;
  else thread.neg += mass;
  thread.last = Math.max(thread.last, at);
  capMass(thread);

  if (positive) memory.pos += mass;
  else memory.neg += mass;
  let flags = memory.flags | (FLAG_OF[action] ?? 0);
  // The latest explicit mark wins.
  if (action === 'important') flags &= ~MESSAGE_FLAG.notImportant;
  if (action === 'not_important') flags &= ~MESSAGE_FLAG.important;
  memory.flags = flags;
  memory.last = Math.max(memory.last, at);

  const table = positive ? state.tokenPos : state.tokenNeg;
  for (let i = 0; i < facts.tokens.length; i++) {
    const t = facts.tokens[i] as number;
    table[t] = (table[t] as number) + mass;
    const total = (state.tokenPos[t] as number) + (state.tokenNeg[t] as number);
    if (total > MASS_CAP) {
      state.tokenPos[t] = (state.tokenPos[t] as number) * (MASS_CAP / total);
      state.tokenNeg[t] = (state.tokenNeg[t] as number) * (MASS_CAP / total);
    }
  }
  if (positive) state.totalPos += mass;
  else state.totalNeg += mass;
}

/**
 * Takes an action back (the user undid it): its counts and masses come off the sender, person,
 * domain, list, kind cells, thread, message and words; the message forgets the mark; the
 * threshold steps back; and the learner takes the opposite of the step the action made, at the
 * model as it is now (AdaGrad's rates as they are: the squared-gradient sums keep the original
 * step, so later steps stay as careful as they were). Counts scaled down by MASS_CAP since and
 * the learner's non-linearity make the reversal close rather than exact; what the user sees —
 * the sender's other mail ranking as before — is what it restores.
 */
function retractAction(state: PriorityState, message: PriorityMessage, action: PriorityAction, at: number, weight: number): void {
  const facts = messageFacts(message, state.self);
  if (state.actions > 0) state.actions--;
  if (state.actionCounts[action] > 0) state.actionCounts[action]--;
  if (facts.spam) return;
  const memory = state.messages.get(facts.messageKey);
  const flag = FLAG_OF[action] ?? 0;
  const flags = (memory?.flags ?? 0) & ~flag;
  const effect = ACTION_EFFECT[action];
  // The same mass the action had (an archive of mail already read, answered or starred taught nothing).
  const mass = action === 'archive' && (flags & POSITIVE_FLAGS) !== 0 ? 0 : effect.mass * weight;
  if (memory) memory.flags = flags;

  const positive = effect.label === 1;
  const counter = COUNTER[action];
  const less = (value: number, by: number) => Math.max(0, value - by);
  for (const entity of entitiesOf(state, facts, false)) {
    (entity[counter] as number) = less(entity[counter] as number, 1);
    if (positive) entity.pos = less(entity.pos, mass);
    else entity.neg = less(entity.neg, mass);
  }
  const thread = state.threads.get(facts.threadKey);
  if (thread) {
    if (positive) thread.pos = less(thread.pos, mass);
    else thread.neg = less(thread.neg, mass);
  }
  if (memory) {
    if (positive) memory.pos = less(memory.pos, mass);
    else memory.neg = less(memory.neg, mass);
  }
  const table = positive ? state.tokenPos : state.tokenNeg;
  for (let i = 0; i < facts.tokens.length; i++) {
    const t = facts.tokens[i] as number;
    table[t] = less(table[t] as number, mass);
  }
  if (positive) state.totalPos = less(state.totalPos, mass);
  else state.totalNeg = less(state.totalNeg, mass);

  // The counts are as before the action now, so the message's features (its evidence) are close
  // to what the learner saw when it took the step: the opposite step is taken there.
  buildFeatures(state, facts, at, scratch);
  const z = logitOf(state, scratch);
  retractThreshold(state, action, scoreFromLogit(state, z, flags), weight);
  if (mass > 0) {
    const p = 1 / (1 + Math.exp(-z));
    const g = mass * (p - effect.label);
    const w = state.weights;
    const G = state.gradients;
    for (let k = 0; k < scratch.length; k++) {
      const i = scratch.index[k] as number;
      if (!LEARNABLE[i]) continue;
      w[i] = (w[i] as number) + (LEARNING_RATE * g * (scratch.value[k] as number)) / Math.sqrt((G[i] as number) + ADAGRAD_START);
    }
  }
}
