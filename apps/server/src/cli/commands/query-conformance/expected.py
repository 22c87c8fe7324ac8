#!/usr/bin/env python3
"""Expected answers for the `mailroom query eval` conformance test, computed independently of
Mailroom's code: Python's own email package reads the raw SpamAssassin corpus files, and each
query below is answered by a hand-written Python predicate that follows the Gmail search rules
of issue 3, as issue 21 settled them (packages/mail-query/README.md): whole words,
case-insensitive, split before compatibility normalisation; address = full address, domain,
parent domain, or whole words of name or address; spam and trash excluded unless the query
mentions in:spam, in:trash or in:anywhere (even negated); category:primary = none of the other
four tabs; attachments = parts marked attachment or named, never a multipart/signed signature,
forwarded messages walked into; RFC 2047 ISO-8859-1 read as windows-1252; dates are midnight in
the given zone; sizes count CRLF line breaks and leave out the X-Gmail-Labels and X-GM-THRID
lines Takeout adds.

The mbox the test builds (corpus-mbox.ts) adds X-Gmail-Labels and X-GM-THRID headers by the
rule in `labels` below (the same rule, written twice on purpose).

Run: python3 expected.py > expected.json   (needs only the Python standard library)
"""
import calendar
import datetime
import email
import email.header
import email.utils
import html.parser
import json
import os
import re
import sys
import unicodedata
from email import policy
from zoneinfo import ZoneInfo

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', '..', '..', '..', '..', '..', 'node_modules', '@stdlib', 'datasets-spam-assassin', 'data')
NOW = datetime.datetime(2002, 12, 1, 12, 0, 0, tzinfo=datetime.timezone.utc)
TZ = 'America/Los_Angeles'


def labels(i, group):
    if group.startswith('spam'):
        return ['Spam', 'Unread'] if i % 2 == 0 else ['Spam']
    out = ['Archived' if i % 3 == 0 else 'Inbox', 'Unread' if i % 2 == 0 else 'Opened']
    if i % 7 == 0: out.append('Starred')
    if i % 5 == 0: out.append('Important')
    out.append(['Category Personal', 'Category Forums', 'Category Updates', 'Category Promotions'][i % 4])
    if i % 11 == 0: out.append('Work/Projects')
    if i % 13 == 0: out.append('Receipts 2002')
    if i % 17 == 0: out.append('Trash')
    return out


def words(text):
    # Split first, then normalise each word: NFKC turns some symbols into letters (™ -> TM).
    out = []
    for run in re.findall(r'[^\W_]+', text or ''):
        out.extend(re.findall(r'[^\W_]+', unicodedata.normalize('NFKC', run).lower()))
    return out


def has_phrase(text, value):
    """Whole-word phrase match: the value's words appear consecutively in the text's words."""
    hay, needle = words(text), words(value)
    n = len(needle)
    return n > 0 and any(hay[k:k + n] == needle for k in range(len(hay) - n + 1))


LATIN1_LABELS = ('iso-8859-1', 'latin1', 'latin-1', 'iso_8859-1', 'l1', 'cp819', 'us-ascii', 'ascii')


def decode(value):
    """RFC 2047 encoded words; ISO-8859-1 (and US-ASCII) read as windows-1252, as browsers and
    Gmail do (WHATWG Encoding Standard), e.g. byte 0x99 is the trade mark sign."""
    if value is None:
        return ''
    try:
        parts = email.header.decode_header(str(value))
        mapped = []
        for data, charset in parts:
            if isinstance(data, bytes) and charset and charset.lower() in LATIN1_LABELS:
                try:
                    data.decode('cp1252')
                    charset = 'cp1252'
                except UnicodeDecodeError:
                    pass  # one of the five bytes cp1252 leaves undefined: keep ISO-8859-1
            mapped.append((data, charset))
        return str(email.header.make_header(mapped))
    except Exception:
        return str(value)


class Text(html.parser.HTMLParser):
    # Not 'head': spam often never closes it, and HTML5 parsing ends it at <body> anyway.
    HIDDEN = {'script', 'style', 'title', 'template', 'noscript'}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in self.HIDDEN: self.hidden += 1
        self.out.append(' ')

    def handle_endtag(self, tag):
        if tag in self.HIDDEN and self.hidden: self.hidden -= 1
        self.out.append(' ')

    def handle_data(self, data):
        if not self.hidden: self.out.append(data)


def part_text(part):
    payload = part.get_payload(decode=True) or b''
    charset = part.get_content_charset() or 'latin-1'
    if charset.lower() in LATIN1_LABELS:
        charset = 'cp1252'  # as browsers and Gmail read it; its five undefined bytes stay as they are
        return ''.join(bytes([b]).decode('cp1252', errors='strict') if b not in (0x81, 0x8d, 0x8f, 0x90, 0x9d) else chr(b) for b in payload)
    try:
        return payload.decode(charset, errors='replace')
    except LookupError:
        return payload.decode('latin-1', errors='replace')


def leaves(part):
    """The MIME leaves; an attached message (message/rfc822, disposition attachment) is one leaf."""
    disposition = (part.get('Content-Disposition') or '').split(';')[0].strip().lower()
    if part.get_content_type() == 'message/rfc822' and disposition == 'attachment':
        yield part
    elif part.is_multipart():
        for sub in part.get_payload():
            yield from leaves(sub)
    else:
        yield part


def attachment_parts(part):
    """Attachments as issue 21 settled them: a leaf part with Content-Disposition: attachment or a
    file name; never the signature of a multipart/signed (RFC 1847: its parts after the first);
    a forwarded message (message/rfc822) is walked into, and is itself one when named or marked."""
    ctype = part.get_content_type()
    if ctype.startswith('multipart/'):
        subs = part.get_payload() if isinstance(part.get_payload(), list) else []
        for sub in (subs[:1] if ctype == 'multipart/signed' else subs):
            yield from attachment_parts(sub)
        return
    disposition = (part.get('Content-Disposition') or '').split(';')[0].strip().lower()
    raw_name = part.get_filename() or part.get_param('name') or ''
    name = decode(email.utils.collapse_rfc2231_value(raw_name)).strip()
    if disposition == 'attachment' or name:
        yield (name, ctype)
    if ctype == 'message/rfc822' and isinstance(part.get_payload(), list):
        for inner in part.get_payload():
            yield from attachment_parts(inner)


def addresses(msg, name):
    values = [decode(v) for v in msg.get_all(name, [])]
    return [(n, a) for n, a in email.utils.getaddresses(values) if '@' in a]


def address_match(addrs, value):
    v = value.lower().lstrip('@')
    for name, addr in addrs:
        a = addr.lower()
        domain = a.rsplit('@', 1)[-1]
        if a == v or domain == v or domain.endswith('.' + v) or has_phrase(name, value) or has_phrase(addr, value):
            return True
    return False


def from_line_ms(line):
    m = re.search(r'(\w{3}) +(\w{3}) +(\d{1,2}) +(\d{1,2}:\d{2}:\d{2}) +(\d{4})\s*$', line)
    if not m: return 0
    t = datetime.datetime.strptime(f'{m.group(2)} {m.group(3)} {m.group(4)} {m.group(5)}', '%b %d %H:%M:%S %Y')
    return int(t.replace(tzinfo=datetime.timezone.utc).timestamp() * 1000)


def load():
    files = json.load(open(os.path.join(DATA, 'file_list.json')))
    out = []
    for i, f in enumerate(files):
        group = f.split('/')[0]
        raw = open(os.path.join(DATA, f), 'rb').read()
        from_line = 'From MAILER-DAEMON Thu Jan  1 00:00:00 1970'
        if raw.startswith(b'From '):
            end = raw.index(b'\n')
            from_line = raw[:end].decode('latin-1').rstrip('\r')
            raw = raw[end + 1:]
        if not raw.endswith(b'\n'): raw += b'\n'
        lab = labels(i, group)
        content = ('X-Gmail-Labels: ' + ','.join(lab) + '\nX-GM-THRID: ' + str(1000000 + i) + '\n').encode() + raw
        msg = email.message_from_bytes(content, policy=policy.compat32)
        # The Date header when readable (RFC 5322 §3.3; no zone at all reads as UTC, §4.3), else
        # the From line. A zone that is neither numeric nor an RFC 5322 zone name makes it unreadable.
        date_ms = None
        value = msg['Date'] or ''
        parsed = email.utils.parsedate_tz(value) if value else None
        rest = re.search(r'\d{1,2}:\d{2}(?::\d{2})?\s*(.*)$', value.strip())
        zone = re.sub(r'\([^()]*\)', '', rest.group(1)).strip() if rest else None  # comments are not zones
        known_zone = zone is not None and re.fullmatch(r'[+-]\d{4}|UT|GMT|[ECMP][SD]T|[A-IK-Z]', zone, re.I)
        if parsed is not None and (zone == '' or known_zone):
            try:
                date_ms = (calendar.timegm(parsed[:6] + (0, 0, 0)) - (parsed[9] or 0)) * 1000
            except (OverflowError, ValueError):
                date_ms = None
        if date_ms is None: date_ms = from_line_ms(from_line)
        body = []
        for part in leaves(msg):
            ctype = part.get_content_type()
            disposition = (part.get('Content-Disposition') or '').split(';')[0].strip().lower()
            if ctype in ('text/plain', 'text/html') and disposition != 'attachment':
                text = part_text(part)
                if ctype == 'text/html':
                    p = Text(); p.feed(text); text = ''.join(p.out)
                body.append(text)
        attachments = list(attachment_parts(msg))
        # Unfold (RFC 5322 §2.2.3: drop the CRLF, keep the white space), then drop the brackets.
        msgid = re.sub(r'\r?\n', '', msg['Message-ID'] or '').strip()
        msgid = msgid.lstrip('<').rstrip('>').strip()
        list_id = decode(msg['List-Id'])
        m = re.search(r'<([^<>]*)>', list_id)
        list_post = re.search(r'mailto:([^>?\s]*)', msg['List-Post'] or '', re.I)
        # Gmail's size: the message as Gmail stores it, i.e. without the two lines Takeout adds.
        crlf = len(raw) + sum(1 for k, b in enumerate(raw) if b == 10 and (k == 0 or raw[k - 1] != 13))
        out.append({
            'msgid': msgid, 'labels': set(lab), 'subject': decode(msg['Subject']), 'date': date_ms, 'size': crlf,
            'from': addresses(msg, 'From'), 'to': addresses(msg, 'To'), 'cc': addresses(msg, 'Cc'), 'bcc': addresses(msg, 'Bcc'),
            'delivered': addresses(msg, 'Delivered-To'),
            'list_id': (m.group(1) if m else list_id).strip(), 'list_post': list_post.group(1) if list_post else '',
            'attachments': attachments, 'body': '\n'.join(body),
        })
    return out


def midnight(y, mo, d):
    return int(datetime.datetime(y, mo, d, tzinfo=ZoneInfo(TZ)).timestamp() * 1000)


def free(m, value):
    fields = [m['subject'], m['body']] + [x for k in ('from', 'to', 'cc', 'bcc') for pair in m[k] for x in pair]
    return any(has_phrase(f, value) for f in fields)


L = lambda name: (lambda m: name in m['labels'])
subj = lambda v: (lambda m: has_phrase(m['subject'], v))
frm = lambda v: (lambda m: address_match(m['from'], v))
lst = lambda v: (lambda m: has_phrase(m['list_id'], v) or has_phrase(m['list_post'], v))
K, MB = 1024, 1048576
D = 86400000
NOW_MS = int(NOW.timestamp() * 1000)
# One month before 2002-12-01 04:00 in Los Angeles is 2002-11-01 04:00 there.
MONTH_AGO = int(datetime.datetime(2002, 11, 1, 4, 0, tzinfo=ZoneInfo(TZ)).timestamp() * 1000)

# query -> (predicate, which of spam/trash it may return)
QUERIES = [
    ('from:spamassassin.taint.org', frm('spamassassin.taint.org')),
    ('from:taint.org', frm('taint.org')),
    ('from:hotmail.com', frm('hotmail.com')),
    ('from:yahoo.com', frm('yahoo.com')),
    ('from:@aol.com', frm('aol.com')),
    ('from:perl.org', frm('perl.org')),
    ('from:egwn.net', frm('egwn.net')),
    ('from:newsletter.online.com', frm('newsletter.online.com')),
    ('from:online.com', frm('online.com')),
    ('from:rssfeeds', frm('rssfeeds')),
    ('from:"Justin Mason"', frm('Justin Mason')),
    ('from:(justin mason)', lambda m: frm('justin')(m) and frm('mason')(m)),
    ('from:{hotmail.com yahoo.com}', lambda m: frm('hotmail.com')(m) or frm('yahoo.com')(m)),
    ('from:hotmail.com OR from:msn.com', lambda m: frm('hotmail.com')(m) or frm('msn.com')(m)),
    ('-from:spamassassin.taint.org from:taint.org', lambda m: frm('taint.org')(m) and not frm('spamassassin.taint.org')(m)),
    ('to:yyyy@spamassassin.taint.org', lambda m: address_match(m['to'], 'yyyy@spamassassin.taint.org')),
    ('to:fork', lambda m: address_match(m['to'], 'fork')),
    ('to:ilug@linux.ie', lambda m: address_match(m['to'], 'ilug@linux.ie')),
    ('cc:ilug', lambda m: address_match(m['cc'], 'ilug')),
    ('cc:linux.ie', lambda m: address_match(m['cc'], 'linux.ie')),
    ('to:freshrpms.net -cc:linux.ie', lambda m: address_match(m['to'], 'freshrpms.net') and not address_match(m['cc'], 'linux.ie')),
    ('deliveredto:zzzz@localhost.netnoteinc.com', lambda m: address_match(m['delivered'], 'zzzz@localhost.netnoteinc.com')),
    ('deliveredto:spamassassin.taint.org', lambda m: address_match(m['delivered'], 'spamassassin.taint.org')),
    ('subject:razor', subj('razor')),
    ('subject:ILUG', subj('ilug')),
    ('subject:"wedded bliss"', subj('wedded bliss')),
    ('subject:(use perl)', lambda m: subj('use')(m) and subj('perl')(m)),
    ('subject:{money cash}', lambda m: subj('money')(m) or subj('cash')(m)),
    ('subject:free -subject:money', lambda m: subj('free')(m) and not subj('money')(m)),
    ('subject:re:', subj('re')),
    ('subject:sadev', subj('sadev')),
    ('subject:parhelia', subj('parhelia')),
    ('subject:"parhelia now available"', subj('parhelia now available')),
    ('list:ilug.linux.ie', lst('ilug.linux.ie')),
    ('list:linux.ie', lst('linux.ie')),
    ('list:fork.xent.com', lst('fork.xent.com')),
    ('list:sourceforge.net', lst('sourceforge.net')),
    ('list:spamassassin-talk', lst('spamassassin-talk')),
    ('list:exmh-workers@spamassassin.taint.org', lst('exmh-workers@spamassassin.taint.org')),
    ('list:rpm-zzzlist.freshrpms.net', lst('rpm-zzzlist.freshrpms.net')),
    ('has:attachment', lambda m: len(m['attachments']) > 0),
    ('filename:patch', lambda m: any(has_phrase(f, 'patch') for f, _ in m['attachments'])),
    ('filename:spec', lambda m: any(has_phrase(f, 'spec') for f, _ in m['attachments'])),
    ('has:attachment in:spam', lambda m: len(m['attachments']) > 0 and 'Spam' in m['labels']),
    ('filename:gif', lambda m: any(has_phrase(f, 'gif') for f, _ in m['attachments'])),
    ('filename:txt', lambda m: any(has_phrase(f, 'txt') for f, _ in m['attachments'])),
    ('filename:jpg in:anywhere', lambda m: any(has_phrase(f, 'jpg') for f, _ in m['attachments'])),
    ('in:inbox', L('Inbox')),
    ('in:spam', L('Spam')),
    ('in:trash', L('Trash')),
    ('in:anywhere', lambda m: True),
    ('in:archive', lambda m: 'Inbox' not in m['labels']),
    ('is:unread', L('Unread')),
    ('is:read in:inbox', lambda m: 'Unread' not in m['labels'] and 'Inbox' in m['labels']),
    ('is:starred', L('Starred')),
    ('is:important -is:starred', lambda m: 'Important' in m['labels'] and 'Starred' not in m['labels']),
    ('category:primary', lambda m: not any(t in m['labels'] for t in ('Category Social', 'Category Promotions', 'Category Updates', 'Category Forums'))),
    ('category:primary -in:trash', lambda m: 'Trash' not in m['labels'] and not any(t in m['labels'] for t in ('Category Social', 'Category Promotions', 'Category Updates', 'Category Forums'))),
    ('category:forums', L('Category Forums')),
    ('category:updates is:unread', lambda m: 'Category Updates' in m['labels'] and 'Unread' in m['labels']),
    ('category:promotions OR category:social', L('Category Promotions')),
    ('label:work-projects', L('Work/Projects')),
    ('label:"receipts 2002"', L('Receipts 2002')),
    ('label:receipts-2002 label:work/projects', lambda m: 'Receipts 2002' in m['labels'] and 'Work/Projects' in m['labels']),
    ('label:inbox label:starred', lambda m: 'Inbox' in m['labels'] and 'Starred' in m['labels']),
    ('has:userlabels', lambda m: 'Work/Projects' in m['labels'] or 'Receipts 2002' in m['labels']),
    ('has:nouserlabels in:inbox', lambda m: 'Inbox' in m['labels'] and not ('Work/Projects' in m['labels'] or 'Receipts 2002' in m['labels'])),
    ('after:2002/09/01', lambda m: m['date'] >= midnight(2002, 9, 1)),
    ('before:2002/08/01', lambda m: m['date'] < midnight(2002, 8, 1)),
    ('after:2002-08-20 before:2002-08-23', lambda m: midnight(2002, 8, 20) <= m['date'] < midnight(2002, 8, 23)),
    ('newer:09/30/2002 older:10/02/2002', lambda m: midnight(2002, 9, 30) <= m['date'] < midnight(2002, 10, 2)),
    ('after:1033430400', lambda m: m['date'] >= 1033430400000),
    ('before:2002/01/01 in:spam', lambda m: m['date'] < midnight(2002, 1, 1) and 'Spam' in m['labels']),
    ('newer_than:10d', lambda m: m['date'] >= NOW_MS - 10 * D),
    ('older_than:1m', lambda m: m['date'] < MONTH_AGO),
    ('newer_than:1m', lambda m: m['date'] >= MONTH_AGO),
    ('older_than:1y in:anywhere', lambda m: m['date'] < int(datetime.datetime(2001, 12, 1, 4, 0, tzinfo=ZoneInfo(TZ)).timestamp() * 1000)),
    ('larger:20K', lambda m: m['size'] > 20 * K),
    ('larger:10K', lambda m: m['size'] > 10 * K),
    ('smaller:1K', lambda m: m['size'] < 1 * K),
    ('larger:3060 smaller:3070', lambda m: 3060 < m['size'] < 3070),
    ('larger:200K in:anywhere', lambda m: m['size'] > 200 * K),
    ('smaller:1500', lambda m: m['size'] < 1500),
    ('size:100000', lambda m: m['size'] >= 100000),
    ('rfc822msgid:20020822211604.033F716F16@jalapeno.spamassassin.taint.org', lambda m: m['msgid'].lower() == '20020822211604.033f716f16@jalapeno.spamassassin.taint.org'),
    ('razor', lambda m: free(m, 'razor')),
    ('"mailing list"', lambda m: free(m, 'mailing list')),
    ('python -perl', lambda m: free(m, 'python') and not free(m, 'perl')),
    ('-in:trash mortgage', lambda m: 'Trash' not in m['labels'] and free(m, 'mortgage')),
    ('-in:spam razor', lambda m: 'Spam' not in m['labels'] and free(m, 'razor')),
    ('viagra OR mortgage in:spam', lambda m: (free(m, 'viagra') or free(m, 'mortgage')) and 'Spam' in m['labels']),
    ('+spamassassin from:yahoo.com', lambda m: free(m, 'spamassassin') and frm('yahoo.com')(m)),
    ('(subject:razor OR subject:spamassassin) -list:sourceforge.net', lambda m: (subj('razor')(m) or subj('spamassassin')(m)) and not lst('sourceforge.net')(m)),
    ('from:taint.org AND is:unread OR is:starred', lambda m: frm('taint.org')(m) and ('Unread' in m['labels'] or 'Starred' in m['labels'])),
]


def excluded(query, m):
    # A mention of any of the three, even negated, lifts the default for both spam and trash.
    if any(folder in query for folder in ('in:spam', 'in:trash', 'in:anywhere')):
        return False
    return 'Spam' in m['labels'] or 'Trash' in m['labels']


def main():
    messages = load()
    result = {'now': NOW.isoformat().replace('+00:00', 'Z'), 'timeZone': TZ, 'queries': []}
    for query, predicate in QUERIES:
        ids = [m['msgid'] for m in messages if m['msgid'] and not excluded(query, m) and predicate(m)]
        result['queries'].append({'query': query, 'expected': ids})
        print(f'{len(ids):5d}  {query}', file=sys.stderr)
    json.dump(result, sys.stdout, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
