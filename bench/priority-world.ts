// A second, synthetic mailbox for the priority bench: a present-day working life (colleagues,
// friends who write from two addresses, discussion lists, newsletters sent through bulk-mail
// services, notifications with one display name per project, feeds, spam) built from a seed.
// It exists so the model is also measured on mail it was not developed on. Each message
// carries its latent facts (who really sent it, the topic) for the simulated users' ground truth.
import type { PriorityAddress, PriorityMessage } from '@mailroom/intelligence/priority';
import { seededRandom } from '@mailroom/gmail-sandbox';
import type { Habit } from './priority-simulation.ts';

export const WORLD_ME = 'kim@acme.example';

export interface WorldFacts {
  /** person:<n>, list:<name>, brand:<n>, service:<name>, feed:<name>, spam */
  source: string;
  /** The person behind the message (same across their addresses), if a person wrote it. */
  person: number | null;
  group: 'colleague' | 'friend' | 'contact' | 'stranger' | null;
  topic: string;
  project: string | null;
  spam: boolean;
}

const TOPICS: Record<string, string[]> = {
  budget: ['budget', 'forecast', 'quarter', 'spend', 'invoice', 'costs', 'finance'],
  hiring: ['candidate', 'interview', 'hiring', 'offer', 'recruiter', 'role', 'onboarding'],
  release: ['release', 'deploy', 'rollback', 'staging', 'build', 'pipeline', 'version'],
  outage: ['outage', 'incident', 'latency', 'pager', 'alert', 'degraded', 'postmortem'],
  photography: ['camera', 'lens', 'aperture', 'exposure', 'photos', 'tripod', 'portrait'],
  cycling: ['bike', 'ride', 'cycling', 'route', 'saddle', 'climb', 'gravel'],
  cooking: ['recipe', 'dinner', 'oven', 'garlic', 'bake', 'kitchen', 'sauce'],
  travel: ['flight', 'hotel', 'trip', 'booking', 'passport', 'itinerary', 'airport'],
  family: ['mum', 'birthday', 'kids', 'weekend', 'grandma', 'holiday', 'visit'],
  deals: ['sale', 'discount', 'offer', 'coupon', 'shipping', 'price', 'deal'],
  security: ['password', 'login', 'verify', 'account', 'security', 'device', 'sign'],
  gardening: ['garden', 'seeds', 'tomatoes', 'compost', 'soil', 'plants', 'harvest'],
};
const FILLER = ['about', 'quick', 'update', 'question', 'notes', 'next', 'week', 'thoughts', 'plan', 'today', 'please', 'check'];
const FIRST = ['Ana', 'Ben', 'Chloe', 'Dev', 'Elif', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jules', 'Kai', 'Lena', 'Mats', 'Nora', 'Omar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tess', 'Uma', 'Vic', 'Wen', 'Xavi', 'Yara', 'Zed'];
const LAST = ['Adler', 'Berg', 'Costa', 'Dahl', 'Ekman', 'Fox', 'Gil', 'Holm', 'Ito', 'Jansen', 'Kahn', 'Lund', 'Moro', 'Nagy', 'Ortiz', 'Park'];

interface Person {
  id: number;
  name: string;
  addresses: string[];
  group: 'colleague' | 'friend' | 'contact' | 'stranger';
  topics: string[];
}

export interface World {
  messages: PriorityMessage[];
  facts: WorldFacts[];
}

const DAY = 86_400_000;

export function buildWorld(seed: number, start = Date.parse('2026-01-05T08:00:00Z'), days = 90): World {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const topicNames = Object.keys(TOPICS);

  const people: Person[] = [];
  const groups: [Person['group'], number][] = [['colleague', 16], ['friend', 14], ['contact', 22], ['stranger', 30]];
  for (const [group, count] of groups) {
    for (let k = 0; k < count; k++) {
      const id = people.length;
      const first = FIRST[id % FIRST.length] as string;
      const last = LAST[(id * 7) % LAST.length] as string;
      const slug = `${first}.${last}${id}`.toLowerCase();
      const domain = group === 'colleague' ? 'acme.example' : group === 'friend' ? pick(['gmail.com', 'outlook.com', 'fastmail.com']) : `partner${id % 9}.example`;
      const addresses = [`${slug}@${domain}`];
      // Some people write from a second address under the same name.
      if (group !== 'stranger' && random() < 0.3) addresses.push(`${slug.replace('.', '')}@${group === 'colleague' ? 'gmail.com' : `home${id}.example`}`);
      const work = ['budget', 'hiring', 'release', 'outage'];
      const life = ['photography', 'cycling', 'cooking', 'travel', 'family', 'gardening'];
      const pool = group === 'colleague' || group === 'contact' ? work : life;
      people.push({ id, name: `${first} ${last}`, addresses, group, topics: [pick(pool), pick(pool), pick(topicNames)] });
    }
  }
  const lists = ['photo-club', 'cycling-dublin', 'ts-dev', 'home-cooks', 'garden-share', 'security-announce'].map((name, i) => ({
    name,
    topic: ['photography', 'cycling', 'release', 'cooking', 'gardening', 'security'][i] as string,
    posters: Array.from({ length: 12 }, () => pick(people)),
  }));
  const brands = Array.from({ length: 10 }, (_, i) => ({ id: i, name: `Brand${i}`, topic: i < 4 ? 'deals' : i < 6 ? 'photography' : i < 8 ? 'travel' : 'cooking' }));
  const projects = ['api', 'web', 'infra', 'mobile', 'docs'];
  const feeds = ['photoblog', 'bikenews', 'devweekly', 'recipes-daily', 'worldnews', 'gardentalk'];

  const messages: PriorityMessage[] = [];
  const facts: WorldFacts[] = [];
  const threads: { id: string; messageIds: string[]; subject: string; topic: string; participants: Person[]; list: (typeof lists)[number] | null }[] = [];
  let n = 0;
  const words = (topic: string, count: number) => Array.from({ length: count }, () => (random() < 0.7 ? pick(TOPICS[topic] as string[]) : pick(FILLER))).join(' ');
  const addr = (address: string, name: string | null): PriorityAddress => ({ address, name });
  const me = addr(WORLD_ME, 'Kim Lee');
  const push = (m: Omit<PriorityMessage, 'id' | 'rfc822MessageId'> & { rfc822MessageId?: string }, f: WorldFacts) => {
    n++;
    const id = `w${n}`;
    messages.push({ id, rfc822MessageId: m.rfc822MessageId ?? `${id}.${seed}@world.example`, ...m } as PriorityMessage);
    facts.push(f);
    return messages[messages.length - 1] as PriorityMessage;
  };

  for (let day = 0; day < days; day++) {
    const perDay = 30 + Math.floor(random() * 20);
    for (let k = 0; k < perDay; k++) {
      const date = start + day * DAY + Math.floor(random() * DAY);
      const r = random();
      const labels = ['INBOX', pick(['CATEGORY_PERSONAL', 'CATEGORY_UPDATES', 'CATEGORY_PROMOTIONS', 'CATEGORY_FORUMS'])];
      if (random() < 0.5) labels.push('UNREAD');
      if (r < 0.22) {
        // A person writes to Kim: a new conversation or a reply in one.
        const continuing = threads.length > 0 && random() < 0.45 ? pick(threads.filter((t) => !t.list).slice(-40)) : null;
        const person = continuing ? pick(continuing.participants) : pick(people.filter((p) => p.group !== 'stranger' || random() < 0.3));
        const topic = continuing?.topic ?? pick(person.topics);
        const subject = continuing ? `Re: ${continuing.subject}` : `${words(topic, 2)} ${pick(FILLER)}`;
        const others = random() < 0.3 ? [addr(pick(people).addresses[0] as string, null)] : [];
        const inCc = random() < 0.2;
        if (person.group === 'colleague') labels.push('Label_1');
        const m = push(
          {
            threadId: continuing?.id ?? `wt${n + 1}`,
            inReplyTo: continuing ? (continuing.messageIds[continuing.messageIds.length - 1] as string) : null,
            references: continuing ? continuing.messageIds.join(' ') : null,
            from: [addr(pick(person.addresses), person.name)],
            to: inCc ? others.length ? others : [addr('team@acme.example', null)] : [me, ...others],
            cc: inCc ? [me] : [],
            bcc: [],
            subject,
            snippet: `Hi Kim, ${words(topic, 12)}`,
            labelIds: labels,
            internalDate: date,
            listId: null,
            listPost: null,
            headers: {},
          },
          { source: `person:${person.id}`, person: person.id, group: person.group, topic, project: null, spam: false },
        );
        if (continuing) continuing.messageIds.push(m.rfc822MessageId as string);
        else threads.push({ id: m.threadId, messageIds: [m.rfc822MessageId as string], subject, topic, participants: [person], list: null });
      } else if (r < 0.5) {
        const list = pick(lists);
        const poster = pick(list.posters);
        const continuing = random() < 0.5 ? threads.filter((t) => t.list === list).slice(-6).at(-1) : undefined;
        const topic = random() < 0.75 ? list.topic : pick(topicNames);
        const subject = continuing ? `Re: ${continuing.subject}` : `[${list.name}] ${words(topic, 3)}`;
        const m = push(
          {
            threadId: continuing?.id ?? `wt${n + 1}`,
            inReplyTo: continuing ? (continuing.messageIds.at(-1) as string) : null,
            references: continuing ? continuing.messageIds.join(' ') : null,
            from: [addr(poster.addresses[0] as string, poster.name)],
            to: [addr(`${list.name}@lists.example.org`, null)],
            cc: [],
            bcc: [],
            subject,
            snippet: words(topic, 14),
            labelIds: labels,
            internalDate: date,
            listId: `${list.name} <${list.name}.lists.example.org>`,
            listPost: list.name === 'security-announce' ? 'NO' : `<mailto:${list.name}@lists.example.org>`,
            listUnsubscribe: `<mailto:${list.name}-leave@lists.example.org>`,
            headers: { precedence: 'list', 'return-path': `<${list.name}-bounces@lists.example.org>` },
          },
          { source: `list:${list.name}`, person: poster.id, group: poster.group, topic, project: null, spam: false },
        );
        if (continuing) continuing.messageIds.push(m.rfc822MessageId as string);
        else threads.push({ id: m.threadId, messageIds: [m.rfc822MessageId as string], subject, topic, participants: [poster], list });
      } else if (r < 0.66) {
        const brand = pick(brands);
        push(
          {
            threadId: `wt${n + 1}`,
            from: [addr(`news@${brand.name.toLowerCase()}.example`, brand.name)],
            to: [me],
            cc: [],
            bcc: [],
            subject: `${brand.name}: ${words(brand.topic, 3)}`,
            snippet: words(brand.topic, 14),
            labelIds: labels,
            internalDate: date,
            listId: null,
            listPost: null,
            listUnsubscribe: `<https://${brand.name.toLowerCase()}.example/unsubscribe>`,
            rfc822MessageId: `b${n + 1}.${seed}@mail${brand.id}.sendgrid.net`,
            headers: { precedence: 'bulk', 'feedback-id': `c${brand.id}:brand:sg` },
          },
          { source: `brand:${brand.id}`, person: null, group: null, topic: brand.topic, project: null, spam: false },
        );
      } else if (r < 0.8) {
        const project = pick(projects);
        const actor = pick(people.filter((p) => p.group === 'colleague'));
        push(
          {
            threadId: `wt${n + 1}`,
            from: [addr('notifications@devhub.example', `${actor.name.split(' ')[0]} (${project})`)],
            to: [me],
            cc: [],
            bcc: [],
            subject: `[acme/${project}] ${words(pick(['release', 'outage']), 3)} (#${Math.floor(random() * 900) + 100})`,
            snippet: `${actor.name} commented: ${words('release', 10)}`,
            labelIds: labels,
            internalDate: date,
            listId: `acme/${project} <${project}.acme.devhub.example>`,
            listPost: null,
            headers: { 'auto-submitted': 'auto-generated' },
          },
          { source: 'service:devhub', person: null, group: null, topic: 'release', project, spam: false },
        );
      } else if (r < 0.87) {
        const feed = pick(feeds);
        push(
          {
            threadId: `wt${n + 1}`,
            from: [addr('rss@feedmail.example', feed)],
            to: [me],
            cc: [],
            bcc: [],
            subject: words(['photography', 'cycling', 'release', 'cooking', 'travel', 'gardening'][feeds.indexOf(feed)] as string, 4),
            snippet: words('travel', 10),
            labelIds: labels,
            internalDate: date,
            listId: null,
            listPost: null,
          },
          { source: `feed:${feed}`, person: null, group: null, topic: 'feed', project: null, spam: false },
        );
      } else if (r < 0.9) {
        push(
          {
            threadId: `wt${n + 1}`,
            from: [addr('no-reply@bank.example', 'Your Bank')],
            to: [me],
            cc: [],
            bcc: [],
            subject: `Your statement is ready: ${words('security', 2)}`,
            snippet: words('security', 10),
            labelIds: labels,
            internalDate: date,
            listId: null,
            listPost: null,
          },
          { source: 'service:bank', person: null, group: null, topic: 'security', project: null, spam: false },
        );
      } else {
        push(
          {
            threadId: `wt${n + 1}`,
            from: [addr(`${pick(FIRST).toLowerCase()}${Math.floor(random() * 9999)}@${pick(['mail', 'promo', 'win'])}${Math.floor(random() * 99)}.example`, pick([null, 'Claims Dept', 'Winner Team']))],
            to: random() < 0.5 ? [me] : [addr('undisclosed-recipients@example.invalid', null)],
            cc: [],
            bcc: [],
            subject: pick(['You have won!!', 'URGENT: account verify', 'Cheap meds 80% off', 'Re: your invoice', 'Make $$$ from home']),
            snippet: words('deals', 12),
            labelIds: ['SPAM'],
            internalDate: date,
            listId: null,
            listPost: null,
          },
          { source: 'spam', person: null, group: null, topic: 'spam', project: null, spam: true },
        );
      }
    }
  }
  return { messages, facts };
}

export interface WorldUser {
  name: string;
  values: string;
  attention: number;
  misclick: number;
  important(f: WorldFacts): boolean;
  onImportant: Habit;
  onOther(f: WorldFacts): Habit;
}

export const WORLD_USERS: WorldUser[] = [
  {
    name: 'manager',
    values: 'colleagues, and budget or hiring wherever it comes up',
    attention: 0.75,
    misclick: 0.04,
    important: (f) => (f.group === 'colleague' && f.source.startsWith('person')) || f.topic === 'budget' || f.topic === 'hiring',
    onImportant: [[0.4, ['open']], [0.35, ['open', 'reply']], [0.15, ['star']], [0.1, ['important']]],
    onOther: () => [[0.5, ['ignore']], [0.35, ['archive']], [0.15, ['delete']]],
  },
  {
    name: 'hobbyist',
    values: 'the photo club and cycling lists, and photography anywhere (camera brands included)',
    attention: 0.6,
    misclick: 0.05,
    important: (f) => f.source === 'list:photo-club' || f.source === 'list:cycling-dublin' || f.topic === 'photography',
    onImportant: [[0.6, ['open']], [0.2, ['star']], [0.2, ['open', 'reply']]],
    onOther: () => [[0.7, ['ignore']], [0.2, ['delete']], [0.1, ['open']]],
  },
  {
    name: 'shopper',
    values: 'four favourite brands and two of the feeds; deletes notifications',
    attention: 0.7,
    misclick: 0.04,
    important: (f) => ['brand:0', 'brand:2', 'brand:5', 'brand:8', 'feed:recipes-daily', 'feed:worldnews'].includes(f.source),
    onImportant: [[0.8, ['open']], [0.2, ['star']]],
    onOther: (f) => (f.source.startsWith('service:') ? [[0.8, ['delete']], [0.2, ['ignore']]] : [[0.5, ['archive']], [0.5, ['ignore']]]),
  },
  {
    name: 'oncall',
    values: 'notifications for the api and infra projects, outage talk, and the release list',
    attention: 0.8,
    misclick: 0.03,
    important: (f) => (f.source === 'service:devhub' && (f.project === 'api' || f.project === 'infra')) || f.topic === 'outage' || f.source === 'list:ts-dev',
    onImportant: [[0.5, ['open']], [0.2, ['open', 'reply']], [0.2, ['important']], [0.1, ['star']]],
    onOther: () => [[0.5, ['archive']], [0.3, ['ignore']], [0.2, ['not_important']]],
  },
  {
    name: 'family',
    values: 'friends and family, from whichever address they write; nothing from work',
    attention: 0.5,
    misclick: 0.06,
    important: (f) => f.group === 'friend',
    onImportant: [[0.5, ['open', 'reply']], [0.3, ['open']], [0.2, ['star']]],
    onOther: () => [[0.8, ['ignore']], [0.2, ['delete']]],
  },
];
