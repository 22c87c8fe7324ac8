import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closestVoiceCommands,
  commandGrammar,
  confirmationAnswer,
  confirmationQuestion,
  createVoiceParser,
  DESTRUCTIVE_INTENTS,
  INTENTS,
  MAX_COMMAND_WORDS,
  needsConfirmation,
  OUT_OF_GRAMMAR_PREFIX,
  OUT_OF_GRAMMAR_WORDS,
  PAGES,
  parseVoiceCommand,
  spokenForms,
} from './index.ts';
import { grammarPatterns, indexAsSaid, SPOKEN_CLOSINGS, SPOKEN_LEADS } from './grammar.ts';
import { expandPattern, parsePattern, PatternSyntaxError } from './pattern.ts';
import { COMMANDS, INDEX_WORDS, PAGE_NAMES, SHARED_RULES } from './phrasebook.ts';
import { TUNING_CATEGORIES, TUNING_PHRASINGS, type LabelledPhrasing } from './phrasings.ts';
import { HELD_OUT_CATEGORIES, HELD_OUT_PHRASINGS, HELD_OUT_PHRASINGS_B, HELD_OUT_PHRASINGS_C } from './phrasings-held-out.ts';
import { BLIND_TUNING_A, BLIND_TUNING_B, BLIND_TUNING_D, BLIND_TUNING_G, BLIND_TUNING_H, BLIND_TUNING_J, HELD_OUT_BLIND, HELD_OUT_BLIND_E, HELD_OUT_BLIND_F, HELD_OUT_BLIND_I, HELD_OUT_BLIND_K, OTHER_SPEECH, type PhrasingGroup } from './phrasings-blind.ts';

/** The accuracy figures go to the test log (this package is built without Node's types). */
const report = (line: string) => (globalThis as { console?: { log(text: string): void } }).console?.log(line);

function accuracy(set: LabelledPhrasing[], categories: string[]) {
  const parser = createVoiceParser({ categories });
  const wrong: string[] = [];
  const wrongActions: string[] = [];
  for (const [text, intent, slots] of set) {
    const result = parser.parse(text);
    if (result.intent !== intent || JSON.stringify(result.slots) !== JSON.stringify(slots)) {
      wrong.push(`"${text}" -> ${result.intent} ${JSON.stringify(result.slots)} (wanted ${intent} ${JSON.stringify(slots)})`);
      if (result.intent !== 'unknown') wrongActions.push(wrong[wrong.length - 1] as string);
    }
  }
  return { right: set.length - wrong.length, total: set.length, wrong, wrongActions };
}

/** accuracy() over groups of phrasings, each with its own category names, added up. */
function groupAccuracy(groups: readonly PhrasingGroup[]) {
  const results = groups.map((group) => accuracy(group.phrasings, group.categories));
  return { right: results.reduce((sum, r) => sum + r.right, 0), total: results.reduce((sum, r) => sum + r.total, 0), wrong: results.flatMap((r) => r.wrong) };
}

describe('voice command parser: labelled phrasings', () => {
  const parser = createVoiceParser({ categories: TUNING_CATEGORIES });
  it.each(TUNING_PHRASINGS)('"%s" is %s %j', (text, intent, slots) => {
    const result = parser.parse(text);
    expect({ intent: result.intent, slots: result.slots }).toEqual({ intent, slots });
  });

  it('understands the held-out phrasings it was never tuned on (first batch: at least 95 %)', () => {
    const a = accuracy(HELD_OUT_PHRASINGS, HELD_OUT_CATEGORIES);
    report(`voice parser held-out A: ${a.right}/${a.total} (${((100 * a.right) / a.total).toFixed(1)} %)${a.wrong.length ? `\n  ${a.wrong.join('\n  ')}` : ''}`);
    expect(a.right / a.total).toBeGreaterThanOrEqual(0.95);
  });

  it('understands batch B (rougher wording; 69 % before it was used for tuning, at least 90 % now)', () => {
    const b = accuracy(HELD_OUT_PHRASINGS_B, HELD_OUT_CATEGORIES);
    report(`voice parser batch B (tuned on): ${b.right}/${b.total} (${((100 * b.right) / b.total).toFixed(1)} %)${b.wrong.length ? `\n  ${b.wrong.join('\n  ')}` : ''}`);
    expect(b.right / b.total).toBeGreaterThanOrEqual(0.9);
  });

  it('understands held-out batch C, never tuned on, at least 80 %, and answers the rest with unknown rather than a wrong command', () => {
    const c = accuracy(HELD_OUT_PHRASINGS_C, HELD_OUT_CATEGORIES);
    report(`voice parser held-out C: ${c.right}/${c.total} (${((100 * c.right) / c.total).toFixed(1)} %)${c.wrong.length ? `\n  ${c.wrong.join('\n  ')}` : ''}`);
    expect(c.right / c.total).toBeGreaterThanOrEqual(0.8);
    expect(c.wrongActions).toEqual([]);
  });

  it('understands the two blind sets it was tuned on (written from the intent table alone: 129/141 and 121/142 before), and acts on none of their other sentences', () => {
    for (const [name, groups] of [['A', BLIND_TUNING_A], ['B', BLIND_TUNING_B]] as const) {
      const { right, total, wrong } = groupAccuracy(groups);
      report(`voice parser blind ${name} (tuned on): ${right}/${total}${wrong.length ? `\n  ${wrong.join('\n  ')}` : ''}`);
      // 0.97: B's "could you read me this email" is a guess from one word that carries meaning (GUESS_SCORE).
      expect(right / total).toBeGreaterThanOrEqual(0.97);
      const others = groups.flatMap((group) => group.phrasings.filter(([, intent]) => intent === 'unknown').map(([text]) => `${text} -> ${parseVoiceCommand(text, { categories: group.categories }).intent}`));
      expect(others.length).toBeGreaterThanOrEqual(20);
      expect(others.filter((line) => !line.endsWith('-> unknown'))).toEqual([]);
    }
  });

  it('understands the held-out blind set, never tuned on, at least 85 % (127/151 before the blind sets were used)', () => {
    const { right, total, wrong } = groupAccuracy(HELD_OUT_BLIND);
    report(`voice parser held-out blind: ${right}/${total} (${((100 * right) / total).toFixed(1)} %)\n  ${wrong.join('\n  ')}`);
    expect(total).toBe(151);
    expect(right / total).toBeGreaterThanOrEqual(0.85);
  });

  /** Each of a set's other sentences with what the parser made of it, those it acted on. */
  const othersActedOn = (groups: readonly PhrasingGroup[]) =>
    groups.flatMap((group) => group.phrasings.filter(([, intent]) => intent === 'unknown').map(([text]) => `${text} -> ${parseVoiceCommand(text, { categories: group.categories }).intent}`)).filter((line) => !line.endsWith('-> unknown'));

  it.each([
    { name: 'D', groups: BLIND_TUNING_D, size: 170, least: 0.92, before: '142/170', acted: [] },
    { name: 'G', groups: BLIND_TUNING_G, size: 173, least: 0.9, before: '120/173', acted: [] },
    // "stop that" stops reading aloud by design (harmless when nothing is being read); H's writer meant it for a child.
    { name: 'H', groups: BLIND_TUNING_H, size: 160, least: 0.87, before: '129/160', acted: ['stop that right now -> stop_reading'] },
    { name: 'J', groups: BLIND_TUNING_J, size: 155, least: 0.89, before: '121/155', acted: [] },
  ])('understands blind set $name it was tuned on ($size phrasings, at least $least; $before before), and acts on none of its other sentences', ({ name, groups, size, least, acted }) => {
    const { right, total, wrong } = groupAccuracy(groups);
    report(`voice parser blind ${name} (tuned on): ${right}/${total}${wrong.length ? `\n  ${wrong.join('\n  ')}` : ''}`);
    expect(total).toBe(size);
    expect(right / total).toBeGreaterThanOrEqual(least);
    expect(othersActedOn(groups)).toEqual(acted);
  });

  it.each([
    { name: 'E', groups: HELD_OUT_BLIND_E, size: 175, least: 0.75, before: '114/175' },
    { name: 'F', groups: HELD_OUT_BLIND_F, size: 162, least: 0.78, before: '111/162' },
    { name: 'I', groups: HELD_OUT_BLIND_I, size: 156, least: 0.78, before: '125/156' },
    { name: 'K', groups: HELD_OUT_BLIND_K, size: 162, least: 0.75, before: '125/162' },
  ])('understands held-out blind set $name, never tuned on ($size phrasings, at least $least; $before before), and acts on none of its other sentences', ({ name, groups, size, least }) => {
    const { right, total } = groupAccuracy(groups);
    report(`voice parser held-out blind ${name}: ${right}/${total} (${((100 * right) / total).toFixed(1)} %)`);
    expect(total).toBe(size);
    expect(right / total).toBeGreaterThanOrEqual(least);
    expect(othersActedOn(groups)).toEqual([]);
  });

  it('acts on none of 150 everyday sentences written to share words with commands', () => {
    expect(OTHER_SPEECH).toHaveLength(150);
    for (const categories of [[], ...BLIND_TUNING_D.map((group) => group.categories)]) {
      const p = createVoiceParser({ categories });
      expect(OTHER_SPEECH.map((text) => `${text} -> ${p.parse(text).intent}`).filter((line) => !line.endsWith('-> unknown'))).toEqual([]);
    }
  });

  it('never takes a destructive action it was not asked for, in any labelled set', () => {
    for (const [set, categories] of [
      [TUNING_PHRASINGS, TUNING_CATEGORIES],
      [HELD_OUT_PHRASINGS, HELD_OUT_CATEGORIES],
      [HELD_OUT_PHRASINGS_B, HELD_OUT_CATEGORIES],
      [HELD_OUT_PHRASINGS_C, HELD_OUT_CATEGORIES],
      ...[...HELD_OUT_BLIND, ...BLIND_TUNING_D, ...HELD_OUT_BLIND_E, ...BLIND_TUNING_G, ...HELD_OUT_BLIND_F, ...BLIND_TUNING_H, ...HELD_OUT_BLIND_I, ...BLIND_TUNING_J, ...HELD_OUT_BLIND_K].map((group) => [group.phrasings, group.categories] as const),
    ] as const) {
      const p = createVoiceParser({ categories });
      for (const [text, intent] of set) {
        const got = p.parse(text).intent;
        if (DESTRUCTIVE_INTENTS.has(got)) expect(`${text} -> ${got}`).toBe(`${text} -> ${intent}`);
      }
    }
  });

  it('covers every intent of the README table with at least three phrasings', () => {
    const all = [...TUNING_PHRASINGS, ...HELD_OUT_PHRASINGS, ...HELD_OUT_PHRASINGS_B, ...HELD_OUT_PHRASINGS_C];
    expect(all.length).toBeGreaterThanOrEqual(150);
    for (const intent of INTENTS) expect(all.filter(([, i]) => i === intent).length, intent).toBeGreaterThanOrEqual(3);
    for (const page of PAGES) expect(all.some(([, i, s]) => i === 'navigate' && s.page === page), page).toBe(true);
  });
});

describe('voice command parser: a command in a clause of a longer sentence', () => {
  const categories = ['Work', 'Family'];
  it('finds the command said with a clause of its own before or after it', () => {
    expect(parseVoiceCommand("i don't need this one anymore so archive it", { categories }).intent).toBe('archive');
    expect(parseVoiceCommand('oh no i clicked the wrong thing can you undo that', { categories }).intent).toBe('undo');
    expect(parseVoiceCommand('this is from my bank please star it', { categories }).intent).toBe('star');
    expect(parseVoiceCommand('open work it has the contract in it', { categories })).toMatchObject({ intent: 'open_category', slots: { name: 'Work' } });
  });

  it('takes the command after a correction, and not one said not to do', () => {
    expect(parseVoiceCommand('star it no wait mark it important', { categories }).intent).toBe('important');
    expect(parseVoiceCommand('open work no wait open family', { categories }).slots).toEqual({ name: 'Family' });
    expect(parseVoiceCommand("don't archive it just star it", { categories }).intent).toBe('star');
  });

  it('takes nothing when the sentence says two commands, or a command word belongs to another clause', () => {
    expect(parseVoiceCommand('select these because i want to trash them', { categories }).intent).toBe('select');
    for (const text of ['archive it and then trash it', 'archive it or trash it', 'did you archive it', 'who left the door open', 'he hit reply all by mistake and everyone saw it', 'alexa read my messages', 'the trash can is full', "i'll forward you the deck after the call"]) {
      expect(`${text} -> ${parseVoiceCommand(text, { categories }).intent}`).toBe(`${text} -> unknown`);
    }
  });

  it('acts on no two everyday sentences run together (200 pairs of the 150), nor on a command word said to another assistant', () => {
    expect(parseVoiceCommand('did you close the garage door when you left siri read my messages', { categories }).intent).toBe('unknown');
    const p = createVoiceParser({ categories: ['Work', 'Family', 'Receipts'] });
    const acted: string[] = [];
    for (let i = 0; i < 200; i++) {
      const text = `${OTHER_SPEECH[(i * 7) % 150]} ${OTHER_SPEECH[(i * 13 + 5) % 150]}`;
      const intent = p.parse(text).intent;
      if (intent !== 'unknown') acted.push(`${text} -> ${intent}`);
    }
    expect(acted).toEqual([]);
  });

  it('answers below the confidence at which the recogniser takes a command freely (0.9), and only the whole sentence when asked', () => {
    const text = 'oh no i clicked the wrong thing can you undo that';
    expect(parseVoiceCommand(text, { categories }).confidence).toBeLessThan(0.9);
    expect(parseVoiceCommand(text, { categories, clauses: false }).intent).toBe('unknown');
    expect(parseVoiceCommand('can you undo that', { categories }).confidence).toBeGreaterThanOrEqual(0.9);
  });

  it('hears a command word said twice as said once, but not a category name that repeats a word', () => {
    expect(parseVoiceCommand('undo undo', { categories }).intent).toBe('undo');
    expect(parseVoiceCommand('next next', { categories }).intent).toBe('next');
    expect(parseVoiceCommand('open bora bora', { categories: ['Bora Bora', 'Bora'] }).slots).toEqual({ name: 'Bora Bora' });
  });
});

describe('voice command parser: behaviour', () => {
  it('answers with the category name exactly as the user wrote it, however it was said', () => {
    const categories = ['GitHub Notifications', 'Q3 Reports', "Kids' School", 'Receipts 2024'];
    expect(parseVoiceCommand('open git hub notifications', { categories }).slots).toEqual({ name: 'GitHub Notifications' });
    expect(parseVoiceCommand('show q three reports', { categories }).slots).toEqual({ name: 'Q3 Reports' });
    expect(parseVoiceCommand('go to kids school', { categories }).slots).toEqual({ name: "Kids' School" });
    expect(parseVoiceCommand('open receipts twenty twenty four', { categories }).slots).toEqual({ name: 'Receipts 2024' });
    expect(parseVoiceCommand('open receipts two thousand twenty four', { categories }).slots).toEqual({ name: 'Receipts 2024' });
  });

  it('does not know a category the user does not have', () => {
    expect(parseVoiceCommand('open receipts').intent).toBe('unknown');
    expect(parseVoiceCommand('open receipts', { categories: ['Travel'] }).intent).toBe('unknown');
  });

  it('prefers the page over a category of the same name unless "category" is said', () => {
    expect(parseVoiceCommand('open settings', { categories: ['Settings'] })).toMatchObject({ intent: 'navigate', slots: { page: 'settings' } });
    expect(parseVoiceCommand('open the settings category', { categories: ['Settings'] })).toMatchObject({ intent: 'open_category', slots: { name: 'Settings' } });
  });

  it('gives the search request back as it was said, operators and case included', () => {
    expect(parseVoiceCommand('Search for from:Bob@Example.com "quarterly report"').slots).toEqual({ request: 'from:Bob@Example.com "quarterly report"' });
    expect(parseVoiceCommand('could you please find Invoices from ACME, please?').slots).toEqual({ request: 'Invoices from ACME' });
    expect(parseVoiceCommand('um search for uh tax forms').slots).toEqual({ request: 'tax forms' });
  });

  it('a bare "search" goes to the search page; a search with nothing to search for is not a search', () => {
    expect(parseVoiceCommand('search')).toMatchObject({ intent: 'navigate', slots: { page: 'search' } });
    expect(parseVoiceCommand('search for').intent).not.toBe('search');
  });

  it('chooses only suggestions one to three', () => {
    expect(parseVoiceCommand('use suggestion 3').slots).toEqual({ index: 3 });
    expect(parseVoiceCommand('second suggestion').slots).toEqual({ index: 2 });
    expect(parseVoiceCommand('use suggestion four').intent).toBe('unknown');
    expect(parseVoiceCommand('use suggestion 7').intent).toBe('unknown');
  });

  it('says "unknown" with the closest commands for speech it cannot place', () => {
    const result = parseVoiceCommand('are kive this');
    expect(result.intent).toBe('unknown');
    expect(result.hints.map((h) => h.intent)).toContain('archive');
    expect(result.hints.length).toBeLessThanOrEqual(3);
    const settings = parseVoiceCommand('go to setings tomorrow evening');
    expect(settings.intent).toBe('unknown');
    expect(settings.hints[0]).toMatchObject({ intent: 'navigate', slots: { page: 'settings' } });
  });

  it('hears the homophones recognisers write', () => {
    expect(parseVoiceCommand('mark as red').intent).toBe('mark_read');
    expect(parseVoiceCommand('mark as unred').intent).toBe('mark_unread');
    expect(parseVoiceCommand('for word this').intent).toBe('forward');
    expect(parseVoiceCommand('open in box')).toMatchObject({ intent: 'navigate', slots: { page: 'inbox' } });
    expect(parseVoiceCommand('use suggestion to').slots).toEqual({ index: 2 });
    // Only beside a word that takes a number: "go to" cut short is no choice of the second suggestion.
    expect(parseVoiceCommand('pick too').slots).toEqual({ index: 2 });
    expect(parseVoiceCommand('go to').intent).toBe('unknown');
    expect(parseVoiceCommand('go to the').intent).toBe('unknown');
  });

  it('understands formal, hushed and hurried wordings, and a command in a clause before a noun phrase with its verb', () => {
    expect(parseVoiceCommand('i should like to reply to this message').intent).toBe('reply');
    expect(parseVoiceCommand('would you be so kind as to archive this message').intent).toBe('archive');
    expect(parseVoiceCommand('read this out to me').intent).toBe('read_aloud');
    expect(parseVoiceCommand('shh stop reading').intent).toBe('stop_reading');
    expect(parseVoiceCommand('okay enough stop reading').intent).toBe('stop_reading');
    expect(parseVoiceCommand('stop reading for a sec').intent).toBe('stop_reading');
    expect(parseVoiceCommand('number two is fine')).toMatchObject({ intent: 'choose_suggestion', slots: { index: 2 } });
    expect(parseVoiceCommand('go to unsub page')).toMatchObject({ intent: 'navigate', slots: { page: 'unsubscribe' } });
    expect(parseVoiceCommand('ya').intent).toBe('confirm');
    expect(parseVoiceCommand('no i do not wish to do that').intent).toBe('deny');
    expect(parseVoiceCommand('forward it the agency needs the hours').intent).toBe('forward');
    // A destructive command in a clause, matched as well as "delete this email" is (0.94).
    expect(parseVoiceCommand('delete this email it is from last year').intent).toBe('trash');
    expect(parseVoiceCommand("archive that one it's from last year").intent).toBe('archive');
    // Yet "unsub" is no other page said loosely, and "i don't want to archive that" archives nothing.
    expect(parseVoiceCommand('show the previous one').intent).not.toBe('navigate');
    expect(parseVoiceCommand("i don't want to archive that").intent).not.toBe('archive');
  });

  it('does not guess a missing word from one word that carries meaning (speech cut short)', () => {
    for (const text of ['go', 'mark it', 'mark this as', 'start this one', 'make', 'move it', 'i want to']) {
      expect(parseVoiceCommand(text).intent, text).toBe('unknown');
    }
    expect(parseVoiceCommand('mark it').hints.map((h) => h.intent)).toContain('mark_read');
    // Two such words may still be a loosely said command.
    expect(parseVoiceCommand('make this mail important').intent).toBe('important');
    expect(parseVoiceCommand('go back').intent).toBe('previous');
  });

  it("takes nothing but politeness for a command only when it is that command's own wording", () => {
    // "thanks" is not "no thanks", "oops" not the Ops page, "now" not "no", "and" not "undo".
    for (const text of ['thank you', 'thanks', 'oops', 'whoops', 'now', 'and', 'no wait']) {
      expect(parseVoiceCommand(text).intent, text).toBe('unknown');
    }
    expect(parseVoiceCommand('okay').intent).toBe('confirm');
    expect(parseVoiceCommand('shh').intent).toBe('stop_reading');
    expect(parseVoiceCommand('never mind').intent).toBe('cancel');
    expect(parseVoiceCommand('no thanks').intent).toBe('deny');
    expect(parseVoiceCommand('oops go to the ops page').slots).toEqual({ page: 'ops' });
  });

  it('will not trash, archive, quarantine or send on a near miss', () => {
    for (const text of ['crash', 'trashy', 'archie', 'sand it', 'quarter', 'end it', 'the trash can is full', 'send flowers to mum', 'archive of old photos from the trip']) {
      expect(DESTRUCTIVE_INTENTS.has(parseVoiceCommand(text).intent), text).toBe(false);
    }
  });

  it('never turns ordinary speech into a destructive command (random sentences of everyday words)', () => {
    const parser = createVoiceParser({ categories: TUNING_CATEGORIES });
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...OUT_OF_GRAMMAR_WORDS), { minLength: 1, maxLength: 8 }), (words) => {
        const { intent } = parser.parse(words.join(' '));
        return !DESTRUCTIVE_INTENTS.has(intent) && intent !== 'confirm';
      }),
      { numRuns: 300, seed: 16 },
    );
  });

  it('is deterministic and ignores case, punctuation and hesitations', () => {
    const a = parseVoiceCommand('Archive this message.');
    expect(parseVoiceCommand('uh, ARCHIVE this message!')).toEqual(a);
    expect(a.intent).toBe('archive');
  });

  it('treats an empty or punctuation-only input as unknown', () => {
    expect(parseVoiceCommand('').intent).toBe('unknown');
    expect(parseVoiceCommand('?!  ...').intent).toBe('unknown');
    expect(parseVoiceCommand('um uh').intent).toBe('unknown');
  });

  it('stays fast and bounded on hostile input', () => {
    const long = 'archive '.repeat(5000);
    const result = parseVoiceCommand(long);
    expect(result.intent).toBe('unknown');
    // Past MAX_COMMAND_WORDS words a sentence is no command (nor does it hint at one), however it
    // opens; a search keeps its whole request.
    const words = Array.from({ length: 5000 }, (_, i) => `word${i.toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)] as string)}`);
    expect(parseVoiceCommand(`archive this ${words.join(' ')}`)).toMatchObject({ intent: 'unknown', hints: [] });
    expect(closestVoiceCommands(`archive this ${words.slice(0, MAX_COMMAND_WORDS).join(' ')}`)).toEqual([]);
    const request = `the minutes of ${words.slice(0, 60).join(' ')}`;
    expect(parseVoiceCommand(`search for ${request}`)).toMatchObject({ intent: 'search', slots: { request } });
  });

  it('answers a sentence the same whatever the parser heard before (the costs it keeps from earlier sentences change nothing)', () => {
    const categories = ['Receipts', 'Travel Plans', 'In Box'];
    // Words said apart and together ("in box", "inbox"), the same words in other orders, and
    // more distinct words than the parser keeps the costs of, so that some are let go and
    // worked out again.
    const sentences = [...TUNING_PHRASINGS, ...HELD_OUT_PHRASINGS, ...HELD_OUT_PHRASINGS_B].map(([text]) => text);
    const extra = ['open in box', 'open inbox', 'in box open', 'go to the in box', 'for word this', 'forward this', 'box in the open'];
    const all = [...extra, ...sentences, ...extra];
    const warm = createVoiceParser({ categories });
    const heard = all.map((text) => ({ result: warm.parse(text), closest: warm.closest(text) }));
    all.forEach((text, i) => {
      const cold = createVoiceParser({ categories });
      expect({ result: cold.parse(text), closest: cold.closest(text) }, text).toEqual(heard[i]);
    });
  });
});

describe('confirmation of destructive bulk actions', () => {
  it('asks before trashing, archiving or quarantining more than one message', () => {
    expect(needsConfirmation('trash', 24)).toBe(true);
    expect(confirmationQuestion('trash', 24)).toBe('Trash 24 messages? Say yes or no');
    expect(confirmationQuestion('quarantine', 2)).toBe('Quarantine 2 messages? Say yes or no');
    expect(confirmationQuestion('archive', 1500)).toBe('Archive 1,500 messages? Say yes or no');
  });
  it('does not ask for one message or for actions that remove nothing', () => {
    expect(needsConfirmation('trash', 1)).toBe(false);
    expect(needsConfirmation('star', 50)).toBe(false);
    expect(needsConfirmation('mark_read', 50)).toBe(false);
    expect(() => confirmationQuestion('star', 3)).toThrow();
  });
  it('takes yes, no and cancel as answers and anything else as no answer', () => {
    expect(confirmationAnswer(parseVoiceCommand('yes please').intent)).toBe('yes');
    expect(confirmationAnswer(parseVoiceCommand('no').intent)).toBe('no');
    expect(confirmationAnswer(parseVoiceCommand('never mind').intent)).toBe('no');
    expect(confirmationAnswer(parseVoiceCommand('next').intent)).toBeNull();
  });
});

describe('recogniser grammar', () => {
  const grammar = commandGrammar({ categories: ['Receipts', 'Q3 Reports', 'GitHub'], labels: ['Zendesk', '2024 taxes'] });

  it('has a rule for every command and the user categories in spoken form', () => {
    for (const command of COMMANDS) expect(grammar.jsgf, command.intent).toContain(`<c_${command.intent}> =`);
    expect(grammar.jsgf).toMatch(/<category> = \( receipts \| q three reports \| github \| git hub \)/);
  });

  it('uses only words a recogniser can say, and marks out-of-grammar tokens', () => {
    for (const word of grammar.words) expect(word).toMatch(/^([a-z]+|oog_[a-z]+)$/);
    expect(grammar.outOfGrammar.get(`${OUT_OF_GRAMMAR_PREFIX}zendesk`)).toBe('zendesk');
    expect(grammar.outOfGrammar.get(`${OUT_OF_GRAMMAR_PREFIX}taxes`)).toBe('taxes');
    expect(grammar.words).toContain('quarantine');
    expect(grammar.words).not.toContain('1');
  });

  it('has a commands-only shape for the second look: the same commands, no loop of other words and no search', () => {
    const only = commandGrammar({ categories: ['Receipts'], shape: 'commands-only' });
    expect(only.jsgf).toContain('public <utterance> = <command> [ <closing> ] | <lead> <command> [ <closing> ];');
    expect(only.jsgf).toContain('<c_archive> =');
    expect(only.jsgf).toMatch(/<category> = receipts;/);
    expect(only.jsgf).not.toMatch(/oog_|<search>|<free_word>/);
    expect(only.words.some((w) => w.startsWith(OUT_OF_GRAMMAR_PREFIX))).toBe(false);
    expect(commandGrammar({ categories: ['Receipts'] }).jsgf).toContain('| <search> | <lead> <search> | <out_of_grammar>;');
  });

  it('leaves out open_category when the user has no categories', () => {
    expect(commandGrammar().jsgf).not.toContain('<c_open_category>');
  });

  it('every phrase the grammar allows is understood by the parser as its own intent', () => {
    // Sample: the first expansion of each pattern, said plainly.
    const parser = createVoiceParser({ categories: ['Receipts'] });
    expect(parser.parse('move this to the archive').intent).toBe('archive');
    expect(parser.parse('go back to the list').intent).toBe('close');
    expect(parser.parse('take me home')).toMatchObject({ intent: 'navigate', slots: { page: 'dashboard' } });
  });
});

describe('phrase patterns', () => {
  it('reports the position of a syntax error', () => {
    expect(() => parsePattern('archive [this')).toThrow(PatternSyntaxError);
    try {
      parsePattern('go (to | ) inbox');
    } catch (error) {
      expect((error as PatternSyntaxError).position).toBe(9);
    }
  });
  it('spells numbers in names the ways people say them', () => {
    expect(spokenForms('Receipts 2024').map((f) => f.join(' '))).toEqual(
      expect.arrayContaining(['receipts 2024', 'receipts twenty twenty four', 'receipts two thousand twenty four']),
    );
    expect(spokenForms('GitHub').map((f) => f.join(' '))).toEqual(['github', 'git hub']);
  });
  it('says the signs in names and spells words written in capitals, keeping the ways written before', () => {
    const forms = (name: string) => spokenForms(name).map((f) => f.join(' '));
    expect(forms('Bills & Utilities')).toEqual(['bills and utilities', 'bills utilities']);
    expect(forms('Mom + Dad')).toEqual(['mom plus dad', 'mom and dad', 'mom dad']);
    expect(forms('Amazon.com')).toEqual(['amazon dot com', 'amazon com']);
    expect(forms('AT&T')).toEqual(expect.arrayContaining(['a t and t', 'at t']));
    expect(forms('HR Updates')).toEqual(['hr updates', 'h r updates']);
    expect(forms('2FA Codes')).toEqual(expect.arrayContaining(['two f a codes', 'two fa codes']));
    expect(forms('NASA')).toEqual(['nasa', 'n a s a']);
    // Capitals inside a word are camel case, not an acronym.
    expect(forms('PhD Applications')).toEqual(['phd applications', 'ph d applications']);
    const categories = ['Bills & Utilities', 'AT&T', 'HR Updates', 'Receipts'];
    expect(parseVoiceCommand('open bills and utilities', { categories })).toMatchObject({ intent: 'open_category', slots: { name: 'Bills & Utilities' }, confidence: 1 });
    expect(parseVoiceCommand('go to a t and t', { categories })).toMatchObject({ intent: 'open_category', slots: { name: 'AT&T' }, confidence: 1 });
    expect(parseVoiceCommand('show h r updates', { categories })).toMatchObject({ intent: 'open_category', slots: { name: 'HR Updates' }, confidence: 1 });
    expect(commandGrammar({ categories }).jsgf).toMatch(/<category> = \( bills and utilities \| bills utilities \| at and t \| a t and t \| at t \| a t t \| hr updates \| h r updates \| receipts \)/);
  });
});

describe('“Did you mean …?” for speech that must not be acted on', () => {
  it('offers the commands closest to words heard outside the grammar, best first, without acting', () => {
    const hints = closestVoiceCommands('archive this message', { categories: ['Receipts'] });
    expect(hints[0]).toMatchObject({ intent: 'archive', say: expect.stringMatching(/^archive/) });
    expect(closestVoiceCommands('open receipt', { categories: ['Receipts'] })[0]).toMatchObject({ intent: 'open_category', slots: { name: 'Receipts' } });
  });
  it('offers nothing for silence', () => {
    expect(closestVoiceCommands('')).toEqual([]);
  });
});

describe('the recogniser grammar listens for the spoken ways and the parser’s longer wordings', () => {
  it('keeps one-word forms and wordings one word from another command’s out, and the rest of the parser’s in', () => {
    const spoken = commandGrammar({ categories: ['Receipts'], phrasings: 'spoken' });
    const broad = commandGrammar({ categories: ['Receipts'] });
    const everything = commandGrammar({ categories: ['Receipts'], phrasings: 'all' });
    expect(spoken.jsgf.length).toBeLessThan(broad.jsgf.length);
    expect(spoken.jsgf).toMatch(/<c_trash> = \( trash \| delete \)/);
    expect(spoken.jsgf).not.toMatch(/throw/);
    // The parser's longer wordings: "pick option three", "what can you do", "throw it in the trash".
    expect(broad.jsgf).toMatch(/<c_choose_suggestion> = .*\| pick the <ordinal> option \|/);
    expect(broad.jsgf).toMatch(/<c_help> = .*\| what can you do \|/);
    expect(broad.jsgf).toMatch(/<c_trash> = .*\| throw <said_object> in the trash \|/);
    // One-word forms stay typed-only ("down" for next); so do wordings one word away from another
    // command's ("mark not read" / "mark as read"; "dont do it" / "do it").
    const rule = (grammar: string, intent: string) => grammar.split('\n').find((line) => line.startsWith(`<c_${intent}> =`)) ?? '';
    expect(rule(broad.jsgf, 'next')).not.toMatch(/\| down\b/);
    expect(rule(everything.jsgf, 'mark_unread')).toMatch(/not read/);
    expect(rule(broad.jsgf, 'mark_unread')).not.toMatch(/not read/);
    expect(rule(broad.jsgf, 'deny')).not.toMatch(/\| dont do it\b/);
    // "cancel that" is a spoken way of its own (said as often as "cancel"), so "cancel selection"
    // stays typed-only: a slightly misheard one must not become the other.
    expect(rule(spoken.jsgf, 'cancel')).toMatch(/^<c_cancel> = cancel \[ that \] \|/);
    expect(rule(broad.jsgf, 'clear_selection')).not.toMatch(/cancel/);
  });
  it('listens for a suggestion by ordinal before the noun and by number after it, never the other way round', () => {
    const rule = commandGrammar().jsgf.split('\n').find((line) => line.startsWith('<c_choose_suggestion> =')) ?? '';
    expect(rule).toMatch(/\| choose the <ordinal> suggestion \|/);
    expect(rule).toMatch(/\| go with option <number> \|/);
    expect(rule).not.toMatch(/<index>|<number> (suggestion|option|reply|one)\b|(suggestion|option|reply|number) <ordinal>/);
    expect(commandGrammar().jsgf).toMatch(/<number> = \( one \| two \| three \);\n<ordinal> = \( first \| second \| third \);/);
    expect(indexAsSaid('[use | choose] [the] {index} suggestion')).toBe('[use | choose] [the] {ordinal} suggestion');
    expect(indexAsSaid('(option | suggestion) [number] {index}')).toBe('(option | suggestion) [number] {number}');
    // The parser still takes either anywhere: typed, or as a recogniser may write it.
    expect(parseVoiceCommand('the two option')).toMatchObject({ intent: 'choose_suggestion', slots: { index: 2 } });
  });
  it('every spoken way is still understood by the parser as its command', () => {
    const parser = createVoiceParser({ categories: ['Receipts'] });
    for (const [said, intent] of [
      ['delete these messages', 'trash'],
      ['move it to the trash', 'trash'],
      ['mark this message as unread', 'mark_unread'],
      ['use the second suggestion', 'choose_suggestion'],
      ['show me the receipts category', 'open_category'],
      ['take me to settings', 'navigate'],
    ] as const) {
      expect(parser.parse(said).intent, said).toBe(intent);
    }
  });
});

describe('what the recogniser’s grammar can hear, the parser understands', () => {
  // Every phrase the grammar's command rules produce (all of them, not a sample), plain, and every
  // fourth one also with one of the grammar's lead-ins or closings in turn: the parser must read it as that command with
  // the same slots. A lead-in or wording added to the grammar that the parser would misread
  // fails here.
  const categories = ['Receipts', 'Travel Plans'];
  const rules = Object.fromEntries(Object.entries(SHARED_RULES).map(([name, source]) => [name, parsePattern(source)]));
  const slots = {
    page: Object.entries(PAGE_NAMES).flatMap(([page, names]) => names.map((name) => ({ words: name.split(' '), value: page }))),
    // The grammar says a suggestion's number as a number or an ordinal by where it stands (indexAsSaid).
    number: ([1, 2, 3] as const).map((index) => ({ words: [INDEX_WORDS[index].spoken[0]], value: index })),
    ordinal: ([1, 2, 3] as const).map((index) => ({ words: [INDEX_WORDS[index].spoken[1]], value: index })),
    name: categories.flatMap((name) => spokenForms(name).map((words) => ({ words, value: name }))),
  };
  const sayable = (words: string[]) => words.every((w) => /^[a-z]+$/.test(w));
  const expand = (source: string) => expandPattern(parsePattern(source), { rules, slots }).filter((e) => sayable(e.words));
  const leads = SPOKEN_LEADS.flatMap((lead) => expand(lead).map((e) => e.words.join(' ')));
  const closings = SPOKEN_CLOSINGS.flatMap((closing) => expand(closing).map((e) => e.words.join(' ')));

  it.each(['spoken', 'broad'] as const)('every command phrase of the %s grammar, plain and some after a lead-in or before a closing', (phrasings) => {
    const parser = createVoiceParser({ categories });
    const wrong: string[] = [];
    let count = 0;
    for (const { intent, patterns } of grammarPatterns(phrasings)) {
      for (const pattern of patterns) {
        for (const [k, { words, slots: wanted }] of expand(pattern).entries()) {
          const phrase = words.join(' ');
          for (const said of k % 4 ? [phrase] : [phrase, k % 8 ? `${leads[(k / 4) % leads.length]} ${phrase}` : `${phrase} ${closings[(k / 8) % closings.length]}`]) {
            count++;
            const got = parser.parse(said);
            const { number, ordinal, ...named } = wanted;
            const index = number ?? ordinal;
            const expected = index === undefined ? named : { ...named, index };
            if (got.intent !== intent || JSON.stringify(got.slots) !== JSON.stringify(expected)) wrong.push(`"${said}" -> ${got.intent} ${JSON.stringify(got.slots)}`);
          }
        }
      }
    }
    expect(count).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
    // Every phrase of the grammar, parsed one by one: about 13 s for the broad grammar on a
    // 2-core machine (56 s before the parser kept its substitution costs from one sentence to
    // the next), more when other test files share it.
  }, 180_000);

  it('the grammar has lead-ins and closings, and the parser sets each one aside', () => {
    const grammar = commandGrammar({ categories });
    expect(grammar.jsgf).toMatch(/public <utterance> = <command> \[ <closing> \] \| <lead> <command> \[ <closing> \]/);
    expect(grammar.jsgf).toMatch(/<lead> = .*could you \[please\]/);
    expect(grammar.jsgf).toMatch(/\| <lead> <command> \[ <closing> \]/);
    expect(commandGrammar({ categories, leadWeight: null }).jsgf).not.toContain('<lead>');
    for (const lead of leads) expect(parseVoiceCommand(`${lead} archive it`).intent, lead).toBe('archive');
    for (const closing of closings) expect(parseVoiceCommand(`star it ${closing}`).intent, closing).toBe('star');
  });
});
