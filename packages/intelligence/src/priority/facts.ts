import { hostOf, isPublicMailDomain, localPart, normaliseAddress, personName, registrableDomain } from './addresses.ts';
import { hash32, hashKey } from './hash.ts';
import type { PriorityAddress, PriorityMessage } from './types.ts';

/**
 * What a message is, before anything about the user's habits: who sent it, whether a person
 * or a machine did, how it reached the user, which thread and list it belongs to, and the words
 * of its subject and snippet. Facts depend only on the message and the user's own addresses.
 */

/** How the sender reached the user, from the headers alone. */
export const KIND = {
  person: 0,
  /** A person writing to a discussion list the user is on (List-Id / List-Post, RFC 2919 / 2369). */
  list: 1,
  /** Machine mail meant for the user: no-reply, Auto-Submitted (RFC 3834), daemons, notifications. */
  notification: 2,
  /** A role mailbox (info@, support@, team@): a desk, not a person. */
  role: 3,
  /** Newsletters and marketing: List-Unsubscribe without a discussion list, Precedence: bulk, bulk-mail services. */
  bulk: 4,
  /** Feed gateways (RSS/Atom to mail). */
  feed: 5,
  /** The user's own mail. */
  self: 6,
} as const;
export type Kind = (typeof KIND)[keyof typeof KIND];

export const POSITION = {
  /** The user is in To with at most GROUP_SIZE recipients. */
  to: 0,
  cc: 1,
  /** In To or Cc of a message to more than GROUP_SIZE people. */
  group: 2,
  /** Not addressed; the message came through a list the user is on. */
  viaList: 3,
  /** Not addressed and no list: Bcc, "undisclosed recipients", or mail for someone else. */
  unaddressed: 4,
} as const;
export type Position = (typeof POSITION)[keyof typeof POSITION];

const GROUP_SIZE = 10;

/** Words of subject and snippet are hashed into this many buckets (the content table). */
export const TOKEN_BUCKETS = 1 << 14;
const MAX_TOKENS = 48;

export interface MessageFacts {
  senderAddress: string;
  senderName: string | null;
  senderKey: number;
  /** The sender address with its display name: one channel of a shared address (each feed of a
   * feed gateway, each project of a notifications@ address); the address itself when unnamed. */
  channelKey: number;
  /** The display-name key ("same person"), 0 when the name says nothing (roles, machines). */
  personKey: number;
  person: string | null;
  domain: string;
  /** 0 for public mail providers and gateways, where a domain is not an organisation. */
  domainKey: number;
  listKey: number;
  listName: string | null;
  threadKey: number;
  messageKey: number;
  /** Hashes of the Message-IDs this message answers (In-Reply-To and References). */
  answers: number[];
  kind: Kind;
  /** Why the sender counts as a machine, for explanations ("no-reply address"). */
  machineReason: string | null;
  position: Position;
  recipients: number;
  fromSelf: boolean;
  sentByUser: boolean;
  spam: boolean;
  trash: boolean;
  promotionalSubject: boolean;
  /** Label ids the model learns from (system labels other than SPAM/TRASH/SENT, user labels). */
  labels: readonly string[];
  /** Keys of the kinds-of-mail cells: kind and position, people/machines/self, each label. */
  kindCell: number;
  classCell: number;
  labelCells: number[];
  /** Distinct word buckets of subject and snippet. */
  tokens: Int32Array;
  date: number;
}

/** The user's addresses, normalised, and the organisation domains among them. */
export interface SelfIdentity {
  addresses: ReadonlySet<string>;
  domains: ReadonlySet<string>;
}

const NO_REPLY_LOCAL =
  /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|donotreply|noreply[-_.].*|.*[-_.]no[-_.]?reply|mailer[-_.]?daemon|postmaster|bounces?|bounce[-_.].*|.*[-_.]bounces?|.*daemon|notifications?|notify|notifier|alerts?|automated|auto[-_.]?confirm|auto[-_.]?reply|robot|bot|system|cron|jenkins|ci)$/u;
const NOTIFICATION_LOCAL_HINT = /(?:^|[-_.])(?:notifications?|alerts?|noreply|no-reply|daemon)(?:[-_.]|$)/u;
const BULK_LOCAL = /^(?:news|newsletters?|marketing|promo(?:tions?)?|offers?|deals|specials|mailer|mailings?|campaigns?|digest|announce(?:ments?)?|subscriptions?|e-?news|emailnews|communications?)$/u;
const ROLE_LOCAL = /^(?:info|support|team|hello|hi|contact|sales|billing|admin|office|service|customerservice|customer[-_.]?care|help|helpdesk|accounts?|membership|members|webmaster|orders?|receipts?|invoices?|press|events?|jobs|careers|store|shop)$/u;
const FEED_LOCAL = /(?:^|[-_.])(?:rss|feeds?|atom|rss2email|blogtrottr)(?:[-_.]|$)|^rssfeeds?$/u;
const FEED_DOMAINS = new Set(['feedburner.com', 'feedblitz.com', 'blogtrottr.com', 'feedrabbit.com', 'follow.it', 'specificfeeds.com']);
/** Bulk-mail services, by registrable domain of the sender, Return-Path or Message-ID host. */
const BULK_SERVICE_DOMAINS = new Set([
  'mcsv.net', 'mcdlv.net', 'list-manage.com', 'mailchimpapp.net', 'rsgsv.net', 'mailchimp.com', 'sendgrid.net',
  'amazonses.com', 'mailgun.org', 'mailgun.net', 'constantcontact.com', 'exacttarget.com', 'exct.net',
  'sparkpostmail.com', 'mandrillapp.com', 'createsend.com', 'cmail19.com', 'cmail20.com', 'sendinblue.com',
  'brevo.com', 'hubspotemail.net', 'hubspot.com', 'klaviyomail.com', 'mailjet.com', 'bronto.com', 'emarsys.net',
  'mktomail.com', 'icontact.com', 'aweber.com', 'getresponse.com', 'convertkit-mail.com', 'mailerlite.com',
  'substack.com', 'beehiiv.com', 'rsys2.net', 'rsys3.net', 'rsys5.net', 'e2ma.net', 'ccsend.com', 'cust-mail.com',
  'postmarkapp.com', 'sailthru.com', 'responsys.net', 'lyris.net', 'moosend.com', 'customeriomail.com',
]);
/** Subdomains senders use for campaigns (news.example.com, e.shop.example). */
const BULK_SUBDOMAIN = /^(?:e|em|email|emails|mailer|mailing|mailings|news|newsletter|newsletters|marketing|promo|offers|mkt|engage|campaign|campaigns|bulk|info)\d*\./u;
const BULK_MAILER = /mailchimp|sendgrid|constant ?contact|campaign|newsletter|bulk|mass ?mail|group ?mail|sendblaster|mailing ?list|infusionsoft|hubspot|marketo|exacttarget|salesforce|aweber|getresponse|mailjet|sendinblue|phplist|interspire|klaviyo|emarsys|customer\.io|iterable|braze|lyris|listmanager|atomic ?mail|e-?mail ?marketing/iu;
const STOP_WORDS = new Set(
  ('the and for you your with this that from are was have has not but all can our out new get more will just one about ' +
    'what when who how its it\'s into than then them they their there here were been also any some only over such very ' +
    're fw fwd fwd: via www http https com net org html mailto font nbsp').split(' '),
);

const EMPTY: readonly PriorityAddress[] = [];

/** At most this many To/Cc recipients are looked at for the user's address. */
const MAX_RECIPIENTS = 500;

function hasSelf(list: readonly PriorityAddress[], self: SelfIdentity): boolean {
  const n = Math.min(list.length, MAX_RECIPIENTS);
  for (let i = 0; i < n; i++) {
    const a = list[i] as PriorityAddress;
    if (a.address && a.address.length <= MAX_ADDRESS && self.addresses.has(normaliseAddress(a.address))) return true;
  }
  return false;
}

/**
 * Mail is hostile input: every text the model's patterns read is cut to a length no honest
 * header needs (RFC 5322 §2.1.1 asks for lines under 998 characters), so no pattern can be made
 * to backtrack over megabytes.
 */
const MAX_HEADER = 998;
const MAX_ADDRESS = 320;
const MAX_NAME = 200;
const MAX_TEXT = 2000;

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function header(message: PriorityMessage, name: string): string {
  return clip(message.headers?.[name] ?? '', MAX_HEADER);
}

/** `Name <id.example.org>` (RFC 2919 §3) -> `id.example.org`; else the whole value. */
export function listIdentifier(listId: string | null, listPost: string | null, mailingList: string): string | null {
  if (listId) {
    const bracketed = /<([^<>]+)>/u.exec(listId);
    return (bracketed?.[1] ?? listId).trim().toLowerCase() || null;
  }
  if (listPost) {
    const mailto = /mailto:([^>?\s,]+)/iu.exec(listPost);
    if (mailto) return normaliseAddress(mailto[1] as string);
  }
  if (mailingList) {
    // Yahoo Groups / ezmlm: "list foo@yahoogroups.com; contact foo-owner@..."
    const address = /list\s+([^\s;]+@[^\s;]+)/iu.exec(mailingList);
    if (address) return normaliseAddress(address[1] as string);
  }
  return null;
}

/** A readable list name for explanations: the List-Id phrase, else its identifier. */
function listDisplayName(listId: string | null, identifier: string): string {
  const phrase = listId?.replace(/<[^<>]*>/gu, '').replace(/\s+/gu, ' ').trim();
  if (phrase && phrase.length <= 60) return phrase;
  return identifier.split(/[.@]/u)[0] ?? identifier;
}

/**
 * Words: maximal runs of letters and digits (ASCII, and everything from U+00C0 up except
 * punctuation blocks), lower-cased; kept when 3–20 long, not all digits and not a stop word.
 * The scanner hashes as it goes (FNV-1a), so scoring allocates no strings.
 */
function isWordChar(c: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
  if (c < 0xc0 || c === 0xd7 || c === 0xf7) return false;
  return !((c >= 0x2000 && c <= 0x2bff) || (c >= 0x3000 && c <= 0x303f) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff0f));
}

function lower(c: number): number {
  if (c < 0x80) return c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
  return String.fromCharCode(c).toLowerCase().charCodeAt(0);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const STOP_HASHES = new Set([...STOP_WORDS].map((w) => hash32(w)));

/** Calls `found(hash, start, end)` for each word of `text` (see above), at most `limit` words. */
function scanWords(text: string, limit: number, found: (hash: number, start: number, end: number) => void): void {
  let count = 0;
  let i = 0;
  const n = text.length;
  while (i < n && count < limit) {
    while (i < n && !isWordChar(text.charCodeAt(i))) i++;
    const start = i;
    let h = FNV_OFFSET;
    let digits = true;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (!isWordChar(c)) break;
      const l = lower(c);
      if (l < 0x30 || l > 0x39) digits = false;
      h = Math.imul(h ^ l, FNV_PRIME);
      i++;
    }
    const length = i - start;
    if (length < 3 || length > 20 || digits) continue;
    h >>>= 0;
    if (STOP_HASHES.has(h)) continue;
    found(h, start, i);
    count++;
  }
}

const bucketScratch = new Int32Array(MAX_TOKENS);

/** Distinct word buckets of a subject and snippet. */
export function tokenBuckets(text: string): Int32Array {
  let size = 0;
  scanWords(text, MAX_TOKENS * 2, (h) => {
    if (size >= MAX_TOKENS) return;
    const bucket = h & (TOKEN_BUCKETS - 1);
    for (let k = 0; k < size; k++) if (bucketScratch[k] === bucket) return;
    bucketScratch[size++] = bucket;
  });
  return bucketScratch.slice(0, size);
}

/** The words themselves (lower case, in order) with their buckets, for explanations. */
export function tokenWords(fullText: string): { word: string; bucket: number }[] {
  const text = clip(fullText, MAX_TEXT);
  const out: { word: string; bucket: number }[] = [];
  scanWords(text, MAX_TOKENS * 2, (h, start, end) => out.push({ word: text.slice(start, end).toLowerCase(), bucket: h & (TOKEN_BUCKETS - 1) }));
  return out;
}

/**
 * Promotional formatting in a subject: prices, percentages off, "!!", "ADV:" (the label some
 * US states required on unsolicited ads), or a subject shouting in capitals.
 */
export function promotionalSubject(fullSubject: string): boolean {
  const subject = clip(fullSubject, MAX_HEADER);
  if (/^\s*adv\s*[:-]/iu.test(subject)) return true;
  if (/[$€£]\s?\d|\d%\s*off|!!|\bact now\b|\blimited time\b/iu.test(subject)) return true;
  if (subject.includes('!') && /\bfree\b/iu.test(subject)) return true;
  let letters = 0;
  let upper = 0;
  for (let i = 0; i < subject.length; i++) {
    const c = subject.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) {
      letters++;
      upper++;
    } else if (c >= 0x61 && c <= 0x7a) letters++;
  }
  return letters >= 12 && upper / letters >= 0.8;
}

/** At most this many Message-IDs of In-Reply-To and References are read (the latest ones). */
const MAX_REFERENCES = 100;

function messageIdHashes(value: string | null | undefined, into: number[]): void {
  if (!value) return;
  const ids = clip(value.length > 40_000 ? value.slice(-40_000) : value, 40_000).split(/\s+/u).filter(Boolean);
  for (const id of ids.slice(-MAX_REFERENCES)) into.push(hashKey(id.replace(/^<|>$/gu, '').toLowerCase()));
}

const labelKeys = new Map<string, number>();
function labelCellKey(label: string): number {
  let key = labelKeys.get(label);
  if (key === undefined) {
    key = hashKey(`L:${label}`);
    if (labelKeys.size > 10_000) labelKeys.clear();
    labelKeys.set(label, key);
  }
  return key;
}

export function messageIdKey(rfc822MessageId: string): number {
  return hashKey(rfc822MessageId.replace(/^<|>$/gu, '').toLowerCase());
}

/**
 * Why a message looks mass-sent, and whether the sign is strong. Weak signs — Precedence: bulk,
 * List-Unsubscribe (RFC 2369), a bounce-handling Return-Path — are what mailing-list software
 * adds to every post too; strong ones (bulk-mail services, campaign headers, bulk mailers,
 * campaign subdomains) are marketing infrastructure.
 */
interface BulkSign {
  reason: string;
  strong: boolean;
}

const BOUNCE = /(?:^|[.+_-])bounces?(?:[.+_-]|$)/u;

function bulkSign(message: PriorityMessage, senderHost: string): BulkSign | null {
  if (header(message, 'feedback-id') || header(message, 'x-campaign') || header(message, 'x-campaignid') || header(message, 'x-mailgun-tag') || header(message, 'x-mc-user') || header(message, 'x-sg-eid'))
    return { reason: 'bulk-mail headers', strong: true };
  const mailer = header(message, 'x-mailer');
  if (mailer && BULK_MAILER.test(mailer)) return { reason: 'bulk mailer', strong: true };
  const returnPath = header(message, 'return-path').replace(/[<>\s]/gu, '').toLowerCase();
  const returnPathHost = hostOf(returnPath);
  const messageIdHost = message.rfc822MessageId ? hostOf(message.rfc822MessageId.toLowerCase()) : '';
  for (const host of [senderHost, returnPathHost, messageIdHost]) if (host && BULK_SERVICE_DOMAINS.has(registrableDomain(host))) return { reason: 'sent by a bulk-mail service', strong: true };
  if (BULK_SUBDOMAIN.test(senderHost) && senderHost !== registrableDomain(senderHost)) return { reason: 'marketing address', strong: true };
  const precedence = header(message, 'precedence').trim().toLowerCase();
  if (precedence === 'bulk' || precedence === 'junk') return { reason: 'Precedence: bulk', strong: false };
  if (message.listUnsubscribe) return { reason: 'List-Unsubscribe', strong: false };
  // Variable envelope return paths (bounces+token@..., ...@bounce.example) are how bulk senders
  // match bounces to recipients.
  if (BOUNCE.test(localPart(returnPath)) || returnPathHost.split('.').some((label) => BOUNCE.test(label))) return { reason: 'bounce-handling return path', strong: false };
  return null;
}

/** The facts of one message for one user. */
export function messageFacts(message: PriorityMessage, self: SelfIdentity): MessageFacts {
  const sender = message.from[0] ?? message.replyTo?.[0] ?? null;
  const senderAddress = sender?.address ? normaliseAddress(clip(sender.address, MAX_ADDRESS)) : '';
  const senderName = sender?.name ? clip(sender.name, MAX_NAME) : null;
  const subject = clip(message.subject, MAX_HEADER);
  const senderHost = hostOf(senderAddress);
  const local = localPart(senderAddress);
  const domain = registrableDomain(senderHost);
  const labels = message.labelIds;
  const sentByUser = labels.includes('SENT');
  const fromSelf = sentByUser || (senderAddress !== '' && self.addresses.has(senderAddress));

  const mailingList = header(message, 'mailing-list') || header(message, 'x-mailing-list');
  const listId = listIdentifier(message.listId && clip(message.listId, MAX_HEADER), message.listPost && clip(message.listPost, MAX_HEADER), mailingList);
  const precedence = header(message, 'precedence').trim().toLowerCase();
  const isList = listId !== null || precedence === 'list';
  const bulk = bulkSign(message, senderHost);

  const to = message.to ?? EMPTY;
  const cc = message.cc ?? EMPTY;
  const recipients = to.length + cc.length;
  const inTo = hasSelf(to, self);
  const addressed = inTo || hasSelf(cc, self);
  // List software that writes each subscriber's own address into To (the user the only
  // recipient) is not a person writing to the user: being "sent to me" is then no reason at all.
  // A person who writes to the user and the list names both, so that keeps its personal credit.
  // (Bulk mail outside lists is a machine's already, and machines get no credit for position.)
  const stamped = addressed && recipients <= 1 && isList;
  // RFC 2369 §3.4: List-Post: NO marks an announcement list nobody can post to; so does a list
  // without List-Post that stamps each subscriber's address and carries bulk marks (a newsletter
  // sent through list software: Precedence: bulk, List-Unsubscribe).
  const announcement =
    (message.listPost ? /^\s*<?no>?\s*$/iu.test(clip(message.listPost, MAX_HEADER)) : false) || (stamped && !message.listPost && bulk !== null);
  const discussion = isList && !announcement;

  let kind: Kind;
  let machineReason: string | null = null;
  const autoSubmitted = header(message, 'auto-submitted').trim().toLowerCase();
  if (fromSelf) kind = KIND.self;
  else if (FEED_LOCAL.test(local) || FEED_DOMAINS.has(domain)) {
    kind = KIND.feed;
    machineReason = 'feed';
  } else if (NO_REPLY_LOCAL.test(local) || NOTIFICATION_LOCAL_HINT.test(local) || (autoSubmitted !== '' && autoSubmitted !== 'no')) {
    // RFC 3834 §5: any Auto-Submitted value other than "no" means a machine sent it.
    machineReason = NO_REPLY_LOCAL.test(local) || NOTIFICATION_LOCAL_HINT.test(local) ? (/reply/u.test(local) ? 'no-reply' : local) : 'Auto-Submitted';
    // Transactional mail (receipts, alerts) often has a bounce-handling return path too; an
    // unsubscribe link or campaign machinery makes it a newsletter.
    if (bulk && (bulk.strong || bulk.reason === 'List-Unsubscribe')) {
      kind = KIND.bulk;
      machineReason = bulk.reason;
    } else kind = KIND.notification;
  } else if (isList && discussion && !BULK_LOCAL.test(local) && !bulk?.strong) {
    // Mailing-list software (Mailman, ezmlm) adds Precedence: bulk and List-Unsubscribe to
    // every post; only other bulk signals make a list post a newsletter.
    kind = KIND.list;
  } else if (bulk !== null || BULK_LOCAL.test(local) || (isList && !discussion)) {
    kind = KIND.bulk;
    machineReason = bulk?.reason ?? (BULK_LOCAL.test(local) ? `${local}@ address` : 'announcement list');
  } else if (ROLE_LOCAL.test(local)) {
    kind = KIND.role;
    machineReason = `${local}@ address`;
  } else if (!isList && header(message, 'errors-to')) {
    // Errors-To (never standardised; RFC 2076 lists it as non-standard and discouraged) is what
    // list managers and mass mailers add to send bounces elsewhere; a person's mail client does
    // not. Outside a list it marks a machine's mailing (a daily feed, a vendor's alerts): sent to
    // the user, but not written to them.
    kind = KIND.notification;
    machineReason = 'Errors-To';
  } else if (isList) {
    kind = KIND.list;
  } else kind = KIND.person;

  let position: Position;
  if (stamped) position = POSITION.viaList;
  else if (addressed) position = recipients > GROUP_SIZE ? POSITION.group : inTo ? POSITION.to : POSITION.cc;
  else position = isList ? POSITION.viaList : POSITION.unaddressed;

  const channel = senderName?.trim().toLowerCase().replace(/\s+/gu, ' ') ?? '';
  const person = kind === KIND.person || kind === KIND.list || kind === KIND.self ? personName(senderName) : null;
  const answers: number[] = [];
  messageIdHashes(message.inReplyTo, answers);
  messageIdHashes(message.references, answers);

  const kept: string[] = [];
  for (const label of labels) if (label !== 'SPAM' && label !== 'TRASH' && label !== 'SENT' && label !== 'DRAFT') kept.push(label);

  return {
    senderAddress,
    senderName: senderName?.trim() || null,
    senderKey: senderAddress ? hashKey(`a:${senderAddress}`) : 0,
    channelKey: !senderAddress ? 0 : channel ? hashKey(`c:${senderAddress}|${channel}`) : hashKey(`a:${senderAddress}`),
    personKey: person ? hashKey(`p:${person}`) : 0,
    person,
    domain,
    domainKey: domain && !isPublicMailDomain(domain) && kind !== KIND.feed ? hashKey(`d:${domain}`) : 0,
    listKey: listId ? hashKey(`l:${listId}`) : 0,
    listName: listId ? listDisplayName(message.listId && clip(message.listId, MAX_HEADER), listId) : null,
    threadKey: hashKey(`t:${message.threadId}`),
    messageKey: hashKey(`m:${message.id}`),
    answers,
    kind,
    machineReason,
    position,
    recipients,
    fromSelf,
    sentByUser,
    spam: labels.includes('SPAM'),
    trash: labels.includes('TRASH'),
    promotionalSubject: promotionalSubject(subject),
    labels: kept,
    kindCell: hashKey(`k:${kind}/${kind === KIND.person || kind === KIND.list ? position : position <= POSITION.cc ? 'addressed' : 'not'}`),
    classCell: hashKey(kind === KIND.self ? 'g:self' : kind === KIND.person || kind === KIND.list ? 'g:people' : 'g:machines'),
    labelCells: kept.map((label) => labelCellKey(label)),
    tokens: tokenBuckets(clip(`${subject} ${message.snippet ?? ''}`, MAX_TEXT)),
    date: message.internalDate,
  };
}
