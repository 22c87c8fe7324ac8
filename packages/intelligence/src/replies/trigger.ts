import { firstNameOf } from './names.ts';
import type { NewText } from './quote.ts';
import type { MailAddress, ReplyInput, TriggerDecision } from './types.ts';

/**
 * Should this message get reply suggestions at all? Smart Reply's triggering step (Kannan et
 * al., KDD 2016): yes for mail a person wrote to the user and for conversations the user takes
 * part in; no for the user's own mail, spam, calendar robots, automatic replies and bounces,
 * no-reply senders, newsletters and other bulk mail, and list traffic in threads the user has
 * not written in. Every answer carries its reason.
 *
 * The order matters: what can never be answered (own, spam, robots) is ruled out first; taking
 * part in the thread then wins over list and bulk cues (a reply to the user on a mailing list is
 * a conversation); bulk and list mail are ruled out before person-to-person is assumed.
 */
export function decideTrigger(input: ReplyInput, newText: NewText): TriggerDecision {
  const { message, user } = input;
  const headers = headerMap(message.headers);
  const sender = message.from[0] ?? null;
  const mine = new Set(user.addresses.map(normaliseAddress));
  const isMine = (a: MailAddress) => mine.has(normaliseAddress(a.address));

  if (sender && isMine(sender)) return no('own-message', 'You wrote this message.');
  if (message.labelIds.includes('SENT') && !message.labelIds.includes('INBOX')) return no('own-message', 'This is a message you sent.');

  if (message.labelIds.includes('SPAM') || /^yes\b/i.test(headers.get('x-spam-flag') ?? '') || /^yes\b/i.test(headers.get('x-spam-status') ?? '')) {
    return no('spam', 'It is spam.');
  }

  const calendar = calendarCue(input, headers);
  if (calendar) return no('calendar', `${calendar}; answer it from your calendar.`);

  const automated = automationCue(input, headers, newText.text);
  if (automated) return no('automated', automated);

  const robot = noReplyCue(sender, message.replyTo);
  if (robot) return no('no-reply', robot);

  const participation = participationCue(input, newText);
  if (participation) return yes('thread-participant', participation);

  const bulk = bulkCues(input, headers);
  if (bulk.score >= 2) return no('bulk', `Bulk mail (${bulk.cues.slice(0, 2).join('; ')}).`);

  // A recipient with the user's full name is the user at another of their addresses.
  const fullName = user.name && user.name.trim().split(/\s+/).length >= 2 ? user.name.trim().toLowerCase() : null;
  const isMeByName = (a: MailAddress) => fullName !== null && (a.name ?? '').replace(/^["'\s]+|["'\s]+$/g, '').toLowerCase() === fullName;
  const addressedToMe = [...message.to, ...message.cc].some((a) => isMine(a) || isMeByName(a));
  const list = listCue(input, headers);
  if (list) {
    if (addressedToMe) return yes('addressed-in-list', `List mail (${list}) that is addressed to you directly.`);
    if (greetsUser(newText.text, user.name)) return yes('addressed-in-list', `List mail (${list}) that speaks to you by name.`);
    return no('list', `List mail (${list}) in a thread you have not written in.`);
  }

  if (!addressedToMe) {
    const recipients = [...message.to, ...message.cc];
    if (recipients.length === 0 || recipients.every((a) => /undisclosed|recipients/i.test(`${a.name ?? ''} ${a.address}`))) {
      return no('not-addressed', 'Sent to undisclosed recipients, not to you by name.');
    }
    if (bulk.score >= 1) return no('not-addressed', `Not addressed to you, and it looks like bulk mail (${bulk.cues[0]}).`);
    // A person asking a small group the user is in ("team@", a Bcc): worth an answer.
    if (recipients.length <= 10 && sender && firstNameOf(sender) !== null && /\?/.test(newText.text.slice(0, 1_500))) {
      return yes('person-to-person', `${personLabel(sender)} wrote to a small group you are in, with a question.`);
    }
    return no('not-addressed', 'You are not among its recipients (a Bcc or another address).');
  }
  if (bulk.score >= 1 && !sender?.name) return no('bulk', `Probably bulk mail (${bulk.cues[0]}).`);
  if (newText.text === '' && message.attachments.length === 0) return no('no-text', 'There is no text to answer.');
  return yes('person-to-person', `${sender?.name ? personLabel(sender) : 'A person'} wrote to you directly.`);
}

function yes(code: TriggerDecision['code'], reason: string): TriggerDecision {
  return { trigger: true, code, reason };
}

function no(code: TriggerDecision['code'], reason: string): TriggerDecision {
  return { trigger: false, code, reason };
}

function personLabel(sender: MailAddress): string {
  const name = (sender.name ?? '').replace(/^["'\s]+|["'\s]+$/g, '').trim();
  return name.length > 0 && name.length <= 60 ? name : sender.address;
}

/** Lower-cased header name -> the first value, unfolded. */
export function headerMap(headers: ReadonlyArray<{ name: string; value: string }>): Map<string, string> {
  const map = new Map<string, string>();
  for (const h of headers) {
    const key = h.name.toLowerCase();
    if (!map.has(key)) map.set(key, h.value.replace(/\r?\n[ \t]+/g, ' ').trim());
  }
  return map;
}

/**
 * Addresses compared the way delivery treats them: case-insensitive, "+tag" subaddresses
 * dropped (RFC 5233), and Gmail's dots ignored (https://support.google.com/mail/answer/7436150).
 */
export function normaliseAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  local = local.replace(/\+.*$/, '');
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

function localPart(address: string): string {
  return (address.split('@')[0] ?? '').toLowerCase();
}

function calendarCue(input: ReplyInput, headers: Map<string, string>): string | null {
  const { message } = input;
  if (message.attachments.some((a) => /^(?:text\/calendar|application\/ics)$/i.test(a.mimeType) || /\.ics$/i.test(a.filename))) {
    return 'A calendar invitation';
  }
  if (/text\/calendar/i.test(headers.get('content-type') ?? '')) return 'A calendar invitation';
  const sender = message.from[0]?.address.toLowerCase() ?? '';
  if (/^(?:calendar-notification|calendar-server|noreply-calendar|calendar)@/.test(sender)) return 'A calendar notification';
  if (/^(?:invitation|updated invitation|accepted|declined|tentatively accepted|canceled event|cancelled event|new event|event canceled|invitation updated)(?: with note)?:/i.test(message.subject.trim())) {
    return 'A calendar invitation or response';
  }
  return null;
}

/** Automatic replies and delivery reports: RFC 3834 (Auto-Submitted), RFC 3464 (DSNs). */
function automationCue(input: ReplyInput, headers: Map<string, string>, newText: string): string | null {
  const { message } = input;
  const autoSubmitted = headers.get('auto-submitted');
  if (autoSubmitted && !/^no\b/i.test(autoSubmitted)) return `Sent automatically (Auto-Submitted: ${autoSubmitted.split(';')[0]}).`;
  if (headers.has('x-autoreply') || headers.has('x-autorespond') || /^auto_reply$/i.test(headers.get('precedence') ?? '')) return 'An automatic reply.';
  if (/^(?:auto(?:matic)?[ -]?(?:reply|response)|out of (?:the )?office|abwesenheitsnotiz|r[ée]ponse automatique)\b/i.test(message.subject.trim())) {
    return 'An automatic reply.';
  }
  // Many auto-responders send no Auto-Submitted header; their first lines say what they are.
  if (/\b(?:this is an? (?:automated|automatic|auto-generated) (?:response|reply|message|notification)|i (?:will be|am|'m) (?:currently )?(?:out of (?:the )?office|away from (?:the|my) (?:office|desk)|on (?:annual |parental |sick )?leave))\b/i.test(newText.slice(0, 400))) {
    return 'An automatic reply.';
  }
  if (/multipart\/report/i.test(headers.get('content-type') ?? '') || /^(?:undeliver(?:able|ed)|delivery status notification|mail delivery (?:failed|failure|system)|returned mail|failure notice|delivery failure)/i.test(message.subject.trim())) {
    return 'A delivery report from a mail server.';
  }
  return null;
}

/** Local parts of senders that do not read replies: robots, list software, feeds. */
const ROBOT_LOCAL_PART =
  /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|donotreply|dont[-_.]?reply|noreply[-_.].*|.*[-_.]no[-_.]?reply|mailer[-_.]?daemon|postmaster|bounces?|bounce[-_.].*|.*[-_.]bounces?|notifications?|notify|alerts?|rss(?:feeds?)?|feeds?|newsletters?|digest|daemon|robot|listmanager|list[-_.]?manager|listserv|mailman|majordomo|ezmlm|reminders?|automailer|auto[-_.]?reply|autoresponder|.*[-_](?:request|owner|admin|bounces)|(?:mailman|list|owner)[-_].*|bugzilla[-_.]?daemon|jira|builds?|ci|cron|root|nobody)$/;

function noReplyCue(sender: MailAddress | null, replyTo: MailAddress[]): string | null {
  if (!sender) return 'It has no sender to answer.';
  const local = localPart(sender.address);
  if (ROBOT_LOCAL_PART.test(local)) return `Sent by ${sender.address}, an automated sender.`;
  if (replyTo.length > 0 && replyTo.every((a) => /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|donotreply)/.test(localPart(a.address)))) {
    return `Replies go to ${replyTo[0]?.address}, which takes none.`;
  }
  return null;
}

/** The user is in this conversation: wrote in the thread, or this replies to or quotes them. */
function participationCue(input: ReplyInput, newText: NewText): string | null {
  const { message, thread, user } = input;
  if (thread.userMessageCount > 0) return `You take part in this thread (${thread.userMessageCount === 1 ? 'one message' : `${thread.userMessageCount} messages`} from you).`;
  const sent = new Set(thread.userMessageIds);
  if ([...message.inReplyTo, ...message.references].some((id) => sent.has(id))) return 'It replies to a message you sent.';
  const names = userMentions(user);
  if (names.length > 0 && newText.attributions.some((line) => names.some((n) => line.toLowerCase().includes(n)))) return 'It answers something you wrote (it quotes you).';
  return null;
}

/** Lower-case strings that name the user in an attribution line: the full name and each address. */
function userMentions(user: ReplyInput['user']): string[] {
  const out = user.addresses.map((a) => a.toLowerCase());
  const name = user.name?.trim();
  // Only a full name: "Justin wrote:" could be any Justin.
  if (name && name.split(/\s+/).length >= 2) out.push(name.toLowerCase());
  return out;
}

/** The first line speaks to the user by first name ("Justin," / "Hi Justin"). */
function greetsUser(text: string, userName: string | null): boolean {
  const first = userName?.trim().split(/\s+/)[0];
  if (!first || first.length < 2) return false;
  const opening = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  const escaped = first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^(?:(?:hi|hello|hey|dear|thanks|thank you)\\s+)?${escaped}\\b[\\s,:!-]*$`, 'i').test(opening) || new RegExp(`^(?:hi|hello|hey|dear)\\s+${escaped}\\b`, 'i').test(opening);
}

/**
 * Mailing-list traffic: RFC 2369/2919 list headers, older list software's headers, or a
 * "[tag]" subject prefix. Returns the list's name for the reason.
 */
function listCue(input: ReplyInput, headers: Map<string, string>): string | null {
  const listId = headers.get('list-id');
  if (listId) {
    const id = /<([^>]+)>/.exec(listId)?.[1] ?? listId;
    return id.length > 60 ? `${id.slice(0, 57)}...` : id;
  }
  for (const name of ['list-post', 'mailing-list', 'x-mailing-list', 'x-beenthere', 'list-help', 'list-subscribe', 'x-loop']) {
    const value = headers.get(name);
    if (value) return (/[\w.+-]+@[\w.-]+/.exec(value)?.[0] ?? name).slice(0, 60);
  }
  if (/^list$/i.test(headers.get('precedence') ?? '')) return 'Precedence: list';
  const sender = headers.get('sender') ?? '';
  if (/(?:^|[<\s])(?:owner-[\w.-]+|[\w.-]+-(?:owner|admin|bounces|request))@/i.test(sender)) return /[\w.+-]+@[\w.-]+/.exec(sender)?.[0] ?? 'list';
  const tag = /^(?:(?:re|aw|sv|fwd?)\s*:\s*)*\[([^\]\s]{2,24})\]/i.exec(input.message.subject.trim());
  if (tag && !/^(?:fwd?|ext(?:ernal)?|spam|bulk|ot|urgent|important|sec(?:ure)?|encrypt)$/i.test(tag[1] as string)) return `[${tag[1]}]`;
  return null;
}

const MASS_MAILERS =
  /accucast|lyris|listmanager|mailchimp|sendgrid|constant ?contact|exacttarget|campaign ?monitor|phplist|sendinblue|brevo|mailjet|marketo|eloqua|hubspot|pardot|salesforce marketing|streamsend|icontact|verticalresponse|groupmail|mailerlite|klaviyo|postmarkapp|sailthru|responsys|emarsys|cheetahmail|dotdigital|acoustic|silverpop|aweber|getresponse|convertkit|substack|mailgun|amazon ses|ymlp|egroups message poster|bulk ?mailer|mass ?mailer/i;
const BULK_HEADERS = ['x-campaign', 'x-campaignid', 'x-campaign-id', 'x-mailgun-tag', 'x-ses-outgoing', 'feedback-id', 'x-mc-user', 'x-mailchimp-campaign', 'x-newsletter', 'x-report-abuse', 'x-csa-complaints', 'x-sfmc-stack', 'x-mailer-recptid', 'x-rpcampaign', 'x-listmember', 'x-mailer-lid', 'x-list-unsubscribe'];
const UNSUBSCRIBE_TEXT =
  /\bunsubscrib|\bopt[- ]?out\b|to stop receiving|you (?:are|were) receiving this|you(?:'re| are) (?:currently )?subscribed|manage (?:your )?(?:e-?mail )?(?:subscriptions?|preferences)|email preferences|view (?:this|it) (?:e-?mail )?in (?:your|a) (?:web )?browser|(?:is not|isn't) displaying (?:properly|correctly)|forward (?:this|it) to a friend|remove yourself from|to be removed from|update your profile|no longer wish to receive/i;
const NEWSLETTER_SUBJECT =
  /\b(?:newsletter|digest|bulletin|announcements?|weekly|daily|monthly|edition|issue\s*#?\s*\d+|vol(?:ume)?\.?\s*\d+|no\.\s*\d+|note\s+\d{2,}|\d+(?:\.\d+)?\s*[-:]\s)/i;

/**
 * Cues that a message went out to many people at once. Strong cues count 2: list headers of a
 * newsletter (RFC 2369 List-Unsubscribe without List-Post), mass-mailing software, bulk
 * precedence outside a discussion list. Weak cues count 1. Two points make it bulk.
 */
function bulkCues(input: ReplyInput, headers: Map<string, string>): { score: number; cues: string[] } {
  const { message } = input;
  const cues: Array<[number, string]> = [];
  const discussionList = headers.has('list-post') && !/^no\b/i.test(headers.get('list-post') ?? '');
  if (headers.has('list-unsubscribe') && !discussionList) cues.push([2, 'a newsletter unsubscribe header']);
  if (/^no\b/i.test(headers.get('list-post') ?? '')) cues.push([2, 'an announcement-only list']);
  const mailer = `${headers.get('x-mailer') ?? ''} ${headers.get('user-agent') ?? ''} ${headers.get('x-mailer-version') ?? ''}`;
  if (MASS_MAILERS.test(mailer)) cues.push([2, `sent with ${mailer.trim().split(/[\s(]/)[0]}`]);
  if (BULK_HEADERS.some((h) => headers.has(h))) cues.push([2, 'mass-mailing headers']);
  const precedence = headers.get('precedence') ?? '';
  const listHeaders = discussionList || headers.has('list-id') || headers.has('x-beenthere') || headers.has('mailing-list');
  if (/^(?:bulk|junk)$/i.test(precedence) && !listHeaders) cues.push([2, `Precedence: ${precedence}`]);
  if (/^(?:bulk|junk)$/i.test(precedence) && headers.has('mailing-list') && !discussionList) cues.push([1, `Precedence: ${precedence}`]);

  // Envelope senders built for bounce tracking (VERP) belong to mailing systems.
  const returnPath = headers.get('return-path') ?? '';
  if (/(?:^|[<@.+_-])bounces?[.@+_-]|\+[a-z0-9]{8,}@|=[^@]*=[^@]*@/i.test(returnPath)) cues.push([1, 'a bounce-tracking return path']);
  if ((headers.has('bounces-to') || headers.has('errors-to')) && !listHeaders) cues.push([1, 'a bounce-handling header']);

  const text = message.text.length > 20_000 ? `${message.text.slice(0, 4_000)}\n${message.text.slice(-8_000)}` : message.text;
  if (UNSUBSCRIBE_TEXT.test(text)) cues.push([message.htmlOnly ? 2 : 1, 'an unsubscribe or preferences link']);
  if (NEWSLETTER_SUBJECT.test(message.subject)) cues.push([1, 'a newsletter-style subject']);
  // A digest of links: newsletters and feeds list many, letters to one person few.
  const links = new Set(text.match(/\bhttps?:\/\/[^\s<>"')\]]+/gi) ?? []).size;
  if (links >= 6) cues.push([1, `${links} links`]);
  const sender = message.from[0];
  if (sender) {
    const local = localPart(sender.address);
    const domain = (sender.address.split('@')[1] ?? '').toLowerCase();
    if (/^(?:info|news|marketing|sales|hello|team|contact|offers?|deals|promo(?:tions?)?|updates?|mail|email|subscriptions?|members?|customer(?:service|care)?|service|support|store|shop|editor|press|events?|webmaster|list)$/.test(local)) {
      cues.push([1, `a role address (${local}@)`]);
    }
    if (/^(?:newsletters?|news|mail|email|e|em|m|mailer|mailing|lists?|bounce|reply|campaigns?|marketing|info|go|click)\./.test(domain) || domain.split('.').length >= 5) cues.push([1, `a mailing domain (${domain})`]);
    if (/\d{5,}|[#=]|^[a-z0-9]{20,}$/.test(local)) cues.push([1, 'a tracking sender address']);
    if (sender.name && firstNameOf(sender) === null && /\b(?:news|daily|weekly|team|list|digest|newsletter|update|alert|showcase|offers?|store|shop|magazine)\b/i.test(sender.name)) {
      cues.push([1, `sent as "${sender.name.slice(0, 40)}"`]);
    }
  }
  if (message.to.length + message.cc.length > 15) cues.push([1, `${message.to.length + message.cc.length} recipients`]);
  if (message.htmlOnly) cues.push([1, 'HTML only']);
  cues.sort((a, b) => b[0] - a[0]);
  return { score: cues.reduce((sum, [points]) => sum + points, 0), cues: cues.map(([, cue]) => cue) };
}
