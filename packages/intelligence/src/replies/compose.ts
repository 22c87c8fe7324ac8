import { DEFAULT_STYLE } from './style.ts';
import type { Understanding } from './understand.ts';
import type { Formality, Stance, StyleProfile, Suggestion } from './types.ts';

/**
 * The curated responses (Smart Reply's response set) and how three are chosen: one per stance —
 * accept, decline, ask or defer — for the message's primary kind, in the user's register, with
 * the message's details filled in, then checked for diversity and dressed in the user's greeting
 * and sign-off.
 *
 * Slots: {time} {Time} (proposed time, as written), {thing} (what is asked for, from the user's
 * side), {task} (the requested action), {introduced} (the person introduced), {yes} {no}
 * (answers that echo the question: "Yes, I am."). A response is only used when its slots can be
 * filled; every list ends with responses that need none.
 */
interface Response {
  text: string;
  /** The second sentence for users who write a little more. */
  more?: string;
  register?: Formality;
}

type Key =
  | 'scheduling'
  | 'introduction'
  | 'complaint'
  | 'request'
  | 'file'
  | 'information'
  | 'question-echo'
  | 'question-invitation'
  | 'question-permission'
  | 'question-opinion'
  | 'question-wellbeing'
  | 'question-how-was'
  | 'question'
  | 'delivery'
  | 'apology'
  | 'congratulations'
  | 'thanks'
  | 'fyi'
  | 'statement';

type Bank = Record<Key, Record<Stance, Response[]>>;

const BANK: Bank = {
  scheduling: {
    accept: [
      { text: '{Time} works for me.', more: 'See you then.' },
      { text: '{Time} works for me!', more: 'See you then!', register: 'casual' },
      { text: '{Time} suits me well.', more: 'I look forward to it.', register: 'formal' },
      { text: 'That time works for me.', more: 'See you then.' },
      { text: "Sounds good, I'll be there!", more: 'See you then!', register: 'casual' },
      { text: 'That time suits me well.', more: 'I look forward to it.', register: 'formal' },
    ],
    decline: [
      { text: "Sorry, I can't make {time}.", more: "I'll send you a few other options." },
      { text: "Sorry, {time} doesn't work for me.", more: "I'll send you a few other options.", register: 'casual' },
      { text: "Unfortunately, I'm not available {time}.", more: 'I will suggest some alternatives shortly.', register: 'formal' },
      { text: "Sorry, I can't make it then.", more: "I'll send you a few other options." },
      { text: "Unfortunately, I'm not available then.", more: 'I will suggest some alternatives shortly.', register: 'formal' },
    ],
    ask: [
      { text: 'Let me check my calendar and get back to you.', more: "I'll confirm by the end of the day." },
      { text: 'Could we do a different day instead?', more: 'My week is fairly open otherwise.' },
      { text: 'Let me check my calendar and confirm shortly.', more: 'Thank you for arranging it.', register: 'formal' },
      { text: 'Let me check my calendar and get back to you!', more: 'Should know by tonight.', register: 'casual' },
    ],
  },
  introduction: {
    accept: [
      { text: 'Thanks for the introduction; great to meet you, {introduced}!', more: 'I look forward to talking.' },
      { text: "Thank you for the introduction; it's a pleasure to meet you, {introduced}.", more: 'I look forward to speaking with you.', register: 'formal' },
      { text: 'Thanks for the introduction; happy to connect!', more: 'I look forward to talking.' },
      { text: "Thank you for the introduction; I'd be glad to connect.", more: 'I look forward to speaking with you.', register: 'formal' },
    ],
    decline: [
      { text: "Thanks for thinking of me, but I can't take this on right now.", more: 'Best of luck with it.' },
      { text: "Thank you for thinking of me; unfortunately, I can't take this on at the moment.", more: 'I wish you the best with it.', register: 'formal' },
    ],
    ask: [
      { text: 'Thanks for connecting us! {introduced}, when would be a good time to talk?', more: 'Happy to find a time that suits you.' },
      { text: 'Thanks for the introduction! When would be a good time to talk?', more: 'Happy to find a time that suits you.' },
      { text: 'Thank you for the introduction. When would be a convenient time to speak?', more: 'I am happy to fit around your schedule.', register: 'formal' },
    ],
  },
  complaint: {
    accept: [
      { text: "I'm sorry about that; I'll look into it right away.", more: 'Thanks for flagging it.' },
      { text: 'I apologise for the trouble; I will look into it right away.', more: 'Thank you for bringing it to my attention.', register: 'formal' },
      { text: "Sorry about that, I'll sort it out right away!", more: 'Thanks for flagging it.', register: 'casual' },
    ],
    decline: [
      { text: "I understand the frustration, but I don't think that's quite what happened.", more: 'Happy to talk it through.' },
      { text: 'I understand your concern, although I see this a little differently.', more: 'I would be glad to discuss it.', register: 'formal' },
      { text: "I get it, but I don't think that's quite fair.", more: 'Happy to talk it through.', register: 'casual' },
    ],
    ask: [
      { text: 'Sorry to hear that; can you tell me exactly what went wrong?', more: 'I want to get this fixed.' },
      { text: "I'm sorry to hear that. Could you share more details so I can help?", more: 'I want to resolve this properly.', register: 'formal' },
    ],
  },
  request: {
    accept: [
      { text: "Sure, I'll {task}.", more: "I'll let you know when it's done." },
      { text: "Sure thing, I'll {task}!", more: "I'll let you know when it's done.", register: 'casual' },
      { text: 'Certainly, I will {task}.', more: 'I will let you know once it is done.', register: 'formal' },
      { text: 'Sure, I can do that.', more: "I'll let you know when it's done." },
      { text: "Sure thing, I'm on it!", more: "I'll let you know when it's done.", register: 'casual' },
      { text: 'Certainly, I will take care of it.', more: 'I will let you know once it is done.', register: 'formal' },
    ],
    decline: [
      { text: "Sorry, I won't be able to do that.", more: "I hope that's okay." },
      { text: "Sorry, I can't this time.", more: "Hope that's okay!", register: 'casual' },
      { text: "Unfortunately, I'm not able to take this on at the moment.", more: 'I hope you understand.', register: 'formal' },
    ],
    ask: [
      { text: 'Happy to help; when do you need it by?', more: 'Then I can plan it in.' },
      { text: 'Sure, when do you need it by?', more: 'Then I can plan it in.', register: 'casual' },
      { text: "I'd be glad to help; could you tell me when you need it by?", more: 'Then I can plan accordingly.', register: 'formal' },
    ],
  },
  file: {
    accept: [
      { text: "Sure, I'll send {thing} shortly.", more: 'Let me know if you need anything else.' },
      { text: "Sure, I'll send {thing} over in a bit!", more: 'Shout if you need anything else.', register: 'casual' },
      { text: 'Certainly, I will send {thing} shortly.', more: 'Please let me know if you need anything else.', register: 'formal' },
      { text: "Sure, I'll send it over shortly.", more: 'Let me know if you need anything else.' },
    ],
    decline: [
      { text: "Sorry, I don't have {thingAny}.", more: "Sorry I can't be more help." },
      { text: "Unfortunately, I don't have {thingAny} to hand.", more: "I'm sorry I can't be of more help.", register: 'formal' },
      { text: "Sorry, I don't have it.", more: "Sorry I can't be more help." },
    ],
    ask: [
      { text: 'Which version do you need?', more: "I'll send it as soon as I know." },
      { text: 'Could you confirm which version you need?', more: 'I will send it as soon as I know.', register: 'formal' },
      { text: 'Do you need it today, or can it wait until tomorrow?', more: "I'll send it as soon as I know." },
    ],
  },
  information: {
    accept: [
      { text: "Good question; I'll find out and let you know.", more: 'Thanks for your patience.' },
      { text: 'Let me look into it and get back to you today.', more: 'Thanks for your patience.' },
      { text: 'Thank you for asking; I will look into it and get back to you.', more: 'Thank you for your patience.', register: 'formal' },
      { text: "Good question, I'll find out and let you know!", more: "Won't be long.", register: 'casual' },
    ],
    decline: [
      { text: "Sorry, I don't know.", more: "Sorry I can't be more help." },
      { text: "I'm afraid I don't know.", more: "I'm sorry I can't be of more help.", register: 'formal' },
      { text: 'No idea, sorry!', more: 'Wish I could help more.', register: 'casual' },
    ],
    ask: [
      { text: 'Could you tell me a bit more about what you need?', more: 'Then I can point you in the right direction.' },
      { text: 'Could you give me a little more context?', more: 'Then I can point you in the right direction.', register: 'formal' },
      { text: 'What do you need it for?', more: 'Then I can point you in the right direction.', register: 'casual' },
    ],
  },
  'question-echo': {
    accept: [{ text: '{yes}', more: 'Let me know if you need anything else.' }],
    decline: [{ text: '{no}', more: 'Let me know if that changes anything.' }],
    ask: [
      { text: "I'm not sure yet; let me check and get back to you.", more: 'Thanks for your patience.' },
      { text: "Not sure yet, I'll check and let you know!", more: "Won't be long.", register: 'casual' },
      { text: 'I am not certain yet; I will check and let you know.', more: 'Thank you for your patience.', register: 'formal' },
    ],
  },
  'question-invitation': {
    accept: [
      { text: "Yes, I'd love to!", more: 'Thanks for thinking of me.' },
      { text: 'Count me in!', more: 'Thanks for thinking of me.', register: 'casual' },
      { text: 'Yes, I would be delighted to.', more: 'Thank you for thinking of me.', register: 'formal' },
    ],
    decline: [
      { text: "Thanks, but I'll have to pass this time.", more: 'Hope it goes well!' },
      { text: "Sorry, I can't make it this time!", more: 'Hope it goes well!', register: 'casual' },
      { text: "Thank you for the invitation, but I'm unable to make it.", more: 'I hope it goes well.', register: 'formal' },
    ],
    ask: [
      { text: 'Sounds interesting; could you tell me a bit more?', more: "Then I'll let you know." },
      { text: "Sounds fun, what's the plan?", more: "Then I'll let you know.", register: 'casual' },
      { text: 'That sounds interesting; could you share a few more details?', more: 'I will let you know shortly.', register: 'formal' },
    ],
  },
  'question-permission': {
    accept: [
      { text: 'Sure, go ahead.', more: 'Thanks for checking.' },
      { text: 'Sure, go for it!', more: 'Thanks for checking.', register: 'casual' },
      { text: 'Yes, of course.', more: 'Thank you for checking.', register: 'formal' },
    ],
    decline: [
      { text: "I'd rather you didn't, sorry.", more: 'Thanks for asking, though.' },
      { text: "I'm afraid not, sorry.", more: 'Thank you for asking, though.', register: 'formal' },
    ],
    ask: [
      { text: 'Can we talk about it first?', more: "I'd like to understand the details." },
      { text: 'Could we discuss it first?', more: 'I would like to understand the details.', register: 'formal' },
    ],
  },
  'question-opinion': {
    accept: [
      { text: 'Yes, I think so.', more: 'It seems like the right call.' },
      { text: 'Yeah, I think so!', more: 'Seems like the right call.', register: 'casual' },
      { text: 'Yes, I believe so.', more: 'It seems the right decision.', register: 'formal' },
    ],
    decline: [
      { text: "I don't think so, to be honest.", more: 'Happy to talk it through.' },
      { text: "I'm not convinced, to be honest.", more: 'I would be glad to discuss it.', register: 'formal' },
    ],
    ask: [
      { text: 'Good question; let me think about it and get back to you.', more: "I'll reply properly soon." },
      { text: 'Good question, what do you think?', more: "Curious where you're leaning.", register: 'casual' },
      { text: 'That is a good question; let me consider it and come back to you.', more: 'I will reply properly soon.', register: 'formal' },
    ],
  },
  'question-wellbeing': {
    accept: [
      { text: "I'm doing well, thanks for asking!", more: 'Hope all is good with you too.' },
      { text: 'All good here, thanks!', more: 'Hope you are well too.', register: 'casual' },
      { text: 'I am very well, thank you for asking.', more: 'I hope you are keeping well too.', register: 'formal' },
    ],
    decline: [
      { text: "It's been a busy stretch, to be honest, but I'm hanging in there.", more: 'Things should calm down soon.' },
      { text: 'Busy, to be honest, but hanging in there!', more: 'Should calm down soon.', register: 'casual' },
      { text: 'It has been rather a busy period, but I am managing well.', more: 'Things should settle soon.', register: 'formal' },
    ],
    ask: [
      { text: 'Good, thanks! How about you?', more: "It's been too long." },
      { text: 'Not bad at all! How are things with you?', more: "It's been too long.", register: 'casual' },
      { text: 'Very well, thank you. How are you?', more: 'It has been too long.', register: 'formal' },
    ],
  },
  'question-how-was': {
    accept: [
      { text: 'It was great, thanks!', more: 'I really enjoyed it.' },
      { text: 'It was great, thanks for asking!', more: 'Really enjoyed it.', register: 'casual' },
      { text: 'It was excellent, thank you.', more: 'I enjoyed it very much.', register: 'formal' },
    ],
    decline: [
      { text: 'It was a bit hectic, to be honest.', more: 'Glad to be back.' },
      { text: 'Honestly, a bit hectic!', more: 'Glad to be back.', register: 'casual' },
      { text: 'It was rather hectic, to be honest.', more: 'I am glad to be back.', register: 'formal' },
    ],
    ask: [
      { text: 'Good, thanks! How was yours?', more: 'Hope you had a good one.' },
      { text: 'Pretty good! How about yours?', more: 'Hope it was fun.', register: 'casual' },
      { text: 'Very good, thank you. How was yours?', more: 'I hope it went well.', register: 'formal' },
    ],
  },
  delivery: {
    accept: [
      { text: 'Thanks, got it!', more: "I'll take a look shortly." },
      { text: 'Got it, thanks!', more: "I'll take a look shortly.", register: 'casual' },
      { text: 'Thank you, I have received it.', more: 'I will review it shortly.', register: 'formal' },
    ],
    decline: [
      { text: "Thanks, but I think this may have been meant for someone else.", more: 'Could you double-check?' },
      { text: 'Thank you; I believe this may have been intended for someone else.', more: 'Could you kindly double-check?', register: 'formal' },
    ],
    ask: [
      { text: 'Thanks! Is there anything you need me to do with it?', more: "I'll take a look shortly." },
      { text: 'Thanks! Anything you need me to do with it?', more: "I'll take a look soon.", register: 'casual' },
      { text: 'Thank you. Is there anything you would like me to do with it?', more: 'I will review it shortly.', register: 'formal' },
    ],
  },
  question: {
    accept: [
      { text: 'Yes, definitely.', more: 'Let me know if you need anything else.' },
      { text: 'Yep, definitely!', more: 'Shout if you need anything else.', register: 'casual' },
      { text: 'Yes, I believe so.', more: 'Please let me know if you need anything else.', register: 'formal' },
    ],
    decline: [
      { text: "No, I don't think so.", more: 'Let me know if that changes anything.' },
      { text: 'Nope, not really.', more: 'Let me know if that changes anything.', register: 'casual' },
      { text: "No, I don't believe so.", more: 'Please let me know if that changes anything.', register: 'formal' },
    ],
    ask: [
      { text: "I'm not sure yet; let me check and get back to you.", more: 'Thanks for your patience.' },
      { text: "Not sure yet, I'll check and let you know!", more: "Won't be long.", register: 'casual' },
      { text: 'I am not certain yet; I will check and let you know.', more: 'Thank you for your patience.', register: 'formal' },
    ],
  },
  apology: {
    accept: [
      { text: 'No worries at all.', more: 'These things happen.' },
      { text: 'No worries at all!', more: 'These things happen.', register: 'casual' },
      { text: 'No problem at all; thank you for letting me know.', more: 'These things happen.', register: 'formal' },
    ],
    decline: [
      { text: 'Thanks for the apology, but it did cause me some trouble.', more: "Let's talk about how to avoid it next time." },
      { text: 'I appreciate the apology, though it did cause some difficulties.', more: 'Perhaps we could discuss how to avoid it in future.', register: 'formal' },
    ],
    ask: [
      { text: "No problem; can we make sure it doesn't happen again?", more: 'Thanks for letting me know.' },
      { text: 'Thank you. Could we agree on how to avoid this next time?', more: 'I appreciate you letting me know.', register: 'formal' },
    ],
  },
  congratulations: {
    accept: [
      { text: 'Thank you so much!', more: 'It means a lot.' },
      { text: 'Thanks so much!', more: 'Means a lot.', register: 'casual' },
      { text: 'Thank you very much for your kind words.', more: 'It means a great deal.', register: 'formal' },
    ],
    decline: [
      { text: 'Thanks, but it was really a team effort.', more: "I'll pass your message on." },
      { text: 'Thank you, though the credit belongs to the whole team.', more: 'I will pass your message on.', register: 'formal' },
    ],
    ask: [
      { text: 'Thank you! Shall we celebrate soon?', more: "I'd love to catch up." },
      { text: 'Thanks! Drinks soon to celebrate?', more: 'Would love to catch up.', register: 'casual' },
      { text: 'Thank you! Would you like to celebrate together soon?', more: 'It would be lovely to catch up.', register: 'formal' },
    ],
  },
  thanks: {
    accept: [
      { text: "You're welcome!", more: 'Happy to help anytime.' },
      { text: 'Glad I could help!', more: 'Happy to help anytime.' },
      { text: 'Anytime!', more: 'Happy to help.', register: 'casual' },
      { text: "You're very welcome.", more: "I'm always happy to help.", register: 'formal' },
    ],
    decline: [
      { text: 'No need to thank me; it was nothing.', more: 'I was glad to do it.' },
      { text: 'No problem at all!', more: 'Was glad to do it.', register: 'casual' },
      { text: 'Not at all; it was my pleasure.', more: 'I was glad to do it.', register: 'formal' },
    ],
    ask: [
      { text: 'Glad it helped! Is there anything else you need?', more: 'Just let me know.' },
      { text: 'Glad it helped, anything else you need?', more: 'Just shout.', register: 'casual' },
      { text: "I'm glad it was helpful. Is there anything else I can do?", more: 'Please just let me know.', register: 'formal' },
    ],
  },
  fyi: {
    accept: [
      { text: 'Thanks for letting me know.', more: "I'll keep it in mind." },
      { text: 'Thanks for the heads-up!', more: 'Will keep it in mind.', register: 'casual' },
      { text: 'Thank you for the update.', more: 'I will keep it in mind.', register: 'formal' },
    ],
    decline: [
      { text: "Thanks, though I don't think this affects me.", more: 'Do keep me posted if that changes.' },
      { text: "Thank you; I don't believe this concerns me, though.", more: 'Please keep me informed if that changes.', register: 'formal' },
    ],
    ask: [
      { text: 'Thanks for the update; do you need anything from me?', more: 'Happy to help if needed.' },
      { text: 'Good to know! Need anything from me?', more: 'Happy to help.', register: 'casual' },
      { text: 'Thank you. Is there anything you need from me?', more: 'I am happy to help if needed.', register: 'formal' },
    ],
  },
  statement: {
    accept: [
      { text: 'Good point, I agree.', more: 'Thanks for sharing.' },
      { text: 'That makes sense, thanks.', more: 'Thanks for sharing.' },
      { text: 'Good point, totally agree!', more: 'Thanks for sharing.', register: 'casual' },
      { text: 'That is a fair point; I agree.', more: 'Thank you for sharing it.', register: 'formal' },
    ],
    decline: [
      { text: "I'm not sure I agree, to be honest.", more: 'Happy to discuss it further.' },
      { text: 'Hmm, not sure I agree.', more: 'Happy to chat about it.', register: 'casual' },
      { text: 'I see it somewhat differently, to be honest.', more: 'I would be glad to discuss it further.', register: 'formal' },
    ],
    ask: [
      { text: 'Interesting; can you say more about that?', more: "I'd like to understand your view." },
      { text: 'Interesting, what makes you say that?', more: 'Curious to hear more.', register: 'casual' },
      { text: 'Interesting. Could you elaborate a little?', more: 'I would like to understand your view.', register: 'formal' },
    ],
  },
};

const STANCES: Stance[] = ['accept', 'decline', 'ask'];

/** Which responses fit the understanding. */
function keyFor(u: Understanding): Key {
  switch (u.primary) {
    case 'information':
      return u.wantsThing ? 'file' : 'information';
    case 'fyi':
      return u.delivered ? 'delivery' : 'fyi';
    case 'question':
      if (u.questionShape === 'echo') return 'question-echo';
      if (u.questionShape === 'invitation') return 'question-invitation';
      if (u.questionShape === 'permission') return 'question-permission';
      if (u.questionShape === 'opinion') return 'question-opinion';
      if (u.questionShape === 'wellbeing') return 'question-wellbeing';
      if (u.questionShape === 'how-was') return 'question-how-was';
      return 'question';
    default:
      return u.primary;
  }
}

/**
 * Three suggestions, one per stance, in the user's style. `seed` (e.g. the Message-ID) picks
 * among equally good responses, so the same message always gets the same three.
 */
export function composeSuggestions(u: Understanding, style: StyleProfile | null, seed: string): Suggestion[] {
  const profile = style ?? DEFAULT_STYLE;
  const key = keyFor(u);
  const slots = slotValues(u);
  const chosen: Array<{ stance: Stance; body: string }> = [];
  for (const stance of STANCES) {
    const candidates = rank(BANK[key][stance], profile.formality, slots, `${seed}:${stance}`);
    let pick: string | null = null;
    for (const candidate of candidates) {
      const body = render(candidate, profile, slots);
      // Diversity: no two suggestions may say nearly the same thing.
      if (chosen.every((c) => !tooSimilar(c.body, body))) {
        pick = body;
        break;
      }
    }
    if (pick === null && candidates[0]) pick = render(candidates[0], profile, slots);
    if (pick !== null) chosen.push({ stance, body: pick });
  }
  return chosen.map(({ stance, body }) => ({ stance, body, text: dress(body, profile, u.asker.firstName) }));
}

type Slots = Partial<Record<'time' | 'thing' | 'thingany' | 'task' | 'introduced' | 'yes' | 'no', string>>;

function slotValues(u: Understanding): Slots {
  const slots: Slots = {};
  if (u.time) slots.time = u.time;
  if (u.thing) {
    slots.thing = u.thing;
    // In a negative sentence "some" becomes "any": "I don't have any examples".
    slots.thingany = u.thing.replace(/^some\b/i, 'any');
  }
  if (u.task) slots.task = u.task;
  if (u.introduced) slots.introduced = u.introduced;
  if (u.echo) {
    slots.yes = u.echo.yes;
    slots.no = u.echo.no;
  }
  return slots;
}

/** Responses whose slots can be filled, best register match first, then a stable shuffle. */
function rank(responses: Response[], formality: Formality, slots: Slots, seed: string): Response[] {
  const usable = responses.filter((r) => slotNames(r.text).every((name) => slots[name] !== undefined));
  const registerScore = (r: Response) => {
    const register = r.register ?? 'neutral';
    if (register === formality) return 0;
    if (register === 'neutral') return 1;
    return 2;
  };
  // Responses that use the message's details are more useful than generic ones.
  const slotScore = (r: Response) => -slotNames(r.text).length;
  return usable
    .map((r, i) => ({ r, order: [registerScore(r), slotScore(r), hash(`${seed}:${i}`)] as const }))
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2])
    .map((x) => x.r);
}

function slotNames(text: string): Array<keyof Slots> {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => (m[1] as string).toLowerCase() as keyof Slots);
}

function render(response: Response, style: StyleProfile, slots: Slots): string {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = slots[name.toLowerCase() as keyof Slots] ?? '';
      return name.charAt(0) === name.charAt(0).toUpperCase() ? capitalise(value) : value;
    });
  let body = fill(response.text);
  if (style.length === 'medium' && response.more) body = `${body} ${fill(response.more)}`;
  return capitalise(body);
}

/** Greeting and sign-off from the user's style; no salutation without a first name. */
function dress(body: string, style: StyleProfile, firstName: string | null): string {
  const parts: string[] = [];
  if (style.greeting !== null && firstName) parts.push(style.greeting === '' ? `${firstName},` : `${style.greeting} ${firstName},`);
  parts.push(body);
  if (style.signOff) parts.push(style.signOff);
  return parts.join('\n\n');
}

/** Word-set overlap (Jaccard) of two replies; at 0.5 or more they say the same thing. */
export function tooSimilar(a: string, b: string): boolean {
  const words = (s: string) => new Set(s.toLowerCase().replace(/['']/g, '').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1));
  const x = words(a);
  const y = words(b);
  if (x.size === 0 || y.size === 0) return a.trim().toLowerCase() === b.trim().toLowerCase();
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common) >= 0.5;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** FNV-1a: a stable number for a string (the same choice every time for the same message). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
