/**
 * Spoken test material for the recogniser's tests and bench: command phrasings with their
 * expected intent and slots, and speech synthesised from them with Debian's espeak-ng (several
 * voices and speeds), converted to 16 kHz mono 16-bit with sox. Generated on the fly, never
 * committed. Test support only: nothing in the product imports this.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DESTRUCTIVE_INTENTS, parseVoiceCommand } from '@mailroom/intelligence/voice';
import { editDistance } from './dictionary.ts';
import type { SpeechRecognizer } from './recognizer.ts';

const run = promisify(execFile);

export const SPOKEN_CATEGORIES = ['Receipts', 'Travel Plans', 'GitHub', 'Zendesk', 'Family'];

/** [said, intent, slots]: every intent of the command set, said the plain way. */
export const SPOKEN_COMMANDS: [text: string, intent: string, slots: Record<string, unknown>][] = [
  ['go to the inbox', 'navigate', { page: 'inbox' }],
  ['open settings', 'navigate', { page: 'settings' }],
  ['show the digest', 'navigate', { page: 'digest' }],
  ['go to recovery', 'navigate', { page: 'recovery' }],
  ['open insights', 'navigate', { page: 'insights' }],
  ['open receipts', 'open_category', { name: 'Receipts' }],
  ['show travel plans', 'open_category', { name: 'Travel Plans' }],
  ['open zendesk', 'open_category', { name: 'Zendesk' }],
  ['next message', 'next', {}],
  ['previous message', 'previous', {}],
  ['open it', 'open', {}],
  ['close this', 'close', {}],
  ['read it aloud', 'read_aloud', {}],
  ['stop reading', 'stop_reading', {}],
  ['select all', 'select_all', {}],
  ['clear selection', 'clear_selection', {}],
  ['archive this message', 'archive', {}],
  ['trash it', 'trash', {}],
  ['quarantine this', 'quarantine', {}],
  ['star it', 'star', {}],
  ['mark as unread', 'mark_unread', {}],
  ['mark as read', 'mark_read', {}],
  ['not important', 'not_important', {}],
  ['undo', 'undo', {}],
  ['reply to all', 'reply_all', {}],
  ['forward this email', 'forward', {}],
  ['suggest replies', 'suggest_replies', {}],
  ['send it', 'send', {}],
  ['cancel', 'cancel', {}],
  ['use suggestion two', 'choose_suggestion', { index: 2 }],
  ['yes', 'confirm', {}],
  ['no', 'deny', {}],
  ['what can i say', 'help', {}],
];

/** Speech that is no command: the recogniser must answer unknown (never a command). */
export const SPOKEN_NON_COMMANDS = ['what time is it in paris', 'i had a great day at the beach', 'my sister bought a new car'];

/** More speech that is no command, said in turn by the tuning voices. */
export const SPOKEN_TUNING_NON_COMMANDS = [
  'what time is it in paris', 'i had a great day at the beach', 'my sister bought a new car', 'the train leaves at seven tomorrow morning',
  'could you tell me a joke', 'we should paint the kitchen yellow', 'he forgot his umbrella at the office', 'the children are playing in the garden',
  'turn the music down please', 'how much does a ticket cost', 'hello there', 'okay thanks', 'what was that', 'hmm let me think',
  'good morning everyone', 'i will call you back later', 'the meeting starts at noon', 'she is reading a book', 'please pass the salt',
  'it is raining again', 'we are out of coffee', 'nice to meet you', 'this is taking forever', 'where did i put my keys', 'can you hear me now',
  'the dog needs a walk', 'i love this song', 'that sounds great', 'send my regards to your mother', 'delete that thought',
];

/** The voices the recogniser's settings were chosen on (SPOKEN_VOICES and two more). */
export const SPOKEN_TUNING_VOICES: { voice: string; speed: number }[] = [
  { voice: 'en-us', speed: 160 },
  { voice: 'en', speed: 140 },
  { voice: 'en+f3', speed: 175 },
  { voice: 'en+m3', speed: 190 },
  { voice: 'en-gb-scotland', speed: 150 },
  { voice: 'en-us+f2', speed: 130 },
];

/**
 * Held out: other voices, other category names, other phrasings and other sentences, written
 * before any tuning and never used to choose anything. The figures that count are these.
 */
export const SPOKEN_HELD_OUT = {
  voices: [
    { voice: 'en-gb-x-rp', speed: 165 },
    { voice: 'en-us+f4', speed: 205 },
    { voice: 'en-us-nyc+m5', speed: 145 },
  ],
  categories: ['Invoices', 'Kids School', 'Jira', 'Book Club', 'Newsletters'],
  commands: [
    ['open the inbox', 'navigate', { page: 'inbox' }],
    ['show my dashboard', 'navigate', { page: 'dashboard' }],
    ['go to categories', 'navigate', { page: 'categories' }],
    ['open bundles', 'navigate', { page: 'bundles' }],
    ['take me to unsubscribe', 'navigate', { page: 'unsubscribe' }],
    ['open the settings page', 'navigate', { page: 'settings' }],
    ['go to voice reply', 'navigate', { page: 'voice-reply' }],
    ['go to insights', 'navigate', { page: 'insights' }],
    ['open invoices', 'open_category', { name: 'Invoices' }],
    ['show book club', 'open_category', { name: 'Book Club' }],
    ['go to jira', 'open_category', { name: 'Jira' }],
    ['open kids school', 'open_category', { name: 'Kids School' }],
    ['next one', 'next', {}],
    ['go to the previous message', 'previous', {}],
    ['open this message', 'open', {}],
    ['close it', 'close', {}],
    ['read this message aloud', 'read_aloud', {}],
    ['stop talking', 'stop_reading', {}],
    ['select this', 'select', {}],
    ['select everything', 'select_all', {}],
    ['deselect all', 'clear_selection', {}],
    ['archive it', 'archive', {}],
    ['delete this message', 'trash', {}],
    ['move it to the trash', 'trash', {}],
    ['quarantine it', 'quarantine', {}],
    ['star this message', 'star', {}],
    ['remove the star', 'unstar', {}],
    ['mark it as read', 'mark_read', {}],
    ['mark this as unread', 'mark_unread', {}],
    ['mark as important', 'important', {}],
    ['undo that', 'undo', {}],
    ['reply to this message', 'reply', {}],
    ['reply all', 'reply_all', {}],
    ['forward it', 'forward', {}],
    ['send the reply', 'send', {}],
    ['never mind', 'cancel', {}],
    ['choose the first suggestion', 'choose_suggestion', { index: 1 }],
    ['use suggestion three', 'choose_suggestion', { index: 3 }],
    ['yes please', 'confirm', {}],
    ['no thanks', 'deny', {}],
    ['help', 'help', {}],
  ] as [text: string, intent: string, slots: Record<string, unknown>][],
  nonCommands: [
    'the weather in london was lovely yesterday',
    'please remember to buy some milk on the way home',
    'how many people are coming to the party',
    'my brother plays the guitar in a band',
    'this restaurant has the best pizza in town',
  ],
};

/**
 * A second tuning set (issue 16's accuracy work, November 26): the tuning voices again but at
 * other speeds and pitches, two with a room's hum, all with the microphone opened early;
 * phrasings other than SPOKEN_COMMANDS. Used, with SPOKEN_COMMANDS, to choose the recogniser's
 * settings; the held-out set B below was written at the same time and never used for that.
 */
export const SPOKEN_TUNING_B: SpokenSet = {
  voices: [
    { voice: 'en-us', speed: 200, noise: -38, pad: 0.4 },
    { voice: 'en', speed: 170, pitch: 70, pad: 0.4 },
    { voice: 'en+m3', speed: 135, pitch: 35, pad: 0.4 },
    { voice: 'en-us+f2', speed: 185, noise: -35, pad: 0.4 },
    { voice: 'en-gb-scotland', speed: 165, pad: 0.4 },
  ],
  categories: SPOKEN_CATEGORIES,
  commands: [
    ['go to the dashboard', 'navigate', { page: 'dashboard' }],
    ['show categories', 'navigate', { page: 'categories' }],
    ['open the bundles page', 'navigate', { page: 'bundles' }],
    ['go to the digest', 'navigate', { page: 'digest' }],
    ['open recovery', 'navigate', { page: 'recovery' }],
    ['show me settings', 'navigate', { page: 'settings' }],
    ['open voice reply', 'navigate', { page: 'voice-reply' }],
    ['open family', 'open_category', { name: 'Family' }],
    ['go to github', 'open_category', { name: 'GitHub' }],
    ['show me receipts', 'open_category', { name: 'Receipts' }],
    ['open the travel plans category', 'open_category', { name: 'Travel Plans' }],
    ['next', 'next', {}],
    ['go to the next email', 'next', {}],
    ['previous', 'previous', {}],
    ['go to the previous one', 'previous', {}],
    ['open this email', 'open', {}],
    ['close', 'close', {}],
    ['read this aloud', 'read_aloud', {}],
    ['stop talking', 'stop_reading', {}],
    ['select that', 'select', {}],
    ['select everything', 'select_all', {}],
    ['unselect all', 'clear_selection', {}],
    ['archive these messages', 'archive', {}],
    ['delete this email', 'trash', {}],
    ['move this to the trash', 'trash', {}],
    ['quarantine it', 'quarantine', {}],
    ['send the reply', 'send', {}],
    ['star this', 'star', {}],
    ['unstar this message', 'unstar', {}],
    ['mark it as read', 'mark_read', {}],
    ['mark this as important', 'important', {}],
    ['undo', 'undo', {}],
    ['reply', 'reply', {}],
    ['reply all', 'reply_all', {}],
    ['forward it', 'forward', {}],
    ['show suggestions', 'suggest_replies', {}],
    ['never mind', 'cancel', {}],
    ['use suggestion one', 'choose_suggestion', { index: 1 }],
    ['choose the third suggestion', 'choose_suggestion', { index: 3 }],
    ['yes please', 'confirm', {}],
    ['no', 'deny', {}],
    ['help', 'help', {}],
  ],
  nonCommands: [
    'i think it might snow this weekend', 'the printer on the second floor is broken', 'could we have lunch at one', 'my phone battery is almost empty',
    'the kids want pancakes for breakfast', 'tell him i said hello', 'that was a really long meeting', 'open the window it is hot in here',
  ],
};

/**
 * Loud rooms (November 29): the other sets' noise is a quiet office's hum, some 27-32 dB under
 * the speech; here it is a loud room's, about 14 dB under it (pink noise at sox amplitude -22
 * dBFS), the microphone opened early. Tuning: SPOKEN_TUNING_B's phrasings in three of the tuning
 * voices, used to choose when the decoder subtracts noise (REMOVE_NOISE). The held-out set below
 * was written with it, before either was decoded, and is only ever reported.
 */
export const SPOKEN_TUNING_LOUD: SpokenSet = {
  ...SPOKEN_TUNING_B,
  voices: [
    { voice: 'en-us', speed: 170, noise: -22, pad: 0.4 },
    { voice: 'en+f3', speed: 160, noise: -22, pad: 0.4 },
    { voice: 'en-gb-scotland', speed: 150, noise: -22, pad: 0.4 },
  ],
};

/**
 * Held-out set B, written at the same time as SPOKEN_TUNING_B and before any of this round's
 * tuning, never used to choose anything: voices none of the tuning sets use (Lancaster, West
 * Midlands, Caribbean, two variants), other speeds and pitches, noise, other category names and
 * phrasings.
 */
export const SPOKEN_HELD_OUT_B: SpokenSet = {
  voices: [
    { voice: 'en-gb-x-gbclan', speed: 180, pad: 0.3 },
    { voice: 'en-029', speed: 150, pad: 0.5 },
    { voice: 'en-gb-x-gbcwmd', speed: 170, pitch: 65, pad: 0.3 },
    { voice: 'en-us+m2', speed: 200, noise: -36, pad: 0.4 },
    { voice: 'en+f5', speed: 140, pitch: 40, noise: -40, pad: 0.5 },
  ],
  categories: ['Pay Slips', 'Garden Club', 'Amazon Orders', 'Work', 'Doctor'],
  commands: [
    ['take me to the inbox', 'navigate', { page: 'inbox' }],
    ['show me the dashboard', 'navigate', { page: 'dashboard' }],
    ['open my categories', 'navigate', { page: 'categories' }],
    ['show bundles', 'navigate', { page: 'bundles' }],
    ['open the digest', 'navigate', { page: 'digest' }],
    ['show me recovery', 'navigate', { page: 'recovery' }],
    ['go to settings', 'navigate', { page: 'settings' }],
    ['open unsubscribe', 'navigate', { page: 'unsubscribe' }],
    ['open pay slips', 'open_category', { name: 'Pay Slips' }],
    ['show me garden club', 'open_category', { name: 'Garden Club' }],
    ['go to amazon orders', 'open_category', { name: 'Amazon Orders' }],
    ['open the work category', 'open_category', { name: 'Work' }],
    ['show doctor', 'open_category', { name: 'Doctor' }],
    ['next email', 'next', {}],
    ['go to the next message', 'next', {}],
    ['previous email', 'previous', {}],
    ['go back', 'previous', {}],
    ['open that', 'open', {}],
    ['close this message', 'close', {}],
    ['read it out loud', 'read_aloud', {}],
    ['stop reading please', 'stop_reading', {}],
    ['be quiet', 'stop_reading', {}],
    ['select it', 'select', {}],
    ['select all messages', 'select_all', {}],
    ['clear the selection', 'clear_selection', {}],
    ['archive this email', 'archive', {}],
    ['please archive it', 'archive', {}],
    ['trash this message', 'trash', {}],
    ['delete it', 'trash', {}],
    ['quarantine this message', 'quarantine', {}],
    ['send the message', 'send', {}],
    ['add a star', 'star', {}],
    ['unstar it', 'unstar', {}],
    ['mark this as read', 'mark_read', {}],
    ['mark it as unread', 'mark_unread', {}],
    ['mark this message as important', 'important', {}],
    ['mark it as not important', 'not_important', {}],
    ['undo it', 'undo', {}],
    ['reply to this email', 'reply', {}],
    ['reply to all', 'reply_all', {}],
    ['forward this', 'forward', {}],
    ['show smart replies', 'suggest_replies', {}],
    ['cancel that', 'cancel', {}],
    ['choose suggestion one', 'choose_suggestion', { index: 1 }],
    ['use the second suggestion', 'choose_suggestion', { index: 2 }],
    ['pick option three', 'choose_suggestion', { index: 3 }],
    ['yes', 'confirm', {}],
    ['confirm', 'confirm', {}],
    ['no thank you', 'deny', {}],
    ['what can you do', 'help', {}],
  ],
  nonCommands: [
    'i think we should leave early tomorrow', 'can you believe how cold it is', 'the package arrived this afternoon', 'let me know when you are ready',
    'we need more chairs for the meeting room', 'tell me about the history of rome', 'my cousin is moving to canada', 'the bus was late again today',
  ],
};

/** Held-out loud rooms (see SPOKEN_TUNING_LOUD): held-out B's phrasings in the first held-out set's voices, at other speeds. */
export const SPOKEN_HELD_OUT_LOUD: SpokenSet = {
  ...SPOKEN_HELD_OUT_B,
  voices: [
    { voice: 'en-gb-x-rp', speed: 175, noise: -22, pad: 0.4 },
    { voice: 'en-us+f4', speed: 190, noise: -24, pad: 0.3 },
    { voice: 'en-us-nyc+m5', speed: 155, noise: -22, pad: 0.5 },
  ],
};

/**
 * Quiet recordings (November 29, the session after the loud rooms): the browser records without
 * automatic gain, so a microphone set low or far from the mouth gives speech far quieter than
 * the other sets' (their loudest 10 ms frames are at about -8 to -22 dBFS; here about -34 to
 * -44). Tuning: the first set's phrasings and other sentences in three tuning voices, one in a
 * quiet office's hum made quiet with it; used to choose how quiet speech is raised
 * (SPEECH_PEAK_DBFS). The held-out set below was written with it, before either was decoded, and
 * is only ever reported.
 */
export const SPOKEN_TUNING_QUIET: SpokenSet = {
  voices: [
    { voice: 'en-us', speed: 160, gain: -26 },
    { voice: 'en+f3', speed: 175, gain: -32 },
    { voice: 'en-gb-scotland', speed: 150, noise: -38, pad: 0.4, gain: -22 },
  ],
  categories: SPOKEN_CATEGORIES,
  commands: SPOKEN_COMMANDS,
  nonCommands: SPOKEN_TUNING_NON_COMMANDS,
};

/** Held-out quiet recordings (see SPOKEN_TUNING_QUIET): the first held-out set's phrasings in held-out C's clean voices, at other speeds. */
export const SPOKEN_HELD_OUT_QUIET: SpokenSet = {
  ...SPOKEN_HELD_OUT,
  voices: [
    { voice: 'en-us+f3', speed: 160, gain: -30 },
    { voice: 'en-gb-x-rp+f1', speed: 150, pitch: 60, gain: -24 },
    { voice: 'en-us-nyc+f2', speed: 170, noise: -37, pad: 0.3, gain: -26 },
  ],
};

/**
 * A third tuning set (issue 16, November 26, written with held-out C and before the
 * grammar-coverage work): the tuning voices at other speeds, one in a room's noise, saying
 * commands the way people talk to an assistant (politeness before and after, "could you", "go
 * ahead and", synonyms, "option" forms). Used, with the other two tuning sets, to choose how the
 * grammar covers such wordings; none of its sentences is in a held-out set.
 */
export const SPOKEN_TUNING_C: SpokenSet = {
  voices: [
    { voice: 'en-us', speed: 170, pad: 0.3 },
    { voice: 'en+f3', speed: 160, noise: -38, pad: 0.4 },
    { voice: 'en-gb-scotland', speed: 140, pad: 0.3 },
    { voice: 'en+m3', speed: 175, pitch: 40, pad: 0.3 },
  ],
  categories: SPOKEN_CATEGORIES,
  commands: [
    ['please open the inbox', 'navigate', { page: 'inbox' }],
    ['could you take me to the dashboard', 'navigate', { page: 'dashboard' }],
    ['can you open settings please', 'navigate', { page: 'settings' }],
    ['go ahead and open the digest', 'navigate', { page: 'digest' }],
    ['show me my categories', 'navigate', { page: 'categories' }],
    ['open the recovery page please', 'navigate', { page: 'recovery' }],
    ['could you open unsubscribe', 'navigate', { page: 'unsubscribe' }],
    ['please open receipts', 'open_category', { name: 'Receipts' }],
    ['can you show me travel plans', 'open_category', { name: 'Travel Plans' }],
    ['go to the family category please', 'open_category', { name: 'Family' }],
    ['open github please', 'open_category', { name: 'GitHub' }],
    ['next one please', 'next', {}],
    ['show the next message', 'next', {}],
    ['go to the previous email please', 'previous', {}],
    ['could you open this message', 'open', {}],
    ['close this please', 'close', {}],
    ['please read it aloud', 'read_aloud', {}],
    ['read this to me', 'read_aloud', {}],
    ['please stop talking', 'stop_reading', {}],
    ['please select it', 'select', {}],
    ['select all the messages', 'select_all', {}],
    ['please clear the selection', 'clear_selection', {}],
    ['archive it please', 'archive', {}],
    ['could you archive this', 'archive', {}],
    ['delete it please', 'trash', {}],
    ['can you trash this message', 'trash', {}],
    ['please quarantine it', 'quarantine', {}],
    ['star it please', 'star', {}],
    ['unstar it please', 'unstar', {}],
    ['please mark this as read', 'mark_read', {}],
    ['mark this one as unread', 'mark_unread', {}],
    ['please mark this as important', 'important', {}],
    ['this is not important', 'not_important', {}],
    ['please undo that', 'undo', {}],
    ['could you reply to this', 'reply', {}],
    ['please reply to all', 'reply_all', {}],
    ['forward this email please', 'forward', {}],
    ['show me some suggestions', 'suggest_replies', {}],
    ['suggest a reply', 'suggest_replies', {}],
    ['please send the reply', 'send', {}],
    ['cancel that please', 'cancel', {}],
    ['pick suggestion two', 'choose_suggestion', { index: 2 }],
    ['use option three', 'choose_suggestion', { index: 3 }],
    ['choose the first one', 'choose_suggestion', { index: 1 }],
    ['yes do it', 'confirm', {}],
    ['no dont do it', 'deny', {}],
    ['help me please', 'help', {}],
    ['list the voice commands', 'help', {}],
  ],
  nonCommands: [
    'could you tell me the time', 'please send my love to grandma', 'i need to archive my old photos someday', 'the next bus is running late',
    'open the door for the cat please', 'can you help me carry these boxes',
  ],
};

/**
 * Held-out set C (issue 16, written November 26 before the grammar-coverage work, never used to
 * choose anything; only reported): commands said the way people talk to an assistant —
 * politeness, "could you", "go ahead and", "please" before or after, the synonyms the issue
 * lists, "option" and "number" forms —, category names no other set uses, non-commands that share
 * words with commands, and espeak-ng voice variants and speeds no other set uses, with and
 * without a room's noise.
 */
export const SPOKEN_HELD_OUT_C: SpokenSet = {
  voices: [
    { voice: 'en-us+f3', speed: 150, pad: 0.3 },
    { voice: 'en-gb-scotland+m4', speed: 175, noise: -37, pad: 0.4 },
    { voice: 'en-gb-x-rp+f1', speed: 140, pitch: 60, pad: 0.3 },
    { voice: 'en-us+m6', speed: 180, noise: -38, pad: 0.4 },
    { voice: 'en-us-nyc+f2', speed: 165, pad: 0.3 },
  ],
  categories: ['Bills', 'Holiday Photos', 'Team Updates', 'Shopping', 'Volunteering'],
  commands: [
    ['could you open the inbox please', 'navigate', { page: 'inbox' }],
    ['go ahead and show me the dashboard', 'navigate', { page: 'dashboard' }],
    ['take me to my categories please', 'navigate', { page: 'categories' }],
    ['can you show me my bundles', 'navigate', { page: 'bundles' }],
    ['open the daily digest', 'navigate', { page: 'digest' }],
    ['please go to recovery', 'navigate', { page: 'recovery' }],
    ['show me the unsubscribe page', 'navigate', { page: 'unsubscribe' }],
    ['open my insights', 'navigate', { page: 'insights' }],
    ['go to my settings please', 'navigate', { page: 'settings' }],
    ['take me to voice reply', 'navigate', { page: 'voice-reply' }],
    ['open bills', 'open_category', { name: 'Bills' }],
    ['could you show me holiday photos', 'open_category', { name: 'Holiday Photos' }],
    ['go to the team updates category', 'open_category', { name: 'Team Updates' }],
    ['please open shopping', 'open_category', { name: 'Shopping' }],
    ['show me volunteering', 'open_category', { name: 'Volunteering' }],
    ['next message please', 'next', {}],
    ['go to the next one', 'next', {}],
    ['previous one please', 'previous', {}],
    ['go back one', 'previous', {}],
    ['please open it', 'open', {}],
    ['open the email', 'open', {}],
    ['close it please', 'close', {}],
    ['could you read it out loud', 'read_aloud', {}],
    ['read it to me please', 'read_aloud', {}],
    ['stop reading now', 'stop_reading', {}],
    ['select this email', 'select', {}],
    ['select all of them', 'select_all', {}],
    ['clear selection please', 'clear_selection', {}],
    ['go ahead and archive it', 'archive', {}],
    ['could you archive this email', 'archive', {}],
    ['please delete this message', 'trash', {}],
    ['throw it in the trash', 'trash', {}],
    ['quarantine this email please', 'quarantine', {}],
    ['star this email', 'star', {}],
    ['please add a star', 'star', {}],
    ['remove the star please', 'unstar', {}],
    ['mark this email as read', 'mark_read', {}],
    ['please mark it as unread', 'mark_unread', {}],
    ['mark it as important please', 'important', {}],
    ['mark this as not important', 'not_important', {}],
    ['undo that please', 'undo', {}],
    ['please reply to this email', 'reply', {}],
    ['reply to everyone', 'reply_all', {}],
    ['please forward this message', 'forward', {}],
    ['give me some suggestions', 'suggest_replies', {}],
    ['suggest some replies', 'suggest_replies', {}],
    ['go ahead and send it', 'send', {}],
    ['forget it', 'cancel', {}],
    ['pick the second one', 'choose_suggestion', { index: 2 }],
    ['go with option one', 'choose_suggestion', { index: 1 }],
    ['use suggestion number three', 'choose_suggestion', { index: 3 }],
    ['yes go ahead', 'confirm', {}],
    ['nope', 'deny', {}],
    ['i need help', 'help', {}],
    ['what commands can i use', 'help', {}],
  ],
  nonCommands: [
    'could you pick up the kids after school', 'please remember to water the plants', 'i will send the photos tomorrow',
    'the next train is at half past nine', 'let me read the menu first', 'can you believe the score last night',
  ],
};

/**
 * Debian's MBROLA voices for tuning D and held-out D. MBROLA is another kind of synthesis than
 * espeak-ng's own voices: it joins diphones cut from recordings of real people (espeak-ng's
 * voices are formant synthesis, made from rules), and espeak-ng drives it for English with the US
 * and British diphone sets and, through its "mb-xx-en" voices, with other languages' diphones and
 * a mapping of English phonemes onto their sounds: English with a German, French or Greek accent.
 * Debian ships MBROLA in contrib and the voices in non-free, licensed for non-commercial use, so
 * they are a developer's measuring tool: the product and its tests never use them, and the bench
 * leaves these sets out where they are not installed.
 */
export const MBROLA_INSTALL_HINT = 'enable Debian\'s contrib and non-free components, then apt-get install mbrola mbrola-us1 mbrola-us2 mbrola-us3 mbrola-en1 mbrola-de5 mbrola-fr1 mbrola-pl1 mbrola-sw1 mbrola-nl2 mbrola-gr2 mbrola-hu1 mbrola-af1 mbrola-ro1';

/**
 * A fourth tuning set (issue 16, November 27, written with held-out D before either was
 * measured): SPOKEN_COMMANDS and the tuning set's other sentences said by MBROLA voices — US and
 * British English, and English with German, French, Polish and Swedish accents. The other tuning
 * sets have no accent further from the US model than espeak-ng's Scottish one, so until this set
 * nothing could be chosen for accents honestly.
 */
export const SPOKEN_TUNING_D: SpokenSet = {
  voices: [
    { voice: 'mb-us1', speed: 150, pad: 0.3 },
    { voice: 'mb-us3', speed: 175, noise: -38, pad: 0.4 },
    { voice: 'mb-en1', speed: 160, pad: 0.3 },
    { voice: 'mb-de5-en', speed: 150, pad: 0.3 },
    { voice: 'mb-fr1-en', speed: 160, pad: 0.3 },
    { voice: 'mb-pl1-en', speed: 145, pad: 0.3 },
    { voice: 'mb-sw1-en', speed: 170, noise: -40, pad: 0.3 },
  ],
  categories: SPOKEN_CATEGORIES,
  commands: SPOKEN_COMMANDS,
  nonCommands: SPOKEN_TUNING_NON_COMMANDS,
};

/**
 * Held-out set D (issue 16, written November 27 with tuning D, never used to choose anything):
 * the held-out set's phrasings, category names and other sentences said by other MBROLA voices —
 * another US voice, and English with Dutch, Greek, Hungarian, Afrikaans and Romanian accents, none
 * of them a language tuning D uses.
 */
export const SPOKEN_HELD_OUT_D: SpokenSet = {
  ...SPOKEN_HELD_OUT,
  voices: [
    { voice: 'mb-us2', speed: 165, pad: 0.3 },
    { voice: 'mb-nl2-en', speed: 150, pad: 0.3 },
    { voice: 'mb-gr2-en', speed: 160, noise: -38, pad: 0.4 },
    { voice: 'mb-hu1-en', speed: 150, pad: 0.3 },
    { voice: 'mb-af1-en', speed: 170, pad: 0.3 },
    { voice: 'mb-ro1-en', speed: 155, pad: 0.3 },
  ],
};

/**
 * Names the pronouncing dictionary lacks (issue 16, November 28, written with the held-out names
 * set before either was decoded): categories named after brands, and (added before either set was
 * decoded with them) names with signs and capitals said as letters, said in commands by the tuning
 * voices, with ordinary commands and other sentences beside them so a change for names shows what
 * it costs elsewhere. What letter-to-sound pronunciations (letter-to-sound.ts) are chosen on.
 */
export const SPOKEN_TUNING_NAMES: SpokenSet = {
  voices: SPOKEN_TUNING_VOICES,
  categories: ['Shopify Orders', 'Venmo', 'Strava Runs', 'Trello Boards', 'Netflix', 'Instacart', 'Coinbase', 'Airbnb', 'Bills & Utilities', 'HR Updates', 'BBC News'],
  commands: [
    ['open shopify orders', 'open_category', { name: 'Shopify Orders' }],
    ['go to venmo', 'open_category', { name: 'Venmo' }],
    ['show strava runs', 'open_category', { name: 'Strava Runs' }],
    ['open my trello boards', 'open_category', { name: 'Trello Boards' }],
    ['show me netflix', 'open_category', { name: 'Netflix' }],
    ['open instacart', 'open_category', { name: 'Instacart' }],
    ['take me to coinbase', 'open_category', { name: 'Coinbase' }],
    ['open airbnb', 'open_category', { name: 'Airbnb' }],
    ['open venmo', 'open_category', { name: 'Venmo' }],
    ['go to netflix', 'open_category', { name: 'Netflix' }],
    ['open bills and utilities', 'open_category', { name: 'Bills & Utilities' }],
    ['show HR updates', 'open_category', { name: 'HR Updates' }],
    ['go to BBC news', 'open_category', { name: 'BBC News' }],
    ['go to settings', 'navigate', { page: 'settings' }],
    ['archive this', 'archive', {}],
    ['next message', 'next', {}],
    ['open the inbox', 'navigate', { page: 'inbox' }],
    ['star this', 'star', {}],
    ['reply to all', 'reply_all', {}],
  ],
  nonCommands: ['i shopped for a new coat on friday', 'we watched a film last night', 'she runs every morning before work', 'the train was late again', 'can you believe the price of coffee'],
};

/** Held-out names (written with SPOKEN_TUNING_NAMES, never used to choose anything): other brands, held-out voices. */
export const SPOKEN_HELD_OUT_NAMES: SpokenSet = {
  voices: [
    { voice: 'en-gb-x-rp', speed: 165 },
    { voice: 'en-us+f4', speed: 205 },
    { voice: 'en-us-nyc+m5', speed: 145 },
    { voice: 'en-029', speed: 150 },
    { voice: 'en-us+m6', speed: 180, noise: -38, pad: 0.3 },
  ],
  categories: ['Hubspot Leads', 'Patreon', 'Duolingo', 'Substack', 'Figma Files', 'Peloton Classes', 'Mailchimp', 'Zillow Listings', 'Doordash', 'AT&T', '2FA Codes', 'Amazon.com'],
  commands: [
    ['open hubspot leads', 'open_category', { name: 'Hubspot Leads' }],
    ['go to patreon', 'open_category', { name: 'Patreon' }],
    ['show duolingo', 'open_category', { name: 'Duolingo' }],
    ['open my substack', 'open_category', { name: 'Substack' }],
    ['show figma files', 'open_category', { name: 'Figma Files' }],
    ['take me to peloton classes', 'open_category', { name: 'Peloton Classes' }],
    ['open mailchimp', 'open_category', { name: 'Mailchimp' }],
    ['show zillow listings', 'open_category', { name: 'Zillow Listings' }],
    ['go to doordash', 'open_category', { name: 'Doordash' }],
    ['open duolingo', 'open_category', { name: 'Duolingo' }],
    ['go to AT&T', 'open_category', { name: 'AT&T' }],
    ['open 2FA codes', 'open_category', { name: '2FA Codes' }],
    ['open amazon dot com', 'open_category', { name: 'Amazon.com' }],
    ['go to insights', 'navigate', { page: 'insights' }],
    ['trash this', 'trash', {}],
    ['previous message', 'previous', {}],
    ['mark as read', 'mark_read', {}],
    ['forward this', 'forward', {}],
    ['undo', 'undo', {}],
  ],
  nonCommands: ['i ordered dinner from the place down the road', 'my cousin is learning spanish', 'the house next door is for sale', 'we should ride our bikes this weekend', 'did you read the newsletter'],
};

/** espeak-ng voices and words-per-minute speeds. */
export const SPOKEN_VOICES: { voice: string; speed: number }[] = [
  { voice: 'en-us', speed: 160 },
  { voice: 'en', speed: 140 },
  { voice: 'en+f3', speed: 175 },
  { voice: 'en+m3', speed: 190 },
];

/** The voices of `voices` that espeak-ng cannot speak with here (an MBROLA voice not installed). */
export async function missingVoices(voices: readonly SpokenVoice[]): Promise<string[]> {
  const missing: string[] = [];
  for (const voice of new Set(voices.map((v) => v.voice))) {
    try {
      await run('espeak-ng', ['-v', voice, '-q', 'hello']);
    } catch {
      missing.push(voice);
    }
  }
  return missing;
}

export async function speechToolsAvailable(): Promise<boolean> {
  try {
    await run('espeak-ng', ['--version']);
    await run('sox', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * How a set's speech is made: an espeak-ng voice and speed (words per minute), and optionally its
 * pitch (espeak-ng's 0..99, 50 by default), pink noise under it (`noise`: sox's amplitude for it, in
 * dBFS, after the speech is normalised to -3 dBFS peak; the noise's RMS is about 14 dB lower, so
 * -35 to -40 is a quiet office's hum some 27-32 dB under the speech's RMS, and -22 a loud room
 * about 14 dB under it), and
 * `pad` seconds of the noise before and after (a microphone opened before and closed after).
 */
export interface SpokenVoice {
  voice: string;
  speed: number;
  pitch?: number;
  noise?: number;
  pad?: number;
  /** The whole recording's level changed by this many dB at the end (negative: a microphone set low, or far away). */
  gain?: number;
}

/** "en-us -s 160", "en-gb -s 170 -p 70 noise -35 dBFS": how a voice is named in figures. */
export function voiceLabel(v: SpokenVoice): string {
  return `${v.voice} -s ${v.speed}${v.pitch === undefined ? '' : ` -p ${v.pitch}`}${v.noise === undefined ? '' : ` noise ${v.noise} dBFS`}${v.pad ? ` pad ${v.pad} s` : ''}${v.gain === undefined ? '' : ` gain ${v.gain} dB`}`;
}

/** The rate synthesised speech reaches the recogniser at: 16 kHz (sox resamples), or espeak-ng's own. */
export type SpokenRate = 16000 | 'espeak';

/**
 * Says `text` with espeak-ng into `dir` and returns a 16 kHz mono 16-bit WAV's bytes (with `rate`
 * 'espeak', at the rate espeak-ng wrote, 22050 Hz for its own voices, for the recogniser's own
 * resampling to be measured: what a WAV straight from `espeak-ng -w` gets). Every sox
 * step runs in its repeatable mode (-R): sox dithers when it resamples to 16 bits and makes
 * noise from a random seed otherwise, and that alone moved the bench's figures by a clip or two
 * per voice between runs.
 */
export async function synthesise(text: string, voice: string, speed: number, dir: string, extra: Omit<SpokenVoice, 'voice' | 'speed'> = {}, rate: SpokenRate = 16000): Promise<Buffer> {
  const stem = path.join(dir, `${voice.replace(/\W/g, '_')}-${speed}-${extra.pitch ?? ''}-${extra.noise ?? ''}-${extra.gain ?? ''}-${rate}-${text.replace(/\W+/g, '_').slice(0, 60)}`);
  await run('espeak-ng', ['-v', voice, '-s', String(speed), ...(extra.pitch === undefined ? [] : ['-p', String(extra.pitch)]), '-w', `${stem}.raw.wav`, text]);
  const pad = extra.pad ? ['pad', String(extra.pad), String(extra.pad)] : [];
  const gain = extra.gain === undefined ? [] : ['gain', String(extra.gain)];
  const toRate = rate === 'espeak' ? [] : ['-r', String(rate)];
  if (extra.noise === undefined) {
    await run('sox', ['-R', `${stem}.raw.wav`, ...toRate, '-c', '1', '-b', '16', `${stem}.wav`, ...pad, ...gain]);
    return fs.readFile(`${stem}.wav`);
  }
  await run('sox', ['-R', `${stem}.raw.wav`, ...toRate, '-c', '1', '-b', '16', `${stem}.clean.wav`, 'norm', '-3', ...pad]);
  const { stdout } = await run('soxi', ['-D', `${stem}.clean.wav`]);
  // The noise at the speech's rate: asked of the file only when it kept espeak-ng's own.
  const noiseRate = rate === 'espeak' ? (await run('soxi', ['-r', `${stem}.clean.wav`])).stdout.trim() : String(rate);
  const amplitude = (10 ** (extra.noise / 20)).toFixed(5);
  await run('sox', ['-R', '-n', '-r', noiseRate, '-c', '1', '-b', '16', `${stem}.noise.wav`, 'synth', stdout.trim(), 'pinknoise', 'vol', amplitude]);
  await run('sox', ['-R', '-m', `${stem}.clean.wav`, `${stem}.noise.wav`, '-b', '16', `${stem}.wav`, ...gain]);
  return fs.readFile(`${stem}.wav`);
}

export interface SpokenSet {
  voices: SpokenVoice[];
  categories: readonly string[];
  commands: [text: string, intent: string, slots: Record<string, unknown>][];
  nonCommands: readonly string[];
}

export interface SpokenAccuracy {
  /** Per voice: commands understood (intent and slots right), and of those carried out without a question. */
  perVoice: { voice: string; speed: number; label: string; total: number; right: number; withoutQuestion: number }[];
  total: number;
  right: number;
  withoutQuestion: number;
  /** Destructive actions that would have been carried out (no question) and were not what was said. */
  wrongDestructive: string[];
  /** Other sentences carried out as some command without a question. */
  nonCommandsActedOn: string[];
  /** Other sentences heard as a destructive command and asked about ("Did you say …?"). */
  nonCommandsAsked: string[];
  misses: string[];
  /**
   * Over the searches said (`said`): the requests' word errors (all their words when no search was
   * heard) and words said; how many were heard as a search (whatever its request), and how many
   * as another command that would have been carried out.
   */
  searches: { said: number; errors: number; words: number; heard: number; actedAsOther: number };
  /** Decode time and audio length, for the real-time factor. */
  decodeSeconds: number;
  audioSeconds: number;
}

function noAccuracy(): SpokenAccuracy {
  return { perVoice: [], total: 0, right: 0, withoutQuestion: 0, wrongDestructive: [], nonCommandsActedOn: [], nonCommandsAsked: [], misses: [], searches: { said: 0, errors: 0, words: 0, heard: 0, actedAsOther: 0 }, decodeSeconds: 0, audioSeconds: 0 };
}

/**
 * Command accuracy as the product sees it: the recogniser in command mode with the set's
 * category names, then the parser; a destructive command the recogniser marks doubtful is asked
 * about ("Did you say …?") instead of being done, so it is right but not "without a question".
 */
export async function measureSpokenCommands(recognizer: SpeechRecognizer, set: SpokenSet, dir: string, rate: SpokenRate = 16000): Promise<SpokenAccuracy> {
  const result = noAccuracy();
  const hear = async (text: string, { voice, speed, ...extra }: SpokenVoice) => {
    const wav = await synthesise(text, voice, speed, dir, extra, rate);
    const started = performance.now();
    const heard = await recognizer.recognize(wav, { mode: 'command', categories: set.categories });
    result.decodeSeconds += (performance.now() - started) / 1000;
    result.audioSeconds += heard.seconds;
    const command = heard.inGrammar && heard.transcript ? parseVoiceCommand(heard.transcript, { categories: set.categories }) : { intent: 'unknown' as const, slots: {} };
    const asked = DESTRUCTIVE_INTENTS.has(command.intent as never) && heard.doubtful === true;
    return { heard, command, acted: command.intent !== 'unknown' && !asked };
  };
  for (const spoken of set.voices) {
    const label = voiceLabel(spoken);
    const row = { voice: spoken.voice, speed: spoken.speed, label, total: 0, right: 0, withoutQuestion: 0 };
    for (const [text, intent, slots] of set.commands) {
      const { heard, command, acted } = await hear(text, spoken);
      row.total++;
      if (intent === 'search') {
        const { errors, words } = wordErrors(String(slots.request), command.intent === 'search' ? String(command.slots.request ?? '') : '');
        result.searches.said++;
        result.searches.errors += errors;
        result.searches.words += words;
        if (command.intent === 'search') result.searches.heard++;
        else if (acted) result.searches.actedAsOther++;
      }
      if (command.intent === intent && JSON.stringify(command.slots) === JSON.stringify(slots)) {
        row.right++;
        if (acted) row.withoutQuestion++;
      } else {
        result.misses.push(`${label}: "${text}" -> "${heard.transcript}" (${command.intent}${acted ? '' : ', not done'})`);
        if (acted && DESTRUCTIVE_INTENTS.has(command.intent as never)) result.wrongDestructive.push(`${label}: "${text}" -> ${command.intent}`);
      }
    }
    result.perVoice.push(row);
    result.total += row.total;
    result.right += row.right;
    result.withoutQuestion += row.withoutQuestion;
  }
  for (const [i, text] of set.nonCommands.entries()) {
    const spoken = set.voices[i % set.voices.length] as SpokenVoice;
    const label = voiceLabel(spoken);
    const { heard, command, acted } = await hear(text, spoken);
    if (!acted && command.intent !== 'unknown') result.nonCommandsAsked.push(`${label}: "${text}" -> "${heard.transcript}" (${command.intent}, asked)`);
    if (!acted) continue;
    result.nonCommandsActedOn.push(`${label}: "${text}" -> "${heard.transcript}" (${command.intent})`);
    if (DESTRUCTIVE_INTENTS.has(command.intent as never)) result.wrongDestructive.push(`${label}: "${text}" (no command) -> ${command.intent}`);
  }
  return result;
}

/**
 * Searches said aloud (November 30): no set above has one. Written blind, as ordinary people
 * would say them, by a helper who saw neither the code nor the other sets, with the search
 * verbs the recogniser listens for (SPOKEN_SEARCH_TRIGGERS) and politeness before a quarter of
 * them; the request is the words after the verb, as said. The tuning set was used to choose;
 * the held-out set, written with it, was only measured. A search is understood when its request
 * comes back word for word; the bench also gives the requests' word error rate.
 */
export const SPOKEN_TUNING_SEARCH: SpokenSet = {
  voices: SPOKEN_TUNING_VOICES.filter((v) => ['en-us', 'en+f3', 'en-gb-scotland'].includes(v.voice)),
  categories: SPOKEN_CATEGORIES,
  commands: [
    ['search for the water bill', 'search', { request: 'the water bill' }],
    ['find emails from amazon', 'search', { request: 'emails from amazon' }],
    ['could you look for my flight confirmation', 'search', { request: 'my flight confirmation' }],
    ['search my mail for invoices', 'search', { request: 'invoices' }],
    ['find me messages from jennifer about the party', 'search', { request: 'messages from jennifer about the party' }],
    ['can you look up the dentist appointment', 'search', { request: 'the dentist appointment' }],
    ['search receipts', 'search', { request: 'receipts' }],
    ['find unread emails from last week', 'search', { request: 'unread emails from last week' }],
    ['look for emails with attachments from michael', 'search', { request: 'emails with attachments from michael' }],
    ['please search for the school newsletter', 'search', { request: 'the school newsletter' }],
    ['search my mail for the hotel reservation in march', 'search', { request: 'the hotel reservation in march' }],
    ['find starred messages', 'search', { request: 'starred messages' }],
    ['can you look up my bank statement', 'search', { request: 'my bank statement' }],
    ['find me the package tracking number', 'search', { request: 'the package tracking number' }],
    ['search for emails from netflix', 'search', { request: 'emails from netflix' }],
    ['could you find the report from david', 'search', { request: 'the report from david' }],
    ['look for anything from my boss about the meeting', 'search', { request: 'anything from my boss about the meeting' }],
    ['search for the car insurance renewal', 'search', { request: 'the car insurance renewal' }],
    ['find emails from yesterday', 'search', { request: 'emails from yesterday' }],
    ['search my mail for the birthday invitation', 'search', { request: 'the birthday invitation' }],
    ["look up the doctor's test results", 'search', { request: "the doctor's test results" }],
    ['please find me the train tickets to boston', 'search', { request: 'the train tickets to boston' }],
    ['search apple', 'search', { request: 'apple' }],
    ['please look for the rent payment', 'search', { request: 'the rent payment' }],
    ['find the gym membership email', 'search', { request: 'the gym membership email' }],
    ['search for unread messages from mom', 'search', { request: 'unread messages from mom' }],
    ['find me emails from the soccer coach', 'search', { request: 'emails from the soccer coach' }],
    ['look for the phone bill from april', 'search', { request: 'the phone bill from april' }],
    ['search my mail for shipping updates', 'search', { request: 'shipping updates' }],
    ['can you search for the parent teacher conference', 'search', { request: 'the parent teacher conference' }],
    ['look up the order from walmart', 'search', { request: 'the order from walmart' }],
    ['find the credit card statement from last month', 'search', { request: 'the credit card statement from last month' }],
    ['can you search for vacation photos from linda', 'search', { request: 'vacation photos from linda' }],
    ['look for the prescription refill reminder', 'search', { request: 'the prescription refill reminder' }],
    ['find me the wedding guest list', 'search', { request: 'the wedding guest list' }],
    ['search my mail for the tax return', 'search', { request: 'the tax return' }],
    ['please find emails from delta airlines', 'search', { request: 'emails from delta airlines' }],
    ['look up the magazine subscription', 'search', { request: 'the magazine subscription' }],
    ['search for project updates from robert', 'search', { request: 'project updates from robert' }],
    ['find starred emails from chris in june', 'search', { request: 'starred emails from chris in june' }],
  ],
  nonCommands: [],
};

export const SPOKEN_HELD_OUT_SEARCH: SpokenSet = {
  voices: SPOKEN_HELD_OUT.voices,
  categories: SPOKEN_HELD_OUT.categories,
  commands: [
    ['search for the gas bill', 'search', { request: 'the gas bill' }],
    ['find emails from emily', 'search', { request: 'emails from emily' }],
    ['could you look for the car rental confirmation', 'search', { request: 'the car rental confirmation' }],
    ['search my mail for coupons', 'search', { request: 'coupons' }],
    ['find me messages from thomas about the budget', 'search', { request: 'messages from thomas about the budget' }],
    ['could you look up the eye doctor appointment', 'search', { request: 'the eye doctor appointment' }],
    ['search refunds', 'search', { request: 'refunds' }],
    ['find unread messages from this morning', 'search', { request: 'unread messages from this morning' }],
    ['look for attachments from karen', 'search', { request: 'attachments from karen' }],
    ['please search for the field trip permission slip', 'search', { request: 'the field trip permission slip' }],
    ['search my mail for the cruise booking in july', 'search', { request: 'the cruise booking in july' }],
    ['find my starred emails from work', 'search', { request: 'my starred emails from work' }],
    ['can you look up the mortgage statement', 'search', { request: 'the mortgage statement' }],
    ['find me the delivery from fedex', 'search', { request: 'the delivery from fedex' }],
    ['search for emails from google', 'search', { request: 'emails from google' }],
    ['can you find the presentation from jessica', 'search', { request: 'the presentation from jessica' }],
    ['look for anything from the landlord about repairs', 'search', { request: 'anything from the landlord about repairs' }],
    ['search for the health insurance claim', 'search', { request: 'the health insurance claim' }],
    ['find emails from two days ago', 'search', { request: 'emails from two days ago' }],
    ['search my mail for the baby shower invitation', 'search', { request: 'the baby shower invitation' }],
    ['look up the lab results from the clinic', 'search', { request: 'the lab results from the clinic' }],
    ['please find me the bus schedule for chicago', 'search', { request: 'the bus schedule for chicago' }],
    ['search microsoft', 'search', { request: 'microsoft' }],
    ['look for the internet bill', 'search', { request: 'the internet bill' }],
    ['find the music subscription receipt', 'search', { request: 'the music subscription receipt' }],
    ['please search for unread emails from dad', 'search', { request: 'unread emails from dad' }],
    ['find me emails from the piano teacher', 'search', { request: 'emails from the piano teacher' }],
    ['look for the cable bill from february', 'search', { request: 'the cable bill from february' }],
    ['search my mail for return labels', 'search', { request: 'return labels' }],
    ['can you search for the school report card', 'search', { request: 'the school report card' }],
    ['look up my order from costco', 'search', { request: 'my order from costco' }],
    ['find the savings account statement from last quarter', 'search', { request: 'the savings account statement from last quarter' }],
    ['can you search for holiday pictures from grandma', 'search', { request: 'holiday pictures from grandma' }],
    ['look for the pharmacy pickup notice', 'search', { request: 'the pharmacy pickup notice' }],
    ['find me the graduation party details', 'search', { request: 'the graduation party details' }],
    ['search my mail for the property tax bill', 'search', { request: 'the property tax bill' }],
    ['please find emails from united airlines', 'search', { request: 'emails from united airlines' }],
    ['look up the newspaper renewal', 'search', { request: 'the newspaper renewal' }],
    ['search for the sales numbers from kevin', 'search', { request: 'the sales numbers from kevin' }],
    ['find important emails from brian in october', 'search', { request: 'important emails from brian in october' }],
  ],
  nonCommands: [],
};

/**
 * Several sets' accuracy as one (sets of one voice list, each with its own category names, as the
 * blind phrasings come): counts summed, per-voice rows summed by voice.
 */
export function combineAccuracy(parts: readonly SpokenAccuracy[]): SpokenAccuracy {
  const all = noAccuracy();
  for (const part of parts) {
    for (const row of part.perVoice) {
      const same = all.perVoice.find((r) => r.label === row.label);
      if (same) {
        same.total += row.total;
        same.right += row.right;
        same.withoutQuestion += row.withoutQuestion;
      } else all.perVoice.push({ ...row });
    }
    all.total += part.total;
    all.right += part.right;
    all.withoutQuestion += part.withoutQuestion;
    all.wrongDestructive.push(...part.wrongDestructive);
    all.nonCommandsActedOn.push(...part.nonCommandsActedOn);
    all.nonCommandsAsked.push(...part.nonCommandsAsked);
    all.misses.push(...part.misses);
    for (const key of ['said', 'errors', 'words', 'heard', 'actedAsOther'] as const) all.searches[key] += part.searches[key];
    all.decodeSeconds += part.decodeSeconds;
    all.audioSeconds += part.audioSeconds;
  }
  return all;
}

/** Sentences to dictate (a reply's words) and the voices that say them. */
export interface DictationSet {
  voices: SpokenVoice[];
  sentences: readonly string[];
}

/** Dictation the recogniser's settings may be chosen on: the command tuning voices, replies' everyday sentences. */
export const DICTATION_TUNING: DictationSet = {
  voices: [
    { voice: 'en-us', speed: 160 },
    { voice: 'en+f3', speed: 175 },
    { voice: 'en-gb-scotland', speed: 150 },
  ],
  sentences: [
    'thanks for the update i will send the report on friday morning',
    'sounds good to me let us meet next week at the office',
    'sorry i cannot make it today can we move the call to tomorrow',
    'please find the invoice attached and let me know if you have any questions',
    'i think we should talk about the budget before the meeting',
    'the package arrived this afternoon and everything looks fine',
  ],
};

/**
 * A second dictation tuning set (November 28, written before any of it was decoded): twelve more
 * reply sentences, the tuning voices at other speeds, one in a room's noise. With DICTATION_TUNING
 * it is what the dictation decoder's settings are chosen on; DICTATION_HELD_OUT never is.
 */
export const DICTATION_TUNING_B: DictationSet = {
  voices: [
    { voice: 'en-us', speed: 175 },
    { voice: 'en', speed: 150 },
    { voice: 'en+m3', speed: 160 },
    { voice: 'en-us+f2', speed: 150, noise: -38 },
    { voice: 'en-gb-scotland', speed: 165 },
    { voice: 'en+f3', speed: 150 },
  ],
  sentences: [
    'i will be out of the office until monday',
    'can you please confirm the time of the meeting',
    'thank you for your help with the project last week',
    'i have attached the revised document for your review',
    'we are still waiting for the delivery to arrive',
    'let us schedule a call for thursday afternoon',
    'i agree with your suggestion and will update the plan',
    'the price seems a little high for our budget',
    'my flight lands at six so i will join you for dinner',
    'no problem at all see you tomorrow',
    'could you share the numbers before the end of the day',
    'i am sorry to hear that please let me know how i can help',
  ],
};

/**
 * Held-out dictation, written before it was first decoded and never used to choose a setting:
 * other sentences, the command held-out set's voices (one with a room's hum).
 */
export const DICTATION_HELD_OUT: DictationSet = {
  voices: [
    { voice: 'en-gb-x-rp', speed: 165 },
    { voice: 'en-us+f4', speed: 180 },
    { voice: 'en-us-nyc+m5', speed: 145, noise: -38 },
  ],
  sentences: [
    'could you send me the slides from the presentation yesterday',
    'i am running about ten minutes late please start without me',
    'the contract looks good but we need to change the payment terms',
    'happy birthday i hope you have a wonderful day',
    'let me check with the team and get back to you next week',
    'we have booked a table for four at seven thirty',
  ],
};

/** Word errors (substitutions, insertions, deletions) of `heard` against `said`, and the words said. */
export function wordErrors(said: string, heard: string): { errors: number; words: number } {
  const ref = said.toLowerCase().split(/\s+/).filter(Boolean);
  const hyp = heard.toLowerCase().split(/\s+/).filter(Boolean);
  return { errors: editDistance(ref, hyp, (x, y) => (x === y ? 0 : 1)), words: ref.length };
}

export interface DictationAccuracy {
  /** Per voice: word errors and words said. */
  perVoice: { label: string; errors: number; words: number }[];
  errors: number;
  words: number;
  /** A few heard sentences, for the eye. */
  examples: string[];
  decodeSeconds: number;
  audioSeconds: number;
}

/** Word error rate of the recogniser's dictation mode over a set, per voice. */
export async function measureDictation(recognizer: SpeechRecognizer, set: DictationSet, dir: string): Promise<DictationAccuracy> {
  const result: DictationAccuracy = { perVoice: [], errors: 0, words: 0, examples: [], decodeSeconds: 0, audioSeconds: 0 };
  for (const { voice, speed, ...extra } of set.voices) {
    const row = { label: voiceLabel({ voice, speed, ...extra }), errors: 0, words: 0 };
    for (const sentence of set.sentences) {
      const wav = await synthesise(sentence, voice, speed, dir, extra);
      const started = performance.now();
      const heard = await recognizer.recognize(wav, { mode: 'dictation' });
      result.decodeSeconds += (performance.now() - started) / 1000;
      result.audioSeconds += heard.seconds;
      const { errors, words } = wordErrors(sentence, heard.transcript);
      row.errors += errors;
      row.words += words;
      if (sentence === set.sentences[0]) result.examples.push(`${row.label}: "${sentence}" -> "${heard.transcript}"`);
    }
    result.perVoice.push(row);
    result.errors += row.errors;
    result.words += row.words;
  }
  return result;
}
