// Simulated people for the priority bench: each has their own idea of what matters, defined on
// the raw mail (lists, senders, words of the whole body, the corpus folder a message came from)
// and not on the model's features, and their own noisy habits (what they look at, how they act,
// how often they misclick). See priority.bench.ts for the protocol.
import type { ParsedMessage } from '@mailroom/mail-parse';
import type { PriorityAction, PriorityMessage } from '@mailroom/intelligence/priority';
import { seededRandom } from '@mailroom/gmail-sandbox';

/** What the ground truth may look at: the raw message, never the model's view of it. */
export interface Truth {
  index: number;
  /** Corpus folder: easy-ham-1, easy-ham-2, hard-ham-1, spam-1, spam-2. */
  folder: string;
  spam: boolean;
  trash: boolean;
  fromMe: boolean;
  fromAddress: string;
  fromName: string;
  /** List-Id, X-Mailing-List / Mailing-List and the To and Cc addresses, lower case, for list membership. */
  listText: string;
  toMe: boolean;
  subject: string;
  /** Subject and the first 3,000 characters of the body. */
  text: string;
  threadId: string;
  date: number;
}

export function truthOf(parsed: ParsedMessage, folder: string, message: PriorityMessage, me: ReadonlySet<string>, index: number): Truth {
  const header = (name: string) => parsed.email.headers.filter((h) => h.key === name).map((h) => h.value).join(' ');
  const addresses = [...parsed.meta.to, ...parsed.meta.cc].map((a) => a.address.toLowerCase());
  const from = parsed.meta.from[0];
  return {
    index,
    folder,
    spam: parsed.meta.labelIds.includes('SPAM'),
    trash: parsed.meta.labelIds.includes('TRASH'),
    fromMe: me.has(from?.address.toLowerCase() ?? ''),
    fromAddress: from?.address.toLowerCase() ?? '',
    fromName: from?.name?.toLowerCase() ?? '',
    listText: `${header('list-id')} ${header('x-mailing-list')} ${header('mailing-list')} ${addresses.join(' ')}`.toLowerCase(),
    toMe: addresses.some((a) => me.has(a)),
    subject: parsed.meta.subject,
    text: `${parsed.meta.subject}\n${(parsed.meta.bodyText ?? '').slice(0, 3000)}`,
    threadId: message.threadId,
    date: message.internalDate,
  };
}

/** A stable per-user coin for an id: the same person always likes the same sender or thread. */
function coin(seed: number, id: string): number {
  let h = 2166136261 ^ seed;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

/** A person, as the user knows them: by name when the mail gives one (people change addresses), else by address. */
function who(t: Truth): string {
  const name = t.fromName.replace(/["']/gu, '').trim();
  return name.length >= 3 && !name.includes('@') ? name : t.fromAddress;
}

type Reaction = readonly PriorityAction[];
export type Habit = readonly (readonly [number, Reaction])[];

export interface SimulatedUser {
  name: string;
  values: string;
  /** Probability of looking at (and so acting on) a message in the inbox; the rest are missed. */
  attention: number;
  /** Probability that an action is a slip: the opposite of what the user meant. */
  misclick: number;
  important(t: Truth): boolean;
  onImportant: Habit;
  onOther(t: Truth): Habit;
}

const COMMERCIAL = (t: Truth) => t.folder === 'hard-ham-1' || /unsubscribe|newsletter/iu.test(t.text.slice(-1500));
const FEED = (t: Truth) => t.fromAddress === 'rssfeeds@spamassassin.taint.org';
const HUMAN = (t: Truth) => !FEED(t) && !COMMERCIAL(t) && !/daemon|noreply|no-reply|bounce|admin|root@|cvs|bugzilla|subscriptions@|news/u.test(t.fromAddress);
const ON_LIST = (t: Truth) => /list-id|<[^>]+\.[^>]+>/u.test(t.listText) || /@(?:lists?\.|yahoogroups|linux\.ie|xent\.com|freshrpms|example\.sourceforge)/u.test(t.listText);

export const USERS: SimulatedUser[] = [
  {
    name: 'lena',
    values: 'lives in two Irish Linux lists and the RPM list; one thread in ten bores her; ignores the rest',
    attention: 0.7,
    misclick: 0.04,
    important: (t) => /ilug|social\.linux\.ie|rpm-(?:zzz)?list/u.test(t.listText) && coin(11, t.threadId) >= 0.1,
    onImportant: [[0.6, ['open']], [0.15, ['open', 'reply']], [0.1, ['star']], [0.15, ['open', 'archive']]],
    onOther: () => [[0.6, ['ignore']], [0.2, ['archive']], [0.15, ['delete']], [0.05, ['open']]],
  },
  {
    name: 'pat',
    values: 'people only: mail a person wrote to him (To or Cc) and anything from his circle (one person in eight, wherever and from whichever address they write); deletes promotions, ignores the rest',
    attention: 0.8,
    misclick: 0.03,
    important: (t) => HUMAN(t) && (t.toMe || coin(41, who(t)) < 0.125),
    onImportant: [[0.3, ['open']], [0.5, ['open', 'reply']], [0.1, ['star']], [0.1, ['important']]],
    onOther: (t) => (COMMERCIAL(t) || FEED(t) ? [[0.7, ['delete']], [0.3, ['ignore']]] : [[0.8, ['ignore']], [0.2, ['archive']]]),
  },
  {
    name: 'theo',
    values: 'follows spam filtering and Perl/Python wherever they are discussed (words of the whole body), stars them',
    attention: 0.6,
    misclick: 0.05,
    important: (t) => {
      const topic = /\b(?:spam\w*|razor|bayes\w*|procmail|filter\w*|perl|python)\b/giu;
      return topic.test(t.subject) || (t.text.match(topic)?.length ?? 0) >= 3 || /@(?:\w+\.)?(?:perl|python)\.org$/u.test(t.fromAddress);
    },
    onImportant: [[0.4, ['star']], [0.4, ['open']], [0.1, ['open', 'reply']], [0.1, ['important']]],
    onOther: () => [[0.5, ['ignore']], [0.3, ['delete']], [0.2, ['archive']]],
  },
  {
    name: 'nina',
    values: 'subscriptions: the feeds she gets by mail and the Perl, Lockergnome, ZDNet and CNet newsletters; people and lists wait',
    attention: 0.75,
    misclick: 0.04,
    important: (t) => FEED(t) || t.fromAddress === 'pudge@perl.org' || /lockergnome|zdnet|cnet/u.test(`${t.fromAddress} ${t.listText}`),
    onImportant: [[0.8, ['open']], [0.1, ['star']], [0.1, ['open', 'archive']]],
    onOther: () => [[0.4, ['archive']], [0.4, ['ignore']], [0.2, ['delete']]],
  },
  {
    name: 'ada',
    values: 'inbox zero: archives everything; cares about one person in five (her own circle), reads and archives those',
    attention: 0.9,
    misclick: 0.03,
    important: (t) => !FEED(t) && t.fromAddress !== '' && coin(23, who(t)) < 0.2,
    onImportant: [[0.7, ['open', 'archive']], [0.2, ['open', 'reply', 'archive']], [0.1, ['star', 'archive']]],
    onOther: () => [[0.6, ['archive']], [0.3, ['open', 'archive']], [0.1, ['delete']]],
  },
  {
    name: 'sam',
    values: 'a sysadmin: machine mail (bug trackers, commits, security lists) and the developer lists; deletes the FoRK chatter',
    attention: 0.65,
    misclick: 0.04,
    important: (t) =>
      /daemon|cvs|commit|bugzilla|cron|root@|admin/u.test(t.fromAddress) ||
      /spamassassin-devel|spamassassin-commits|exmh-workers|secprog|razor-users/u.test(t.listText) ||
      /\[(?:bug|cvs)|security|vulnerab|advisory|\bpatch/iu.test(t.subject),
    onImportant: [[0.5, ['open']], [0.2, ['star']], [0.1, ['open', 'reply']], [0.2, ['important']]],
    onOther: (t) => (/xent\.com|fork@/u.test(t.listText) ? [[0.5, ['delete']], [0.5, ['ignore']]] : [[0.6, ['ignore']], [0.3, ['archive']], [0.1, ['not_important']]]),
  },
  {
    name: 'rita',
    values: 'rarely acts and often slips; cares about some FoRK regulars (three posters in ten) and mail written to her',
    attention: 0.25,
    misclick: 0.1,
    important: (t) => (/xent\.com|fork@/u.test(t.listText) && coin(37, who(t)) < 0.3) || (t.toMe && !FEED(t) && !COMMERCIAL(t) && !ON_LIST(t)),
    onImportant: [[0.7, ['open']], [0.2, ['star']], [0.1, ['open', 'reply']]],
    onOther: () => [[0.7, ['ignore']], [0.3, ['delete']]],
  },
];

const POSITIVE: ReadonlySet<PriorityAction> = new Set(['open', 'reply', 'star', 'important']);
const SLIP_POSITIVE: readonly PriorityAction[] = ['open', 'star'];
const SLIP_NEGATIVE: readonly PriorityAction[] = ['delete', 'archive', 'not_important'];

export interface SimulatedAction {
  message: number;
  action: PriorityAction;
  at: number;
}

function pick(habit: Habit, r: number): Reaction {
  let acc = 0;
  for (const [p, reaction] of habit) {
    acc += p;
    if (r < acc) return reaction;
  }
  return (habit[habit.length - 1] as readonly [number, Reaction])[1];
}

const HOUR = 3_600_000;

/**
 * What one user does with the training messages, oldest first: spam stays in the spam folder
 * (one in fifty is deleted from there), other mail is looked at with the user's attention and
 * answered with one of their habits, each action with the user's misclick rate.
 */
export function simulateActions(user: SimulatedUser, truths: readonly Truth[], training: readonly number[], seed: number): SimulatedAction[] {
  return simulate(
    {
      attention: user.attention,
      misclick: user.misclick,
      skip: (i) => (truths[i] as Truth).fromMe,
      spam: (i) => (truths[i] as Truth).spam,
      date: (i) => (truths[i] as Truth).date,
      habit: (i) => (user.important(truths[i] as Truth) ? user.onImportant : user.onOther(truths[i] as Truth)),
    },
    training,
    seed,
  );
}

/** The same for any mailbox: what to skip, what is spam, when it arrived, and the habit it meets. */
export interface Behaviour {
  attention: number;
  misclick: number;
  skip(i: number): boolean;
  spam(i: number): boolean;
  date(i: number): number;
  habit(i: number): Habit;
}

export function simulate(user: Behaviour, training: readonly number[], seed: number): SimulatedAction[] {
  const random = seededRandom(seed);
  const log: SimulatedAction[] = [];
  for (const i of training) {
    if (user.skip(i)) continue;
    const date = user.date(i);
    if (user.spam(i)) {
      if (random() < 0.02) log.push({ message: i, action: 'delete', at: date + 48 * HOUR });
      continue;
    }
    if (random() >= user.attention) continue;
    const reaction = pick(user.habit(i), random());
    let at = date + HOUR * (0.2 + 6 * random());
    for (let action of reaction) {
      if (random() < user.misclick) {
        const slips = POSITIVE.has(action) ? SLIP_NEGATIVE : SLIP_POSITIVE;
        action = slips[Math.floor(random() * slips.length)] as PriorityAction;
      }
      // "ignore" is what the product records after a day of a message shown and untouched.
      if (action === 'ignore') at = date + 24 * HOUR;
      log.push({ message: i, action, at });
      at += HOUR * random();
    }
  }
  return log.sort((a, b) => a.at - b.at || a.message - b.message);
}

/**
 * The first `count` actions a user would have taught the model, from a random set of messages
 * across the training period (all of a message's actions together), in time order.
 */
export function sampleActions(log: readonly SimulatedAction[], count: number, seed: number): SimulatedAction[] {
  if (count === 0) return [];
  const byMessage = new Map<number, SimulatedAction[]>();
  for (const a of log) {
    const list = byMessage.get(a.message) ?? [];
    list.push(a);
    byMessage.set(a.message, list);
  }
  const messages = [...byMessage.keys()];
  const random = seededRandom(seed);
  for (let i = messages.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [messages[i], messages[j]] = [messages[j] as number, messages[i] as number];
  }
  const chosen: SimulatedAction[] = [];
  for (const m of messages) {
    for (const a of byMessage.get(m) as SimulatedAction[]) if (chosen.length < count) chosen.push(a);
    if (chosen.length >= count) break;
  }
  return chosen.sort((a, b) => a.at - b.at || a.message - b.message);
}

/** The user's replies as sent mail in their mailbox: the address book and thread participation. */
export function sentReplies(log: readonly SimulatedAction[], messages: readonly PriorityMessage[], me: string, myName = 'Justin Mason'): PriorityMessage[] {
  return log
    .filter((a) => a.action === 'reply')
    .map((a, k) => {
      const original = messages[a.message] as PriorityMessage;
      const references = [original.references, original.rfc822MessageId].filter(Boolean).join(' ');
      return {
        id: `sent-${k + 1}`,
        threadId: original.threadId,
        rfc822MessageId: `sim-reply-${k + 1}@bench.mailroom.invalid`,
        inReplyTo: original.rfc822MessageId,
        references: references || null,
        from: [{ name: myName, address: me }],
        to: original.from.slice(0, 1),
        cc: [],
        bcc: [],
        subject: /^re:/iu.test(original.subject) ? original.subject : `Re: ${original.subject}`,
        snippet: '',
        labelIds: ['SENT'],
        internalDate: a.at,
        listId: null,
        listPost: null,
      };
    });
}

/** Area under the ROC curve (Mann–Whitney U with tied scores counted half). */
export function auc(scores: readonly number[], labels: readonly boolean[]): number {
  const order = scores.map((s, i) => ({ s, y: labels[i] as boolean })).sort((a, b) => a.s - b.s);
  let rankSumPositive = 0;
  let positives = 0;
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j < order.length && (order[j] as { s: number }).s === (order[i] as { s: number }).s) j++;
    const midRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k++) {
      if ((order[k] as { y: boolean }).y) {
        rankSumPositive += midRank;
        positives++;
      }
    }
    i = j;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSumPositive - (positives * (positives + 1)) / 2) / (positives * negatives);
}
