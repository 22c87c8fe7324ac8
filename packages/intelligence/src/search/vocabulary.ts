import { typoDistance } from './edits.ts';

/**
 * The words the translator knows: filler that adds nothing, the words its grammar keys on, and
 * the misspellings of those it corrects. Names, list names, label names and topic words are
 * never corrected to vocabulary (see `normalizeWord`), only words the grammar itself needs.
 */

/**
 * A lookup table without a prototype: a request is hostile input, and `__proto__` or
 * `constructor` must be words like any other, not keys that find Object's own properties.
 */
export function table<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** Words that add nothing to a search on their own ("show me all the emails please"). */
export const FILLER = new Set([
  'show', 'me', 'find', 'search', 'searching', 'look', 'looking', 'lookup', 'get', 'give', 'bring', 'fetch', 'pull', 'display', 'open', 'see', 'view',
  'check', 'want', 'need', 'like', 'let', "let's", 'lets', 'just', 'only', 'also', 'exactly', 'precisely', 'roughly', 'approximately', 'approx', 'maybe', 'perhaps', 'really', 'actually', 'again', 'still',
  'please', 'pls', 'plz', 'thanks', 'thank', 'hi', 'hey', 'ok', 'okay', 'can', 'could', 'would', 'will', 'should', 'you', 'u', 'ya',
  'i', 'im', "i'm", "i'd", "i've", 'ive', 'we', 'us', 'our', 'my', 'mine', 'it', 'its', "it's", 'they', 'them', 'their', 'he', 'she', 'him', 'her',
  'a', 'an', 'the', 'all', 'any', 'some', 'every', 'each', 'those', 'these', 'this', 'that', "that's", 'thats', 'which', 'who', 'whom', 'whose',
  'what', "what's", 'whats', 'where', 'when', 'there', 'here', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'do', 'does', 'did', 'done',
  'have', 'has', 'had', 'having', 'got', 'gotten', 'getting', 'received', 'receive', 'recieved', 'came', 'come', 'arrived', 'up', 'for', 'of',
  'in', 'on', 'at', 'into', 'within', 'with', 'w', 'kind', 'sort', 'type', 'stuff', 'things', 'thing', 'ones', 'one', 'items', 'item', 'anything',
  'everything', 'something', 'latest', 'recent', 'recently', 'newest', 'most', 'lately', 'so', 'far', 'yet', 'already', 'ever', 'then', 'now',
  'email', 'emails', 'e-mail', 'e-mails', 'mail', 'mails', 'message', 'messages', 'msg', 'msgs', 'post', 'posts', 'posting', 'postings', 'thread',
  'threads', 'conversation', 'conversations', 'note', 'notes', 'letter', 'letters', 'correspondence', 'inbox-wide', 'list-wide', 'and', 'plus',
  'as', 'well', 'too', 'both', 'either', 'whether', 'if', 'how', 'many', 'much', 'mean', 'know', 'remember', 'think', 'guess', 'said', 'wanna',
  'gonna', 'gimme', 'lemme', 'sorted', 'order', 'newest', 'oldest', 'first', 'people', 'someone', 'somebody', 'anyone', 'anybody', 'everyone',
  'everybody', 'by', 'to', 'from', 'about', 'or', 'not', 'no', 'again', 'there', 'articles', 'article', 'last', 'first', 'small', 'smaller',
  'tiny', 'short', 'long', 'new', 'old', 'older', 'newer', 'good', 'bad', 'important-looking', 'interesting', 'random', 'other', 'various',
]);

/** Nouns that name mail itself: after a name they make it a sender ("rohit emails"). */
export const MAIL_NOUNS = new Set([
  'email', 'emails', 'e-mail', 'e-mails', 'mail', 'mails', 'message', 'messages', 'msg', 'msgs', 'post', 'posts', 'postings', 'thread', 'threads',
  'stuff', 'things', 'notes', 'letters', 'articles', 'updates', 'newsletters', 'newsletter', 'notifications', 'alerts', 'traffic', 'digests',
]);

export const NUMBER_WORDS: Readonly<Record<string, number>> = table({
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40,
  fifty: 50, sixty: 60, ninety: 90, hundred: 100, couple: 2, few: 3, several: 3, half: 0.5,
});

export const MONTHS: Readonly<Record<string, number>> = table({
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6, july: 7, jul: 7,
  august: 8, aug: 8, september: 9, sep: 9, sept: 9, october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
});

export const WEEKDAYS: Readonly<Record<string, number>> = table({
  sunday: 0, sun: 0, monday: 1, mon: 1, tuesday: 2, tue: 2, tues: 2, wednesday: 3, wed: 3, thursday: 4, thu: 4, thur: 4, thurs: 4,
  friday: 5, fri: 5, saturday: 6, sat: 6,
});

/** Words the grammar keys on. Misspellings of these (not of other words) are corrected. */
export const KEYWORDS = new Set([
  // people
  'from', 'to', 'by', 'cc', "cc'd", 'bcc', "bcc'd", 'copied', 'sent', 'send', 'sends', 'wrote', 'written', 'writes', 'emailed', 'mailed', 'addressed',
  'forwarded', 'replied', 'between', 'me', 'myself',
  // topics and subjects
  'about', 'regarding', 're', 'concerning', 'mentioning', 'mention', 'mentions', 'mentioned', 'containing', 'contain', 'contains', 'discussing',
  'saying', 'says', 'say', 'wrt', 'involving', 'referencing', 'related', 'relating', 'word', 'words', 'phrase', 'titled', 'entitled', 'title',
  'subject', 'subjects', 'called', 'named', 'topic', 'body',
  // negation and alternatives
  'not', 'no', 'without', 'excluding', 'exclude', 'except', 'excepting', 'minus', 'non', 'never', 'but', 'or', 'nor', 'and', 'other', 'apart',
  'aside', 'besides', 'ignoring', 'omitting', 'leave', 'out',
  // dates
  'today', 'tonight', 'yesterday', 'tomorrow', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'weekend', 'weekends', 'fortnight',
  'ago', 'last', 'past', 'previous', 'prior', 'this', 'current', 'next', 'since', 'before', 'after', 'until', 'till', 'til', 'through', 'thru',
  'during', 'older', 'newer', 'younger', 'old', 'early', 'mid', 'late', 'morning', 'afternoon', 'evening', 'night', 'earlier', 'later', 'starting',
  // sizes
  'over', 'above', 'under', 'below', 'larger', 'bigger', 'smaller', 'greater', 'less', 'more', 'least', 'exceeding', 'big', 'large', 'huge',
  'b', 'byte', 'bytes', 'k', 'kb', 'kib', 'kilobyte', 'kilobytes', 'm', 'mb', 'mib', 'meg', 'megs', 'megabyte', 'megabytes', 'g', 'gb', 'gig',
  'gigs', 'gigabyte', 'gigabytes', 'size',
  // state and folders
  'unread', 'read', 'starred', 'star', 'stars', 'flagged', 'flag', 'unstarred', 'unflagged', 'important', 'unimportant', 'opened', 'unopened',
  'seen', 'unseen', 'inbox', 'spam', 'junk', 'trash', 'trashed', 'bin', 'deleted', 'archive', 'archived', 'everywhere', 'anywhere', 'outbox',
  'drafts', 'draft', 'unsent', 'snoozed', 'muted', 'including', 'include', 'includes', 'folder', 'folders', 'tab', 'category',
  // categories
  'social', 'promotions', 'promotion', 'promotional', 'promos', 'promo', 'updates', 'forums', 'forum', 'primary', 'purchases', 'reservations',
  // attachments
  'attachment', 'attachments', 'attached', 'attach', 'file', 'files', 'pdf', 'pdfs', 'spreadsheet', 'spreadsheets', 'excel', 'sheets', 'csv',
  'image', 'images', 'picture', 'pictures', 'photo', 'photos', 'pic', 'pics', 'screenshot', 'screenshots', 'document', 'documents', 'doc', 'docs',
  'presentation', 'presentations', 'slides', 'powerpoint', 'ppt', 'zip', 'zips', 'video', 'videos', 'movie', 'movies', 'audio', 'mp3',
  'invite', 'invites', 'invitation', 'invitations', 'patches', 'diffs',
  // labels and lists
  'label', 'labels', 'labeled', 'labelled', 'tagged', 'tag', 'filed', 'under', 'list', 'lists', 'mailing', 'mailinglist', 'newsletter',
]);

/** Misspellings too short or too odd for the edit-distance rule. */
const TYPOS: Readonly<Record<string, string>> = table({
  frm: 'from', fom: 'from', fro: 'from', fr: 'from', frmo: 'from', fomr: 'from', fron: 'from',
  emial: 'email', emials: 'emails', emal: 'email', emils: 'emails', emaisl: 'emails', mesages: 'messages', messges: 'messages',
  unred: 'unread', unrad: 'unread', unraed: 'unread', unreed: 'unread', uread: 'unread', nread: 'unread',
  stared: 'starred', strred: 'starred', starrd: 'starred', satrred: 'starred', flaged: 'flagged',
  imporant: 'important', importnt: 'important', improtant: 'important',
  attachemnt: 'attachment', attachemnts: 'attachments', attachmnt: 'attachment', attachmnts: 'attachments', atachment: 'attachment',
  atachments: 'attachments', attchment: 'attachment', attchments: 'attachments', attatchment: 'attachment', attatchments: 'attachments',
  attachements: 'attachments', attachement: 'attachment', attached: 'attached', atached: 'attached', attachd: 'attached',
  yesteday: 'yesterday', yestrday: 'yesterday', yesterdy: 'yesterday', ysterday: 'yesterday', yday: 'yesterday', tday: 'today', tdy: 'today', tody: 'today',
  wk: 'week', wks: 'weeks', mnth: 'month', mth: 'month', mo: 'month', mos: 'months', yr: 'year', yrs: 'years', wkend: 'weekend', wknd: 'weekend',
  lst: 'last', lasst: 'last', sicne: 'since', snice: 'since', befor: 'before', beofre: 'before', afetr: 'after', aftr: 'after', btw: 'between',
  abt: 'about', abut: 'about', abuot: 'about', baout: 'about', regading: 'regarding', re: 're', w: 'w', 'w/': 'with', 'w/o': 'without', wo: 'without',
  wihtout: 'without', withuot: 'without', witout: 'without', labled: 'labeled', lableled: 'labeled', lable: 'label', labaled: 'labeled',
  spreadsheats: 'spreadsheets', spredsheets: 'spreadsheets', spreedsheets: 'spreadsheets', spreadhseets: 'spreadsheets', spreadsheeets: 'spreadsheets',
  pdfs: 'pdfs', pdf: 'pdf', picutres: 'pictures', pitcures: 'pictures', imgs: 'images', img: 'image', pix: 'pics',
  promtions: 'promotions', promotins: 'promotions', promotons: 'promotions', socail: 'social', soical: 'social', archvied: 'archived',
  archieved: 'archived', achived: 'archived', arhived: 'archived', trsh: 'trash', tarsh: 'trash', spma: 'spam', sapm: 'spam', inobx: 'inbox',
  ibox: 'inbox', imbox: 'inbox', drafs: 'drafts', drfts: 'drafts', snet: 'sent', setn: 'sent', sned: 'send', subjet: 'subject', subjcet: 'subject',
  sujbect: 'subject', subect: 'subject', mailinglists: 'mailing', maling: 'mailing', mailng: 'mailing', lsit: 'list', lits: 'list', unstared: 'unstarred',
});

/** Real words a misspelling rule would otherwise turn into vocabulary. */
const PROTECTED = new Set([
  'unreal', 'spent', 'scent', 'stares', 'started', 'starter', 'starts', 'order', 'orders', 'never', 'forms', 'formal', 'former', 'lager', 'ladder',
  'attacked', 'attacker', 'mouths', 'weeds', 'titles', 'tilted', 'bagger', 'sinker', 'singer', 'letter', 'tomorrow', 'sender', 'senders', 'labels',
  'images', 'imaged', 'trashy', 'sunday', 'monday', 'tuesday', 'ladders', 'leader', 'beforehand', 'inboxes', 'lists', 'listed', 'lasted',
  'spammer', 'spammers', 'spams', 'stored', 'shared', 'scared', 'stirred', 'stamped', 'weekly', 'monthly', 'yearly', 'daily', 'dates', 'mentor',
  'contract', 'contest', 'context', 'attach', 'attache', 'formula', 'tabs', 'tables', 'table', 'files', 'filled', 'video', 'movie', 'audit',
  'sheet', 'sheep', 'doctor', 'socials', 'social', 'society', 'update', 'updated', 'forum', 'primaries', 'prime', 'promote', 'promoted',
]);

/** Vocabulary words long enough to be recognised with one or two letters wrong. */
const FUZZY_TARGETS = [...KEYWORDS, ...Object.keys(MONTHS), ...Object.keys(WEEKDAYS), 'emails', 'messages']
  .filter((w) => w.length >= 5 && /^[a-z]+$/.test(w))
  .sort();
const FUZZY_BY_FIRST = new Map<string, string[]>();
for (const word of new Set(FUZZY_TARGETS)) {
  const list = FUZZY_BY_FIRST.get(word[0] as string) ?? [];
  list.push(word);
  FUZZY_BY_FIRST.set(word[0] as string, list);
}

const KNOWN = new Set([...FILLER, ...KEYWORDS, ...MAIL_NOUNS, ...Object.keys(NUMBER_WORDS), ...Object.keys(MONTHS), ...Object.keys(WEEKDAYS)]);

const NEGATED_CONTRACTIONS = new Set([
  "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't", "haven't", "hasn't", "hadn't", "won't", "can't", 'cannot', "shouldn't",
  "wouldn't", 'dont', 'doesnt', 'didnt', 'isnt', 'arent', 'wasnt', 'werent', 'havent', 'hasnt', 'hadnt', 'wont', 'cant', 'shouldnt', 'wouldnt',
]);
const NOT_POSSESSIVE = new Set(['it', 'let', 'that', 'what', 'there', 'here', 'who', 'he', 'she', 'where', 'how']);

export interface NormalizedWord {
  norm: string;
  /** Lower-cased as written (before any correction). */
  lower: string;
  possessive: boolean;
  corrected: boolean;
}

/** Lower-cases a word, reads contractions and possessives, and corrects misspelt vocabulary. */
export function normalizeWord(raw: string): NormalizedWord {
  let lower = raw.normalize('NFKC').toLowerCase().replace(/[\u2018\u2019\u02bc`]/gu, "'");
  let possessive = false;
  const owner = /^(.+?)'s$/u.exec(lower) ?? /^(.+s)'$/u.exec(lower);
  if (owner && !NOT_POSSESSIVE.has(owner[1] as string)) {
    lower = owner[1] as string;
    possessive = true;
  }
  if (NEGATED_CONTRACTIONS.has(lower)) return { norm: 'not', lower, possessive, corrected: false };
  if (/^cc'?e?d$|^cc-ed$/u.test(lower)) return { norm: "cc'd", lower, possessive, corrected: false };
  if (/^bcc'?e?d$/u.test(lower)) return { norm: "bcc'd", lower, possessive, corrected: false };
  if (KNOWN.has(lower)) return { norm: lower, lower, possessive, corrected: false };
  const typo = TYPOS[lower];
  if (typo !== undefined) return { norm: typo, lower, possessive, corrected: typo !== lower };
  const fuzzy = correction(lower);
  return fuzzy ? { norm: fuzzy, lower, possessive, corrected: true } : { norm: lower, lower, possessive, corrected: false };
}

/** The one vocabulary word within one edit (two for long words) with the same first letter. */
function correction(word: string): string | null {
  if (word.length < 5 || !/^[a-z]+$/u.test(word) || PROTECTED.has(word)) return null;
  const allowed = word.length >= 8 ? 2 : 1;
  let best: string | null = null;
  let bestDistance = allowed + 1;
  let tie = false;
  for (const target of FUZZY_BY_FIRST.get(word[0] as string) ?? []) {
    if (Math.abs(target.length - word.length) > allowed) continue;
    const d = typoDistance(word, target);
    if (d < bestDistance) {
      best = target;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && target !== best && !sameFamily(target, best)) {
      tie = true;
    }
  }
  return best !== null && !tie && bestDistance <= allowed ? best : null;
}

/** Singular and plural of one word are one candidate (`attachment` / `attachments`). */
function sameFamily(a: string, b: string | null): boolean {
  if (b === null) return false;
  return a === `${b}s` || b === `${a}s`;
}

export function isKnownWord(word: string): boolean {
  return KNOWN.has(word);
}
