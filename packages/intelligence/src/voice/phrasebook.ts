/**
 * How each command is said, in the pattern language of pattern.ts. The parser matches what was
 * said against these phrases (fuzzily), and the recogniser's grammar is generated from the very
 * same text, so a command the parser knows is a command the recogniser can hear.
 *
 * Words the recogniser could never produce (digits, typed shorthand) may appear here: the grammar
 * generator leaves them out, the parser keeps them for typed commands.
 */
import type { KnownIntent, Page } from './intents.ts';
import type { SlotFiller } from './pattern.ts';

/** Shared rules. `<object>` is what the command acts on ("this", "it", "the selected messages"). */
export const SHARED_RULES: Record<string, string> = {
  noun: 'message | messages | email | emails | mail | conversation | conversations | thread | threads | one | ones',
  object: 'it | them | this | that | these | those | everything | [this | that | the | these | those | my] [selected | current] <noun>',
  /** What a command acts on, and how a page is asked for, as the recogniser listens for them (`spoken` below). */
  said_object: 'it | this | that | them | these | (this | that) one | (this | the | these | the selected) (message | messages | email | emails)',
  said_nav: 'go to | open | show [me] | take me to',
  nav: 'go to | go back to | open | open up | show | show me | take me to | bring me to | take me back to | bring me back to | pull up | get me | give me | i need | head to | head over to | switch to | navigate to | bring up | back to | jump to | view | see | i want to see | look at | let me see | can i see | where (is | are) | check | check on | (what is | whats) (in | new in)',
};

/** Rules the parser does not expand: their words are cheap to ignore (see text.ts IGNORABLE_WORDS). */
export const PARSER_SKIPPED_RULES: ReadonlySet<string> = new Set(['object']);

/** Ways to name each page; the first is how hints say it. */
export const PAGE_NAMES: Record<Page, string[]> = {
  inbox: ['inbox', 'all mail', 'mailbox', 'messages list'],
  dashboard: ['dashboard', 'home', 'home page', 'overview', 'start page'],
  categories: ['categories', 'category list', 'all categories', 'my categories', 'manual categories'],
  bundles: ['bundles', 'bundle', 'my bundles'],
  digest: ['digest', 'daily digest', 'daily summary', 'summary'],
  recovery: ['recovery', 'undo history', 'action history', 'recover'],
  unsubscribe: ['unsubscribe', 'subscriptions', 'mailing lists'],
  insights: ['insights', 'insight', 'statistics', 'stats', 'analytics'],
  settings: ['settings', 'setting', 'preferences', 'options'],
  ops: ['ops', 'operations', 'admin', 'system status'],
  'voice-reply': ['voice reply', 'voice replies', 'reply by voice', 'dictation'],
  search: ['search', 'search results', 'search page'],
};

/** Names of pages typed, not said to the recogniser's grammar: "go to unsub". */
const TYPED_PAGE_NAMES: Partial<Record<Page, string[]>> = { unsubscribe: ['unsub', 'unsubs'] };

export function pageFillers(): SlotFiller[] {
  return [PAGE_NAMES, TYPED_PAGE_NAMES].flatMap((names) => Object.entries(names).flatMap(([page, list]) => list.map((name) => ({ words: name.split(' '), value: page }))));
}

/**
 * Suggestion numbers: said as a number or an ordinal ("option two", "the second option"); "to",
 * "too" and "won" are how recognisers write a spoken two and one.
 */
export const INDEX_WORDS: Record<1 | 2 | 3, { spoken: [number: string, ordinal: string]; typed: string[] }> = {
  1: { spoken: ['one', 'first'], typed: ['1', '1st', 'won'] },
  2: { spoken: ['two', 'second'], typed: ['2', '2nd', 'to', 'too'] },
  3: { spoken: ['three', 'third'], typed: ['3', '3rd', 'tree'] },
};

export function indexFillers(): SlotFiller[] {
  return ([1, 2, 3] as const).flatMap((index) => [...INDEX_WORDS[index].spoken, ...INDEX_WORDS[index].typed].map((word) => ({ words: [word], value: index })));
}

export interface CommandPatterns {
  intent: KnownIntent;
  /** Each is one pattern; the first one's first expansion is how hints suggest saying it. */
  patterns: string[];
  /**
   * The ways the offline recogniser listens for (its grammar), when fewer than `patterns`. Every
   * path in a grammar is one more way for a misheard sound to become a command, so the grammar
   * keeps the plain ways people say a command and the parser keeps the rest (typed commands and
   * the browser's recogniser give free text).
   */
  spoken?: string[];
  /**
   * Ways the parser knows and the recogniser's grammar does not listen for (typed commands, the
   * browser's recogniser and the language model's free transcripts give them).
   */
  typed?: string[];
}


/** The command set. `search` is not here: what follows its trigger is free text (see parse.ts). */
export const COMMANDS: CommandPatterns[] = [
  {
    intent: 'navigate',
    patterns: ['<nav> [the | my] {page} [page | screen | view | tab]', '{page} [page]', 'take me {page}'],
    // Said formally: "please display the dashboard", "return to the inbox".
    typed: ['(display | proceed to | return to) [the | my] {page} [page | screen]'],
    spoken: ['<said_nav> [the | my] {page} [page]'],
  },
  {
    intent: 'open_category',
    patterns: [
      '<nav> [the | my] {name} [category | folder | label | emails | messages | mail]',
      '{name} [category | folder]',
      '[<nav>] [the] category {name}',
    ], spoken: ['<said_nav> [the | my] {name} [category]'],
  },
  { intent: 'next', patterns: ['[go to | show [me] | move to | skip to] [the] next [<noun> | item]', '(go | move | scroll) down', 'down', 'skip [<object>]', 'move on', 'keep going', '(whats | what is) next'], typed: ['proceed to [the] next [<noun>]'], spoken: ['[go to] [the] next [message | email | one]'] },
  {
    intent: 'previous',
    patterns: ['[go | move] [back] [to] [the] previous [<noun> | item]', '(go | move | scroll) up', 'up', 'go back [one]', 'back one', '[show [me] | go to | go back to] the one before [that | this | it]', '[go] back to the last one', 'prev'],
    typed: ['return to [the] previous [<noun>]'],
    spoken: ['[go to] [the] previous [message | email | one]', 'go back'],
  },
  { intent: 'open', patterns: ['open [<object>] [up]', 'show [me] [<object>]', 'view [<object>]'], spoken: ['open [<said_object>]'] },
  { intent: 'close', patterns: ['close [<object>]', '[go] back to [the] list', 'exit [<object>]', 'dismiss [<object>]', '(im | i am) done [with <object>]'], typed: ['(im | i am) done [with <object>] close <object>'], spoken: ['close [<said_object>]', 'back to the list'] },
  {
    intent: 'read_aloud',
    patterns: ['read [<object>] aloud', 'read [<object>] out loud', 'read [<object>] (out | to me)', 'read [<object>]', 'speak [<object>]'], typed: ['read (to | for) me [<object>]'], spoken: ['read [<said_object>] [aloud | out loud]'],
  },
  { intent: 'stop_reading', patterns: ['stop reading', 'stop [talking | speaking]', 'be quiet', 'quiet', 'silence', 'shut up', 'pause reading', 'enough', '(that is | thats) enough', 'quit (reading | talking | speaking)'], typed: ['stop to (read | talk | speak)', '(dont | do not) read [<object>] [any more | anymore]', 'shh', 'shush', 'hush'], spoken: ['stop [reading | talking]', 'be quiet'] },
  { intent: 'select', patterns: ['select [<object>]', 'check [<object>]', 'tick [<object>]'], typed: ['(check | tick) the box [for | next to] [<object>]', '(pick | choose) (this | that) [one | <noun>]'], spoken: ['select [<said_object>]'] },
  { intent: 'select_all', patterns: ['select (all | everything) [<object>]', 'select all of them', 'check (all | everything)', 'select all <noun>', 'select every <noun>'], typed: ['pick (all | everything) [<object>]'], spoken: ['select (all | everything) [messages]'] },
  {
    intent: 'clear_selection',
    patterns: ['clear [the] selection', 'cancel [the] selection', '(deselect | unselect | uncheck) [all | everything | <object>]', 'select none', 'clear all'],
    typed: ['(remove | undo) [the | my] selection'],
    spoken: ['clear [the] selection', '(deselect | unselect) [all | everything]', 'select none'],
  },
  {
    intent: 'archive',
    patterns: ['archive [<object>]', '(move | put) [<object>] (in | into | to) [the] archive', 'file [<object>] away'], spoken: ['archive [<said_object>]'],
  },
  {
    intent: 'trash',
    patterns: ['trash [<object>]', 'delete [<object>]', '(move | put | throw) [<object>] (in | into | to) [the] (trash | bin | garbage)', 'throw [<object>] away', 'bin [<object>]', 'get rid of [<object>]'], typed: ['<object> (can | should) [probably | just] go in the (bin | trash)'], spoken: ['(trash | delete) [<said_object>]', 'move [<said_object>] to [the] trash'],
  },
  { intent: 'quarantine', patterns: ['quarantine [<object>]', '(move | put) [<object>] (in | into | to) quarantine'],
    typed: [
      '(move | put | send) [<object>] (in | into | to) the quarantine',
      '(report | mark) [<object>] [as] (spam | junk | phishing)',
      '(this | that | it) (is | looks like) [a] (spam | scam | phishing | junk) [quarantine [<object>] | (move | put) [<object>] (in | into | to) [the] quarantine]',
    ],
    spoken: ['quarantine [<said_object>]'] },
  { intent: 'star', patterns: ['star [<object>]', 'add a star [to <object>]', 'flag [<object>]', 'mark [<object>] [as] starred'], typed: ['(put | stick) a star (on | next to) [<object>]', 'give [<object>] a star'], spoken: ['star [<said_object>]', 'add a star'] },
  { intent: 'unstar', patterns: ['unstar [<object>]', 'remove [the] star [from <object>]', 'unflag [<object>]', 'mark [<object>] [as] not starred', 'take the star off [<object>]'], typed: ['(take | remove) [the] star off [<object>]', 'take off [the] star'], spoken: ['unstar [<said_object>]', 'remove [the] star'] },
  { intent: 'mark_read', patterns: ['mark [<object>] [as] read', 'mark [<object>] [as] seen'], spoken: ['mark [<said_object>] as read'] },
  { intent: 'mark_unread', patterns: ['mark [<object>] [as] (unread | not read | new)', 'keep [<object>] unread'], spoken: ['mark [<said_object>] as unread'] },
  { intent: 'important', patterns: ['mark [<object>] [as] important', 'important', '(this | it) is important', 'flag [<object>] as important'], spoken: ['mark [<said_object>] as important'] },
  {
    intent: 'not_important',
    patterns: ['mark [<object>] [as] (not important | unimportant)', 'not important', 'unimportant', '(this | it) (is not | isnt) important', 'remove [the] importance'], spoken: ['mark [<said_object>] as not important', 'not important', '(this | it) is not important'],
  },
  { intent: 'undo', patterns: ['undo [that | it | this | the last (action | one | change) | the (delete | deletion | archive | move | trash)]', 'take (that | it) back', 'revert [that | it]', 'undo the last (thing | step)'], spoken: ['undo [that | it]'] },
  {
    intent: 'reply',
    patterns: ['reply [to <object>]', 'reply to [the] sender', 'respond [to <object>]', 'answer [<object>]', 'write (back | a reply)'],
    typed: ['(draft | write | compose) a (reply | response) [to <object>]'],
    spoken: ['reply [to <said_object>]'],
  },
  { intent: 'reply_all', patterns: ['reply [to] all', 'reply to everyone', '(respond | answer) to (all | everyone)', 'answer all'], typed: ['(reply | respond | answer) [to] (everybody | all of them | everyone on it)'], spoken: ['reply [to] all'] },
  { intent: 'forward', patterns: ['forward [<object>]', 'forward [<object>] to someone'], typed: ['(send | pass) [<object>] (on | along)', 'pass [<object>] on to someone'], spoken: ['forward [<said_object>]'] },
  {
    intent: 'suggest_replies',
    patterns: [
      'suggest [a | some] (reply | replies | answers | responses)',
      '[show | give me] [some] (suggestions | suggested replies | reply suggestions | smart replies)',
      'smart reply',
      'what should i (say | reply | answer)',
      'help me (reply | answer | respond)',
      'what (should | do) i (say | reply | answer | write | respond) [back] [to <object>]',
      'how (should | do | can) i (respond | reply | answer) [to <object>]',
      '[give me | show me] [some | any] (reply | response) (ideas | suggestions | options)',
    ],
    spoken: ['suggest [some] replies', '[show [me] | give me] [some] (suggestions | smart replies)'],
  },
  { intent: 'send', patterns: ['send [it | this | the (reply | message | email | draft)] [now]'], typed: ['send [<object>] off'], spoken: ['send [it | the reply | the message]'] },
  { intent: 'cancel', patterns: ['cancel [that | it | this | the (reply | draft | message)]', 'never mind', 'forget it', 'abort', 'discard [the] (draft | reply)'], typed: ['(cancel | discard) [this | that | the | my] (answer | response | email | draft | reply | message)', 'nvm'], spoken: ['cancel [that]', 'never mind'] },
  {
    intent: 'choose_suggestion',
    patterns: [
      '[use | choose | pick | select | take | go with] [the] {index} (suggestion | option | reply | one)',
      '[use | choose | pick | select | take | go with] [the] (suggestion | option | reply) [number] {index}',
    ],
    // The choice said without a verb: "the first suggestion will do", "the second one is fine".
    typed: ['[the] ({index} (suggestion | option | reply | one) | number {index}) (will do | works | is (fine | good | great | perfect))'],
    spoken: ['[use | choose] [the] {index} suggestion', '[use | choose] suggestion {index}'],
  },
  {
    intent: 'confirm',
    patterns: ['yes [please | do it | go ahead | confirm | sure]', 'yeah [go ahead | do it]', 'yep [do it]', 'yup', 'sure', 'confirm', 'correct', 'ok', 'okay', 'do it', 'go ahead', 'affirmative', 'please do', 'absolutely', 'sure (do it | go ahead | thing)', 'go for it'],
    typed: ['(that is | thats) (right | correct)', 'yes (that is | thats) (right | correct)', 'yeah [please | sure]', 'yep please', '[yes] proceed', '(ya | yah | yea | aye) [please | sure]'],
    spoken: ['yes [please]', 'confirm'],
  },
  { intent: 'deny', patterns: ['no [thanks | thank you | dont | do not | way | cancel | stop]', 'nope', 'nah', '(dont | do not) [do it]', 'no dont do it', 'negative', 'no (leave | keep) (it | them)'], typed: ['not now', 'not yet', '[no] i (dont | do not) think so', '[no] (dont | do not) proceed', '[no] i (dont | do not) (want | wish) to [do (that | it)]'], spoken: ['no [thanks]'] },
  {
    intent: 'help',
    patterns: ['help [me]', 'what can (i | you) (say | do)', '[show | list] [me] [the] [voice] commands', 'i need help', 'how does this work', 'what are my options', 'what commands (are there | can i use | do you know)', 'what (can | do) you understand'],
    typed: ['how (do | can) i use (this | it | you) [thing | app]', 'what (am i supposed to | should i | do i) say', 'what commands are (available | there) [to me]', 'what (sort | kind | kinds) of things can i (say | ask) [to you]', 'what can i ask [you | it] [to do]'],
    spoken: ['help', 'what can i say'],
  },
];
