import type { SearchRequestCase } from './cases.ts';

const IMAGES = 'filename:jpg OR filename:jpeg OR filename:gif OR filename:png OR filename:bmp';
const RAZOR_LIST = 'list:razor-users.example.sourceforge.net';
const FORK_LIST = 'list:fork.xent.com';
const ILUG_LIST = 'list:ilug.linux.ie';
const EXMH_LISTS = '(list:exmh-users.spamassassin.taint.org OR list:exmh-workers.spamassassin.taint.org)';
const ROHIT = '(from:khare@alumni.caltech.edu OR from:rohit@knownow.com)';
const LAST_WEEK = 'after:2002/09/30 before:2002/10/07';
const SEPTEMBER = 'after:2002/09/01 before:2002/10/01';
const AUGUST = 'after:2002/08/01 before:2002/09/01';

/**
 * The requests the translator was tuned on, written as people ask (not from its rules), each
 * with what the person meant on the demo mailbox. Default now: Wednesday 2002-10-09 08:00
 * America/Los_Angeles; weeks start on Monday.
 */
export const TUNING_REQUESTS: readonly SearchRequestCase[] = [
  // Dates, in several zones and at their boundaries.
  { request: 'emails from yesterday', meant: 'after:2002/10/08 before:2002/10/09' },
  { request: 'what came in today', meant: 'after:2002/10/09 before:2002/10/10' },
  { request: "last week's mail", meant: LAST_WEEK },
  { request: 'this week', meant: 'after:2002/10/07 before:2002/10/14' },
  { request: 'mail from last month', meant: SEPTEMBER },
  { request: 'anything in july', meant: 'after:2002/07/01 before:2002/08/01' },
  { request: 'emails from august 2002', meant: AUGUST },
  { request: 'between aug 1 and aug 15', meant: 'after:2002/08/01 before:2002/08/16' },
  { request: 'from aug 20 to aug 25', meant: 'after:2002/08/20 before:2002/08/26' },
  { request: 'sept 5-7', meant: 'after:2002/09/05 before:2002/09/08' },
  { request: 'since friday', meant: 'after:2002/10/04' },
  { request: 'on tuesday', meant: 'after:2002/10/08 before:2002/10/09' },
  { request: 'last thursday', meant: 'after:2002/10/03 before:2002/10/04' },
  { request: '3 days ago', meant: 'after:2002/10/06 before:2002/10/07' },
  { request: 'older than a month', meant: 'older_than:1m' },
  { request: 'in the past two weeks', meant: 'newer_than:14d' },
  { request: 'the last 3 days', meant: 'newer_than:3d' },
  { request: 'before september', meant: 'before:2002/09/01' },
  { request: 'after october 1st', meant: 'after:2002/10/02' },
  { request: 'until august 10', meant: 'before:2002/08/11' },
  { request: 'on 9/26', meant: 'after:2002/09/26 before:2002/09/27' },
  { request: 'emails on 2002-09-26', meant: 'after:2002/09/26 before:2002/09/27' },
  { request: 'over the weekend', meant: 'after:2002/10/05 before:2002/10/07' },
  { request: 'early september', meant: 'after:2002/09/01 before:2002/09/11' },
  { request: 'late august', meant: 'after:2002/08/21 before:2002/09/01' },
  { request: 'more than 2 months old', meant: 'older_than:2m' },
  { request: 'from the last 24 hours', meant: 'newer_than:1d' },
  { request: 'in the past month', meant: 'newer_than:1m' },
  { request: 'since the start of september', meant: 'after:2002/09/01' },
  { request: 'the day before yesterday', meant: 'after:2002/10/07 before:2002/10/08' },
  { request: 'two weeks ago', meant: 'after:2002/09/23 before:2002/09/30' },
  { request: 'sent this morning', meant: 'after:2002/10/09 before:2002/10/10' },
  { request: 'spam from 2001', meant: 'in:spam after:2001/01/01 before:2002/01/01' },
  // 01:30 on 5 September in Kolkata (still the 4th in UTC).
  { request: 'yesterday', meant: 'after:2002/09/04 before:2002/09/05', now: '2002-09-04T20:00:00Z', timeZone: 'Asia/Kolkata' },
  { request: 'today', meant: 'after:2002/09/05 before:2002/09/06', now: '2002-09-04T20:00:00Z', timeZone: 'Asia/Kolkata' },
  // 01:00 on 1 October in Tokyo (30 September in UTC).
  { request: 'last month', meant: SEPTEMBER, now: '2002-09-30T16:00:00Z', timeZone: 'Asia/Tokyo' },
  { request: 'this month', meant: 'after:2002/10/01 before:2002/11/01', now: '2002-09-30T16:00:00Z', timeZone: 'Asia/Tokyo' },
  // 23:00 on 30 September in Honolulu (1 October in UTC).
  { request: 'today', meant: 'after:2002/09/30 before:2002/10/01', now: '2002-10-01T09:00:00Z', timeZone: 'Pacific/Honolulu' },
  { request: 'this week', meant: 'after:2002/09/30 before:2002/10/07', now: '2002-10-01T09:00:00Z', timeZone: 'Pacific/Honolulu' },
  // Tuesday 11:00 in Dublin (Irish Summer Time).
  { request: 'ilug emails last week', meant: `${ILUG_LIST} after:2002/08/12 before:2002/08/19`, now: '2002-08-20T10:00:00Z', timeZone: 'Europe/Dublin' },
  { request: 'yesterday', meant: 'after:2002/08/19 before:2002/08/20', now: '2002-08-20T10:00:00Z', timeZone: 'Europe/Dublin' },
  // Monday 00:30 in Los Angeles, the day after clocks went forward (7 April 2002).
  { request: 'spam from saturday', meant: 'in:spam after:2002/04/06 before:2002/04/07', now: '2002-04-08T07:30:00Z' },
  { request: 'spam over the weekend', meant: 'in:spam after:2002/04/06 before:2002/04/08', now: '2002-04-08T07:30:00Z' },
  // London, the day after clocks went forward (31 March 2002).
  { request: 'spam from yesterday', meant: 'in:spam after:2002/03/31 before:2002/04/01', now: '2002-04-01T12:00:00Z', timeZone: 'Europe/London' },
  // 01:00 on 10 October in Sydney.
  { request: 'yesterday', meant: 'after:2002/10/09 before:2002/10/10', timeZone: 'Australia/Sydney' },
  { request: 'in september', meant: SEPTEMBER, now: '2002-09-15T12:00:00Z' },
  // In March 2002, August is last year's.
  { request: 'spam from august', meant: 'in:spam after:2001/08/01 before:2001/09/01', now: '2002-03-15T12:00:00Z' },
  { request: 'spam from july 4th', meant: 'in:spam after:2001/07/04 before:2001/07/05', now: '2002-03-15T12:00:00Z' },

  // People.
  { request: 'from tim peters', meant: 'from:tim.one@comcast.net' },
  { request: 'emails from guido', meant: 'from:guido@python.org' },
  { request: 'from skip', meant: 'from:skip@pobox.com' },
  { request: 'messages from gary lawrence murphy', meant: 'from:garym@canada.com' },
  { request: 'anything from ronan waide', meant: 'from:waider@waider.ie' },
  { request: 'mail from theo', meant: 'from:felicity@kluge.net' },
  { request: 'emails from daniel quinlan', meant: 'from:quinlan@pathname.com' },
  { request: 'from craig hughes', meant: 'from:craig@deersoft.com OR from:craig@hughes-family.org OR from:hughescr@users.sourceforge.net' },
  { request: 'from vipul', meant: 'from:mail@vipul.net' },
  { request: 'emails sent to theo', meant: 'to:felicity@kluge.net' },
  { request: 'to robert elz', meant: 'to:kre@munnari.oz.au' },
  { request: 'stuff adam beberg sent', meant: 'from:beberg@mithral.com' },
  { request: "eugen's emails", meant: 'from:eugen@leitl.org' },
  { request: 'hal devore emails', meant: 'from:haldevore@acm.org' },
  { request: 'from padraig brady', meant: 'from:padraig.brady@corvil.com' },
  { request: 'from wayne', meant: 'from:baisley@alumni.rice.edu' },
  { request: 'from elias', meant: 'from:elias@cse.ucsc.edu' },
  { request: 'from harri', meant: 'from:harri' },
  { request: 'from brent', meant: 'from:welch@panasas.com' },
  { request: 'emails from john hall', meant: 'from:johnhall@evergo.net' },
  { request: 'from fork_list@hotmail.com', meant: 'from:fork_list@hotmail.com' },
  { request: 'anything from hotmail.com', meant: 'from:hotmail.com' },
  { request: 'from @canada.com', meant: 'from:canada.com' },
  { request: "cc'd to rohit", meant: 'cc:rohit@knownow.com OR cc:khare@alumni.caltech.edu' },
  { request: "emails where tom was cc'd", meant: 'cc:tom OR cc:tomwhore@slack.net' },
  { request: 'conversations with eugen', meant: 'from:eugen@leitl.org OR to:eugen@leitl.org OR cc:eugen@leitl.org' },
  { request: 'from rohit or eugen', meant: `${ROHIT} OR from:eugen@leitl.org` },
  { request: 'from tim, skip or guido', meant: 'from:tim OR from:skip@pobox.com OR from:guido@python.org' },
  { request: 'from matthias saou', meant: 'from:matthias@egwn.net OR from:matthias@rpmforge.net' },
  { request: 'emails from john', meant: 'from:john' },
  { request: 'from rohit', meant: 'from:rohit', withoutDirectory: true },
  { request: 'emails from Eugen Leitl', meant: 'from:eugen@leitl.org', withoutDirectory: true },

  // Mailing lists.
  { request: 'the fork list', meant: FORK_LIST },
  { request: 'emails on the ilug list', meant: ILUG_LIST },
  { request: 'exmh users list', meant: 'list:exmh-users.spamassassin.taint.org' },
  { request: 'posts to exmh-workers', meant: 'list:exmh-workers.spamassassin.taint.org' },
  { request: 'freshrpms list', meant: 'list:rpm-zzzlist.freshrpms.net' },
  { request: 'razor users mailing list', meant: RAZOR_LIST },
  { request: 'spamassassin devel list', meant: 'list:spamassassin-devel.example.sourceforge.net' },
  {
    request: 'the spamassassin lists',
    meant:
      'list:spamassassin-talk.example.sourceforge.net OR list:spamassassin-devel.example.sourceforge.net OR list:spamassassin-commits.example.sourceforge.net OR list:spamassassin-sightings.example.sourceforge.net',
  },
  { request: 'ilug social list', meant: 'list:social.linux.ie' },
  { request: 'webdev list', meant: 'list:webdev.linux.ie' },
  { request: 'unread from the spambayes list', meant: 'is:unread list:spambayes.python.org' },
  { request: 'iiu list from last week', meant: `list:iiu.iiu.taint.org ${LAST_WEEK}` },

  // State, folders, inbox categories and labels.
  { request: 'unread', meant: 'is:unread' },
  { request: 'starred emails', meant: 'is:starred' },
  { request: 'flagged messages from september', meant: `is:starred ${SEPTEMBER}` },
  { request: "important stuff i haven't read", meant: 'is:important is:unread' },
  { request: 'read emails from last week', meant: `is:read ${LAST_WEEK}` },
  { request: "what's in my inbox", meant: 'in:inbox' },
  { request: 'archived mail about razor', meant: 'in:archive razor' },
  { request: 'spam', meant: 'in:spam' },
  { request: 'junk mail from this month', meant: 'in:spam after:2002/10/01 before:2002/11/01' },
  { request: 'deleted emails', meant: 'in:trash' },
  { request: 'trash from the fork list', meant: `in:trash ${FORK_LIST}` },
  { request: 'search everywhere for mortgage', meant: 'in:anywhere mortgage' },
  { request: 'promotions tab', meant: 'category:promotions' },
  { request: 'forums category unread', meant: 'category:forums is:unread' },
  { request: 'updates tab from august', meant: `category:updates ${AUGUST}` },
  { request: 'primary inbox', meant: 'category:primary' },
  { request: 'labeled work projects', meant: 'label:work-projects' },
  { request: 'tagged receipts 2002', meant: 'label:"receipts 2002"' },
  { request: 'in my receipts folder', meant: 'label:receipts-2002' },
  { request: 'work/projects label unread', meant: 'label:work-projects is:unread' },
  { request: 'emails with the label receipts from september', meant: `label:receipts-2002 ${SEPTEMBER}` },
  { request: 'unstarred important emails', meant: '-is:starred is:important' },
  { request: 'stuff i sent', meant: 'in:sent' },

  // Attachments and sizes.
  { request: 'emails with attachments', meant: 'has:attachment' },
  { request: 'attachments from the exmh list', meant: `has:attachment ${EXMH_LISTS}` },
  { request: 'images from last month', meant: `(${IMAGES}) ${SEPTEMBER}` },
  { request: 'photos', meant: IMAGES },
  { request: 'gifs', meant: 'filename:gif' },
  { request: 'text files attached', meant: 'filename:txt' },
  { request: 'patches attached', meant: 'filename:patch OR filename:diff' },
  { request: 'pdfs', meant: 'filename:pdf' },
  { request: 'emails over 20kb', meant: 'larger:20K' },
  { request: 'messages smaller than 1k', meant: 'smaller:1K' },
  { request: 'between 50k and 100k', meant: 'larger:50K smaller:100K' },
  { request: 'attachments over 40 kb', meant: 'has:attachment larger:40K' },

  // Negation and alternatives.
  { request: 'fork list not from tom', meant: `${FORK_LIST} -from:tom` },
  { request: 'emails without attachments from the razor list', meant: `-has:attachment ${RAZOR_LIST}` },
  { request: 'exmh list excluding chris garrigues', meant: `${EXMH_LISTS} -from:garrigues` },
  { request: 'unread or starred', meant: 'is:unread OR is:starred' },
  { request: 'from guido or about spambayes', meant: 'from:guido@python.org OR spambayes' },
  { request: 'not read', meant: 'is:unread' },
  { request: 'unread but not from the fork list', meant: `is:unread -${FORK_LIST}` },
  { request: 'ilug emails except those from niall', meant: `${ILUG_LIST} -from:niall` },
  { request: 'about razor but not spamassassin', meant: 'razor -spamassassin' },
  { request: 'gifs or jpgs', meant: 'filename:gif OR filename:jpg OR filename:jpeg' },
  { request: 'no attachments', meant: '-has:attachment' },
  { request: 'starred or important from last week', meant: `(is:starred OR is:important) ${LAST_WEEK}` },

  // Misspelt vocabulary.
  { request: 'unraed emails', meant: 'is:unread' },
  { request: 'emails form rohit', meant: ROHIT },
  { request: 'attachmnets from guido', meant: 'has:attachment from:guido@python.org' },
  { request: 'yesterdy', meant: 'after:2002/10/08 before:2002/10/09' },
  { request: 'improtant', meant: 'is:important' },
  { request: 'emials from skip', meant: 'from:skip@pobox.com' },
  { request: 'lst week', meant: LAST_WEEK },
  { request: 'pictrues from the fork list', meant: `(${IMAGES}) ${FORK_LIST}` },
  { request: 'flaged emails', meant: 'is:starred' },
  { request: 'septmber emails from tim', meant: `${SEPTEMBER} from:tim` },
  { request: 'unred msgs frm the exmh list', meant: `is:unread ${EXMH_LISTS}` },

  // Gmail syntax, whole or in part.
  { request: 'from:skip@pobox.com last week', meant: `from:skip@pobox.com ${LAST_WEEK}` },
  { request: 'is:starred from eugen', meant: 'is:starred from:eugen@leitl.org' },
  { request: 'list:ilug.linux.ie unread yesterday', meant: 'list:ilug.linux.ie is:unread after:2002/10/08 before:2002/10/09' },
  { request: 'subject:razor from the razor list', meant: `subject:razor ${RAZOR_LIST}` },
  { request: 'has:attachment in august', meant: `has:attachment ${AUGUST}` },
  { request: '-label:work-projects starred', meant: '-label:work-projects is:starred' },
  { request: '(from:tim OR from:skip) spambayes', meant: '(from:tim OR from:skip) spambayes' },
  { request: 'razor after:2002/09/01', meant: 'razor after:2002/09/01' },
  { request: 'from:guido OR from:skip', meant: 'from:guido OR from:skip' },
  { request: '"bayesian filter" from tim', meant: '"bayesian filter" from:tim' },
  { request: 'larger:10K unread', meant: 'larger:10K is:unread' },
  { request: 'category:forums since monday', meant: 'category:forums after:2002/10/07' },
  { request: 'after:yesterday', meant: 'after:2002/10/09' },

  // Topics, subjects and filler.
  { request: 'show me all the emails about spamassassin please', meant: 'spamassassin' },
  { request: 'can you find messages that mention bayesian', meant: 'bayesian' },
  { request: 'emails titled razor', meant: 'subject:razor' },
  { request: 'with ilug in the subject', meant: 'subject:ilug' },
  { request: 'emails regarding apt-get', meant: '"apt-get"' },
  { request: 'anything about perl and python', meant: 'perl python' },
  { request: 'emails about the kernel from padraig', meant: 'kernel from:padraig.brady@corvil.com' },
  { request: "with 'new sequences window' in the subject", meant: 'subject:"new sequences window"' },
  { request: 'mails concerning spam filtering', meant: 'spam filtering' },
  { request: 'razor', meant: 'razor' },
  { request: "I'm looking for that email about the perl conference", meant: 'perl conference' },

  // Combinations.
  { request: 'unread emails from the fork list about microsoft since monday', meant: `is:unread ${FORK_LIST} microsoft after:2002/10/07` },
  { request: 'starred emails from eugen with attachments', meant: 'is:starred from:eugen@leitl.org has:attachment' },
  { request: 'emails to the exmh workers list from robert elz in august', meant: `list:exmh-workers.spamassassin.taint.org from:kre@munnari.oz.au ${AUGUST}` },
  { request: 'emails from matthias about apt last month', meant: `from:matthias apt ${SEPTEMBER}` },
  { request: 'what did guido say about spambayes this week', meant: 'from:guido@python.org spambayes after:2002/10/07 before:2002/10/14' },
  { request: 'important unread mail from tim peters or skip montanaro', meant: 'is:important is:unread (from:tim.one@comcast.net OR from:skip@pobox.com)' },
  { request: 'read ilug messages with attachments from july', meant: `is:read ${ILUG_LIST} has:attachment after:2002/07/01 before:2002/08/01` },
  { request: "emails i haven't read from boingboing this month", meant: 'is:unread from:boingboing after:2002/10/01 before:2002/11/01' },
  { request: 'anything in the trash older than two months', meant: 'in:trash older_than:2m' },
  { request: 'spam with images', meant: `in:spam (${IMAGES})` },
  { request: 'spam over 10k from 2002', meant: 'in:spam larger:10K after:2002/01/01 before:2003/01/01' },
  { request: 'rohit emails about the web from august', meant: `${ROHIT} web ${AUGUST}` },
  { request: 'unread mail on the razor list with razor in the subject', meant: `is:unread ${RAZOR_LIST} subject:razor` },
];
