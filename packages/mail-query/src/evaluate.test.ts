import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate.ts';
import type { EvaluationContext, MessageMeta } from './message.ts';
import { parse } from './parse.ts';
import { context, message } from './testing/messages.ts';

const matches = (query: string, m: MessageMeta, ctx: EvaluationContext = context()) => evaluate(parse(query), m, ctx);

describe('free text', () => {
  const m = message({
    subject: 'Re: Hello-World plans',
    from: [{ name: 'Zoë Ångström', address: 'zoe@mail.example.co.uk' }],
    bodyText: 'Let us meet on Friday for the summer vacation planning. See you there!',
  });
  it('matches whole words case-insensitively in subject, names, addresses and body', () => {
    expect(matches('hello', m)).toBe(true);
    expect(matches('HELLO world', m)).toBe(true);
    expect(matches('zoë', m)).toBe(true);
    expect(matches('ångström', m)).toBe(true);
    expect(matches('example', m)).toBe(true);
    expect(matches('friday', m)).toBe(true);
    expect(matches('hell', m)).toBe(false);
    expect(matches('plan', m)).toBe(false);
  });
  it('matches phrases and hyphenated words as consecutive words', () => {
    expect(matches('"summer vacation"', m)).toBe(true);
    expect(matches('"vacation summer"', m)).toBe(false);
    expect(matches('hello-world', m)).toBe(true);
    expect(matches('+friday', m)).toBe(true);
  });
  it('never matches a phrase across two fields', () => {
    expect(matches('"plans zoë"', m)).toBe(false);
  });
  it('matches only the headers when the body is not available', () => {
    expect(matches('friday', { ...m, bodyText: undefined })).toBe(false);
    expect(matches('hello', { ...m, bodyText: undefined })).toBe(true);
  });
  it('AROUND finds two words within n words, in either order', () => {
    expect(matches('friday AROUND 3 summer', m)).toBe(true);
    expect(matches('summer AROUND 3 friday', m)).toBe(true);
    expect(matches('friday AROUND 2 summer', m)).toBe(true);
    expect(matches('friday AROUND 1 summer', m)).toBe(false);
    expect(matches('meet AROUND 0 "on friday"', m)).toBe(true);
    expect(matches('meet AROUND 5 nowhere', m)).toBe(false);
  });
});

describe('address operators', () => {
  const m = message({
    from: [{ name: 'Exmh Workers', address: 'exmh-workers-admin@listman.redhat.com' }],
    to: [{ name: 'Bob Jones', address: 'bob@example.org' }, { name: null, address: 'carol@example.net' }],
    cc: [{ name: 'Dave', address: 'dave@cc.example' }],
    bcc: [{ name: null, address: 'eve@secret.example' }],
    deliveredTo: ['zzzz@localhost.netnoteinc.com'],
  });
  it('matches the full address, its domain, a parent domain, or a whole word of name or address', () => {
    expect(matches('from:exmh-workers-admin@listman.redhat.com', m)).toBe(true);
    expect(matches('from:listman.redhat.com', m)).toBe(true);
    expect(matches('from:redhat.com', m)).toBe(true);
    expect(matches('from:@redhat.com', m)).toBe(true);
    expect(matches('from:workers', m)).toBe(true);
    expect(matches('from:"exmh workers"', m)).toBe(true);
    expect(matches('from:hat.com', m)).toBe(false);
    expect(matches('from:redhat.co', m)).toBe(false);
    expect(matches('from:bob', m)).toBe(false);
  });
  it('searches each recipient field on its own', () => {
    expect(matches('to:jones', m)).toBe(true);
    expect(matches('to:carol@example.net', m)).toBe(true);
    expect(matches('to:dave', m)).toBe(false);
    expect(matches('cc:dave', m)).toBe(true);
    expect(matches('cc:cc.example', m)).toBe(true);
    expect(matches('bcc:secret.example', m)).toBe(true);
    expect(matches('bcc:bob', m)).toBe(false);
    expect(matches('deliveredto:netnoteinc.com', m)).toBe(true);
    expect(matches('deliveredto:bob', m)).toBe(false);
  });
  it('does not join a name and the next address into one phrase', () => {
    expect(matches('to:"jones bob"', m)).toBe(false);
  });
  it('matches every word of an operator group', () => {
    expect(matches('to:(bob carol)', m)).toBe(true);
    expect(matches('to:(bob mallory)', m)).toBe(false);
    expect(matches('to:{mallory carol}', m)).toBe(true);
  });
});

describe('subject, list, filename, rfc822msgid', () => {
  const m = message({
    subject: '[SAdev] Bug 1234: Spam filter broken',
    listId: 'SpamAssassin Developers <spamassassin-devel.lists.sourceforge.net>',
    listPost: '<mailto:spamassassin-devel@lists.sourceforge.net>',
    attachments: [
      { filename: 'Report 2024.PDF', mimeType: 'application/pdf' },
      { filename: 'photo.jpg', mimeType: 'image/jpeg' },
    ],
    rfc822MessageId: 'ABC.123@Example.COM',
  });
  it('a symbol separates words, even one that compatibility normalisation turns into letters', () => {
    // RFC 2047 `=?iso-8859-1?Q?Matrox_Parhelia=99_now_available?=` decodes (as windows-1252) to ™.
    const tm = message({ subject: 'Matrox Parhelia™ now available', from: [{ name: 'Ｍａｔｒｏｘ™ Sales', address: 'sales@matrox.example' }] });
    expect(matches('subject:parhelia', tm)).toBe(true);
    expect(matches('subject:"parhelia now available"', tm)).toBe(true);
    expect(matches('subject:parheliatm', tm)).toBe(false);
    expect(matches('from:matrox', tm)).toBe(true);
    expect(matches('from:"matrox sales"', tm)).toBe(true);
    // Compatibility forms inside a word still fold: the ligature ﬁ is fi, ² is 2.
    expect(matches('subject:fine', message({ subject: 'ﬁne' }))).toBe(true);
    expect(matches('subject:x2', message({ subject: 'x²' }))).toBe(true);
  });
  it('subject: matches words of the subject only', () => {
    expect(matches('subject:bug', m)).toBe(true);
    expect(matches('subject:(spam filter)', m)).toBe(true);
    expect(matches('subject:"filter spam"', m)).toBe(false);
    expect(matches('subject:alice', m)).toBe(false);
  });
  it('list: matches the List-Id identifier or the List-Post address', () => {
    expect(matches('list:spamassassin-devel.lists.sourceforge.net', m)).toBe(true);
    expect(matches('list:sourceforge.net', m)).toBe(true);
    expect(matches('list:spamassassin-devel@lists.sourceforge.net', m)).toBe(true);
    expect(matches('list:developers', m)).toBe(false);
    expect(matches('list:sourceforge.net', message())).toBe(false);
  });
  it('filename: matches attachment names and extensions', () => {
    expect(matches('filename:pdf', m)).toBe(true);
    expect(matches('filename:"report 2024.pdf"', m)).toBe(true);
    expect(matches('filename:photo.jpg', m)).toBe(true);
    expect(matches('filename:png', m)).toBe(false);
  });
  it('rfc822msgid: matches the whole Message-ID, with or without brackets', () => {
    expect(matches('rfc822msgid:abc.123@example.com', m)).toBe(true);
    expect(matches('rfc822msgid:<ABC.123@example.com>', m)).toBe(true);
    expect(matches('rfc822msgid:abc.123', m)).toBe(false);
  });
});

describe('labels and mailbox state', () => {
  const ctx = context({ labels: [{ id: 'Label_7', name: 'Work/Projects' }, { id: 'Label_8', name: 'Receipts 2024' }] });
  const m = message({ labelIds: ['INBOX', 'UNREAD', 'STARRED', 'Label_7', 'CATEGORY_UPDATES'] });
  it('label: compares names case-insensitively with spaces and / read as -', () => {
    expect(matches('label:work-projects', m, ctx)).toBe(true);
    expect(matches('label:Work/Projects', m, ctx)).toBe(true);
    expect(matches('label:"work projects"', m, ctx)).toBe(true);
    expect(matches('label:work', m, ctx)).toBe(false);
    expect(matches('label:receipts-2024', m, ctx)).toBe(false);
    expect(matches('label:receipts-2024', message({ labelIds: ['Label_8'] }), ctx)).toBe(true);
  });
  it('label: also names system labels', () => {
    expect(matches('label:inbox', m, ctx)).toBe(true);
    expect(matches('label:starred', m, ctx)).toBe(true);
    expect(matches('label:important', m, ctx)).toBe(false);
  });
  it('is: reads the state labels', () => {
    expect(matches('is:unread', m, ctx)).toBe(true);
    expect(matches('is:read', m, ctx)).toBe(false);
    expect(matches('is:starred', m, ctx)).toBe(true);
    expect(matches('is:important', m, ctx)).toBe(false);
    expect(matches('is:muted', message({ labelIds: ['MUTED'] }), ctx)).toBe(true);
    expect(matches('is:snoozed', message({ labelIds: ['SNOOZED'] }), ctx)).toBe(true);
  });
  it('in: reads the mailbox labels', () => {
    expect(matches('in:inbox', m, ctx)).toBe(true);
    expect(matches('in:sent', message({ labelIds: ['SENT'] }), ctx)).toBe(true);
    expect(matches('in:drafts', message({ labelIds: ['DRAFT'] }), ctx)).toBe(true);
    expect(matches('in:snoozed', message({ labelIds: ['SNOOZED'] }), ctx)).toBe(true);
    expect(matches('in:archive', m, ctx)).toBe(false);
    expect(matches('in:archive', message({ labelIds: ['Label_7'] }), ctx)).toBe(true);
    expect(matches('in:archive', message({ labelIds: ['SENT'] }), ctx)).toBe(false);
  });
  it('category: reads the category labels; primary is having none of the other four tabs', () => {
    expect(matches('category:updates', m, ctx)).toBe(true);
    expect(matches('category:social', m, ctx)).toBe(false);
    expect(matches('category:primary', message({ labelIds: ['CATEGORY_PERSONAL'] }), ctx)).toBe(true);
    // Takeout writes no label for Primary: no tab label at all is Primary too.
    expect(matches('category:primary', message({ labelIds: ['INBOX', 'UNREAD'] }), ctx)).toBe(true);
    expect(matches('category:primary', message({ labelIds: [] }), ctx)).toBe(true);
    expect(matches('category:primary', message({ labelIds: ['CATEGORY_PURCHASES', 'Label_7'] }), ctx)).toBe(true);
    for (const tab of ['CATEGORY_SOCIAL', 'CATEGORY_PROMOTIONS', 'CATEGORY_UPDATES', 'CATEGORY_FORUMS']) {
      expect(matches('category:primary', message({ labelIds: ['INBOX', tab] }), ctx)).toBe(false);
      expect(matches('-category:primary', message({ labelIds: ['INBOX', tab] }), ctx)).toBe(true);
    }
    expect(matches('category:primary', message({ labelIds: ['CATEGORY_PERSONAL', 'CATEGORY_UPDATES'] }), ctx)).toBe(false);
    expect(matches('category:forums', message({ labelIds: ['CATEGORY_FORUMS'] }), ctx)).toBe(true);
    expect(matches('category:promotions', message({ labelIds: ['CATEGORY_PROMOTIONS'] }), ctx)).toBe(true);
    expect(matches('category:reservations', message({ labelIds: ['CATEGORY_RESERVATIONS'] }), ctx)).toBe(true);
    expect(matches('category:purchases', message({ labelIds: ['CATEGORY_PURCHASES'] }), ctx)).toBe(true);
  });
  it('has:userlabels and has:nouserlabels look for labels the user made', () => {
    expect(matches('has:userlabels', m, ctx)).toBe(true);
    expect(matches('has:nouserlabels', m, ctx)).toBe(false);
    expect(matches('has:nouserlabels', message({ labelIds: ['INBOX', 'CATEGORY_SOCIAL'] }), ctx)).toBe(true);
  });
});

describe('spam and trash', () => {
  const spam = message({ labelIds: ['SPAM'], subject: 'cheap pills' });
  const trash = message({ labelIds: ['TRASH'], subject: 'cheap pills' });
  it('never match unless the query names them or asks for anywhere', () => {
    expect(matches('cheap', spam)).toBe(false);
    expect(matches('', spam)).toBe(false);
    expect(matches('-in:inbox', trash)).toBe(false);
    expect(matches('in:spam cheap', spam)).toBe(true);
    expect(matches('in:trash', trash)).toBe(true);
    expect(matches('in:anywhere cheap', spam)).toBe(true);
    expect(matches('in:anywhere cheap', trash)).toBe(true);
    expect(matches('cheap OR in:anywhere', trash)).toBe(true);
  });
  it('a mention of spam, trash or anywhere lifts the rule for both folders, even negated', () => {
    // Gmail: `-in:trash mortgage` searches spam too; `-in:spam razor` searches trash too.
    expect(matches('-in:trash cheap', spam)).toBe(true);
    expect(matches('-in:trash cheap', trash)).toBe(false);
    expect(matches('-in:spam cheap', trash)).toBe(true);
    expect(matches('-in:spam cheap', spam)).toBe(false);
    expect(matches('in:spam OR cheap', trash)).toBe(true);
    expect(matches('-in:anywhere OR cheap', spam)).toBe(true);
    expect(matches('-(in:inbox) cheap', spam)).toBe(false);
  });
  it('the empty query matches everything else', () => {
    expect(matches('', message())).toBe(true);
  });
});

describe('attachments and Google links', () => {
  it('has:attachment', () => {
    expect(matches('has:attachment', message({ attachments: [{ filename: 'a.txt', mimeType: 'text/plain' }] }))).toBe(true);
    expect(matches('has:attachment', message())).toBe(false);
  });
  it('has:drive, document, spreadsheet, presentation and youtube look at body links', () => {
    const m = message({
      bodyText: 'Slides: see below',
      bodyUrls: ['https://docs.google.com/presentation/d/1abc/edit', 'https://youtu.be/dQw4w9WgXcQ'],
    });
    expect(matches('has:drive', m)).toBe(true);
    expect(matches('has:presentation', m)).toBe(true);
    expect(matches('has:youtube', m)).toBe(true);
    expect(matches('has:document', m)).toBe(false);
    expect(matches('has:spreadsheet', message({ bodyText: 'https://docs.google.com/spreadsheets/d/9/edit' }))).toBe(true);
    expect(matches('has:document', message({ attachments: [{ filename: 'Doc', mimeType: 'application/vnd.google-apps.document' }] }))).toBe(true);
    expect(matches('has:youtube', message({ bodyText: 'youtube is great' }))).toBe(false);
  });
});

describe('dates', () => {
  const berlin = context({ timeZone: 'Europe/Berlin' });
  // 2024-01-14 23:30 UTC is 2024-01-15 00:30 in Berlin.
  const m = message({ internalDate: Date.UTC(2024, 0, 14, 23, 30) });
  it('after:/newer: match from midnight of that day in the user zone', () => {
    expect(matches('after:2024/01/15', m, berlin)).toBe(true);
    expect(matches('after:2024/01/15', m, context({ timeZone: 'UTC' }))).toBe(false);
    expect(matches('newer:2024-01-15', m, berlin)).toBe(true);
    expect(matches('after:01/16/2024', m, berlin)).toBe(false);
  });
  it('before:/older: match strictly before midnight', () => {
    expect(matches('before:2024/01/15', m, berlin)).toBe(false);
    expect(matches('before:2024/01/15', m, context({ timeZone: 'UTC' }))).toBe(true);
    expect(matches('older:2024/01/16', m, berlin)).toBe(true);
  });
  it('midnight itself is after, not before', () => {
    const midnight = message({ internalDate: Date.UTC(2024, 0, 14, 23, 0) });
    expect(matches('after:2024/01/15', midnight, berlin)).toBe(true);
    expect(matches('before:2024/01/15', midnight, berlin)).toBe(false);
  });
  it('epoch seconds are instants', () => {
    const t = Math.floor(m.internalDate / 1000);
    expect(matches(`after:${t}`, m)).toBe(true);
    expect(matches(`after:${t + 1}`, m)).toBe(false);
    expect(matches(`before:${t + 1}`, m)).toBe(true);
  });
  it('handles a day that starts at 01:00 because of a DST gap', () => {
    // Chile moved clocks from 00:00 to 01:00 on 2022-09-11 (America/Santiago).
    const chile = context({ timeZone: 'America/Santiago' });
    const justAfter = message({ internalDate: Date.UTC(2022, 8, 11, 4, 0, 30) });
    const justBefore = message({ internalDate: Date.UTC(2022, 8, 11, 3, 59, 30) });
    expect(matches('after:2022/09/11', justAfter, chile)).toBe(true);
    expect(matches('after:2022/09/11', justBefore, chile)).toBe(false);
  });
  it('older_than/newer_than count days, and calendar months and years', () => {
    const now = new Date('2024-03-31T10:00:00Z');
    const ctx = context({ now });
    const at = (iso: string) => message({ internalDate: Date.parse(iso) });
    expect(matches('newer_than:2d', at('2024-03-29T10:00:00Z'), ctx)).toBe(true);
    expect(matches('newer_than:2d', at('2024-03-29T09:59:59Z'), ctx)).toBe(false);
    expect(matches('older_than:2d', at('2024-03-29T09:59:59Z'), ctx)).toBe(true);
    // One month before 31 March is 29 February (2024 is a leap year).
    expect(matches('newer_than:1m', at('2024-02-29T10:00:00Z'), ctx)).toBe(true);
    expect(matches('newer_than:1m', at('2024-02-29T09:59:00Z'), ctx)).toBe(false);
    expect(matches('older_than:1y', at('2023-03-31T09:00:00Z'), ctx)).toBe(true);
    expect(matches('older_than:1y', at('2023-03-31T11:00:00Z'), ctx)).toBe(false);
  });
});

describe('sizes', () => {
  const m = message({ sizeEstimate: 10 * 1024 });
  it('larger is >, smaller is <, size is >=, with K = 1024 and M = 1048576', () => {
    expect(matches('larger:10K', m)).toBe(false);
    expect(matches('larger:10239', m)).toBe(true);
    expect(matches('smaller:10K', m)).toBe(false);
    expect(matches('smaller:10241', m)).toBe(true);
    expect(matches('size:10240', m)).toBe(true);
    expect(matches('size:10241', m)).toBe(false);
    expect(matches('larger:1M', message({ sizeEstimate: 1_048_577 }))).toBe(true);
    expect(matches('larger:1M', message({ sizeEstimate: 1_048_576 }))).toBe(false);
  });
});

describe('boolean structure', () => {
  const m = message({ subject: 'alpha beta' });
  it('combines AND, OR, negation and groups', () => {
    expect(matches('alpha beta', m)).toBe(true);
    expect(matches('alpha gamma', m)).toBe(false);
    expect(matches('alpha OR gamma', m)).toBe(true);
    expect(matches('gamma alpha OR beta', m)).toBe(false);
    expect(matches('-gamma alpha', m)).toBe(true);
    expect(matches('-(alpha gamma)', m)).toBe(true);
    expect(matches('-{alpha gamma}', m)).toBe(false);
    expect(matches('--alpha', m)).toBe(true);
  });
  it('sees label changes made to the same message object', () => {
    const mutable = message({ labelIds: ['INBOX'] });
    const ctx = context();
    const ast = parse('is:unread');
    expect(evaluate(ast, mutable, ctx)).toBe(false);
    mutable.labelIds.push('UNREAD');
    expect(evaluate(ast, mutable, ctx)).toBe(true);
  });
});
