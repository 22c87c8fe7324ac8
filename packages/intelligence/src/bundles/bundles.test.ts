import { describe, expect, it } from 'vitest';
import { BUNDLE_IDS, classifyBundle, evaluateBundles, type BundleMessage } from './index.ts';
import { CORPUS_HELD_OUT, CORPUS_TUNING, SYNTHETIC_HELD_OUT, SYNTHETIC_TUNING } from './testing/index.ts';

const base: BundleMessage = {
  from: { name: 'Ann Lee', address: 'ann@example.org' },
  subject: 'Lunch?',
  snippet: 'Are you free on Thursday?',
  labelIds: [],
  listId: null,
  listPost: null,
  listUnsubscribe: null,
  precedence: null,
  autoSubmitted: null,
  attachments: [],
};

describe('bundles on the labelled demo corpus and hand-written cases', () => {
  it('labels at least 200 corpus messages, in two disjoint samples', () => {
    expect(CORPUS_TUNING.length + CORPUS_HELD_OUT.length).toBeGreaterThanOrEqual(200);
    const tuning = new Set(CORPUS_TUNING.map((m) => m.origin));
    expect(CORPUS_HELD_OUT.filter((m) => tuning.has(m.origin))).toEqual([]);
  });

  it('files at least 9 in 10 held-out messages where a person put them', () => {
    const evaluation = evaluateBundles([...CORPUS_HELD_OUT, ...SYNTHETIC_HELD_OUT]);
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(0.9);
    // Every bundle with enough examples is found three times in four, and is right three times in four.
    for (const score of evaluation.perBundle) {
      if (score.support >= 5 && score.bundle !== 'none') {
        expect.soft(score.recall, `${score.bundle} recall`).toBeGreaterThanOrEqual(0.75);
        expect.soft(score.precision, `${score.bundle} precision`).toBeGreaterThanOrEqual(0.75);
      }
    }
  });

  it('gets the cases the rules were written from right (a rule that breaks one fails here)', () => {
    const evaluation = evaluateBundles([...CORPUS_TUNING, ...SYNTHETIC_TUNING]);
    expect(evaluation.accuracy).toBeGreaterThanOrEqual(0.95);
    // Each bundle appears among the tuning cases, so none can silently vanish.
    const seen = new Set([...CORPUS_TUNING, ...SYNTHETIC_TUNING].map((m) => m.bundle));
    for (const id of BUNDLE_IDS) expect(seen.has(id)).toBe(true);
  });
});

describe('classifyBundle', () => {
  it('leaves a personal message out of every bundle, and says why', () => {
    const decision = classifyBundle(base);
    expect(decision.bundle).toBeNull();
    expect(decision.reason).toMatch(/stays in the inbox/);
  });

  it('puts a discussion list message in forums, naming the list', () => {
    const decision = classifyBundle({ ...base, listId: 'Rust users <rust-users.lists.example.org>' });
    expect(decision).toMatchObject({ bundle: 'forums', source: 'rules' });
    expect(decision.reason).toContain('rust-users.lists.example.org');
  });

  it('reads an iCalendar attachment as an invitation, whoever sends it', () => {
    expect(classifyBundle({ ...base, attachments: [{ filename: 'invite.ics', mimeType: 'text/calendar' }] }).bundle).toBe('calendar');
  });

  it('lets the user move a sender to another bundle, or keep them in the inbox', () => {
    const news = { ...base, from: { name: 'Weekly', address: 'News@Letters.example' }, listUnsubscribe: '<mailto:u@letters.example>' };
    expect(classifyBundle(news).bundle).toBe('newsletters');
    expect(classifyBundle(news, new Map([['news@letters.example', 'promotions']]))).toMatchObject({ bundle: 'promotions', source: 'sender' });
    const kept = classifyBundle(news, new Map([['news@letters.example', null]]));
    expect(kept).toMatchObject({ bundle: null, source: 'sender' });
    expect(kept.reason).toContain('in the inbox');
  });

  it('does not take a news story that mentions a deal for a promotion', () => {
    const story = { ...base, from: { name: 'guardian', address: 'rssfeeds@example.org' }, subject: 'Blair challenge to IRA', snippet: 'PM calls for a deal on disarmament' };
    expect(classifyBundle(story).bundle).toBe('newsletters');
  });

  it('files a delivery failure as a notification, not a receipt', () => {
    const bounce = { ...base, from: { name: 'Mail Delivery Subsystem', address: 'mailer-daemon@example.com' }, subject: 'Undeliverable: Lunch?', snippet: 'Your message was not delivered to bob@example.net' };
    expect(classifyBundle(bounce).bundle).toBe('notifications');
  });
});
