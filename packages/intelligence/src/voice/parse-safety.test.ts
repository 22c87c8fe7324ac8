import { describe, expect, it } from 'vitest';
import { createVoiceParser } from './parse.ts';

/**
 * Wordings a person says that look like another command to a word-by-word matcher: a name after
 * "reply to" that merges with "to" into "three", a command word ("previous", "open") heard as
 * another command's word ("operations", "option"), "one" as a pronoun. Each must be understood
 * as meant or not at all (`unknown`, which asks again) — never as another command.
 */
const parser = createVoiceParser({ categories: ['Receipts', 'Travel Plans'] });

/** [said, the answers that are right]: an intent, or an intent with its slots. */
const CASES: Array<[string, Array<string | [string, Record<string, unknown>]>]> = [
  ['reply to sarah', ['reply']],
  ['reply to bob', ['reply']],
  ['reply to her', ['reply']],
  ['reply to jennifer', ['reply']],
  ['forward this to my boss', ['forward']],
  ['reply to all', ['reply_all']],
  ['reply to all of them', ['reply_all', 'unknown']],
  ['send it to tom', ['unknown', 'send']],
  ['archive this to my folder', ['unknown', 'archive']],
  ['pick all of them', ['select_all', 'unknown']],
  ['show previous', ['previous', 'unknown']],
  ['show the previous one', ['previous', 'unknown']],
  ['open the first message', ['open', 'unknown']],
  ['open the next one', ['next', 'open', 'unknown']],
  ['go to the next page', ['next', 'unknown']],
  ['select the top one', ['select', 'unknown']],
  ['choose that one', ['select', 'unknown']],
  ['pick the best one', ['unknown']],
  ['go to option two', [['choose_suggestion', { index: 2 }], 'unknown']],
  ['open option three', [['choose_suggestion', { index: 3 }], 'unknown']],
  ['choose the last suggestion', [['choose_suggestion', { index: 3 }], 'unknown']],
  ['nope dont', ['deny', 'unknown']],
];

describe('what looks like another command is never taken for it', () => {
  it.each(CASES)('"%s"', (said, right) => {
    const result = parser.parse(said);
    const ok = right.some((r) => (typeof r === 'string' ? result.intent === r : result.intent === r[0] && JSON.stringify(result.slots) === JSON.stringify(r[1])));
    expect(ok, `${said} -> ${result.intent} ${JSON.stringify(result.slots)}`).toBe(true);
  });

  it('still hears numbers, run-together words and homophones where they are meant', () => {
    expect(parser.parse('use suggestion to')).toMatchObject({ intent: 'choose_suggestion', slots: { index: 2 } });
    expect(parser.parse('option one')).toMatchObject({ intent: 'choose_suggestion', slots: { index: 1 } });
    expect(parser.parse('the third one')).toMatchObject({ intent: 'choose_suggestion', slots: { index: 3 } });
    expect(parser.parse('go to the in box')).toMatchObject({ intent: 'navigate', slots: { page: 'inbox' } });
    expect(parser.parse('open in sites')).toMatchObject({ intent: 'navigate', slots: { page: 'insights' } });
    expect(parser.parse('show me the dash board')).toMatchObject({ intent: 'navigate', slots: { page: 'dashboard' } });
    expect(parser.parse("show me today's digest")).toMatchObject({ intent: 'navigate', slots: { page: 'digest' } });
    expect(parser.parse('go back')).toMatchObject({ intent: 'previous' });
  });
});
