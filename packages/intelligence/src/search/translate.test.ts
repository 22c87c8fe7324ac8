import fc from 'fast-check';
import { compileMatcher, parse, type EvaluationContext, type MessageMeta } from '@mailroom/mail-query';
import { describe, expect, it } from 'vitest';
import { buildSearchDirectory, translate, type DirectoryEntry, type TranslateOptions } from './index.ts';

/**
 * The translator on small mailboxes built for one rule each: every test runs the translated
 * query through mail-query's evaluator and checks which messages a person would see.
 */
let nextId = 0;
function message(overrides: Partial<MessageMeta> = {}): MessageMeta {
  nextId++;
  return {
    id: `m${nextId}`,
    threadId: `t${nextId}`,
    labelIds: ['INBOX'],
    from: [{ name: 'Someone Else', address: 'someone@example.com' }],
    to: [{ name: 'Me', address: 'me@example.org' }],
    cc: [],
    bcc: [],
    deliveredTo: ['me@example.org'],
    subject: 'Hello',
    internalDate: Date.UTC(2024, 5, 1, 12),
    sizeEstimate: 4000,
    attachments: [],
    listId: null,
    listPost: null,
    rfc822MessageId: `m${nextId}@example.com`,
    ...overrides,
  };
}

/** The ids of the messages a request finds, after translating it. */
function found(request: string, messages: MessageMeta[], options: TranslateOptions): string[] {
  const translation = translate(request, options);
  expect(() => parse(translation.query)).not.toThrow();
  const context: EvaluationContext = { now: options.now, timeZone: options.timeZone, labels: [] };
  const matches = compileMatcher(translation.ast, context);
  return messages.filter((m) => matches(m)).map((m) => m.id);
}

function at(iso: string, overrides: Partial<MessageMeta> = {}): MessageMeta {
  return message({ internalDate: Date.parse(iso), ...overrides });
}

describe('dates are days on the user’s calendar', () => {
  it('"yesterday" at 01:30 in Kolkata is the previous day there, midnight to midnight IST', () => {
    // 2024-09-12 01:30 IST; yesterday is 11 September IST = [10 Sep 18:30Z, 11 Sep 18:30Z).
    const now = new Date('2024-09-11T20:00:00Z');
    const before = at('2024-09-10T18:29:59Z');
    const first = at('2024-09-10T18:30:00Z');
    const last = at('2024-09-11T18:29:59Z');
    const today = at('2024-09-11T18:30:00Z');
    expect(found('emails from yesterday', [before, first, last, today], { now, timeZone: 'Asia/Kolkata' })).toEqual([first.id, last.id]);
  });

  it('"yesterday" after clocks went back is the 25-hour day (Berlin, 27 October 2024)', () => {
    const now = new Date('2024-10-28T08:00:00Z');
    const start = at('2024-10-26T22:00:00Z');
    const lateHour = at('2024-10-27T22:30:00Z'); // 23:30 CET, still the 27th
    const monday = at('2024-10-27T23:00:00Z'); // midnight CET: the 28th
    expect(found('yesterday', [start, lateHour, monday], { now, timeZone: 'Europe/Berlin' })).toEqual([start.id, lateHour.id]);
  });

  it('"yesterday" after clocks went forward is the 23-hour day (New York, 10 March 2024)', () => {
    const now = new Date('2024-03-11T15:00:00Z');
    const saturdayNight = at('2024-03-10T04:59:59Z');
    const start = at('2024-03-10T05:00:00Z');
    const end = at('2024-03-11T03:59:59Z');
    const monday = at('2024-03-11T04:00:00Z');
    expect(found('yesterday', [saturdayNight, start, end, monday], { now, timeZone: 'America/New_York' })).toEqual([start.id, end.id]);
  });

  it('the same instant is "today" in one zone and "yesterday" in another', () => {
    const now = new Date('2024-06-02T03:00:00Z'); // 2 June in Berlin, 1 June in Los Angeles
    const mail = at('2024-06-01T20:00:00Z');
    expect(found('today', [mail], { now, timeZone: 'America/Los_Angeles' })).toEqual([mail.id]);
    expect(found('yesterday', [mail], { now, timeZone: 'Europe/Berlin' })).toEqual([mail.id]);
  });

  it('"last week" is the previous Monday-to-Sunday week, or Sunday-to-Saturday when weeks start on Sunday', () => {
    const now = new Date('2024-06-12T12:00:00Z'); // Wednesday
    const sunday2 = at('2024-06-02T12:00:00Z');
    const monday3 = at('2024-06-03T12:00:00Z');
    const sunday9 = at('2024-06-09T12:00:00Z');
    const monday10 = at('2024-06-10T12:00:00Z');
    const all = [sunday2, monday3, sunday9, monday10];
    expect(found('last week', all, { now, timeZone: 'UTC' })).toEqual([monday3.id, sunday9.id]);
    expect(found('last week', all, { now, timeZone: 'UTC', weekStartsOn: 0 })).toEqual([sunday2.id, monday3.id]);
  });

  it('a month without a year is the most recent one not after now', () => {
    const lastYear = at('2023-09-15T12:00:00Z');
    const thisYear = at('2024-09-15T12:00:00Z');
    const inSeptember = { now: new Date('2024-09-20T12:00:00Z'), timeZone: 'UTC' };
    const inAugust = { now: new Date('2024-08-20T12:00:00Z'), timeZone: 'UTC' };
    expect(found('in September', [lastYear, thisYear], inSeptember)).toEqual([thisYear.id]);
    expect(found('in September', [lastYear, thisYear], inAugust)).toEqual([lastYear.id]);
    expect(found('on Aug 25', [at('2023-08-25T12:00:00Z'), at('2024-08-25T12:00:00Z')], inAugust)).toHaveLength(1);
    expect(translate('on Aug 25', inAugust).query).toBe('after:2023/08/25 before:2023/08/26');
  });

  it('ranges include their last day', () => {
    const options = { now: new Date('2024-09-01T12:00:00Z'), timeZone: 'UTC' };
    const first = at('2024-08-01T00:00:00Z');
    const last = at('2024-08-15T23:59:59Z');
    const after = at('2024-08-16T00:00:00Z');
    for (const request of ['between Aug 1 and Aug 15', 'from August 1 to August 15', 'Aug 1 - 15', 'aug 1st through aug 15th']) {
      expect(found(request, [first, last, after], options), request).toEqual([first.id, last.id]);
    }
    expect(found('until August 15', [first, last, after], options)).toEqual([first.id, last.id]);
    expect(found('before August 15', [first, last, after], options)).toEqual([first.id]);
    expect(found('after August 15', [first, last, after], options)).toEqual([after.id]);
    expect(found('since August 15', [first, last, after], options)).toEqual([last.id, after.id]);
  });

  it('ranges of weekdays run forward through the week; a bare day ends a range in the same month', () => {
    const options = { now: new Date('2024-06-12T12:00:00Z'), timeZone: 'UTC' }; // Wednesday
    const q = (r: string) => translate(r, options).query;
    expect(q('from friday to monday')).toBe('after:2024/06/07 before:2024/06/11');
    expect(q('monday through wednesday')).toBe('after:2024/06/10 before:2024/06/13');
    expect(q('from the 1st of May to the 15th')).toBe('after:2024/05/01 before:2024/05/16');
    expect(q('dec 20 to jan 5')).toBe('after:2023/12/20 before:2024/01/06');
    expect(q('the first week of may')).toBe('after:2024/05/01 before:2024/05/08');
    expect(q('from may 28 until now')).toBe('after:2024/05/28 before:2024/06/13');
  });

  it('"since Monday" said on a Monday starts today; "last Monday" is a week back', () => {
    const now = new Date('2024-06-10T15:00:00Z'); // Monday
    expect(translate('since Monday', { now, timeZone: 'UTC' }).query).toBe('after:2024/06/10');
    expect(translate('last monday', { now, timeZone: 'UTC' }).query).toBe('after:2024/06/03 before:2024/06/04');
  });

  it('"over the weekend" is the weekend that has begun most recently', () => {
    const options = (iso: string) => ({ now: new Date(iso), timeZone: 'UTC' });
    expect(translate('over the weekend', options('2024-06-12T12:00:00Z')).query).toBe('after:2024/06/08 before:2024/06/10');
    expect(translate('over the weekend', options('2024-06-09T12:00:00Z')).query).toBe('after:2024/06/08 before:2024/06/10');
    expect(translate('last weekend', options('2024-06-09T12:00:00Z')).query).toBe('after:2024/06/01 before:2024/06/03');
  });

  it('ages and rolling periods use Gmail’s own operators', () => {
    const options = { now: new Date('2024-06-12T12:00:00Z'), timeZone: 'UTC' };
    expect(translate('older than a month', options).query).toBe('older_than:1m');
    expect(translate('more than two weeks old', options).query).toBe('older_than:14d');
    expect(translate('in the last 3 days', options).query).toBe('newer_than:3d');
    expect(translate('past week', options).query).toBe('newer_than:7d');
    expect(translate('within the last year', options).query).toBe('newer_than:1y');
    expect(translate('in the past two quarters', options).query).toBe('newer_than:6m');
  });

  it('quarters and halves are calendar periods: this, last, Q3, "the third quarter of 2023", "the first half of the year"', () => {
    // Wednesday 12 June 2024: this quarter is April to June.
    const options = { now: new Date('2024-06-12T12:00:00Z'), timeZone: 'UTC' };
    expect(translate('this quarter', options).query).toBe('after:2024/04/01 before:2024/07/01');
    expect(translate('emails from last quarter', options).query).toBe('after:2024/01/01 before:2024/04/01');
    expect(translate('mail from the previous quarter', options).query).toBe('after:2024/01/01 before:2024/04/01');
    // A quarter that has not begun this year is last year's.
    expect(translate('q3 reports', options).query).toBe('after:2023/07/01 before:2023/10/01 reports');
    expect(translate('emails from Q1 2022', options).query).toBe('after:2022/01/01 before:2022/04/01');
    expect(translate('the third quarter of 2021', options).query).toBe('after:2021/07/01 before:2021/10/01');
    expect(translate('first quarter of last year', options).query).toBe('after:2023/01/01 before:2023/04/01');
    expect(translate('in the first half of the year', options).query).toBe('after:2024/01/01 before:2024/07/01');
    expect(translate('the second half of 2023', options).query).toBe('after:2023/07/01 before:2024/01/01');
    expect(translate('the second half of may', options).query).toBe('after:2024/05/16 before:2024/06/01');
    expect(translate('a quarter ago', options).query).toBe('after:2024/01/01 before:2024/04/01');
    // "earlier this year" is this year, not before it.
    expect(translate('emails from earlier this year', options).query).toBe('after:2024/01/01 before:2025/01/01');
    expect(translate('earlier today', options).query).toBe('after:2024/06/12 before:2024/06/13');
    // "exactly", "roughly" before a date say nothing about who sent it.
    expect(translate('messages from exactly a week ago', options).query).toBe('after:2024/06/03 before:2024/06/10');
    expect(translate('emails from roughly 3 days ago', options).query).toBe('after:2024/06/09 before:2024/06/10');
  });

  it('does not depend on the zone the process runs in', () => {
    const options = { now: new Date('2024-03-31T00:30:00Z'), timeZone: 'Europe/London' };
    const requests = ['yesterday', 'last week', 'since monday', 'in March', 'between Feb 28 and Mar 2', 'this weekend'];
    const here = requests.map((r) => translate(r, options).query);
    // This package has no Node typings (it runs in browsers); Node reads TZ when it changes.
    const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
    const saved = env['TZ'];
    const offsets = new Set<number>();
    try {
      for (const zone of ['Pacific/Kiritimati', 'America/Adak', 'Asia/Kathmandu']) {
        env['TZ'] = zone;
        offsets.add(new Date(2024, 0, 1).getTimezoneOffset());
        expect(requests.map((r) => translate(r, options).query), zone).toEqual(here);
      }
      // The process really ran in three different zones.
      expect(offsets.size).toBe(3);
    } finally {
      if (saved === undefined) delete env['TZ'];
      else env['TZ'] = saved;
    }
  });
});

describe('people', () => {
  const rohitNamed = message({ from: [{ name: 'Rohit Khare', address: 'khare@alumni.example.edu' }] });
  const rohitBare = message({ from: [{ name: null, address: 'khare@alumni.example.edu' }] });
  const rohitWork = message({ from: [{ name: 'Rohit Khare', address: 'rohit@knownow.example' }] });
  const rohitOther = message({ from: [{ name: 'Rohit Sharma', address: 'rs@example.net' }] });
  const feedA = message({ from: [{ name: 'boingboing', address: 'feeds@example.org' }] });
  const feedB = message({ from: [{ name: 'fark', address: 'feeds@example.org' }] });
  const feedC = message({ from: [{ name: 'guardian', address: 'feeds@example.org' }] });
  const wayne = message({ from: [{ name: 'Wayne Baisley', address: 'baisley@rice.example.edu' }] });
  const wayneState = message({ from: [{ name: 'Rose, Bobby', address: 'brose@med.wayne.example.edu' }] });
  const toRohit = message({ to: [{ name: null, address: 'khare@alumni.example.edu' }] });
  const mailbox = [rohitNamed, rohitBare, rohitWork, rohitOther, feedA, feedB, feedC, wayne, wayneState, toRohit];
  const directory = buildSearchDirectory(mailbox);
  const options = { now: new Date('2024-06-12T12:00:00Z'), timeZone: 'UTC', directory: directory.people };

  it('a first name finds every address it was seen with, including mail where the name was missing', () => {
    expect(found('emails from rohit', mailbox, options)).toEqual([rohitNamed.id, rohitBare.id, rohitWork.id, rohitOther.id]);
  });

  it('a full name narrows to that person', () => {
    expect(found('from rohit khare', mailbox, options)).toEqual([rohitNamed.id, rohitBare.id, rohitWork.id]);
  });

  it('"sent to" is the recipient, "from" the sender', () => {
    expect(found('sent to rohit', mailbox, options)).toEqual([toRohit.id]);
  });

  it('a name that is one of many on a shared address does not bring the others in', () => {
    expect(found('from boingboing', mailbox, options)).toEqual([feedA.id]);
  });

  it('a first name that is also another organisation’s domain means the person', () => {
    expect(found('from wayne', mailbox, options)).toEqual([wayne.id]);
  });

  it('an unknown name stays a from: word, and with no directory every name does', () => {
    expect(translate('from zelda', options).query).toBe('from:zelda');
    expect(translate('emails from rohit', { now: options.now, timeZone: 'UTC' }).query).toBe('from:rohit');
  });

  it('a word said bare before "emails" is a sender only when someone regularly writes under that name; otherwise it is the topic', () => {
    const regular = Array.from({ length: 6 }, () => message({ from: [{ name: 'Padraig Brady', address: 'padraig@corvil.example' }] }));
    const oneOff = message({ from: [{ name: 'URGENT NOTICE', address: 'x@spam.example' }], subject: 'Claim now' });
    const aboutIt = message({ from: [{ name: 'Ann', address: 'ann@example.net' }], subject: 'urgent: the kernel build is broken' });
    const box = [...regular, oneOff, aboutIt];
    const known = { now: options.now, timeZone: 'UTC', directory: buildSearchDirectory(box).people };
    expect(found('padraig emails', box, known)).toEqual(regular.map((m) => m.id));
    expect(translate('padraig emails', known).query).toBe('from:padraig');
    // "URGENT NOTICE" sent one message: "urgent emails" are about something urgent.
    expect(translate('urgent emails', known).query).toBe('urgent');
    expect(translate('kernel emails from padraig', known).query).toBe('kernel from:padraig');
    // "emails" as a verb still names a sender, as does a name typed with a capital.
    expect(translate('urgent emails me', known).query).toBe('from:urgent');
    expect(translate('Zelda emails', known).query).toBe('from:zelda');
  });

  it('a name close to a known one is read as that name', () => {
    expect(found('from rohti', mailbox, options)).toEqual([rohitNamed.id, rohitBare.id, rohitWork.id, rohitOther.id]);
  });

  it('"from X or Y" is either sender; "not from X" excludes them', () => {
    expect(found('from wayne or rohit khare', mailbox, options).sort()).toEqual([rohitNamed.id, rohitBare.id, rohitWork.id, wayne.id].sort());
    expect(found('not from rohit', mailbox, options)).toEqual([feedA.id, feedB.id, feedC.id, wayne.id, wayneState.id, toRohit.id]);
  });

  it('addresses and domains are searched as written', () => {
    expect(translate('from rs@example.net', options).query).toBe('from:rs@example.net');
    expect(translate('anything from example.org', options).query).toBe('from:example.org');
  });

  it('"I sent" is the Sent folder', () => {
    expect(translate('emails I sent to rohit', options).query).toMatch(/^in:sent to:/u);
  });
});

describe('lists, labels, categories, state and folders', () => {
  const exmhUsers = message({ listId: 'Discussion list for EXMH users <exmh-users.example.org>' });
  const exmhWorkers = message({ listId: '<exmh-workers.example.org>' });
  const other = message({ listId: 'Talk about SpamAssassin <spamassassin-talk.example.org>' });
  const receipts = message({ labelIds: ['INBOX', 'Label_1'] });
  const mailbox = [exmhUsers, exmhWorkers, other, receipts];
  const directory = buildSearchDirectory(mailbox, [{ id: 'Label_1', name: 'Receipts 2024' }]);
  const options = { now: new Date('2024-06-12T12:00:00Z'), timeZone: 'UTC', lists: directory.lists, labels: directory.labels };

  it('"the exmh list" is every list of that name', () => {
    expect(found('the exmh list', mailbox, options)).toEqual([exmhUsers.id, exmhWorkers.id]);
    expect(found('exmh users mailing list', mailbox, options)).toEqual([exmhUsers.id]);
  });

  it('a label by part of its name', () => {
    const translation = translate('labeled receipts', options);
    expect(translation.query).toBe('label:receipts-2024');
    const context = { now: options.now, timeZone: 'UTC', labels: [{ id: 'Label_1', name: 'Receipts 2024' }] };
    expect(mailbox.filter((m) => compileMatcher(translation.ast, context)(m))).toEqual([receipts]);
  });

  it('inbox categories, state and folders by their everyday names', () => {
    const q = (r: string) => translate(r, options).query;
    expect(q('social tab')).toBe('category:social');
    expect(q('promotions')).toBe('category:promotions');
    expect(q('unread')).toBe('is:unread');
    expect(q('not read yet')).toBe('-is:read');
    expect(q('starred or important')).toBe('is:starred OR is:important');
    expect(q('in the trash')).toBe('in:trash');
    expect(q('archived')).toBe('in:archive');
    expect(q('search everywhere for invoices')).toBe('in:anywhere invoices');
    expect(q('junk')).toBe('in:spam');
  });

  it('"excluding spam" adds nothing, since Gmail leaves spam out already', () => {
    expect(translate('invoices excluding spam', options).query).toBe('invoices');
  });
});

describe('attachments and sizes', () => {
  const options = { now: new Date('2024-06-12T12:00:00Z'), timeZone: 'UTC' };
  const pdf = message({ attachments: [{ filename: 'Invoice 42.PDF', mimeType: 'application/pdf' }] });
  const sheet = message({ attachments: [{ filename: 'budget.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }] });
  const photo = message({ attachments: [{ filename: 'IMG_0001.JPG', mimeType: 'image/jpeg' }] });
  const big = message({ sizeEstimate: 6 * 1024 * 1024 });
  const plain = message();
  const mailbox = [pdf, sheet, photo, big, plain];

  it('file kinds by name', () => {
    expect(found('pdfs', mailbox, options)).toEqual([pdf.id]);
    expect(found('spreadsheets', mailbox, options)).toEqual([sheet.id]);
    expect(found('photos', mailbox, options)).toEqual([photo.id]);
    expect(found('with attachments', mailbox, options)).toEqual([pdf.id, sheet.id, photo.id]);
    expect(found('without attachments', mailbox, options)).toEqual([big.id, plain.id]);
  });

  it('sizes with units', () => {
    expect(found('over 5 MB', mailbox, options)).toEqual([big.id]);
    expect(translate('bigger than 100k', options).query).toBe('larger:100K');
    // Gmail cannot sort by size: "the biggest emails" are the big ones, as "big emails" are.
    expect(found('the biggest emails', mailbox, options)).toEqual(found('big emails', mailbox, options));
    expect(translate('largest messages', options).query).toBe('larger:5M');
    expect(translate('smaller than 1.5mb', options).query).toBe('smaller:1536K');
    expect(translate('between 1 and 5 MB', options).query).toBe('larger:1M smaller:5M');
  });
});

describe('text, syntax and the words around them', () => {
  const options = { now: new Date('2024-06-12T12:00:00Z'), timeZone: 'UTC' };
  const q = (r: string) => translate(r, options).query;

  it('topic words are free text; only "in the subject" or "titled" gives subject:', () => {
    expect(q('emails about razor')).toBe('razor');
    expect(q('with razor in the subject')).toBe('subject:razor');
    expect(q('titled "weekly report"')).toBe('subject:"weekly report"');
    expect(q('about perl or python')).toBe('perl OR python');
  });

  it('filler adds nothing', () => {
    expect(q('can you please show me all the emails')).toBe('');
    expect(q('find me the messages that are unread please')).toBe('is:unread');
  });

  it('misspelt vocabulary is understood', () => {
    expect(q('frm rohit')).toBe('from:rohit');
    expect(q('unred')).toBe('is:unread');
    expect(q('attachemnts')).toBe('has:attachment');
    expect(q('stared')).toBe('is:starred');
    expect(q('yesterdy')).toBe('after:2024/06/11 before:2024/06/12');
  });

  it('Gmail syntax passes through and only the words around it are translated', () => {
    expect(q('from:rohit unread')).toBe('from:rohit is:unread');
    expect(q('(from:a OR from:b) -label:work with attachments')).toBe('from:a OR from:b -label:work has:attachment');
    expect(q('holiday AROUND 5 vacation')).toBe('holiday AROUND 5 vacation');
    expect(q('after:yesterday')).toBe('after:2024/06/12');
  });

  it('what nothing understands becomes free text, never an error', () => {
    expect(q('zorblax quux')).toBe('zorblax quux');
    expect(translate('zorblax quux', options).confidence).toBeLessThan(0.6);
    expect(translate('unread from rohit', options).confidence).toBe(1);
  });

  it('parts map each piece of the query to the words it came from', () => {
    const request = 'unread emails from rohit since monday';
    const translation = translate(request, options);
    expect(translation.parts.map((p) => [p.kind, p.text, p.query])).toEqual([
      ['status', 'unread', 'is:unread'],
      ['person', 'from rohit', 'from:rohit'],
      ['date', 'since monday', 'after:2024/06/10'],
    ]);
    for (const part of translation.parts) {
      expect(request.slice(part.span.start, part.span.end)).toBe(part.text);
      expect(translation.query.slice(part.querySpan.start, part.querySpan.end)).toBe(part.query);
    }
  });

  it('any input at all gives a query that parses, deterministically', () => {
    const vocabulary = fc.constantFrom('from', 'to', 'not', 'or', 'OR', 'and', 'unread', 'last', 'week', 'aug', '15', '-', ':', '(', ')', '"', "'", 'since', 'between', 'over', '5mb', 'with', 'in', 'the', 'subject', 'label:x', '-from:a', '{', '}', 'AROUND', 'list', 'exmh', 'rohit', 'é', '💌', '\u0000');
    const requests = fc.oneof(fc.string({ maxLength: 80 }), fc.array(vocabulary, { maxLength: 14 }).map((w) => w.join(' ')), fc.array(vocabulary, { maxLength: 14 }).map((w) => w.join('')));
    fc.assert(
      fc.property(requests, (request) => {
        const first = translate(request, options);
        expect(() => parse(first.query)).not.toThrow();
        expect(translate(request, options).query).toBe(first.query);
        expect(first.confidence).toBeGreaterThanOrEqual(0);
        expect(first.confidence).toBeLessThanOrEqual(1);
      }),
      { numRuns: 400 },
    );
  });

  it('words that are names of Object’s own properties are just words', () => {
    for (const word of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      for (const request of [word, `from ${word}`, `${word} attachments`, `over 5 ${word}`, `in ${word}`, `${word} ago`, `labeled ${word}`]) {
        expect(() => parse(translate(request, options).query), request).not.toThrow();
      }
    }
    expect(translate('about constructor toString', options).query).toBe('constructor tostring');
  });

  it('a hostile, very long request is cut and still parses', () => {
    const request = `${'from rohit or '.repeat(500)}((((${'"'.repeat(51)}`;
    const translation = translate(request, options);
    expect(() => parse(translation.query)).not.toThrow();
    expect(translation.query.length).toBeLessThan(4000);
  });
});

describe('the directory of a mailbox', () => {
  it('counts names with addresses over From, To and Cc, lists by List-Id, and label names', () => {
    const directory = buildSearchDirectory(
      [
        message({ from: [{ name: '"Rohit Khare"', address: 'Khare@Example.edu' }], cc: [{ name: null, address: 'khare@example.edu' }], listId: 'FoRK <fork.example.com>' }),
        message({ to: [{ name: 'Rohit Khare', address: 'khare@example.edu' }], listId: '<fork.example.com>' }),
      ],
      [{ id: 'Label_1', name: 'Work/Projects' }],
    );
    const people: DirectoryEntry[] = directory.people.filter((p) => p.address === 'khare@example.edu');
    expect(people).toEqual([
      { name: 'Rohit Khare', address: 'khare@example.edu', count: 2 },
      { name: null, address: 'khare@example.edu', count: 1 },
    ]);
    expect(directory.lists).toEqual([{ id: 'fork.example.com', name: 'FoRK', count: 2 }]);
    expect(directory.labels).toEqual(['Work/Projects']);
  });
});
