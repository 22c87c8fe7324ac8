import { isValediction } from './lexicon.ts';
import type { MailAddress } from './types.ts';

/**
 * The first name to greet a sender by, from the display name of their address (RFC 5322 §3.4
 * `display-name`), or null when there is no trustworthy one: a reply with no salutation reads
 * better than "Hi Rssfeeds," or "Hi Hettinga,".
 *
 * Handles "Last, First", quoted names, titles (Dr., Mrs.), initials ("R. A. Hettinga" has no
 * usable first name; "J. Robert Smith" goes by Robert), suffixes after the name ("Ann Lee |
 * Acme", "Bob (via Docs)"), all-caps names, and names that are really handles or roles
 * ("boingboing", "FoRK", "Support Team"). Without a display name, a local part shaped like
 * first.last gives the first name; any other local part looks like a handle and gives none.
 */
export function firstNameOf(sender: MailAddress | null | undefined): string | null {
  if (!sender) return null;
  const fromName = sender.name ? firstNameFromDisplayName(sender.name) : null;
  if (fromName !== undefined && fromName !== null) return fromName;
  // A display name that exists but is a role or a handle is an answer too: no salutation.
  if (fromName === null && sender.name && !looksLikeAddress(sender.name)) return null;
  return firstNameFromLocalPart(sender.address);
}

const TITLES = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'rev', 'fr', 'herr', 'frau', 'mme', 'mlle', 'sr', 'sra', 'srta', 'dott', 'ing',
]);
const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'esq', 'mba', 'dds', 'cpa']);

/**
 * Words that make a display name a role, an organisation or a robot rather than a person. Kept
 * to words that are never first names.
 */
const ROLE_WORDS = new Set([
  'team', 'support', 'admin', 'administrator', 'info', 'information', 'service', 'services', 'news', 'newsletter', 'newsletters',
  'sales', 'billing', 'office', 'help', 'helpdesk', 'desk', 'customer', 'customers', 'notification', 'notifications', 'alert',
  'alerts', 'update', 'updates', 'mailer', 'daemon', 'postmaster', 'list', 'lists', 'mailing', 'group', 'groups', 'digest',
  'staff', 'hr', 'marketing', 'editor', 'editors', 'webmaster', 'noreply', 'no-reply', 'reply', 'system', 'robot', 'bot',
  'calendar', 'the', 'daily', 'weekly', 'monthly', 'dispatch', 'announce', 'announcements', 'department', 'dept', 'inc',
  'ltd', 'llc', 'corp', 'company', 'gmbh', 'foundation', 'university', 'club', 'shop', 'store', 'online', 'community',
  'account', 'accounts', 'security', 'orders', 'order', 'receipts', 'feedback', 'careers', 'jobs', 'recruiting', 'press',
  'media', 'for', 'and', 'of', 'de', 'via', 'from', 'users', 'talk', 'devel', 'developers', 'bugzilla', 'jira', 'github',
  'gitlab', 'rss', 'feed', 'feeds', 'blog', 'magazine', 'report', 'bulletin', 'showcase', 'product', 'products', 'offers',
  'deals', 'rewards', 'member', 'members', 'subscriptions', 'subscriber', 'hq', 'headquarters', 'agency', 'bank',
]);

/** `undefined`: no name in it at all (an address); `null`: a name that is not a person's first name. */
function firstNameFromDisplayName(raw: string): string | null | undefined {
  let name = raw.normalize('NFC').trim();
  // Quotes and apostrophes around the whole name ('ilug@linux.ie', "Mr. FoRK").
  name = name.replace(/^["'`\s]+|["'`\s]+$/g, '');
  if (name === '' || looksLikeAddress(name)) return undefined;
  // What follows a separator is a company, a list or a relay, not the person: "Ann Lee | Acme",
  // "Bob Smith (via Google Docs)", "Jo Wu - Acme", "Lee [Acme]", "Bob via LinkedIn".
  name = name
    .replace(/\s*[([{<].*$/, '')
    .replace(/\s+(?:via|on behalf of|for)\s+.*$/i, '')
    .replace(/\s+[|/@•·–—-]\s+.*$/, '')
    .trim();
  if (name === '') return null;

  // "Last, First Middle" (RFC 5322 needs the quotes; the decoded name keeps the comma).
  const comma = name.indexOf(',');
  if (comma > 0) {
    const before = name.slice(0, comma).trim();
    const after = name.slice(comma + 1).trim();
    const afterWords = words(after);
    if (afterWords.length > 0 && afterWords.every((w) => SUFFIXES.has(bare(w)))) name = before;
    else name = `${after} ${before}`.trim();
  }

  let tokens = words(name);
  if (tokens.some((t) => ROLE_WORDS.has(bare(t)) || /\d/.test(t))) return null;
  while (tokens.length > 0 && TITLES.has(bare(tokens[0] as string))) tokens = tokens.slice(1);
  const hadTitle = tokens.length < words(name).length;
  let initials = 0;
  while (tokens.length > 0 && isInitial(tokens[0] as string)) {
    tokens = tokens.slice(1);
    initials++;
  }
  // "Dr. Hettinga", "R. A. Hettinga": what is left is a surname.
  if (tokens.length === 0 || ((initials > 0 || hadTitle) && tokens.length === 1)) return null;
  const candidate = tokens[0] as string;
  const allLower = name === name.toLowerCase();
  // A single lower-case word is a handle ("boingboing", "zawodny"), not a name.
  if (allLower && tokens.length === 1) return null;
  return personalName(candidate);
}

/** A token that can be greeted, normalised ("JOHN" -> "John", "josé" -> "José"); null if it looks like a handle. */
function personalName(token: string): string | null {
  const word = token.replace(/[.,;:!?]+$/, '');
  if (!/^\p{L}[\p{L}'’-]*\p{L}$/u.test(word)) return null;
  if (word.length < 2 || word.length > 20) return null;
  const lower = word.toLowerCase();
  if (ROLE_WORDS.has(lower)) return null;
  if (word === word.toUpperCase() || word === lower) return capitalise(lower);
  // Irregular capitals make a handle ("FoRK", "rODbegbie"); names like "McKay", "DeShawn" or
  // "O'Brien" have one capital inside after a lower-case start.
  if (/^\p{Lu}\p{Ll}+(?:['’-]?\p{Lu}\p{Ll}+)?$/u.test(word)) return word;
  return null;
}

function firstNameFromLocalPart(address: string): string | null {
  const local = address.split('@')[0]?.toLowerCase() ?? '';
  // first.last, first_last, first-last: the common shape of a person's address.
  const m = /^([a-z]{3,12})[._-]([a-z]{2,20})$/.exec(local);
  if (!m) return null;
  const first = m[1] as string;
  if (ROLE_WORDS.has(first) || ROLE_WORDS.has(m[2] as string)) return null;
  // Names have vowels and no long consonant runs at the start ("msquadrat" is a handle).
  if (!/[aeiouy]/.test(first) || /^[^aeiouy]{3}/.test(first) && !/^(chr|sch|str|shr|thr|spr|scr|spl|phr)/.test(first)) return null;
  return capitalise(first);
}

function looksLikeAddress(text: string): boolean {
  return /\S+@\S+\.\S+/.test(text);
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

/** Lower case without trailing punctuation: "Dr." -> "dr". */
function bare(word: string): string {
  return word.toLowerCase().replace(/[.,;:]+$/, '');
}

/** "R.", "R", "R.A.", "J.-P." */
function isInitial(word: string): boolean {
  return /^(?:\p{L}\.?-?){1,3}$/u.test(word) && word.replace(/[.-]/g, '').length <= 1 || /^(?:\p{L}\.){2,3}$/u.test(word);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Words that end a message on their own line without being a name. */
const NOT_NAMES = new Set(['yes', 'no', 'ok', 'okay', 'sure', 'done', 'agreed', 'thanks', 'indeed', 'exactly', 'right', 'true', 'wrong', 'nope', 'yep', 'yeah', 'hmm', 'enjoy', 'bye', 'later', 'soon', 'again', 'too', 'also', 'here', 'there', 'below', 'above', 'attached', 'links', 'link', 'regards']);

/**
 * The name a message is signed with ("Thanks,\nKate" or a lone "Kate" on the last line), as a
 * fallback when the display name gives none. Only a single capitalised word counts.
 */
export function signatureName(newText: string): string | null {
  const lines = newText.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const last = lines.at(-1);
  if (!last) return null;
  const m = /^[-~–—]*\s*(\p{Lu}\p{Ll}{1,19})[.!]?$/u.exec(last);
  if (!m || isValediction(last) || NOT_NAMES.has((m[1] as string).toLowerCase())) return null;
  return personalName(m[1] as string);
}
