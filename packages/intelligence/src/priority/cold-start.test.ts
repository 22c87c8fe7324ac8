import { describe, expect, it } from 'vitest';
import { learnMailbox } from './mailbox.ts';
import { priorityScore, scorePriority } from './score.ts';
import { addr, feedItem, listPost, mail, ME, newsletter, NOW, sent } from './testing.ts';
import type { PriorityMessage } from './types.ts';

/** Scores of `messages` in a mailbox that also holds `history`, with no actions at all. */
function coldScores(messages: PriorityMessage[], history: PriorityMessage[] = []): number[] {
  const state = learnMailbox({ messages: [...history, ...messages], actions: [], selfAddresses: [ME], timeZone: 'Europe/Berlin', now: NOW });
  return messages.map((m) => priorityScore(state, m, NOW));
}

const alice = addr('alice@partner.example', 'Alice Example');
const bob = addr('bob@example.org', 'Bob Stranger');

describe('cold start: the order before the user has done anything', () => {
  it('reply to the user > correspondent to the user > stranger to the user > correspondent via a list > list post > notification > newsletter and feed > spam', () => {
    const mine = sent([alice], { rfc822MessageId: 'question@me.example', subject: 'Question', internalDate: NOW - 30 * 3_600_000 });
    const history = [mine, sent([alice], { internalDate: NOW - 40 * 3_600_000 }), sent([alice], { internalDate: NOW - 50 * 3_600_000 })];
    const scores = coldScores(
      [
        mail({ from: [alice], inReplyTo: 'question@me.example', subject: 'Re: Question' }),
        mail({ from: [alice], subject: 'Contract draft' }),
        mail({ from: [bob], subject: 'Hello from a stranger' }),
        listPost('dev', alice),
        listPost('dev', bob),
        mail({ from: [addr('noreply@bank.example', 'Bank')], subject: 'Your statement is ready' }),
        newsletter(),
        feedItem(),
        mail({ from: [bob], labelIds: ['SPAM'] }),
      ],
      history,
    );
    const [reply, correspondent, stranger, correspondentOnList, list, notification, bulk, feed, spam] = scores as number[];
    expect(reply).toBeGreaterThan(correspondent as number);
    expect(correspondent).toBeGreaterThan(stranger as number);
    expect(stranger).toBeGreaterThan(correspondentOnList as number);
    expect(correspondentOnList).toBeGreaterThan(list as number);
    expect(list).toBeGreaterThan(notification as number);
    expect(notification).toBeGreaterThan(bulk as number);
    expect(Math.max(bulk as number, feed as number)).toBeGreaterThan(spam as number);
    expect(spam).toBe(0);
    expect(stranger).toBeGreaterThanOrEqual(50);
    expect(list).toBeLessThan(50);
  });

  it('a feed or a newsletter addressed To the user stays low: being "sent to me" is not a reason by itself', () => {
    const [feedToMe, feedUnaddressed, bulkToMe, list] = coldScores([
      feedItem(),
      feedItem({ to: [addr('subscribers@feeds.example.net')] }),
      newsletter(),
      listPost('dev', bob),
    ]) as number[];
    expect(feedToMe).toBe(feedUnaddressed);
    expect(feedToMe).toBeLessThan(list as number);
    expect(bulkToMe).toBeLessThan(list as number);
    expect(feedToMe).toBeLessThan(10);
  });

  it('a daily feed sent through list software To the user alone (List-Id, List-Unsubscribe, Precedence: bulk) is not "written to you personally"', () => {
    const feed = (overrides: Partial<PriorityMessage> = {}) =>
      mail({
        from: [addr('guterman@mediaunspun.example.net', 'Media Unspun')],
        to: [addr(ME)],
        listId: 'Media Unspun <mediaunspun.example.net>',
        listUnsubscribe: '<mailto:leave-mediaunspun@example.net>',
        headers: { precedence: 'bulk' },
        subject: "Market Can't Find Its Bottom With Both Hands",
        snippet: 'The business press is all over the market today.',
        ...overrides,
      });
    const state = learnMailbox({ messages: [], actions: [], selfAddresses: [ME], timeZone: 'UTC', now: NOW });
    const daily = scorePriority(state, feed(), { now: NOW });
    const stranger = priorityScore(state, mail({ from: [bob] }), NOW);
    const list = priorityScore(state, listPost('dev', bob), NOW);
    expect(daily.score).toBeLessThan(list);
    expect(daily.score).toBeLessThan(30);
    expect(stranger - daily.score).toBeGreaterThan(30);
    expect(daily.contributions.map((c) => c.text).join(' | ')).not.toMatch(/to you/iu);
    expect(daily.contributions[0]?.text).toMatch(/newsletter or bulk mail/iu);
    // The same list software with only List-Id still does not count the user's stamped address.
    expect(priorityScore(state, feed({ listUnsubscribe: null, headers: {} }), NOW)).toBeLessThanOrEqual(list);
    // A person who writes To the user and Cc the list still wrote to the user.
    const reply = listPost('dev', bob, { to: [addr(ME)], cc: [addr('dev@lists.example.org')] });
    const replyScore = scorePriority(state, reply, { now: NOW });
    expect(replyScore.score).toBeGreaterThan(list + 10);
    expect(replyScore.contributions[0]?.text).toBe('Written to you personally');
  });

  it('the same feed with only the old bulk mailer\'s headers (Errors-To, Sender, Precedence: normal) To the user is a newsletter too', () => {
    // The SpamAssassin corpus's "Media Unspun" daily, as the demo mailbox delivers it to its user.
    const state = learnMailbox({ messages: [], actions: [], selfAddresses: [ME], timeZone: 'UTC', now: NOW });
    const daily = scorePriority(
      state,
      mail({
        from: [addr('guterman@mediaunspun.imakenews.net', 'Media Unspun')],
        replyTo: [addr('guterman@vineyard.com', 'Media Unspun')],
        to: [addr(ME)],
        rfc822MessageId: '12610$1033478774$mediaunspun$5114587@imakenews.net',
        headers: { precedence: 'normal', 'errors-to': '<guterman@mediaunspun.imakenews.net>', 'return-path': '<guterman@mediaunspun.imakenews.net>' },
        subject: "Market Can't Find Its Bottom With Both Hands",
      }),
      { now: NOW },
    );
    expect(daily.score).toBeLessThan(priorityScore(state, listPost('dev', bob), NOW));
    expect(daily.contributions[0]?.text).toBe('Automated sender (Errors-To)');
    expect(daily.contributions.map((c) => c.text)).not.toContain('Written to you personally');
  });

  it('Spam and Trash are never important, whatever else they look like', () => {
    const state = learnMailbox({ messages: [], actions: [], selfAddresses: [ME], timeZone: 'UTC', now: NOW });
    for (const labelIds of [['SPAM'], ['TRASH'], ['INBOX', 'STARRED', 'SPAM']]) {
      const result = scorePriority(state, mail({ from: [alice], labelIds }), { now: NOW });
      expect(result).toMatchObject({ score: 0, important: false });
      expect(result.contributions[0]?.text).toMatch(/never important/u);
    }
  });

  it('Gmail’s own Starred and Important labels carry no prior weight (exports may set them arbitrarily)', () => {
    const [plain, starred] = coldScores([mail({ from: [bob] }), mail({ from: [bob], labelIds: ['INBOX', 'STARRED', 'IMPORTANT', 'CATEGORY_PROMOTIONS'] })]) as number[];
    expect(starred).toBe(plain);
  });

  it('a colleague at the user’s own organisation ranks above a stranger; a shared webmail domain is no organisation', () => {
    const state = learnMailbox({ messages: [], actions: [], selfAddresses: ['me@acme.example', 'me@gmail.com'], timeZone: 'UTC', now: NOW });
    const colleague = priorityScore(state, mail({ from: [addr('carol@acme.example', 'Carol')], to: [addr('me@acme.example')] }), NOW);
    const stranger = priorityScore(state, mail({ from: [addr('dave@other.example', 'Dave')], to: [addr('me@acme.example')] }), NOW);
    const gmailUser = priorityScore(state, mail({ from: [addr('erin@gmail.com', 'Erin')], to: [addr('me@gmail.com')] }), NOW);
    expect(colleague).toBeGreaterThan(stranger);
    expect(gmailUser).toBe(stranger);
  });

  it('new mail ranks a little above the same mail a month old', () => {
    const [today, old] = coldScores([mail({ from: [bob], internalDate: NOW - 3_600_000 }), mail({ from: [bob], internalDate: NOW - 40 * 86_400_000 })]) as number[];
    expect(today).toBeGreaterThan(old as number);
    expect((today as number) - (old as number)).toBeLessThan(15);
  });
});
