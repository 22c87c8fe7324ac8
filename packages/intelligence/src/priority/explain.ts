import { KIND, POSITION, tokenWords, type MessageFacts } from './facts.ts';
import { CELL_PRIOR, evidence, F, GROUP, GROUP_COUNT, GROUP_OF, localDay, positiveRate, PRIOR, WORD_PRIOR, type FeatureVector } from './features.ts';
import { MESSAGE_FLAG, type EntityStats, type PriorityState } from './state.ts';
import type { ContributionReason, PriorityContribution, PriorityMessage, ScoreContext } from './types.ts';

/**
 * Explanations: the model's logit split by reason (sender, list, thread, kind of mail, ...),
 * the largest 3–5 in words. Each sentence states the fact behind the number ("You reply to
 * Alice 80 % of the time"), not the number.
 */
const MIN_SHOWN = 3;
const MAX_SHOWN = 5;
/** Contributions smaller than this (in logits) are only shown to reach MIN_SHOWN. */
const NOTICEABLE = 0.1;

const REASON_OF: Record<number, ContributionReason> = {
  [GROUP.kind]: 'kind',
  [GROUP.sender]: 'sender',
  [GROUP.domain]: 'domain',
  [GROUP.list]: 'list',
  [GROUP.thread]: 'thread',
  [GROUP.promotion]: 'promotion',
  [GROUP.time]: 'time',
  [GROUP.content]: 'content',
  [GROUP.message]: 'message',
  [GROUP.labels]: 'labels',
};

interface Ctx {
  state: PriorityState;
  message: PriorityMessage;
  facts: MessageFacts;
  /** Per feature index: its contribution in this message. */
  byFeature: Map<number, number>;
  context: ScoreContext;
}

export function explainContributions(state: PriorityState, message: PriorityMessage, facts: MessageFacts, v: FeatureVector, context: ScoreContext): PriorityContribution[] {
  const groups = new Float64Array(GROUP_COUNT);
  const byFeature = new Map<number, number>();
  for (let k = 0; k < v.length; k++) {
    const i = v.index[k] as number;
    const c = ((PRIOR[i] as number) + (state.weights[i] as number)) * (v.value[k] as number);
    groups[GROUP_OF[i] as number] = (groups[GROUP_OF[i] as number] as number) + c;
    byFeature.set(i, (byFeature.get(i) ?? 0) + c);
  }
  const ranked: { group: number; logit: number }[] = [];
  for (let g = 0; g < GROUP_COUNT; g++) {
    if (g === GROUP.base) continue;
    const logit = groups[g] as number;
    if (Math.abs(logit) > 1e-6) ranked.push({ group: g, logit });
  }
  // Largest first; equal sizes in group order, so the same score always reads the same.
  ranked.sort((a, b) => Math.abs(b.logit) - Math.abs(a.logit) || a.group - b.group);
  const ctx: Ctx = { state, message, facts, byFeature, context };
  const out: PriorityContribution[] = [];
  for (const { group, logit } of ranked) {
    if (out.length >= MAX_SHOWN || (out.length >= MIN_SHOWN && Math.abs(logit) < NOTICEABLE)) break;
    const text = describe(group, logit, ctx);
    if (text) out.push({ reason: REASON_OF[group] as ContributionReason, logit: Math.round(logit * 1000) / 1000, text });
  }
  return withContext(out, ctx);
}

/**
 * Explanations always give at least MIN_SHOWN reasons. When fewer parts of the model moved the
 * score (a cold start: only the kind of mail and its age), the rest are facts the model read and
 * found neutral, each true of this message: the kind of mail, what the user's history with the
 * sender is (none yet, or mail never acted on), the age, the conversation. They move nothing
 * (logit 0) and come after the reasons that did.
 */
function withContext(out: PriorityContribution[], ctx: Ctx): PriorityContribution[] {
  const has = (reason: ContributionReason) => out.some((c) => c.reason === reason);
  const candidates: Array<[ContributionReason, () => string | null]> = [
    ['kind', () => describeKind(ctx, false, true)],
    ['sender', () => senderHistory(ctx)],
    ['time', () => age(ctx)],
    ['thread', () => conversation(ctx)],
  ];
  for (const [reason, text] of candidates) {
    if (out.length >= MIN_SHOWN) break;
    if (has(reason)) continue;
    const words = text();
    if (words) out.push({ reason, logit: 0, text: words });
  }
  return out;
}

/** What the user has done with this sender's mail so far, when it has not moved the score. */
function senderHistory(ctx: Ctx): string | null {
  const { state, facts } = ctx;
  if (facts.fromSelf || !facts.senderAddress) return null;
  const name = senderLabel(ctx);
  const stats = state.senders.get(facts.channelKey) ?? state.senders.get(facts.senderKey);
  // `received` counts this message too once the mailbox has observed it.
  const earlier = Math.max(0, (stats?.received ?? 0) - 1);
  if (!stats || stats.pos + stats.neg === 0) {
    if (earlier === 0) return `No earlier mail from ${name}: nothing to learn from yet`;
    return `${name} sent you ${earlier === 1 ? 'one earlier message' : `${earlier} earlier messages`}; you have not acted on them yet`;
  }
  return `${habit(stats, name, stats.pos >= stats.neg)} (no change to this score)`;
}

function conversation(ctx: Ctx): string {
  const thread = ctx.state.threads.get(ctx.facts.threadKey);
  const length = thread?.length ?? 1;
  if (length <= 1) return 'Not part of a longer conversation';
  return thread && thread.mine > 0 ? `Conversation of ${length} messages, with yours among them` : `Conversation of ${length} messages you have not written in`;
}

function age(ctx: Ctx): string {
  const { state, facts, context } = ctx;
  const days = localDay(state.timeZone, context.now) - localDay(state.timeZone, facts.date);
  if (days <= 0) return 'Arrived today';
  if (days === 1) return 'Arrived yesterday';
  if (days <= 31) return `Arrived ${days} days ago`;
  return 'More than a month old';
}

/** Spam and Trash: the verdict first, then what the message is (at least MIN_SHOWN reasons). */
export function explainNeverImportant(state: PriorityState, message: PriorityMessage, facts: MessageFacts, context: ScoreContext): PriorityContribution[] {
  const verdict: PriorityContribution = { reason: 'spam', logit: -10, text: facts.spam ? 'In Spam: never important' : 'In Trash: never important' };
  return withContext([verdict], { state, message, facts, byFeature: new Map(), context });
}

function strongest(ctx: Ctx, features: readonly number[]): number {
  let best = -1;
  let size = 0;
  for (const f of features) {
    const c = Math.abs(ctx.byFeature.get(f) ?? 0);
    if (c > size) {
      size = c;
      best = f;
    }
  }
  return best;
}

const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(whole, part, 1))} %`;

function senderLabel(ctx: Ctx): string {
  const from = ctx.message.from[0];
  const label = from?.name?.trim() || from?.address || 'this sender';
  return label.length > 60 ? `${label.slice(0, 59)}…` : label;
}

function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

/** The habit an entity's counts show, as a phrase about `who`: the most telling of its rates. */
function habit(stats: EntityStats, who: string, positive: boolean): string {
  const seen = Math.max(stats.received, 1);
  if (positive) {
    if (stats.reply > 0 && stats.reply / seen >= 0.2) return `You reply to ${who} ${percent(stats.reply, seen)} of the time`;
    if (stats.star + stats.important > 0) return `You starred or marked important ${times(stats.star + stats.important)} mail from ${who}`;
    if (stats.reply > 0) return `You have replied to ${who} ${times(stats.reply)}`;
    if (stats.open > 0 && stats.open / seen >= 0.2) return `You open ${percent(stats.open, seen)} of mail from ${who}`;
    return `You often act on mail from ${who}`;
  }
  const removed = stats.delete + stats.quarantine;
  if (removed > 0 && removed >= stats.notImportant) return `You usually delete mail from ${who}`;
  if (stats.notImportant > 0) return `You marked mail from ${who} not important`;
  if (stats.archive > stats.ignore) return `You archive mail from ${who} without reading it`;
  return `You rarely open mail from ${who}`;
}

function describe(group: number, logit: number, ctx: Ctx): string | null {
  const { state, facts } = ctx;
  const up = logit > 0;
  switch (group) {
    case GROUP.kind:
      return describeKind(ctx, up);
    case GROUP.sender: {
      const name = senderLabel(ctx);
      const f = strongest(ctx, [F.correspondent, F.correspondentByName, F.senderEvidence, F.addressEvidence, F.personEvidence]);
      if (f === F.correspondent) return `You have written to ${name} ${times(state.senders.get(facts.senderKey)?.sentTo ?? 1)}`;
      if (f === F.correspondentByName) return `You have written to ${name} at another address`;
      if (f === F.personEvidence) {
        const person = state.persons.get(facts.personKey);
        return person ? `${habit(person, name, up)} (same name, another address)` : null;
      }
      if (f === F.addressEvidence) {
        const address = state.senders.get(facts.senderKey);
        return address ? habit(address, facts.senderAddress, up) : null;
      }
      const channel = state.senders.get(facts.channelKey);
      return channel ? habit(channel, name, up) : null;
    }
    case GROUP.domain: {
      const f = strongest(ctx, [F.sameOrganisation, F.domainEvidence]);
      if (f === F.sameOrganisation) return `From your organisation (${facts.domain})`;
      return up ? `You often act on mail from ${facts.domain}` : `You rarely act on mail from ${facts.domain}`;
    }
    case GROUP.list: {
      const list = facts.listName ?? 'this list';
      return up ? `Mailing list you often read (${list})` : `Mailing list you rarely open (${list})`;
    }
    case GROUP.thread: {
      const f = strongest(ctx, [F.replyToUser, F.threadJoined, F.threadLength, F.threadEvidence]);
      if (f === F.replyToUser) return up ? 'Reply to your message' : 'Reply to your message, in a kind of thread you set aside';
      if (f === F.threadJoined) return up ? 'You took part in this thread' : 'You took part in this thread, but you set such threads aside';
      if (f === F.threadLength) return `Conversation of ${state.threads.get(facts.threadKey)?.length ?? 2} messages`;
      return up ? 'You acted on this conversation before' : 'You set this conversation aside before';
    }
    case GROUP.promotion:
      return up ? 'Promotional subject, which you do read' : 'Subject reads like a promotion';
    case GROUP.content: {
      const words = telling(ctx, up);
      return up ? `Topics you engage with${words}` : `Topics you usually skip${words}`;
    }
    case GROUP.message: {
      const flags = state.messages.get(facts.messageKey)?.flags ?? 0;
      if (flags & MESSAGE_FLAG.important) return 'You marked it important';
      if (flags & MESSAGE_FLAG.notImportant) return 'You marked it not important';
      if (flags & MESSAGE_FLAG.starred) return 'You starred it';
      if (flags & MESSAGE_FLAG.replied) return 'You replied to it';
      if (flags & MESSAGE_FLAG.deleted) return 'You deleted it';
      if (flags & MESSAGE_FLAG.opened) return 'You opened it';
      return up ? 'You acted on it' : 'You set it aside';
    }
    case GROUP.labels: {
      const rate = positiveRate(state);
      let best: string | null = null;
      let size = 0;
      facts.labels.forEach((label, k) => {
        const cell = state.cells.get(facts.labelCells[k] as number);
        const e = cell ? evidence(cell.pos, cell.neg, rate, CELL_PRIOR) : 0;
        if ((up ? e : -e) > size) {
          size = up ? e : -e;
          best = label;
        }
      });
      if (!best) return null;
      const name = ctx.context.labels?.find((l) => l.id === best)?.name ?? labelName(best);
      return up ? `Labelled ${name}, which you act on` : `Labelled ${name}, which you rarely act on`;
    }
    case GROUP.time: {
      const f = strongest(ctx, [F.ageToday, F.ageMonth, F.ageOlder]);
      if (f === F.ageToday) return 'Arrived today';
      if (f === F.ageMonth) return 'More than a week old';
      return 'More than a month old';
    }
    default:
      return null;
  }
}

/** The kind of mail in words; `neutral`: as a fact, not as what raised or lowered the score. */
function describeKind(ctx: Ctx, up: boolean, neutral = false): string {
  const { facts } = ctx;
  const reason = facts.machineReason ? ` (${facts.machineReason})` : '';
  switch (facts.kind) {
    case KIND.self:
      return 'Your own message';
    case KIND.feed:
      return up ? 'Feed delivered by mail, which you read' : 'Feed delivered by mail';
    case KIND.bulk:
      return up ? `Newsletter or bulk mail you read${reason}` : `Newsletter or bulk mail${reason}`;
    case KIND.notification:
      return up ? `Automated sender you act on${reason}` : `Automated sender${reason}`;
    case KIND.role:
      return up ? `Role address you act on${reason}` : `Sent from a role address, not a person${reason}`;
    default:
      break;
  }
  const list = facts.listName ? ` (${facts.listName})` : '';
  switch (facts.position) {
    case POSITION.to:
      if (neutral) return 'Written to you';
      return up ? 'Written to you personally' : 'Written to you, though you seldom act on such mail';
    case POSITION.cc:
      return up || neutral ? 'You are in Cc' : 'You are only in Cc';
    case POSITION.group:
      return `Sent to a large group (${facts.recipients} people)`;
    case POSITION.viaList:
      return up ? `Posted to a mailing list you read${list}` : `Reached you through a mailing list${list}`;
    default:
      return 'Not addressed to you (Bcc or undisclosed recipients)';
  }
}

const SYSTEM_LABELS: Record<string, string> = {
  INBOX: 'Inbox',
  UNREAD: 'Unread',
  STARRED: 'Starred',
  IMPORTANT: 'Important (Gmail)',
  CATEGORY_PERSONAL: 'Primary',
  CATEGORY_SOCIAL: 'Social',
  CATEGORY_PROMOTIONS: 'Promotions',
  CATEGORY_UPDATES: 'Updates',
  CATEGORY_FORUMS: 'Forums',
};

function labelName(id: string): string {
  return SYSTEM_LABELS[id] ?? id;
}

/** The two words of the message whose history pulls the score the same way most. */
function telling(ctx: Ctx, up: boolean): string {
  const { state, message } = ctx;
  const rate = positiveRate(state);
  const scored: { word: string; e: number }[] = [];
  // The user's own name in greetings ("Hi Kim") is a sign of personal mail, not a topic.
  const seen = new Set<string>([...state.self.addresses].flatMap((a) => (a.split('@')[0] ?? '').split(/[._-]+/u)));
  for (const { word, bucket } of tokenWords(`${message.subject} ${message.snippet ?? ''}`)) {
    if (seen.has(word)) continue;
    seen.add(word);
    const e = evidence(state.tokenPos[bucket] as number, state.tokenNeg[bucket] as number, rate, WORD_PRIOR);
    if (up ? e > 0.2 : e < -0.2) scored.push({ word, e });
  }
  scored.sort((a, b) => Math.abs(b.e) - Math.abs(a.e) || (a.word < b.word ? -1 : 1));
  const words = scored.slice(0, 2).map((s) => s.word);
  return words.length ? `: ${words.join(', ')}` : '';
}
