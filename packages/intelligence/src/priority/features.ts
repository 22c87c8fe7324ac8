import { KIND, POSITION, type MessageFacts } from './facts.ts';
import type { EntityStats, PriorityState } from './state.ts';

/**
 * The model: logit = Σ (prior_i + w_i) · x_i over the features below, probability = σ(logit).
 * `prior` is the global model every user starts from (cold start); `w` is the user's own
 * offset, learned online (learn.ts). Without a population to fit the prior on, its weights are
 * set by hand from what mail is: the reasoning is next to each one.
 */
export const F = {
  bias: 0,
  // Kind and position. A position bonus exists only for mail a person wrote: the prior never
  // rewards "sent to me" by itself, so a feed or a receipt addressed To the user is still a feed.
  personTo: 1,
  personCc: 2,
  personGroup: 3,
  personViaList: 4,
  personUnaddressed: 5,
  list: 6,
  notification: 7,
  role: 8,
  bulk: 9,
  feed: 10,
  self: 11,
  // The address book and the organisation.
  correspondent: 12,
  correspondentByName: 13,
  sameOrganisation: 14,
  // Threads.
  replyToUser: 15,
  threadJoined: 16,
  threadLength: 17,
  promotionalSubject: 18,
  // Age (fixed: see below).
  ageToday: 19,
  ageWeek: 20,
  ageMonth: 21,
  ageOlder: 22,
  // Evidence from the user's own actions, in log-odds (see evidence()): this sender (address
  // and display name), other names at the same address, the same name at other addresses,
  // other senders of the domain, the list, the thread, the words, the message itself.
  senderEvidence: 23,
  addressEvidence: 24,
  personEvidence: 25,
  domainEvidence: 26,
  listEvidence: 27,
  threadEvidence: 28,
  contentEvidence: 29,
  messageEvidence: 30,
  // ... and for kinds of mail: the kind and position ("people writing to me", "newsletters"),
  // people vs machines, and the labels on the message.
  kindEvidence: 31,
  classEvidence: 32,
  labelEvidence: 33,
} as const;

export const FEATURE_COUNT = 34;

/** Groups, for explanations: contributions of one group are added up and worded together. */
export const GROUP = {
  base: 0,
  kind: 1,
  sender: 2,
  domain: 3,
  list: 4,
  thread: 5,
  promotion: 6,
  time: 7,
  content: 8,
  message: 9,
  labels: 10,
} as const;
export const GROUP_COUNT = 11;

export const PRIOR = new Float64Array(FEATURE_COUNT);
export const GROUP_OF = new Uint8Array(FEATURE_COUNT);
/** 0 for features the user's actions do not move (age: see below). */
export const LEARNABLE = new Uint8Array(FEATURE_COUNT).fill(1);

function define(index: number, prior: number, group: number, learnable = true): void {
  PRIOR[index] = prior;
  GROUP_OF[index] = group;
  LEARNABLE[index] = learnable ? 1 : 0;
}

// The cold-start order (a stranger's note to the user ~60, from someone the user writes to ~80,
// a reply to the user's own message ~90+, a person's list post ~20, a list post by a
// correspondent ~40, notifications ~10, newsletters and feeds ~4, spam 0):
define(F.bias, -0.9, GROUP.base);
// Mail a person addressed to the user expects the user to read it, most when the user is in To
// and the audience is small; in Cc the user is informed rather than asked.
define(F.personTo, 1.3, GROUP.kind);
define(F.personCc, 0.6, GROUP.kind);
define(F.personGroup, 0.1, GROUP.kind);
// A person's post that reached the user only through a list is written for the list.
define(F.personViaList, -0.6, GROUP.kind);
// Written by a person but not addressed to the user and not via a list: Bcc, "undisclosed
// recipients" — the shape of most unsolicited mail.
define(F.personUnaddressed, -0.7, GROUP.kind);
define(F.list, -0.2, GROUP.kind);
// Machines: notifications matter now and then, newsletters and feeds rarely. Whether a machine
// addressed the user by name changes nothing here; users who care about their receipts or
// alerts teach it (kindEvidence).
define(F.notification, -1.4, GROUP.kind);
define(F.role, -0.8, GROUP.kind);
define(F.bulk, -2.0, GROUP.kind);
define(F.feed, -2.0, GROUP.kind);
define(F.self, -2.0, GROUP.kind);
// People the user writes to answer the user's questions and share the user's work: the
// strongest cold-start signal besides a direct reply (Aberdeen et al. 2010, social features).
define(F.correspondent, 1.1, GROUP.sender);
define(F.correspondentByName, 0.9, GROUP.sender);
define(F.sameOrganisation, 0.5, GROUP.domain);
define(F.replyToUser, 1.6, GROUP.thread);
define(F.threadJoined, 1.2, GROUP.thread);
define(F.threadLength, 0.1, GROUP.thread);
define(F.promotionalSubject, -0.6, GROUP.promotion);
// Age moves a score only a little and is never learned: the actions a user takes are on
// fresh mail, so a learned age weight would only learn that, not what the user cares about.
define(F.ageToday, 0.15, GROUP.time, false);
define(F.ageWeek, 0, GROUP.time, false);
define(F.ageMonth, -0.1, GROUP.time, false);
define(F.ageOlder, -0.25, GROUP.time, false);
// Evidence features carry the user's history. Their prior weights say how far one unit of
// evidence (e-fold odds) moves the score before the learner has tuned them; the address,
// person and domain features count only what the more specific ones do not, so one action is
// not counted twice.
define(F.senderEvidence, 0.8, GROUP.sender);
define(F.addressEvidence, 0.5, GROUP.sender);
define(F.personEvidence, 0.6, GROUP.sender);
define(F.domainEvidence, 0.4, GROUP.domain);
define(F.listEvidence, 0.7, GROUP.list);
define(F.threadEvidence, 0.6, GROUP.thread);
define(F.contentEvidence, 0.3, GROUP.content);
define(F.messageEvidence, 2.0, GROUP.message);
define(F.kindEvidence, 0.7, GROUP.kind);
define(F.classEvidence, 0.5, GROUP.kind);
// Labels (Gmail's and the user's) have no prior: in exported mailboxes they may say anything,
// and only the user's actions tell what a label means to them.
define(F.labelEvidence, 0.5, GROUP.labels);

/** Sparse feature vector in caller-owned buffers (no allocation per message). */
export interface FeatureVector {
  index: Int32Array;
  value: Float64Array;
  length: number;
}

export function newFeatureVector(): FeatureVector {
  return { index: new Int32Array(128), value: new Float64Array(128), length: 0 };
}

function push(v: FeatureVector, index: number, value: number): void {
  if (value === 0) return;
  v.index[v.length] = index;
  v.value[v.length] = value;
  v.length++;
}

/** Evidence is capped: no single history outweighs everything else. */
const EVIDENCE_CAP = 4;

/**
 * Strength of the prior behind evidence(), in pseudo-actions: at least `pseudo` in all, and at
 * least `minority` in the rarer of the user's two outcomes. The second matters for users who
 * act on little of their mail: with π = 5 %, a prior of 2 pseudo-actions holds 0.1 of a positive,
 * so five untouched messages from a sender would already read as "never" — yet 0.25 positives
 * was all one could expect of them.
 */
export interface EvidencePrior {
  pseudo: number;
  minority: number;
}
/** One sender, list, thread or message: a few actions should tell. */
export const ENTITY_PRIOR: EvidencePrior = { pseudo: 2, minority: 0.25 };
/** Words: each says little alone. */
export const WORD_PRIOR: EvidencePrior = { pseudo: 2, minority: 0.25 };
/** Kinds of mail and labels are broad: they need more actions before they say anything. */
export const CELL_PRIOR: EvidencePrior = { pseudo: 4, minority: 0.5 };

/**
 * How much more (or less) often the user acts positively on this entity than on mail in
 * general, as log-odds: log((pos + Aπ) / (neg + A(1−π))) − logit(π), where π is the user's
 * overall positive rate and A the prior's strength (EvidencePrior). Zero with no history.
 */
export function evidence(pos: number, neg: number, rate: number, prior: EvidencePrior = ENTITY_PRIOR): number {
  if (pos <= 0 && neg <= 0) return 0;
  const strength = Math.max(prior.pseudo, prior.minority / Math.min(rate, 1 - rate));
  const e = Math.log((pos + strength * rate) / (neg + strength * (1 - rate))) - Math.log(rate / (1 - rate));
  return e > EVIDENCE_CAP ? EVIDENCE_CAP : e < -EVIDENCE_CAP ? -EVIDENCE_CAP : e;
}

export function positiveRate(state: PriorityState): number {
  return (state.totalPos + 1) / (state.totalPos + state.totalNeg + 2);
}

/** Another address's history under the same name (or another sender's under the same domain). */
function othersEvidence(group: EntityStats | undefined, own: EntityStats | undefined, rate: number): number {
  if (!group) return 0;
  const pos = group.pos - (own?.pos ?? 0);
  const neg = group.neg - (own?.neg ?? 0);
  return evidence(pos > 1e-9 ? pos : 0, neg > 1e-9 ? neg : 0, rate);
}

const DAY_MS = 86_400_000;

/** Address-book strength: one message written to them counts half, three or more fully. */
export function correspondentStrength(sentTo: number): number {
  return sentTo <= 0 ? 0 : Math.min(1, Math.log2(1 + sentTo) / 2);
}

/** Participation fades with the gap between the user's last message in the thread and this one. */
export function participationStrength(date: number, lastMine: number): number {
  return Math.max(0.4, Math.exp(-Math.abs(date - lastMine) / (30 * DAY_MS)));
}

const dayCaches = new Map<string, Map<number, number>>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (days since 1970-01-01) of an instant in a time zone, cached per quarter
 * hour: every time zone's offset is a whole number of quarter hours, so one quarter hour never
 * straddles a local midnight.
 */
export function localDay(timeZone: string, epochMs: number): number {
  const quarter = Math.floor(epochMs / 900_000);
  let cache = dayCaches.get(timeZone);
  if (!cache) {
    cache = new Map();
    dayCaches.set(timeZone, cache);
  }
  let day = cache.get(quarter);
  if (day === undefined) {
    let format = dayFormatters.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      dayFormatters.set(timeZone, format);
    }
    const date = Number.isFinite(epochMs) ? format.format(new Date(quarter * 900_000)) : '1970-01-01';
    day = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
    if (!Number.isFinite(day)) day = Math.floor(epochMs / DAY_MS);
    if (cache.size > 50_000) cache.clear();
    cache.set(quarter, day);
  }
  return day;
}

/** Fills `out` with the features of a message for this user at time `now`. */
export function buildFeatures(state: PriorityState, facts: MessageFacts, now: number, out: FeatureVector): void {
  out.length = 0;
  push(out, F.bias, 1);
  const person = facts.kind === KIND.person || facts.kind === KIND.list;
  if (person) {
    if (facts.position === POSITION.to) push(out, F.personTo, 1);
    else if (facts.position === POSITION.cc) push(out, F.personCc, 1);
    else if (facts.position === POSITION.group) push(out, F.personGroup, 1);
    else if (facts.position === POSITION.viaList) push(out, F.personViaList, 1);
    else push(out, F.personUnaddressed, 1);
    if (facts.kind === KIND.list) push(out, F.list, 1);
  } else {
    if (facts.kind === KIND.notification) push(out, F.notification, 1);
    else if (facts.kind === KIND.role) push(out, F.role, 1);
    else if (facts.kind === KIND.bulk) push(out, F.bulk, 1);
    else if (facts.kind === KIND.feed) push(out, F.feed, 1);
    else push(out, F.self, 1);
  }

  const rate = positiveRate(state);
  const sender = facts.senderKey ? state.senders.get(facts.senderKey) : undefined;
  const channel = facts.channelKey === facts.senderKey ? sender : facts.channelKey ? state.senders.get(facts.channelKey) : undefined;
  const named = facts.personKey ? state.persons.get(facts.personKey) : undefined;
  if (sender && sender.sentTo > 0) push(out, F.correspondent, correspondentStrength(sender.sentTo));
  else if (named && named.sentTo > 0 && facts.kind !== KIND.self) push(out, F.correspondentByName, correspondentStrength(named.sentTo));
  if (person && facts.domainKey && state.self.domains.has(facts.domain)) push(out, F.sameOrganisation, 1);

  let replyToUser = false;
  for (const key of facts.answers) {
    if (state.ownMessageIds.get(key) !== undefined) {
      replyToUser = true;
      break;
    }
  }
  if (replyToUser && !facts.fromSelf) push(out, F.replyToUser, 1);
  const thread = state.threads.get(facts.threadKey);
  if (thread) {
    if (thread.mine > 0 && !facts.fromSelf && !replyToUser) push(out, F.threadJoined, participationStrength(facts.date, thread.lastMine));
    if (thread.length >= 2) push(out, F.threadLength, Math.min(5, Math.log2(thread.length)));
    push(out, F.threadEvidence, evidence(thread.pos, thread.neg, rate));
  }
  if (facts.promotionalSubject) push(out, F.promotionalSubject, 1);

  const ageDays = (now - facts.date) / DAY_MS;
  push(
    out,
    ageDays >= 0 && localDay(state.timeZone, facts.date) === localDay(state.timeZone, now) ? F.ageToday : ageDays <= 7 ? F.ageWeek : ageDays <= 31 ? F.ageMonth : F.ageOlder,
    1,
  );

  if (channel) push(out, F.senderEvidence, evidence(channel.pos, channel.neg, rate));
  if (channel !== sender) push(out, F.addressEvidence, othersEvidence(sender, channel, rate));
  if (named) push(out, F.personEvidence, othersEvidence(named, sender, rate));
  if (facts.domainKey) push(out, F.domainEvidence, othersEvidence(state.domains.get(facts.domainKey), sender, rate));
  if (facts.listKey) {
    const list = state.lists.get(facts.listKey);
    if (list) push(out, F.listEvidence, evidence(list.pos, list.neg, rate));
  }
  push(out, F.contentEvidence, contentEvidence(state, facts.tokens, rate));
  const memory = state.messages.get(facts.messageKey);
  if (memory) push(out, F.messageEvidence, evidence(memory.pos, memory.neg, rate));

  const kindCell = state.cells.get(facts.kindCell);
  if (kindCell) push(out, F.kindEvidence, evidence(kindCell.pos, kindCell.neg, rate, CELL_PRIOR));
  const classCell = state.cells.get(facts.classCell);
  if (classCell) push(out, F.classEvidence, evidence(classCell.pos, classCell.neg, rate, CELL_PRIOR));
  if (facts.labelCells.length > 0) {
    let sum = 0;
    for (const key of facts.labelCells) {
      const cell = state.cells.get(key);
      if (cell) sum += evidence(cell.pos, cell.neg, rate, CELL_PRIOR);
    }
    push(out, F.labelEvidence, sum / Math.sqrt(facts.labelCells.length));
  }
}

/**
 * The words' evidence: each word bucket's log-odds as in evidence(), summed and divided by √n
 * so long snippets do not shout, capped like the others.
 */
export function contentEvidence(state: PriorityState, tokens: Int32Array, rate: number): number {
  if (state.actions === 0 || tokens.length === 0) return 0;
  const base = Math.log(rate / (1 - rate));
  const strength = Math.max(WORD_PRIOR.pseudo, WORD_PRIOR.minority / Math.min(rate, 1 - rate));
  const a = strength * rate;
  const b = strength * (1 - rate);
  let sum = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as number;
    const pos = state.tokenPos[t] as number;
    const neg = state.tokenNeg[t] as number;
    if (pos === 0 && neg === 0) continue;
    sum += Math.log((pos + a) / (neg + b)) - base;
  }
  const e = sum / Math.sqrt(tokens.length);
  return e > EVIDENCE_CAP ? EVIDENCE_CAP : e < -EVIDENCE_CAP ? -EVIDENCE_CAP : e;
}

/** Σ (prior + w) · x. */
export function logitOf(state: PriorityState, v: FeatureVector): number {
  let z = 0;
  const w = state.weights;
  for (let k = 0; k < v.length; k++) {
    const i = v.index[k] as number;
    z += ((PRIOR[i] as number) + (w[i] as number)) * (v.value[k] as number);
  }
  return z;
}
