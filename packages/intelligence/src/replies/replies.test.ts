import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractNewText, firstNameOf, learnStyle, suggestReplies, tooSimilar, understandMessage } from './index.ts';
import kinds from './testdata/kinds.json' with { type: 'json' };
import type { ReplyInput, ReplyMessage, StyleProfile, ThreadSummary } from './types.ts';

const ME = { addresses: ['jordan@example.com'], name: 'Jordan Lee' };
const NO_THREAD: ThreadSummary = { messageCount: 1, userMessageCount: 0, userMessageIds: [] };

function message(overrides: Partial<ReplyMessage> & { text: string }): ReplyMessage {
  return {
    from: [{ name: 'Ann Smith', address: 'ann@acme.example' }],
    to: [{ name: 'Jordan Lee', address: 'jordan@example.com' }],
    cc: [],
    replyTo: [],
    subject: 'Hello',
    headers: [],
    labelIds: ['INBOX', 'UNREAD'],
    htmlOnly: false,
    messageId: 'abc@acme.example',
    inReplyTo: [],
    references: [],
    date: Date.parse('2024-06-03T09:00:00Z'),
    attachments: [],
    ...overrides,
  };
}

function ask(overrides: Partial<ReplyMessage> & { text: string }, extra: Partial<ReplyInput> = {}) {
  return suggestReplies({ message: message(overrides), thread: NO_THREAD, user: ME, style: null, ...extra });
}

function bodies(result: ReturnType<typeof suggestReplies>): string[] {
  return result.suggestions.map((s) => s.body);
}

describe('triggering', () => {
  it('suggests replies for mail a person wrote to the user', () => {
    const result = ask({ text: 'Hi Jordan,\n\nCan you send me the Q3 report?\n\nThanks,\nAnn' });
    expect(result).toMatchObject({ trigger: true, code: 'person-to-person' });
    expect(result.suggestions).toHaveLength(3);
  });

  it('stays silent for the user’s own message, spam, robots, calendars, bounces and auto-replies', () => {
    const cases: Array<[Partial<ReplyMessage>, string]> = [
      [{ from: [{ name: 'Jordan Lee', address: 'Jordan@Example.com' }] }, 'own-message'],
      [{ labelIds: ['SPAM'] }, 'spam'],
      [{ headers: [{ name: 'X-Spam-Flag', value: 'YES' }] }, 'spam'],
      [{ from: [{ name: 'Acme', address: 'no-reply@acme.example' }] }, 'no-reply'],
      [{ from: [{ name: 'GitHub', address: 'notifications@github.example' }] }, 'no-reply'],
      [{ replyTo: [{ name: null, address: 'donotreply@acme.example' }] }, 'no-reply'],
      [{ attachments: [{ filename: 'invite.ics', mimeType: 'text/calendar' }], subject: 'Invitation: Sync @ Tue' }, 'calendar'],
      [{ from: [{ name: 'Google Calendar', address: 'calendar-notification@google.com' }] }, 'calendar'],
      [{ subject: 'Accepted: Planning review' }, 'calendar'],
      [{ headers: [{ name: 'Auto-Submitted', value: 'auto-replied' }], subject: 'Out of office' }, 'automated'],
      [{ from: [{ name: 'Mail Delivery System', address: 'MAILER-DAEMON@mx.example' }], subject: 'Undelivered Mail Returned to Sender' }, 'automated'],
    ];
    for (const [overrides, code] of cases) {
      const result = ask({ text: 'Are you coming on Friday?', ...overrides });
      expect(result, code).toMatchObject({ trigger: false, code });
      expect(result.suggestions).toEqual([]);
      expect(result.reason.length).toBeGreaterThan(5);
    }
  });

  it('stays silent for newsletters and other bulk mail', () => {
    const newsletter = ask({
      from: [{ name: 'Acme Weekly', address: 'news@mail.acme.example' }],
      headers: [{ name: 'List-Unsubscribe', value: '<https://acme.example/unsub?u=1>' }],
      subject: 'Acme Weekly #42: what shipped',
      text: 'Here is what shipped this week. Do you want to try it?\n\nUnsubscribe: https://acme.example/unsub',
    });
    expect(newsletter).toMatchObject({ trigger: false, code: 'bulk' });
    const massMailer = ask({ headers: [{ name: 'X-Mailer', value: 'Accucast (http://www.accucast.com)' }], text: 'Big savings inside!' });
    expect(massMailer).toMatchObject({ trigger: false, code: 'bulk' });
  });

  it('stays silent for list traffic in threads the user has not written in', () => {
    const result = ask({
      to: [{ name: null, address: 'dev@lists.example.org' }],
      headers: [{ name: 'List-Id', value: 'Developers <dev.lists.example.org>' }, { name: 'List-Post', value: '<mailto:dev@lists.example.org>' }],
      subject: '[dev] build broken?',
      text: 'Is anyone else seeing the build fail on main?',
    });
    expect(result).toMatchObject({ trigger: false, code: 'list' });
    expect(result.reason).toContain('dev.lists.example.org');
  });

  it('suggests on a list when the thread is one the user takes part in, replies to them or quotes them', () => {
    const list = {
      to: [{ name: null, address: 'dev@lists.example.org' }],
      headers: [{ name: 'List-Id', value: '<dev.lists.example.org>' }, { name: 'Precedence', value: 'bulk' }],
      subject: 'Re: [dev] build broken?',
    };
    const inThread = ask({ ...list, text: 'It is fixed now.' }, { thread: { messageCount: 4, userMessageCount: 1, userMessageIds: [] } });
    expect(inThread).toMatchObject({ trigger: true, code: 'thread-participant' });
    const repliesToUser = ask({ ...list, inReplyTo: ['mine-1@example.com'], text: 'It is fixed now.' }, { thread: { messageCount: 2, userMessageCount: 0, userMessageIds: ['mine-1@example.com'] } });
    expect(repliesToUser).toMatchObject({ trigger: true, code: 'thread-participant' });
    const quotesUser = ask({ ...list, text: 'On Mon, 3 Jun 2024, Jordan Lee wrote:\n> did anyone try it?\n\nYes, works here.' });
    expect(quotesUser).toMatchObject({ trigger: true, code: 'thread-participant' });
    const ccUser = ask({ ...list, cc: [{ name: 'Jordan Lee', address: 'jordan@example.com' }], text: 'Jordan, can you take a look?' });
    expect(ccUser).toMatchObject({ trigger: true, code: 'addressed-in-list' });
  });

  it('mail not addressed to the user: silent, unless a person asks a small group a question', () => {
    const bcc = ask({ to: [{ name: 'Sam', address: 'sam@acme.example' }], text: 'The files are on the shared drive now.' });
    expect(bcc).toMatchObject({ trigger: false, code: 'not-addressed' });
    const undisclosed = ask({ to: [{ name: null, address: 'undisclosed-recipients@acme.example' }], text: 'Can you send the file?' });
    expect(undisclosed).toMatchObject({ trigger: false, code: 'not-addressed' });
    const team = ask({ to: [{ name: 'Platform team', address: 'team@acme.example' }], text: 'Can everyone send me their availability for next week?' });
    expect(team).toMatchObject({ trigger: true, code: 'person-to-person', reason: expect.stringMatching(/small group/) });
  });
});

describe('understanding and suggestions for each kind of message', () => {
  it('scheduling: echoes the proposed time in the accept and decline', () => {
    const result = ask({ text: 'Are you free for lunch on Tuesday at 12:30?' });
    expect(result.understanding?.primary).toBe('scheduling');
    expect(result.understanding?.time).toBe('Tuesday at 12:30');
    expect(bodies(result)).toEqual(['Tuesday at 12:30 works for me.', "Sorry, I can't make Tuesday at 12:30.", expect.stringMatching(/calendar|another|different/)]);
  });

  it('scheduling without a question mark: a proposal', () => {
    const result = ask({ text: "Let's meet tomorrow at 3pm to go over the plan." });
    expect(result.understanding?.primary).toBe('scheduling');
    expect(result.suggestions[0]?.body).toBe('Tomorrow at 3pm works for me.');
  });

  it('a request to do something: the task in the user’s words', () => {
    const result = ask({ text: 'Could you review my draft by Friday? Thanks!' });
    expect(result.understanding).toMatchObject({ primary: 'request', task: 'review your draft by Friday' });
    expect(result.suggestions.map((s) => s.stance)).toEqual(['accept', 'decline', 'ask']);
    expect(result.suggestions[0]?.body).toBe("Sure, I'll review your draft by Friday.");
  });

  it('a request for a file: the thing asked for, pronouns turned around', () => {
    const result = ask({ text: 'Hey, could you send me your notes from the workshop?' });
    expect(result.understanding).toMatchObject({ primary: 'information', thing: 'my notes' });
    expect(result.suggestions[0]?.body).toBe("Sure, I'll send my notes shortly.");
    expect(result.suggestions[1]?.body).toBe("Sorry, I don't have my notes.");
  });

  it('a request for information', () => {
    const result = ask({ text: 'Where did you put the conference badges?' });
    expect(result.understanding?.primary).toBe('information');
    expect(bodies(result)[1]).toMatch(/don't know/);
  });

  it('yes/no questions: answers that echo the question', () => {
    expect(bodies(ask({ text: 'Have you seen the new budget numbers?' })).slice(0, 2)).toEqual(['Yes, I have.', "No, I haven't."]);
    expect(bodies(ask({ text: 'Are the tests passing on main now?' })).slice(0, 2)).toEqual(['Yes, they are.', "No, they aren't."]);
    expect(bodies(ask({ text: 'Are you around this afternoon?' })).length).toBe(3);
    expect(bodies(ask({ text: 'Is it ready for review?' })).slice(0, 2)).toEqual(['Yes, it is.', "No, it isn't."]);
    // A named subject's pronoun is unknown: plain answers.
    expect(bodies(ask({ text: 'Is Sam joining the team?' }))[0]).toBe('Yes, definitely.');
  });

  it('invitations, permission and opinion questions get fitting answers', () => {
    expect(bodies(ask({ text: 'Do you want to come to the party on Saturday?' }))[0]).toBe("Yes, I'd love to!");
    expect(bodies(ask({ text: 'Can I borrow your car this weekend?' }))[0]).toBe('Sure, go ahead.');
    expect(bodies(ask({ text: 'Do you think we should postpone the launch?' }))[0]).toBe('Yes, I think so.');
  });

  it('thanks, congratulations, apologies, FYIs, complaints, introductions', () => {
    const kinds: Array<[string, string, RegExp]> = [
      ['Thanks so much for your help with the migration yesterday, it went perfectly.', 'thanks', /welcome|glad/i],
      ['Congratulations on the promotion! Well deserved.', 'congratulations', /thank you/i],
      ['Sorry I missed our call this morning, my train was delayed.', 'apology', /no worries|no problem/i],
      ['FYI - the office will be closed on Monday for maintenance.', 'fyi', /letting me know|heads-up|update/i],
      ['This is the third time my order has arrived damaged. This is unacceptable.', 'complaint', /sorry|apologise/i],
      ["I'd like to introduce you to Maria, who runs data engineering at Acme.", 'introduction', /introduction/i],
      ['The deploy finished and the new dashboards look good.', 'statement', /agree|makes sense/i],
    ];
    for (const [text, kind, accept] of kinds) {
      const result = ask({ text });
      expect(result.understanding?.primary, text).toBe(kind);
      expect(result.suggestions, text).toHaveLength(3);
      expect(result.suggestions[0]?.body, text).toMatch(accept);
    }
    expect(ask({ text: "I'd like to introduce you to Maria, who runs data engineering at Acme." }).suggestions[0]?.body).toContain('Maria');
  });

  it('small talk, deliveries and indirect requests get fitting answers', () => {
    expect(bodies(ask({ text: 'Hey! Long time no see. How have you been?' }))).toEqual([
      "I'm doing well, thanks for asking!",
      "It's been a busy stretch, to be honest, but I'm hanging in there.",
      'Good, thanks! How about you?',
    ]);
    expect(bodies(ask({ text: 'How was your trip to Lisbon?' }))[2]).toBe('Good, thanks! How was yours?');
    expect(bodies(ask({ text: 'Please find attached the signed agreement.' }))[0]).toBe('Thanks, got it!');
    expect(ask({ text: 'We need your decision on the vendor by Thursday.' }).understanding?.primary).toBe('request');
    expect(bodies(ask({ text: 'I was wondering if you could give me some feedback on my essay.' }))[0]).toBe("Sure, I'll give you some feedback on your essay.");
    expect(bodies(ask({ text: 'Please confirm you received the payment.' }))[0]).toBe("Sure, I'll confirm I received the payment.");
    expect(bodies(ask({ text: 'Can we move our meeting from Monday to Wednesday at 11am?' }))[0]).toBe('Wednesday at 11am works for me.');
    expect(ask({ text: 'Do you have a minute to chat today?' }).understanding).toMatchObject({ primary: 'scheduling', time: 'today' });
    // A deadline is not a time to meet: no "Friday works for me" to "let me know by Friday".
    const deadline = ask({ text: 'Could you review section 4 and let me know by Friday whether the payment terms work for you?' });
    expect(deadline.understanding?.primary).toBe('request');
    expect(bodies(deadline).join(' ')).not.toMatch(/works for me|can't make/);
    expect(ask({ text: 'Does Friday work for you?' }).understanding).toMatchObject({ primary: 'scheduling', time: 'Friday' });
    expect(ask({ text: 'Would Tuesday before lunch work for a quick call?' }).understanding?.primary).toBe('scheduling');
  });

  it('an ask outranks pleasantries around it', () => {
    expect(ask({ text: 'Thanks for yesterday! Could you send me the slides?' }).understanding?.primary).toBe('information');
    expect(ask({ text: 'Congrats on the launch! Are you free for lunch on Friday?' }).understanding?.primary).toBe('scheduling');
  });

  it('answers the new text only, not the quoted history', () => {
    const result = ask({
      text: 'Thanks, that works!\n\nOn Mon, Jun 3, 2024 at 9:00 AM Jordan Lee <jordan@example.com> wrote:\n> Can we meet on Tuesday at 3pm?\n> Could you send me the report?',
    });
    expect(result.understanding?.primary).toBe('thanks');
  });
});

describe('understanding on hand-written messages (testdata/kinds.json)', () => {
  const accuracy = (messages: Array<{ text: string; kind: string }>, part: string) => {
    const wrong: string[] = [];
    for (const m of messages) {
      const u = understandMessage(message({ text: m.text }), m.text, Date.parse('2024-06-03T09:00:00Z'));
      if (u.primary !== m.kind) wrong.push(`${m.kind} read as ${u.primary}: ${m.text}`);
    }
    const share = (messages.length - wrong.length) / messages.length;
    // The package is typed without Node or DOM globals; vitest runs it in Node.
    (globalThis as unknown as { console: { log(text: string): void } }).console.log(`smart-reply understanding, ${part}: ${messages.length - wrong.length}/${messages.length} (${share.toFixed(3)})${wrong.length ? `\n  ${wrong.join('\n  ')}` : ''}`);
    return share;
  };

  it('reads the kind of message right on the development set', () => {
    expect(kinds.messages.length).toBeGreaterThanOrEqual(60);
    expect(accuracy(kinds.messages, 'development')).toBeGreaterThanOrEqual(0.95);
  });

  it('reads the kind of message right on the held-out set', () => {
    expect(accuracy(kinds.heldOut, 'held-out')).toBeGreaterThanOrEqual(0.8);
  });
});

describe('diversity', () => {
  it('no two suggestions say the same thing, for every kind of message', () => {
    const texts = [
      'Are you free for lunch on Tuesday at 12:30?', 'Could you review the draft?', 'Could you send me the slides?', 'Where is the key?',
      'Have you seen it?', 'Do you want to join us?', 'May I use your desk?', 'Should we ship it?', 'Is Sam coming?', 'Thank you!',
      'Congrats!', 'Sorry for the delay.', 'FYI the build is green.', 'This is unacceptable.', 'Meet Maria, who leads design.', 'Nice weather.',
    ];
    for (const style of [null, { greeting: 'Hey', signOff: 'Cheers,\nJ', formality: 'casual', length: 'medium', samples: 9 } satisfies StyleProfile]) {
      for (const text of texts) {
        const result = ask({ text }, { style });
        expect(result.suggestions, text).toHaveLength(3);
        const [a, b, c] = bodies(result) as [string, string, string];
        expect(new Set([a, b, c]).size, text).toBe(3);
        expect(tooSimilar(a, b) || tooSimilar(a, c) || tooSimilar(b, c), `${text}: ${[a, b, c].join(' | ')}`).toBe(false);
      }
    }
  });

  it('is deterministic: the same message always gets the same three', () => {
    const first = ask({ text: 'Thanks for the help!' });
    expect(ask({ text: 'Thanks for the help!' })).toEqual(first);
  });
});

describe('style', () => {
  const cheersJ = ['Sounds good, see you there.\n\nCheers, J', 'Yes, that works for me.\n\nCheers, J\n\nOn Mon, Ann wrote:\n> Tuesday?', 'Not yet, will check tonight.\n\nCheers, J'];

  it('a user who signs "Cheers, J" gets that', () => {
    const style = learnStyle(cheersJ);
    expect(style.signOff).toBe('Cheers, J');
    const result = ask({ text: 'Are you free for lunch on Tuesday at 12:30?' }, { style });
    for (const s of result.suggestions) expect(s.text.endsWith('\n\nCheers, J')).toBe(true);
  });

  it('learns the greeting, the register and the length from the user’s own replies', () => {
    const casual = learnStyle([
      "Hey Bob,\n\nyeah that's cool, I'll grab it tonight :)\n\nCheers,\nJ",
      "Hey Ann,\n\nnope, haven't seen it yet - will shout when I do!\n\nCheers,\nJ",
      "Hey Sam,\n\nawesome, thanks! gonna try it later\n\nCheers,\nJ",
    ]);
    expect(casual).toMatchObject({ greeting: 'Hey', signOff: 'Cheers,\nJ', formality: 'casual', samples: 3 });
    const result = ask({ text: 'Thank you for the help!' }, { style: casual });
    expect(result.suggestions[0]?.text).toMatch(/^Hey Ann,\n\n.+\n\nCheers,\nJ$/s);

    const formal = learnStyle([
      'Dear Mr. Brown,\n\nThank you for your message. I would be pleased to attend; however, I cannot arrive before 10.\n\nKind regards,\nJordan Lee',
      'Dear Ms. Grant,\n\nThank you. Please find the signed contract attached. I would appreciate your confirmation.\n\nKind regards,\nJordan Lee',
    ]);
    expect(formal).toMatchObject({ greeting: 'Dear', signOff: 'Kind regards,\nJordan Lee', formality: 'formal' });
    expect(ask({ text: 'Could you send me the contract?' }, { style: formal }).suggestions[0]?.text).toBe(
      "Dear Ann,\n\nCertainly, I will send the contract shortly.\n\nKind regards,\nJordan Lee",
    );

    const wordy = learnStyle([`Hi Tom,\n\n${'We looked at the numbers again and they hold up well across the quarter. '.repeat(4)}\n\nBest,\nJordan`]);
    expect(wordy.length).toBe('medium');
    const two = ask({ text: 'Thanks for the help!' }, { style: wordy }).suggestions[0]?.body ?? '';
    expect(two.split(/(?<=[.!?])\s+/).length).toBe(2);
  });

  it('with no sent replies: "Hi <first name>," and no sign-off', () => {
    expect(learnStyle([]).samples).toBe(0);
    expect(ask({ text: 'Thank you!' }).suggestions[0]?.text).toMatch(/^Hi Ann,\n\n[^\n]+$/);
  });

  it('no salutation when the sender has no usable first name', () => {
    const result = ask({ from: [{ name: null, address: 'xk42@acme.example' }], text: 'Thank you!' });
    expect(result.suggestions[0]?.text).not.toMatch(/^Hi/);
    expect(result.suggestions[0]?.text).not.toContain('xk42');
  });
});

describe('first names', () => {
  it.each([
    ['Ann Smith', 'ann@x.org', 'Ann'],
    ['Smith, Robert', 'rs@x.org', 'Robert'],
    ['"Moore, Paul"', 'pm@x.org', 'Paul'],
    ['Dr. Jane Doe', 'jd@x.org', 'Jane'],
    ['R. A. Hettinga', 'rah@x.org', null],
    ['J. Robert Oppenheimer', 'jro@x.org', 'Robert'],
    ['JOHN SMITH', 'js@x.org', 'John'],
    ['josé garcía', 'jg@x.org', 'José'],
    ["Dan O'Brien", 'dob@x.org', 'Dan'],
    ['DeShawn Jones', 'dj@x.org', 'DeShawn'],
    ['Mr. FoRK', 'fork@x.org', null],
    ['rODbegbie', 'rod@x.org', null],
    ['boingboing', 'rssfeeds@x.org', null],
    ['Support Team', 'help@x.org', null],
    ['Ann Lee | Acme Corp', 'al@x.org', 'Ann'],
    ['Bob Jones (via Google Docs)', 'drive@x.org', 'Bob'],
    ['Smith, Jr.', 'sj@x.org', 'Smith'],
    ["'ilug@linux.ie'", 'ilug@linux.ie', null],
    [null, 'maria.gonzalez@x.org', 'Maria'],
    [null, 'xk42@x.org', null],
    [null, 'msquadrat.nospamplease@x.org', null],
  ])('%s <%s> -> %s', (name, address, expected) => {
    expect(firstNameOf({ name, address })).toBe(expected);
  });

  it('never throws and gives a capitalised word or nothing, for any display name', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 60 })), fc.emailAddress(), (name, address) => {
        const first = firstNameOf({ name, address });
        return first === null || /^\p{Lu}/u.test(first);
      }),
      { numRuns: 300 },
    );
  });
});

describe('quote stripping', () => {
  it('drops quoted history, attributions, signatures and footers; keeps interleaved answers', () => {
    const cases: Array<[string, string]> = [
      ['Sounds good.\n\nOn Tue, Jun 4, 2024 at 10:00 AM Bob <b@x.org> wrote:\n> Lunch?\n> Noon?', 'Sounds good.'],
      ['Yes.\n\n-----Original Message-----\nFrom: Bob\nSent: Monday\nTo: Ann\nSubject: x\n\nLunch?', 'Yes.'],
      ['Yes.\n\nFrom: Bob <b@x.org>\nSent: Monday, June 3, 2024 9:00 AM\nTo: Ann\nSubject: Lunch\n\nLunch?', 'Yes.'],
      ['See you then.\n\n-- \nAnn Smith\nAcme Corp | +1 555 0100', 'See you then.'],
      ['Works for me.\n\nSent from my iPhone', 'Works for me.'],
      ['Fixed in CVS.\n_______________________________________________\nDev mailing list\nDev@lists.example.org\nhttps://lists.example.org/listinfo/dev', 'Fixed in CVS.'],
      ['Bob wrote:\n> Does it build?\nYes, on Linux.\n> And on BSD?\nNot tried.', 'Yes, on Linux.\nNot tried.'],
      ['[Skip Montanaro]\n> Any thought to test sets?\n\nI gave it all the thought it deserved.', 'I gave it all the thought it deserved.'],
      ['-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA1\n\nSigned text.\n-----BEGIN PGP SIGNATURE-----\nabc\n-----END PGP SIGNATURE-----', 'Signed text.'],
    ];
    for (const [input, expected] of cases) expect(extractNewText(input).text, input).toBe(expected);
    expect(extractNewText('Sounds good.\n\nOn Tue, Bob <b@x.org> wrote:\n> Lunch?').attributions).toEqual(['On Tue, Bob <b@x.org> wrote:']);
  });
});

describe('hostile input', () => {
  it('caps huge bodies and still answers', () => {
    const text = `Can you send me the report?\n${'x'.repeat(5_000_000)}`;
    const result = ask({ text });
    expect(result.trigger).toBe(true);
    expect(result.suggestions).toHaveLength(3);
  });

  it('every suggestion is a finished sentence with no unfilled slot, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom('Re: plan', 'Lunch?', '', 'FYI'), (text, subject) => {
        const result = ask({ text, subject });
        return result.suggestions.every((s) => !/[{}]|undefined|null/.test(s.text) && /[.!?]$/.test(s.body) && /^\p{Lu}/u.test(s.body));
      }),
      { numRuns: 300 },
    );
  });
});
