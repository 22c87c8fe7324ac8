import * as chrono from 'chrono-node';
import { isValediction } from './lexicon.ts';
import { firstNameOf, signatureName } from './names.ts';
import type { MessageKind, MessageUnderstanding, ReplyMessage } from './types.ts';

/**
 * What a message asks of the user, read from its new text: the kinds of message it is (a yes/no
 * question, a request, scheduling, a request for information or a file, thanks, an introduction,
 * an FYI, congratulations, an apology, a complaint, or a plain statement), who asks, and the
 * details a reply can echo (the proposed time, the thing asked for, the task).
 */

/** Which kind leads when a message is several at once: an ask outranks pleasantries. */
const PRIORITY: MessageKind[] = ['complaint', 'scheduling', 'introduction', 'request', 'information', 'question', 'apology', 'congratulations', 'thanks', 'fyi', 'statement'];

/** The finer shape of a question, which decides how a yes or a no is worded. */
export type QuestionShape = 'invitation' | 'permission' | 'opinion' | 'wellbeing' | 'how-was' | 'echo' | 'plain';

export interface Understanding extends MessageUnderstanding {
  /** For questions: how to word the answers. */
  questionShape: QuestionShape | null;
  /** For echo questions: the short answers ("Yes, I am." / "No, I'm not."). */
  echo: { yes: string; no: string } | null;
  /** For information requests: a file or document is asked for. */
  wantsThing: boolean;
  /** For FYIs: the message delivers something (an attachment, the thing asked for). */
  delivered: boolean;
}

const MAX_SENTENCES = 40;

export function understandMessage(message: ReplyMessage, newText: string, now?: number): Understanding {
  const all = sentencesOf(newText);
  const sentences = all.slice(0, MAX_SENTENCES);
  const subject = message.subject.replace(/^(?:(?:re|aw|sv|fwd?|fw)\s*:\s*|\[[^\]]*\]\s*)+/i, '').trim();
  const found = new Map<MessageKind, number>();
  const note = (kind: MessageKind, at: number) => {
    if (!found.has(kind)) found.set(kind, at);
  };

  let ask: string | null = null;
  let task: string | null = null;
  let thing: string | null = null;
  let wantsThing = false;
  let questionShape: QuestionShape | null = null;
  let echo: Understanding['echo'] = null;
  let schedulingSentence: string | null = null;
  let introduced: string | null = null;
  let delivered = false;

  for (let at = 0; at < sentences.length; at++) {
    const s = (sentences[at] as string).trim();
    const lower = s.toLowerCase();
    if (isValediction(s) || /^(?:thanks|thank you)(?: in advance)?[,.!]*$/i.test(s)) continue;
    const isQuestion = /\?\s*$/.test(s) || /^(?:any idea|anyone know|does anyone|do you know|can you tell me|let me know (?:if|whether|what|when|where|how|which))\b/i.test(s);

    // Strong words of complaint count anywhere; general griping ("the worst spam ever") only
    // when aimed at "you".
    if (STRONG_COMPLAINT.test(lower) || (WEAK_COMPLAINT.test(lower) && /\b(?:you|your)\b/.test(lower))) {
      note('complaint', at);
    }
    if (INTRODUCTION.test(s)) {
      note('introduction', at);
      introduced ??= introducedName(s);
    }
    // A meeting word and an ask or a proposal ("Are you free for lunch?", "Let's meet at 3"), or
    // a time asked about ("Does Tuesday work?"); "I missed our call this morning" is not one.
    // "Let me know by Friday whether the terms work for you" names a deadline, not a time to meet.
    const timed = s.length > 200 ? false : MEETING.test(lower) || (/\b(?:work|works|suit|suits|good for you|convenient|okay for you|ok for you)\b/.test(lower) && !DEADLINE.test(lower)) ? hasTime(s, now) : false;
    // "Could you review it before lunch?" is a request that names a meal, not an invitation;
    // "Can you join us for lunch?" asks to meet.
    const asked = REQUEST.exec(s);
    const requestNotMeeting = asked !== null && !/^(?:meet|join|come|call|ring|chat|catch|make it|do (?:a |the )?(?:call|meeting|lunch|coffee|dinner)|be (?:free|around|available|there)|hop on|jump on|grab)\b/i.test((asked[1] as string).trim());
    const meeting = s.length <= 200 && MEETING.test(lower) && !requestNotMeeting;
    if ((meeting && (isQuestion || PROPOSAL.test(lower) || (timed && !PAST.test(lower)))) || (s.length <= 200 && timed && isQuestion)) {
      note('scheduling', at);
      schedulingSentence ??= s;
      ask ??= s;
    }
    const fileMatch = FILE_REQUEST.exec(s);
    const fileAsk = fileMatch && (isQuestion || /^(?:please|pls|kindly)\b|\b(?:need|want|would like|could use)\b/i.test(s) || /^(?:send|share|forward|attach)\b/i.test(s)) ? fileMatch : null;
    if (fileAsk && (isQuestion || /^(?:please|pls|kindly)\b|\b(?:need|want|would like|could use)\b/i.test(s) || /^(?:send|share|forward|attach)\b/i.test(s))) {
      note('information', at);
      wantsThing = true;
      thing ??= fromUsersView(cleanPhrase(fileAsk[1] as string));
      ask ??= s;
    }
    let request = REQUEST.exec(s) ?? IMPERATIVE.exec(s);
    // A request inside quoted speech ('someone says, "Can you show us ..."') is not made of the user.
    if (request && (s.slice(0, request.index).match(/["“”]/g)?.length ?? 0) % 2 === 1) request = null;
    const requested = request ? ((request[1] ?? request[2]) as string) : '';
    if (request && /^(?:tell me|let me know|explain|point me|remind me (?:what|when|where|how|who|which|why))\b/i.test(requested)) {
      note('information', at);
      ask ??= s;
    } else if (request && !COURTESY.test(lower) && !fileAsk) {
      note('request', at);
      task ??= taskPhrase(requested);
      ask ??= s;
    } else if (request === null && NEED_YOUR.test(lower)) {
      note('request', at);
      ask ??= s;
    } else if (isQuestion && SMALL_TALK.test(s)) {
      // "How have you been?" wants news, not research: small talk, answered in kind.
      note('question', at);
      questionShape ??= /how was/i.test(s) ? 'how-was' : 'wellbeing';
      ask ??= s;
    } else if (isQuestion && !COURTESY.test(lower)) {
      if (WH_QUESTION.test(s) || /^(?:do you (?:know|have)|does anyone|anyone know|any idea|is there (?:a|any) way|can you tell me|let me know)\b/i.test(s)) {
        note('information', at);
        ask ??= s;
      } else if (YES_NO.test(s)) {
        note('question', at);
        if (!questionShape) {
          questionShape = shapeOf(s);
          echo = questionShape === 'echo' ? echoAnswers(s) : null;
          if (questionShape === 'echo' && !echo) questionShape = 'plain';
        }
        ask ??= s;
      }
    }
    if (APOLOGY.test(lower) && !/\bsorry to hear\b/.test(lower)) note('apology', at);
    if (CONGRATULATIONS.test(lower)) note('congratulations', at);
    if (THANKS.test(lower) && !/\b(?:thanks|thank you) in advance\b|\btia\b/.test(lower)) note('thanks', at);
    if (FYI.test(lower)) note('fyi', at);
    if (DELIVERY.test(lower)) {
      note('fyi', at);
      delivered = true;
    }
  }
  if (FYI.test(subject.toLowerCase())) note('fyi', sentences.length);
  if (INTRODUCTION.test(subject) || /^(?:intro(?:duction)?|meet)\b/i.test(subject)) note('introduction', sentences.length);

  if (found.size === 0) note('statement', 0);
  const kinds = [...found.keys()].sort((a, b) => PRIORITY.indexOf(a) - PRIORITY.indexOf(b));
  const primary = kinds[0] as MessageKind;

  let time: string | null = null;
  if (primary === 'scheduling' || kinds.includes('scheduling')) time = timePhrase(schedulingSentence ?? newText, now);
  if (primary !== 'question') {
    questionShape = null;
    echo = null;
  }

  const sender = message.from[0] ?? null;
  const firstName = firstNameOf(sender) ?? (sender && !sender.name ? signatureName(newText) : null);
  return {
    kinds,
    primary,
    asker: { address: sender?.address ?? null, firstName },
    ask: ask ? ask.slice(0, 300) : null,
    time,
    thing,
    task,
    introduced,
    questionShape,
    echo,
    wantsThing,
    delivered,
  };
}

// ---- Sentences -------------------------------------------------------------------------------

/** Paragraphs with hard-wrapped lines joined, split into sentences. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    // Lists and short lines keep their breaks; wrapped prose is joined.
    const lines = paragraph.split('\n').map((l) => l.trim()).filter(Boolean);
    let current = '';
    for (const line of lines) {
      const startsItem = /^(?:[-*•]|\d+[.)])\s/.test(line);
      if (current && (startsItem || /[.!?:]$/.test(current) || current.length < 40)) {
        out.push(...splitSentences(current));
        current = line;
      } else current = current ? `${current} ${line}` : line;
    }
    if (current) out.push(...splitSentences(current));
    if (out.length > MAX_SENTENCES * 2) break;
  }
  return out.filter((s) => /\p{L}/u.test(s));
}

function splitSentences(text: string): string[] {
  // A sentence ends at . ! ? followed by a space and a capital or quote; "e.g." and "Dr." do not end one.
  return text
    .split(/(?<=(?<!\b(?:[Ee]\.g|[Ii]\.e|etc|vs|[Dd]r|[Mm]rs?|[Mm]s|[Ss]t|approx|cf))[.!?]+["')\]]?)\s+(?=["'([]?[\p{Lu}\d])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

// ---- Cues ------------------------------------------------------------------------------------

const STRONG_COMPLAINT =
  /\b(?:disappointed|disappointing|unacceptable|frustrat(?:ed|ing)|(?:i'm|i am|we're|we are) (?:annoyed|upset|angry|furious|not happy|unhappy)|complain(?:t|ing)?|poor service|waste of (?:my |our )?(?:time|money)|this is the (?:second|third|fourth|\d+(?:st|nd|rd|th)) time|(?:no ?one|nobody) (?:has )?(?:responded|replied|answered|got back)|still (?:hasn't|haven't|has not|have not|no sign|waiting)|never (?:received|arrived|got)|(?:is|was|are) broken again|want (?:a|my) refund|demand (?:a|an)|not what (?:i|we) (?:paid|ordered) for)\b/;
const WEAK_COMPLAINT = /\b(?:annoyed|annoying|upset|angry|furious|unhappy|ridiculous|terrible|awful|appalling|worst|rude|late again)\b/;

const INTRODUCTION =
  /\b(?:i(?:'d| would) like to introduce|let me introduce|allow me to introduce|(?:i )?wanted to introduce|introducing you|(?:i'm |i am )?introducing \p{Lu}|want(?:ed)? to connect you|connect(?:ing)? you (?:two|both|with)|put(?:ting)? you (?:two |both )?in touch|you two should (?:meet|talk|connect)|(?:meet|say hello to|say hi to) \p{Lu}\p{Ll}+,? (?:who|she|he|they|my|our|from)|(?:cc'?ing|cc-ing|copying|looping in) \p{Lu}\p{Ll}+,? (?:who|she|he|they|my|our|from))/iu;

const MEETING =
  /\b(?:meet(?:ing|up)?|1:1|one[- ]on[- ]one|stand-?up|(?:push|move|bump|shift) (?:it|our|the|this|my|your) .{0,30}?\bto\b|(?:a|quick|phone|video|conference|zoom|short) call|call (?:me|you|us)|give (?:me|you|us) a (?:call|ring)|catch ?up|catch-up|(?:a|quick) chat|to (?:chat|talk|meet|catch up)\b|(?:have|got) (?:a (?:minute|moment|sec(?:ond)?|few minutes)|(?:some )?time) (?:to|for|today|tomorrow|this|later)|coffee|lunch|dinner|breakfast|drinks|get together|(?:a|quick) sync|hang ?out|zoom|skype|hangout|appointment|interview|(?:a|the) demo|reschedul\w*|(?:my|your) calendar|availability|(?:are|is) you (?:free|around|available)|free (?:on|at|this|next|tomorrow|for lunch|for coffee|for a|today|tonight|later)|time slot|what time|which day|what day|when (?:are|would|can|could|will) (?:you|we) (?:be )?(?:free|available|around|meet)|let's (?:meet|talk|grab|catch)|come (?:over|by)|stop by|drop by|swing by)\b/;

/** Past events are not proposals ("Sorry I missed our call this morning"). */
/** A time said as a deadline: "by Friday", "before the end of the week", "no later than Monday", "by EOD". */
const DEADLINE =
  /\b(?:by|before|until|till|no later than|not later than)\s+(?:the\s+)?(?:end of\s+(?:the\s+)?)?(?:mon|tues?|wed|thu(?:rs)?|fri|sat|sun)\w*|\b(?:by|before|until|till|no later than)\s+(?:the\s+)?(?:end of\s+)?(?:(?:today|tomorrow|tonight|noon|midday|eod|cob|close of business)\b|(?:this|next|the)\s+(?:week|month|weekend)\b|\d)/;
const PAST = /\b(?:missed|missing|sorry|apologi[sz]e|apologies|was|were|had|did|yesterday|last (?:week|night|time|month)|earlier today|ago)\b/;

/** A proposal without a question mark: "Let's meet Tuesday at 3." */
const PROPOSAL = /\b(?:let's|let us|how about|what about|shall we|we could|i can do|i'm free|i am free|does .{1,30} work|would .{1,30} work|works for you)\b/;

const FILE_REQUEST =
  /\b(?:send|share|forward|attach|email|e-mail|pass along|pass on|give)\s+(?:(?:me|us|over|along|across|back)\s+)*(?:(?:a copy of|copies of|a link to|the link to)\s+)?((?:the|your|my|our|this|that|these|those|a|an|some|any)\s+[\p{L}\d][\p{L}\d '’-]{0,40}?)(?=\s+(?:by|before|when|if|to|for|asap|today|tomorrow|tonight|please|so|as|at|on|with|from|over|again|soon|later|this|next|once)\b|\s*[?.!,;:)]|\s*$)/iu;

/** "Can you ...", "Could you please ...", "Would you mind ...", "I need you to ..." */
const REQUEST =
  /\b(?:(?:can|could|would|will) you (?!be (?:at|in|there|around|free|available|interested|coming|joining|ok|okay|happy|home|back|here)\b)(?:please |kindly |possibly |maybe |also |just )?|would you mind |do you mind |i need you to |i'd like you to |i would like you to |i'd appreciate (?:it )?if you could |it would be (?:great|good|helpful|nice) if you could |(?:i was|i'm|i am|we were|we're|we are) (?:just )?wondering (?:if|whether) you (?:could|can|would|might) (?:possibly )?|do you think you could |would it be possible (?:for you )?to |any chance you (?:could|can) |please could you |if you could )([\p{L}][^?!.]{1,120})/iu;

/** "We need your decision by Thursday": a request with no task to echo. */
const NEED_YOUR = /\b(?:i|we) (?:need|require|are waiting for|am waiting for|'re waiting for|'m waiting for) your (?:decision|approval|input|feedback|answer|sign-?off|signature|help|confirmation|go-ahead|ok|okay|thoughts|review|vote)\b/;

/** Small-talk questions: "How are you?", "How have you been?", "How was your trip?" */
const SMALL_TALK =
  /^(?:(?:hi|hey|hello|so|and)[,!]?\s+)?(?:how (?:are|have) you(?: been| doing| keeping)?(?: lately| these days)?|how(?:'s| is) (?:it going|everything|life|things|the family|work)|how are things|what'?s up|what'?s new|how was your (?:[\p{L}-]+\s?){1,3})\s*\?$/iu;

/** The message hands something over: "Please find attached ...", "Here's the report you asked for." */
const DELIVERY =
  /\b(?:please find (?:attached|enclosed)|attached (?:is|are|please find|you(?:'ll| will) find)|i(?:'ve| have) attached|i'm attaching|i am attaching|enclosed (?:is|are)|see (?:the )?attached|here(?:'s| is| are) the [\p{L}\d ,'-]{1,40}(?:you asked for|as promised|for your review|we discussed))/u;

/** An imperative sentence that starts with "please" or a request verb. */
const IMPERATIVE =
  /^(?:please|pls|kindly)\s+(?!note\b|be aware\b|see\b|find\b|don't\b|do not\b|ignore\b|excuse\b|forgive\b|bear with\b|stop\b)([\p{L}][^?!.]{1,120})|^((?:review|check|look at|confirm|sign|approve|fix|update|call|ring|remind|book|reserve|order|buy|pick up|print|fill (?:in|out)|complete|submit|finish|draft|prepare|add|remove|invite|reply|respond|get back to me|let me know)\b[^?!.]{0,120})[.!]?$/iu;

/** Courtesies that look like asks but are not: "Let me know if you have any questions." */
const COURTESY =
  /\blet me know if (?:you (?:have|need|want)|there(?:'s| is| are)|anything|i can)|\bif you have any (?:questions|problems|issues)\b|\bfeel free to\b|\bdon't hesitate to\b|\bhope (?:this|that|it) helps\b|\bhope you(?:'re| are) (?:well|doing well)\b/;

const WH_QUESTION = /^(?:(?:so|and|but|also|btw|ok|okay|hi|hey)[, ]+)?(?:what|when|where|who|whom|whose|which|why|how)\b/i;

const YES_NO =
  /^(?:(?:so|and|but|also|btw|ok|okay|quick question|one more thing|just checking|just wondering)[,:]?\s+)*(?:do|does|did|is|isn't|are|aren't|was|were|have|has|had|will|would|should|shall|can|could|may|might|am|any chance|is it ok|is it okay|are we|would it)\b/i;

const APOLOGY = /\b(?:sorry|apologi[sz]e|apologies|my (?:bad|fault|mistake)|i messed up|forgive me|i regret|excuse the delay)\b/;
const CONGRATULATIONS = /\b(?:congrat(?:ulation)?s|congratulat\w+|well done|great job|nice work|great work|kudos|bravo|proud of you|happy birthday|happy anniversary|hats off)\b/;
const THANKS = /\b(?:thanks|thank you|thx|many thanks|much appreciated|(?:i |we )?(?:really |truly |greatly |much )?appreciate (?:you|it|that|this|your|the|all)|grateful)\b/;
const FYI =
  /\b(?:fyi|for your information|heads[- ]up|just (?:wanted to )?let(?:ting)? you know|just so you know|for your reference|no (?:action|reply|response) (?:needed|required|necessary)|keep(?:ing)? you (?:posted|in the loop)|quick update|just a reminder|reminder:|update:|for the record)\b/;

// ---- Details ---------------------------------------------------------------------------------

function hasTime(sentence: string, now?: number): boolean {
  return timePhrase(sentence, now) !== null;
}

/** The first date or time named, as written, trimmed of a leading preposition ("at 3pm" -> "3pm"). */
function timePhrase(text: string, now?: number): string | null {
  const sample = text.length > 2_000 ? text.slice(0, 2_000) : text;
  const results = chrono.parse(sample, now === undefined ? new Date() : new Date(now), { forwardDate: true });
  for (const result of results) {
    let phrase = result.text.trim().replace(/^(?:on|at|by|for|this coming)\s+/i, '');
    if (phrase.length < 3 || /^\d+$/.test(phrase)) continue;
    // Durations ("a minute", "an hour") are not times to meet.
    if (/^(?:a|an|one|a few|few|\d+)\s+(?:minute|moment|second|sec|min|hour|hr)s?\b/i.test(phrase)) continue;
    // A bare hour ("3") is not a time anyone would echo; "3pm", "3:30" and days are.
    if (!/[a-z]/i.test(phrase) && !/:\d{2}/.test(phrase)) continue;
    // "Move it from Monday to Wednesday at 11am": the new time is what follows "to".
    if (result.end && /\b(?:move|moving|push|shift|change|reschedul\w*|bump)\b/i.test(sample) && /\sto\s/i.test(phrase)) {
      phrase = phrase.slice(phrase.toLowerCase().lastIndexOf(' to ') + 4).trim();
    }
    phrase = phrase.replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\b/gi, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
    return phrase.slice(0, 40);
  }
  return null;
}

/** Trims a captured noun phrase: "the slides from Monday's talk" stays; trailing filler goes. */
function cleanPhrase(phrase: string): string {
  return phrase
    .replace(/\s+(?:please|again|too|as well|asap)$/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, 6)
    .join(' ');
}

/** Pronouns turned around: what the sender calls "your notes" the user calls "my notes". */
function fromUsersView(phrase: string): string {
  const swapped = phrase.split(' ').map((word, i, words) => {
    const lower = word.toLowerCase();
    switch (lower) {
      case 'your':
        return 'my';
      case 'yours':
        return 'mine';
      case 'my':
        return 'your';
      case 'mine':
        return 'yours';
      case 'me':
        return 'you';
      case 'myself':
        return 'yourself';
      case 'yourself':
        return 'myself';
      case 'i':
        return 'you';
      case "i'm":
        return "you're";
      case 'you': {
        // "you" as a subject ("what you think") becomes "I"; as an object ("send you") "me".
        const next = words[i + 1]?.toLowerCase() ?? '';
        return /^(?:think|want|need|have|had|can|could|would|will|should|did|do|mean|prefer|like|see|find|get|know|are|were|got|sent|made|said|saw|took|left|put|paid|read|wrote|went|came|gave|told|kept|meant|thought|[a-z]+ed)$/.test(next) ? 'I' : 'me';
      }
      case 'are':
        return words[i - 1]?.toLowerCase() === 'you' ? 'am' : word;
      case 'were':
        return words[i - 1]?.toLowerCase() === 'you' ? 'was' : word;
      default:
        return word;
    }
  });
  return swapped.join(' ');
}

/** The requested action, in the user's words, if it is short and plainly worded; else null. */
function taskPhrase(raw: string): string | null {
  let phrase = raw
    .replace(/\s+/g, ' ')
    .replace(/[,;:].*$/, '')
    .replace(/\s+(?:please|for me|asap|thanks|thank you)$/i, '')
    .trim();
  phrase = phrase.replace(/^(?:please|kindly|possibly|maybe|also|just)\s+/i, '');
  const words = phrase.split(' ');
  if (words.length === 0 || words.length > 9) return null;
  const verb = (words[0] as string).toLowerCase();
  // Only base-form verbs make "Sure, I'll <task>." grammatical; gerunds ("mind sending") do not.
  if (/ing$/.test(verb) || !COMMON_VERBS.has(verb)) return null;
  if (/["“”<>@/\\|{}[\]]|https?:/i.test(phrase)) return null;
  return fromUsersView(phrase);
}

const COMMON_VERBS = new Set([
  'review', 'check', 'look', 'confirm', 'sign', 'approve', 'fix', 'update', 'call', 'ring', 'remind', 'book', 'reserve', 'order',
  'buy', 'pick', 'print', 'fill', 'complete', 'submit', 'finish', 'draft', 'prepare', 'add', 'remove', 'invite', 'reply', 'respond',
  'get', 'let', 'help', 'take', 'make', 'write', 'read', 'test', 'try', 'install', 'run', 'merge', 'commit', 'deploy', 'post', 'publish',
  'cover', 'handle', 'ask', 'tell', 'explain', 'summarise', 'summarize', 'organise', 'organize', 'arrange', 'set', 'move', 'cancel',
  'change', 'edit', 'proofread', 'double-check', 'follow', 'bring', 'drop', 'collect', 'return', 'pay', 'transfer', 'introduce',
  'join', 'attend', 'present', 'lead', 'host', 'clean', 'water', 'feed', 'walk', 'lock', 'open', 'close', 'turn', 'start', 'stop',
  'keep', 'put', 'give', 'show', 'find', 'file', 'log', 'register', 'renew', 'schedule', 'reschedule', 'hold', 'save', 'delete',
  'rebuild', 'restart', 'reboot', 'upgrade', 'patch', 'sort', 'investigate', 'chase', 'ping', 'nudge', 'forward', 'send', 'share', 'cc',
]);

function shapeOf(question: string): QuestionShape {
  const q = question.toLowerCase();
  if (/\b(?:do you want to|would you like to|would you like|wanna|are you (?:coming|joining|interested|up for|in)|interested in|care to join|fancy|will you (?:come|join)|can you (?:come|join|make it)|want to (?:come|join|grab))\b/.test(q)) return 'invitation';
  if (/\b(?:can i|may i|could i|is it (?:ok|okay|alright|all right) (?:if|to)|do you mind if|would you mind if|am i allowed)\b/.test(q)) return 'permission';
  if (/\b(?:do you think|should (?:we|i)|would it (?:be|make sense)|is it (?:a good idea|worth)|does (?:that|this|it) (?:make sense|sound)|any thoughts|do you agree)\b/.test(q)) return 'opinion';
  return 'echo';
}

const NEGATIVE: Record<string, string> = {
  is: "isn't", are: "aren't", was: "wasn't", were: "weren't", do: "don't", does: "doesn't", did: "didn't", have: "haven't", has: "hasn't",
  had: "hadn't", will: "won't", would: "wouldn't", should: "shouldn't", can: "can't", could: "couldn't", may: 'may not', might: 'might not',
};

/**
 * Short answers that echo the question's auxiliary and subject (English "Yes, I am." / "No, it
 * isn't."). Only for pronoun subjects and "the/this ... " phrases whose number the verb shows;
 * a named person ("Is John coming?") gets the plain answers instead.
 */
function echoAnswers(question: string): { yes: string; no: string } | null {
  const m = /^(?:(?:so|and|but|also|btw|ok|okay|quick question|just checking|just wondering)[,:]?\s+)*(do|does|did|is|are|was|were|have|has|had|will|would|should|can|could|may|might|am)\s+(\S+)(?:\s+(\S+))?/i.exec(question.trim());
  if (!m) return null;
  let aux = (m[1] as string).toLowerCase();
  const subject = (m[2] as string).toLowerCase().replace(/[^a-z']/g, '');
  const next = (m[3] ?? '').toLowerCase();
  let pronoun: string;
  switch (subject) {
    case 'you':
      pronoun = 'I';
      if (aux === 'are') aux = 'am';
      if (aux === 'were') aux = 'was';
      break;
    case 'i':
      pronoun = 'you';
      if (aux === 'am') aux = 'are';
      if (aux === 'was') aux = 'were';
      break;
    case 'we':
    case 'they':
    case 'he':
    case 'she':
    case 'there':
    case 'it':
      pronoun = subject;
      break;
    case 'this':
    case 'that':
      pronoun = 'it';
      break;
    case 'these':
    case 'those':
      pronoun = 'they';
      break;
    case 'the':
    case 'your':
    case 'our':
    case 'my':
    case 'his':
    case 'her':
    case 'their':
      if (!next || !/^[a-z-]+$/.test(next)) return null;
      pronoun = /^(?:is|was|has|does)$/.test(aux) ? 'it' : /^(?:are|were|have|do)$/.test(aux) ? 'they' : '';
      if (!pronoun) return null;
      break;
    default:
      return null;
  }
  if (aux === 'am' && pronoun !== 'I') return null;
  const yesWord = aux;
  const yes = `Yes, ${pronoun} ${yesWord}.`;
  const no = aux === 'am' ? "No, I'm not." : `No, ${pronoun} ${NEGATIVE[aux] ?? `${aux} not`}.`;
  return { yes, no };
}

/** The first name of the person introduced ("I'd like to introduce Maria, who ..."). */
function introducedName(sentence: string): string | null {
  const m = /\b(?:introduce(?: you to)?|introducing|meet|say hello to|say hi to|connect you with|in touch with|cc'?ing|cc-ing|copying|looping in)\s+(?:my (?:friend|colleague|coworker|co-worker|old friend)\s+|our (?:new )?\w+\s+)?(\p{Lu}\p{Ll}+)/u.exec(sentence);
  const name = m?.[1];
  if (!name || /^(?:You|The|This|Our|My|Your|Everyone|All)$/.test(name)) return null;
  return name;
}
