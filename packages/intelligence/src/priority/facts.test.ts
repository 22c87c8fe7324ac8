import { describe, expect, it } from 'vitest';
import { normaliseAddress, personName, registrableDomain } from './addresses.ts';
import { KIND, messageFacts, POSITION, promotionalSubject, tokenWords } from './facts.ts';
import { createPriorityState } from './state.ts';
import { addr, feedItem, listPost, mail, ME, newsletter } from './testing.ts';

const self = createPriorityState({ selfAddresses: [ME, 'me.too@work.example'], timeZone: 'UTC' }).self;
const facts = (m = mail()) => messageFacts(m, self);

describe('who sent it: people, lists and machines', () => {
  it('a person writing to the user is a person, in To', () => {
    expect(facts()).toMatchObject({ kind: KIND.person, position: POSITION.to, machineReason: null });
  });

  it('a discussion-list post is list mail that reached the user via the list, though Mailman marks it Precedence: bulk', () => {
    const f = facts(listPost('dev', addr('bob@example.org', 'Bob'), { headers: { precedence: 'bulk' } }));
    expect(f).toMatchObject({ kind: KIND.list, position: POSITION.viaList, listName: 'The dev list' });
  });

  it('no-reply, mailer-daemon and notifications local parts are machines', () => {
    for (const local of ['no-reply', 'noreply', 'do-not-reply', 'mailer-daemon', 'notifications', 'bugzilla-daemon']) {
      expect(facts(mail({ from: [addr(`${local}@service.example`)] })).kind, local).toBe(KIND.notification);
    }
    expect(facts(mail({ from: [addr('noreply@service.example')] })).machineReason).toBe('no-reply');
  });

  it('Auto-Submitted other than "no" is a machine (RFC 3834)', () => {
    expect(facts(mail({ headers: { 'auto-submitted': 'auto-generated' } })).kind).toBe(KIND.notification);
    expect(facts(mail({ headers: { 'auto-submitted': 'no' } })).kind).toBe(KIND.person);
  });

  it('List-Unsubscribe, Precedence: bulk or junk, bulk-mail services, bulk mailers and campaign subdomains make bulk mail', () => {
    expect(facts(newsletter()).kind).toBe(KIND.bulk);
    expect(facts(mail({ listUnsubscribe: '<https://x.example/u>' })).kind).toBe(KIND.bulk);
    expect(facts(mail({ headers: { precedence: 'junk' } })).kind).toBe(KIND.bulk);
    expect(facts(mail({ from: [addr('deals@em.shop.example')], rfc822MessageId: 'abc@mail.sendgrid.net' })).machineReason).toBe('sent by a bulk-mail service');
    expect(facts(mail({ headers: { 'x-mailer': 'MailChimp Mailer - **CID1234**' } })).kind).toBe(KIND.bulk);
    expect(facts(mail({ from: [addr('anna@news.shop.example')] })).machineReason).toBe('marketing address');
    expect(facts(mail({ from: [addr('offers@shop.example')], headers: { 'return-path': '<bounces+8f3a@mailer.shop.example>' } })).kind).toBe(KIND.bulk);
  });

  it('list software’s own marks (Precedence: bulk, List-Unsubscribe, a -bounces return path) keep a post list mail', () => {
    const post = listPost('dev', addr('bob@example.org', 'Bob'), { headers: { precedence: 'bulk', 'return-path': '<dev-bounces+me=home.example@lists.example.org>' } });
    expect(facts(post).kind).toBe(KIND.list);
  });

  it('a receipt with a bounce-handling return path is still a notification, not a newsletter', () => {
    const receipt = mail({ from: [addr('no-reply@shop.example')], headers: { 'return-path': '<bounce-123@shop.example>' } });
    expect(facts(receipt).kind).toBe(KIND.notification);
  });

  it('an announcement list (List-Post: NO) is bulk, not a discussion', () => {
    expect(facts(listPost('announce', addr('anna@example.org', 'Anna'), { listPost: 'NO' })).kind).toBe(KIND.bulk);
  });

  it('feed gateways are feeds, whoever they are addressed to', () => {
    const f = facts(feedItem());
    expect(f.kind).toBe(KIND.feed);
    expect(f.position).toBe(POSITION.to);
    expect(facts(mail({ from: [addr('rssfeeds@example.org', 'boingboing')] })).kind).toBe(KIND.feed);
    expect(facts(mail({ from: [addr('alerts-xyz@feedburner.com')] })).kind).toBe(KIND.feed);
  });

  it('info@ and support@ are desks, not people', () => {
    expect(facts(mail({ from: [addr('info@company.example', 'Company')] })).kind).toBe(KIND.role);
  });

  it('mail from any of the user’s addresses, or labelled SENT, is the user’s own', () => {
    expect(facts(mail({ from: [addr('Me.Too+x@Work.example')] })).kind).toBe(KIND.self);
    expect(facts(mail({ from: [addr('alias@elsewhere.example')], labelIds: ['SENT'] })).fromSelf).toBe(true);
  });
});

describe('how it reached the user', () => {
  it('Cc, a large group, Bcc', () => {
    expect(facts(mail({ to: [addr('x@example.org')], cc: [addr(ME)] })).position).toBe(POSITION.cc);
    const crowd = Array.from({ length: 12 }, (_, i) => addr(`p${i}@example.org`));
    expect(facts(mail({ to: [addr(ME), ...crowd] })).position).toBe(POSITION.group);
    expect(facts(mail({ to: [addr('undisclosed-recipients@example.org')] })).position).toBe(POSITION.unaddressed);
  });

  it('the user in To of a list post (someone answering the user on the list) is addressed', () => {
    expect(facts(listPost('dev', addr('bob@example.org'), { to: [addr(ME)], cc: [addr('dev@lists.example.org')] })).position).toBe(POSITION.to);
  });
});

describe('addresses and names', () => {
  it('one spelling per mailbox: case, +tags, Gmail dots', () => {
    expect(normaliseAddress('Alice.Smith+news@GMail.com')).toBe('alicesmith@gmail.com');
    expect(normaliseAddress('bob.jones+x@Example.org')).toBe('bob.jones@example.org');
  });

  it('registrable domains come from the Public Suffix List', () => {
    expect(registrableDomain('mail.news.bbc.co.uk')).toBe('bbc.co.uk');
    expect(registrableDomain('lists.example.org')).toBe('example.org');
  });

  it('display names identify people, not roles', () => {
    expect(personName('Smith, Alice')).toBe('alice smith');
    expect(personName('"Alice Smith" via Google Docs')).toBe('alice smith');
    expect(personName('Acme Support')).toBeNull();
    expect(personName('alice@example.org')).toBeNull();
    expect(personName('Al')).toBeNull();
  });
});

describe('content', () => {
  it('words are lower case, 3–20 letters, without stop words or numbers', () => {
    expect(tokenWords('Re: The 2024 BUDGET for Zürich — and more!').map((t) => t.word)).toEqual(['budget', 'zürich']);
  });

  it('promotional subjects: prices, percentages off, !!, ADV:, shouting', () => {
    expect(promotionalSubject('Save 50% off everything')).toBe(true);
    expect(promotionalSubject('ADV: lowest mortgage rates')).toBe(true);
    expect(promotionalSubject('ACT NOW TO CLAIM YOUR PRIZE')).toBe(true);
    expect(promotionalSubject('Only $9.99 today')).toBe(true);
    expect(promotionalSubject('Re: free software licences')).toBe(false);
    expect(promotionalSubject('Minutes of Tuesday’s meeting')).toBe(false);
  });

  it('Spam and Trash are facts the model keeps', () => {
    expect(facts(mail({ labelIds: ['SPAM'] })).spam).toBe(true);
    expect(facts(mail({ labelIds: ['TRASH'] })).trash).toBe(true);
  });
});

describe('hostile mail', () => {
  it('megabyte subjects, names, headers and reference lists are read in linear time (no pattern backtracks over them)', () => {
    const huge = 'free '.repeat(200_000);
    const state = createPriorityState({ selfAddresses: [ME], timeZone: 'UTC' });
    const message = mail({
      subject: huge,
      snippet: huge,
      from: [addr(`${'a.'.repeat(100_000)}noreply@x.example`, `${'Smith, '.repeat(100_000)}Alice`)],
      to: Array.from({ length: 50_000 }, (_, i) => addr(`r${i}@example.org`)),
      references: Array.from({ length: 100_000 }, (_, i) => `<r${i}@x>`).join(' '),
      listId: `<${'l'.repeat(1_000_000)}`,
      headers: { 'x-mailer': 'bulk'.repeat(250_000), 'mailing-list': `list ${'x'.repeat(1_000_000)}`, 'return-path': `<${'b'.repeat(1_000_000)}>` },
    });
    const f = messageFacts(message, state.self);
    expect(f.tokens.length).toBeLessThanOrEqual(48);
    expect(f.answers.length).toBeLessThanOrEqual(100);
    expect(promotionalSubject(huge)).toBe(false);
  });
});
