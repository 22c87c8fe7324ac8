import type { BundleDecision, BundleId, BundleMessage, SenderRules } from './types.ts';

/**
 * Which bundle a message belongs in, from its headers and Gmail's snippet only (never a body).
 * Rules run from the most specific kind of mail to the most general, and the first that holds
 * decides; each says why, in words the user sees next to the bundle:
 *
 *  1. the user's own choice for the sender (moveSender), which always wins;
 *  2. calendar invitations: an iCalendar part (RFC 5545 text/calendar, .ics) or the subject
 *     forms calendar software writes ("Invitation: ... @ Tue ...", "Accepted:", "Canceled:");
 *  3. travel: a booking, check-in or e-ticket about a flight, stay, train or car;
 *  4. finance: banks, cards, payments and investments (statements, balances, money sent);
 *  5. receipts and orders: receipts, order confirmations, shipping and delivery;
 *  6. social networks: their senders, or what they write ("tagged you", "wants to connect");
 *  7. notifications from services and robots: RFC 3834 Auto-Submitted, no-reply and daemon
 *     senders, commit and bug-tracker mail, sign-in and password mail;
 *  8. forums and mailing lists: RFC 2919 List-Id or RFC 2369 List-Post from a person, or a
 *     list's [tag] in the subject;
 *  9. promotions: bulk mail (List-Unsubscribe, Precedence: bulk) that sells ("30% off", "sale");
 * 10. newsletters: other bulk mail (List-Unsubscribe, Precedence: bulk or list, newsletter
 *     senders and subjects);
 * 11. Gmail's own category labels (CATEGORY_SOCIAL, _FORUMS, _UPDATES, _PROMOTIONS) as a last hint;
 * otherwise the message is personal mail and belongs in no bundle.
 *
 * Pure and allocation-light: it runs on every synced message (the bench holds it to 50,000
 * messages a second on one core).
 */
export function classifyBundle(message: BundleMessage, senderRules?: SenderRules): BundleDecision {
  const address = (message.from?.address ?? '').trim().toLowerCase();
  if (senderRules && address && senderRules.has(address)) {
    const bundle = senderRules.get(address) ?? null;
    return {
      bundle,
      source: 'sender',
      reason: bundle === null ? `You keep mail from ${address} in the inbox.` : `You moved ${address} to ${BUNDLE_NAMES[bundle]}.`,
    };
  }
  const decided = byRules(readMessage(message, address));
  return { bundle: decided[0], reason: decided[1], source: 'rules' };
}

/** Names as the web shows them (and the reasons quote). */
export const BUNDLE_NAMES: Record<BundleId, string> = {
  newsletters: 'Newsletters',
  promotions: 'Promotions',
  receipts: 'Receipts and orders',
  travel: 'Travel and reservations',
  notifications: 'Notifications',
  social: 'Social',
  forums: 'Forums and mailing lists',
  finance: 'Finance',
  calendar: 'Calendar invitations',
};

interface Read {
  address: string;
  local: string;
  domain: string;
  subject: string;
  subjectLower: string;
  /** Subject and snippet, entities decoded, lower-cased, one string (the phrase rules match it case-blind). */
  lower: string;
  message: BundleMessage;
  bulk: boolean;
  automatedSender: boolean;
}

const ENTITY = /&(#39|#x27|quot|amp|lt|gt|nbsp);/g;
const ENTITY_VALUE: Record<string, string> = { '#39': "'", '#x27': "'", quot: '"', amp: '&', lt: '<', gt: '>', nbsp: ' ' };

function readMessage(message: BundleMessage, address: string): Read {
  const at = address.lastIndexOf('@');
  const local = at === -1 ? address : address.slice(0, at);
  const domain = at === -1 ? '' : address.slice(at + 1);
  const snippet = message.snippet.includes('&') ? message.snippet.replace(ENTITY, (_, e: string) => ENTITY_VALUE[e] ?? _) : message.snippet;
  const precedence = (message.precedence ?? '').trim().toLowerCase();
  const bulk = message.listUnsubscribe !== null || precedence === 'bulk' || precedence === 'list' || precedence === 'junk' || MARKETING_DOMAIN.test(domain);
  return {
    address,
    local,
    domain,
    subject: message.subject,
    subjectLower: message.subject.toLowerCase(),
    lower: `${message.subject}\n${snippet}`.toLowerCase(),
    message,
    bulk,
    automatedSender: AUTOMATED_LOCAL.test(local) || AUTOMATED_DOMAIN.test(domain),
  };
}

/** A domain or any of its parents in a set: `ealerts.bankofamerica.com` is under `bankofamerica.com`. */
function underDomain(domain: string, set: ReadonlySet<string>): string | null {
  let rest = domain;
  while (rest) {
    if (set.has(rest)) return rest;
    const dot = rest.indexOf('.');
    if (dot === -1) return null;
    rest = rest.slice(dot + 1);
  }
  return null;
}

// --- calendar -------------------------------------------------------------------------------

const CALENDAR_MIME = /^(?:text\/calendar|application\/ics|text\/x-vcalendar)$/i;
const CALENDAR_FILE = /\.(?:ics|vcs)$/i;
/** What Google Calendar, Outlook and others put before the event's name. */
const CALENDAR_SUBJECT =
  /^(?:(?:updated |new )?invitation(?: from [^:]+)?|accepted|declined|tentatively accepted|cancell?ed(?: event| meeting)?|event cancell?ed|meeting (?:invitation|request|cancell?ed)|new event|event (?:reminder|updated)|updated event|rescheduled)\s*:/;
/** Google Calendar's "Title @ Tue Sep 1, 4pm - 4:30pm" and "@ Weekly from 10am". */
const CALENDAR_WHEN = /@ (?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]* [a-z]{3,9}\.? \d|weekly|daily|monthly)/;

function calendar(r: Read): string | null {
  for (const a of r.message.attachments) {
    if (CALENDAR_MIME.test(a.mimeType) || CALENDAR_FILE.test(a.filename)) return `It carries a calendar invitation (${a.filename || a.mimeType}).`;
  }
  if (CALENDAR_SUBJECT.test(r.subjectLower)) return `The subject is a calendar reply or invitation (“${r.subject.split(':')[0]}:”).`;
  if (CALENDAR_WHEN.test(r.subjectLower)) return 'The subject names an event and its time, as calendar invitations do.';
  return null;
}

// --- travel ---------------------------------------------------------------------------------

const TRAVEL_DOMAINS = new Set([
  'delta.com', 'united.com', 'aa.com', 'southwest.com', 'jetblue.com', 'alaskaair.com', 'ba.com', 'britishairways.com', 'lufthansa.com',
  'booking-lufthansa.com', 'airfrance.com', 'airfrance.fr', 'klm.com', 'easyjet.com', 'ryanair.com', 'ryanairmail.com', 'emirates.com',
  'qatarairways.com', 'aircanada.com', 'aircanada.ca', 'qantas.com', 'singaporeair.com', 'iberia.com', 'swiss.com', 'aeromexico.com',
  'booking.com', 'expedia.com', 'hotels.com', 'airbnb.com', 'vrbo.com', 'marriott.com', 'hilton.com', 'hyatt.com', 'ihg.com', 'accor.com',
  'tripadvisor.com', 'kayak.com', 'priceline.com', 'agoda.com', 'trip.com', 'hopper.com', 'trainline.com', 'thetrainline.com', 'amtrak.com',
  'sncf.com', 'sncf-connect.com', 'bahn.de', 'eurostar.com', 'renfe.com', 'trenitalia.com', 'flixbus.com', 'greyhound.com', 'hertz.com',
  'avis.com', 'enterprise.com', 'sixt.com', 'europcar.com', 'nationalcar.com', 'budget.com', 'tripit.com',
]);
/** A booking exists: a reference, a confirmation, a check-in, a ticket. */
const BOOKING =
  /\b(?:boarding pass|e-?tickets?|itinerary|booking (?:reference|confirm\w*|number|ref)|(?:your )?(?:booking|reservation|stay|trip) (?:is )?confirmed|reservation (?:confirm\w*|number|#)|confirmed: \d+ nights?|check(?:ed)?[- ]in|confirmation (?:#|number|code)|\bpnr\b|booking ref|you're going to)/;
const TRAVEL_WORDS =
  /\b(?:flights?|boarding|airport|depart(?:s|ing|ure)?|arrival|hotel|nights?|check-?out|train|rail|tgv|coach|seat \d|gate|journey|car rental|pick[- ]?up|vehicle|terminal|trip|stay)\b/;

function travel(r: Read): string | null {
  if (!BOOKING.test(r.lower)) return null;
  const from = underDomain(r.domain, TRAVEL_DOMAINS);
  if (from) return `A booking from ${from} (“${BOOKING.exec(r.lower)![0]}”).`;
  const word = TRAVEL_WORDS.exec(r.lower);
  return word ? `A booking (“${BOOKING.exec(r.lower)![0]}”) for a ${word[0].toLowerCase()}.` : null;
}

// --- finance --------------------------------------------------------------------------------

const FINANCE_DOMAINS = new Set([
  'chase.com', 'bankofamerica.com', 'wellsfargo.com', 'citi.com', 'citibank.com', 'capitalone.com', 'americanexpress.com', 'aexp.com',
  'discover.com', 'usbank.com', 'pnc.com', 'hsbc.com', 'hsbc.co.uk', 'barclays.com', 'barclays.co.uk', 'lloydsbank.co.uk', 'natwest.com',
  'santander.com', 'santander.co.uk', 'revolut.com', 'monzo.com', 'n26.com', 'wise.com', 'transferwise.com', 'paypal.com', 'venmo.com',
  'zellepay.com', 'cash.app', 'square.com', 'vanguard.com', 'e-vanguard.com', 'fidelity.com', 'schwab.com', 'etrade.com', 'robinhood.com',
  'coinbase.com', 'kraken.com', 'irs.gov', 'hmrc.gov.uk', 'intuit.com', 'turbotax.com', 'taxslayer.com', 'ally.com', 'sofi.com', 'chime.com',
  'mint.com', 'creditkarma.com', 'experian.com', 'equifax.com', 'transunion.com', 'amex.com', 'ing.com', 'bnpparibas.com', 'deutsche-bank.de',
]);
const FINANCE_PHRASE =
  /\b(?:statement (?:is )?(?:ready|available)|(?:monthly|quarterly|annual|account|card) statement|direct deposit|payment (?:is )?due|minimum payment|(?:available |account |low )?balance (?:alert|is below)|sent you [$€£]|paid you [$€£]|received money|you (?:just )?received [$€£]?\d|trade confirmation|order was executed|tax return|wire transfer|your transfer|account ending in|card ending in|large purchase|purchase approved|fraud alert)\b/;
const PROMO_WORDS =
  /\b(?:free(?:bies)?|\d+% off|up to \d+%|save \d+%|sales?|deals?|offers?|coupons?|promo code|use code|free shipping|free gift|clearance|limited time|today only|flash sale|early access|exclusive|sweeps(?:takes)?|starting bid|auctions?|shop(?:per|ping)?|buy now|discount|from [$€£]\d)\b/;

function finance(r: Read): string | null {
  const from = underDomain(r.domain, FINANCE_DOMAINS);
  const phrase = FINANCE_PHRASE.exec(r.lower);
  if (from && !(r.bulk && PROMO_WORDS.test(r.lower))) return phrase ? `From ${from}: “${phrase[0]}”.` : `From ${from}, a bank or payment service.`;
  if (phrase && (r.automatedSender || r.bulk || from)) return `Money matters: “${phrase[0]}”.`;
  return null;
}

// --- receipts -------------------------------------------------------------------------------

const SHIPPING_DOMAINS = new Set(['ups.com', 'fedex.com', 'usps.com', 'dhl.com', 'dhl.de', 'royalmail.com', 'canadapost.ca', 'dpd.com', 'hermes.com', 'evri.com', 'ontrac.com', 'laposte.fr', 'postnl.nl']);
const RECEIPT =
  /\b(?:receipts?|your (?:[\w.]+ )?order|order (?:confirm\w*|#\s*\w+|number|total|no\.?)|order #?\d[\w-]*|thanks? (?:you )?for (?:your |the )?(?:[\w.]+ )?(?:order|purchase|payment)|(?:your )?purchase (?:of|from|confirm\w*)|has (?:been )?shipped|shipping confirmation|out for delivery|(?:has been |was )?delivered|tracking (?:number|#)|invoice|amount paid|total charged|total:? [$€£]\d)/;

function receipts(r: Read): string | null {
  const promo = r.bulk && PROMO_WORDS.test(r.lower);
  const shipper = underDomain(r.domain, SHIPPING_DOMAINS);
  if (shipper && !promo) return `A delivery update from ${shipper}.`;
  for (const a of r.message.attachments) {
    if (/(?:receipt|invoice|order)/i.test(a.filename)) return `It carries ${a.filename}.`;
  }
  const match = RECEIPT.exec(r.lower);
  if (match && !promo) return `A receipt or order (“${match[0]}”).`;
  return null;
}

// --- social ---------------------------------------------------------------------------------

const SOCIAL_DOMAINS = new Set([
  'facebookmail.com', 'facebook.com', 'linkedin.com', 'twitter.com', 'x.com', 'instagram.com', 'redditmail.com', 'reddit.com', 'pinterest.com',
  'tiktok.com', 'strava.com', 'meetup.com', 'nextdoor.com', 'bsky.app', 'threads.net', 'discord.com', 'snapchat.com', 'tumblr.com', 'quora.com',
  'goodreads.com', 'youtube.com', 'flickr.com', 'vk.com', 'mastodon.social', 'mastodon.online', 'whatsapp.com', 'telegram.org',
]);
const SOCIAL_PHRASE =
  /\b(?:wants to connect|friend request|tagged you|mentioned you|followed you|new followers?|liked your|commented on|replied to your (?:comment|post|tweet)|saved your pin|gave you kudos|invitation to connect|accept (?:my|the) invitation|sent you a (?:new )?message)\b/;
const SECURITY_PHRASE = /\b(?:password|security (?:code|alert)|verification code|verify your|sign-?in|log-?in attempt|two-factor|2fa)\b/;

function social(r: Read): string | null {
  const from = underDomain(r.domain, SOCIAL_DOMAINS) ?? (/(?:^|\.)mastodon\./.test(r.domain) ? r.domain : null);
  if (from && !SECURITY_PHRASE.test(r.lower)) return `From ${from}, a social network.`;
  const phrase = SOCIAL_PHRASE.exec(r.lower);
  if (phrase && (r.automatedSender || r.bulk)) return `A social network's update (“${phrase[0]}”).`;
  return null;
}

// --- notifications --------------------------------------------------------------------------

/** Local parts of robots and services (RFC 2142 role names and what services use). */
const AUTOMATED_LOCAL =
  /^(?:no[-._]?reply|do[-._]?not[-._]?reply|donotreply|notifications?|notify|notifier|alerts?|mailer-daemon|postmaster|root|cron|daemon|[\w.-]*-daemon|bugzilla[\w.-]*|jira|gitlab|builds?|ci|jenkins|security|[\w.-]*-noreply|[\w.-]*-no-reply|account(?:s|-security[\w-]*)?|nobody|system|automated|monitoring|[\w.-]*-admin|admin|auto-confirm|automail)(?:[+-][\w.-]*)?$/;
const AUTOMATED_DOMAIN = /^(?:alerts?|notify|notifications?|ealerts|accountprotection|md)\./;
const SERVICE_PHRASE =
  /(?:\bcvs: |update of \/cvsroot|\[bug \d+\]|\bbuild (?:failed|succeeded|passed)|\bpipeline #?\d+|\brun failed|\bworkflow run|\bpassword|\bsecurity (?:alert|code)|\bverification code|\bverify your|\bnew sign-?in|\bsign-?in attempt|\bdelivery status notification|\bundeliverable|\brequires approval|\bis almost full|\byour \w+ was turned off|\bnew issue:|\bassigned [\w-]+ to you|\bcron <)/;
/** A numbered issue: "Vol. 15, No. 25", "Issue 33" — a newsletter, whoever sends it. */
const ISSUE_NUMBER = /\b(?:vol(?:ume)?\.? ?\d+,? (?:no\.?|number|issue) ?\d+|issue #?\d+|edition|number \d+, \d{4})\b/;

function notifications(r: Read): string | null {
  const auto = (r.message.autoSubmitted ?? '').trim().toLowerCase();
  if (auto && !auto.startsWith('no')) return `Sent automatically (Auto-Submitted: ${auto.split(';')[0]}).`;
  const phrase = SERVICE_PHRASE.exec(r.lower);
  if (phrase) return `A service's notice (“${phrase[0].trim()}”).`;
  if (r.automatedSender && !ISSUE_NUMBER.test(r.lower)) return `Sent by a robot or service address (${r.address}).`;
  return null;
}

// --- forums ---------------------------------------------------------------------------------

const NEWSLETTER_LOCAL =
  /^(?:newsletters?|news|digest|subscriptions?|updates?|list|listmanager|listserv|editor|editors|weekly|daily|crew|hello|info|email|journal|rssfeeds|feeds?|announce(?:ments?)?|marketing|offers?|deals|promo(?:tions)?|mailings?)$/;
const NEWSLETTER_DOMAIN = /(?:^|\.)(?:newsletters?|news|lists?|mailings?|bulletins?)\.|(?:^|\.)(?:substack\.com|beehiiv\.com|mailchimp\.com|mcsv\.net|imakenews\.net|convertkit\.com|buttondown\.email|ghost\.io|lyris\.net|cmail\d*\.com|createsend\.com)$/;
const MARKETING_DOMAIN = /^(?:e|em|email|mail|mailer|mailing|marketing|campaign|info|news|offers|promo)\d*\.|^newsletter/;
const NEWSLETTER_SUBJECT = /\b(?:newsletters?|news|digest|headlines|issue|edition|weekly|daily|bulletin|dispatch)\b/;
/** A list's tag: "[ILUG] ...", "Re: [SAtalk] ...". */
const SUBJECT_TAG = /^\s*(?:(?:re|fwd?|aw|sv)\s*:\s*)*\[[^\]]{2,40}\]/;

function forums(r: Read): string | null {
  const newsletterish = NEWSLETTER_LOCAL.test(r.local) || NEWSLETTER_DOMAIN.test(r.domain) || NEWSLETTER_SUBJECT.test(r.subjectLower);
  if (r.message.listPost && !newsletterish) return 'List-Post: its members can write to this list (a discussion list).';
  const listId = r.message.listId;
  if (listId && !newsletterish) return `List-Id names a mailing list (${listLabel(listId)}).`;
  const tag = SUBJECT_TAG.exec(r.subjectLower);
  if (tag && !newsletterish) return `The subject carries a list's tag (${tag[0].slice(tag[0].indexOf('['))}).`;
  return null;
}

function listLabel(listId: string): string {
  const angle = /<([^>]+)>/.exec(listId);
  return (angle ? angle[1]! : listId).trim().slice(0, 80);
}

// --- promotions and newsletters -------------------------------------------------------------

/** Selling is said in the subject, or said twice: one "deal" in a news story is not an offer. */
function promotions(r: Read): string | null {
  const words = PROMO_WORDS.exec(r.subjectLower) ?? secondPromoWord(r.lower);
  if (!words) return null;
  if (r.bulk || NEWSLETTER_LOCAL.test(r.local) || NEWSLETTER_DOMAIN.test(r.domain) || r.message.labelIds.includes('CATEGORY_PROMOTIONS')) return `Bulk mail selling something (“${words[0]}”).`;
  return null;
}

const PROMO_WORDS_ALL = new RegExp(PROMO_WORDS.source, 'g');

function secondPromoWord(text: string): RegExpExecArray | null {
  PROMO_WORDS_ALL.lastIndex = 0;
  const first = PROMO_WORDS_ALL.exec(text);
  if (!first) return null;
  let next: RegExpExecArray | null;
  while ((next = PROMO_WORDS_ALL.exec(text))) if (next[0].toLowerCase() !== first[0].toLowerCase()) return first;
  return null;
}

const SUBSCRIBED = /\b(?:you(?:'re| are) (?:receiving|subscribed)|signed up|subscribed to|view (?:this|it|the) (?:email|newsletter|message) (?:in|online)|to view this newsletter|unsubscribe)\b/;

function newsletters(r: Read): string | null {
  if (r.message.listUnsubscribe) return 'List-Unsubscribe: bulk mail you subscribed to.';
  const precedence = (r.message.precedence ?? '').trim().toLowerCase();
  if (precedence === 'bulk' || precedence === 'list' || precedence === 'junk') return `Precedence: ${precedence} (sent in bulk).`;
  if (NEWSLETTER_LOCAL.test(r.local) || NEWSLETTER_DOMAIN.test(r.domain) || MARKETING_DOMAIN.test(r.domain)) return `Sent from a newsletter address (${r.address}).`;
  const subscribed = SUBSCRIBED.exec(r.lower);
  if (subscribed) return `It says “${subscribed[0]}”.`;
  if (NEWSLETTER_SUBJECT.test(r.subjectLower) || ISSUE_NUMBER.test(r.lower)) return 'The subject reads like a newsletter issue.';
  return null;
}

// --- Gmail's labels, last -------------------------------------------------------------------

const GMAIL_CATEGORY: ReadonlyArray<[string, BundleId]> = [
  ['CATEGORY_SOCIAL', 'social'],
  ['CATEGORY_FORUMS', 'forums'],
  ['CATEGORY_UPDATES', 'notifications'],
  ['CATEGORY_PROMOTIONS', 'promotions'],
];

/**
 * Replies a machine sent about the user's own mail (RFC 3834 auto-replied: out-of-office, RFC 3464
 * delivery reports) come first: "wasn't delivered" is no receipt, whatever else it says.
 */
function bounces(r: Read): string | null {
  const auto = (r.message.autoSubmitted ?? '').trim().toLowerCase();
  if (auto.startsWith('auto-replied')) return `An automatic reply (Auto-Submitted: ${auto.split(';')[0]}).`;
  if (/^(?:mailer-daemon|postmaster)$/.test(r.local) || /\b(?:delivery status notification|undeliverable|delivery has failed|returned mail)\b/i.test(r.subject)) return 'A delivery report about mail you sent.';
  return null;
}

const RULES: ReadonlyArray<[BundleId, (r: Read) => string | null]> = [
  ['notifications', bounces],
  ['calendar', calendar],
  ['travel', travel],
  ['finance', finance],
  ['receipts', receipts],
  ['social', social],
  ['notifications', notifications],
  ['forums', forums],
  ['promotions', promotions],
  ['newsletters', newsletters],
];

function byRules(r: Read): [BundleId | null, string] {
  for (const [bundle, rule] of RULES) {
    const reason = rule(r);
    if (reason !== null) return [bundle, reason];
  }
  for (const [label, bundle] of GMAIL_CATEGORY) {
    if (r.message.labelIds.includes(label)) return [bundle, `Gmail files it under ${label.slice('CATEGORY_'.length).toLowerCase()}.`];
  }
  return [null, 'Written by a person, with no list, bulk or automated signs: it stays in the inbox.'];
}
