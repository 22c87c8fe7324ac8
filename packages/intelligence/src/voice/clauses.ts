/**
 * Where a new clause may begin in a sentence said or typed without punctuation, for a command said
 * with a clause of its own around it: "quarantine this | it looks like phishing", "oh dear i didn't
 * mean to do that | can you undo it", "i've read this one | you can mark it read". The parser tries
 * the stretches between these places as commands of their own (parse.ts, commandInClauses).
 *
 * A clause begins at a word that starts one: a subject with its verb run together ("i'll",
 * "it's"), "i", another subject pronoun before a verb rather than a noun ("you can", not the
 * object in "forward you the deck"), "it", "this" or "that" before a verb of a small closed list
 * ("it looks", "this is"), a noun phrase before a verb ("my eyes are tired"), a question word,
 * "while", a lead-in ("please", "can you", "okay"), a correction ("no wait", "actually",
 * "instead"), or a command's first word ("give", "use", "archive"). Never
 * right after a word that binds what follows to it: a subject, an auxiliary or modal, "to", a
 * negation, an article, a preposition or "because" ("i want to archive", "don't archive it", "did
 * you read", "the next bus", "because i wanna get rid of them").
 */

/** A subject with its verb run together: always the start of a clause. */
const SUBJECT_CONTRACTIONS: ReadonlySet<string> = new Set([
  'im', 'ill', 'ive', 'id', 'its', 'itll', 'youre', 'youll', 'youve', 'youd', 'were', 'weve', 'well', 'theyre', 'theyll', 'theyve',
  'hes', 'shes', 'thats', 'theres', 'heres', 'whats', 'lets', 'dont', 'cant', 'wont', 'didnt', 'doesnt', 'hell', 'shell', 'hed', 'itd', 'theyd',
]);

/** Subject pronouns: a clause starts at one unless a noun phrase follows (then it is an object: "forward you the deck"). */
const SUBJECTS: ReadonlySet<string> = new Set(['you', 'we', 'he', 'she', 'they']);

/** Words that open a noun phrase: after one of these, a pronoun was an object. */
const NOUN_PHRASE_OPENERS: ReadonlySet<string> = new Set(['the', 'a', 'an', 'my', 'your', 'his', 'her', 'our', 'their', 'this', 'that', 'these', 'those', 'some', 'any', 'all', 'every']);

/** "it", "this" and "that" are a clause's subject only before one of these verbs ("it looks like phishing"). */
const PRONOUNS_AS_SUBJECT: ReadonlySet<string> = new Set(['it', 'this', 'that']);
const VERBS_AFTER_IT: ReadonlySet<string> = new Set([
  'is', 'was', 'isnt', 'wasnt', 'looks', 'seems', 'sounds', 'says', 'said', 'has', 'had', 'hasnt', 'might', 'may', 'must', 'should',
  'will', 'would', 'could', 'can', 'does', 'did', 'doesnt', 'didnt', 'feels', 'appears', 'came', 'comes', 'goes', 'went', 'needs',
  'smells', 'reads', 'got', 'gets',
]);

/** Question words, lead-ins and corrections that open a clause. */
const OPENERS: ReadonlySet<string> = new Set([
  'what', 'how', 'why', 'when', 'where', 'who', 'which', 'can', 'could', 'would', 'will', 'please', 'kindly', 'ok', 'okay', 'alright',
  'so', 'but', 'and', 'then', 'also', 'just', 'now', 'because', 'cause', 'oh', 'actually', 'instead', 'rather', 'no', 'wait', 'sorry',
  'oops', 'whoops', 'hmm', 'anyway', 'maybe', 'while',
]);

/**
 * "my eyes are tired", "the link looks fake": a noun phrase before a verb of VERBS_AFTER_NOUN starts
 * a clause, unless a command's word comes just before it (then it may be that command's object:
 * "don't read | my diary was ..." is "don't read my diary").
 */
const DETERMINERS: ReadonlySet<string> = new Set(['my', 'our', 'his', 'her', 'their', 'the', 'your']);
const VERBS_AFTER_NOUN: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'isnt', 'arent', 'looks', 'look', 'seems', 'seem', 'sounds', 'feels', 'feel', 'has', 'have', 'hurt', 'hurts',
  // "the agency needs the hours", "my boss wants it today", "the school says ...".
  'needs', 'wants', 'says', 'said', 'asked', 'called', 'will', 'can', 'should', 'must',
]);

/** Words that bind what follows them into their own clause: no new clause starts right after one. */
const BINDING: ReadonlySet<string> = new Set([
  'i', 'you', 'we', 'he', 'she', 'they', 'im', 'ill', 'ive', 'id', 'youre', 'youll', 'youve', 'theyre', 'theyll', 'hes', 'shes',
  'do', 'does', 'did', 'dont', 'doesnt', 'didnt', 'will', 'wont', 'would', 'wouldnt', 'can', 'cant', 'could', 'couldnt', 'should',
  'shouldnt', 'must', 'might', 'may', 'shall', 'have', 'has', 'had', 'havent', 'hasnt', 'am', 'is', 'are', 'was', 'were', 'be',
  'been', 'being', 'isnt', 'arent', 'wasnt', 'to', 'not', 'never', 'gonna', 'wanna', 'gotta', 'going', 'want', 'need', 'the', 'a',
  'an', 'my', 'your', 'his', 'her', 'our', 'their', 'of', 'for', 'with', 'about', 'on', 'in', 'at', 'from', 'by', 'into', 'onto',
  'like', 'than', 'if', 'whether', 'who', 'which', 'what', 'how', 'when', 'where', 'why', 'let', 'lets', 'and', 'or',
  // A reason is no command: "select all of these because | i wanna get rid of them".
  'because', 'cause', 'cuz', 'coz', 'since', 'as', 'while',
]);

/** Other assistants' names: a sentence that calls one is talking to it ("... siri read my messages"). */
export const OTHER_ASSISTANTS: ReadonlySet<string> = new Set(['siri', 'alexa', 'google', 'cortana', 'bixby', 'gemini', 'chatgpt']);

/** Words that take back what was said before them: "archive it no wait star it". */
export const CORRECTIONS: ReadonlySet<string> = new Set(['no', 'wait', 'actually', 'sorry', 'oops', 'whoops', 'instead', 'rather']);

/** Negations: a stretch that opens with one says what not to do ("don't archive it, star it"). */
export const NEGATIONS: ReadonlySet<string> = new Set(['dont', 'not', 'never', 'didnt', 'doesnt', 'cant', 'wont', 'shouldnt']);

export interface ClauseStart {
  at: number;
  /**
   * Only a command's first word says a clause may start here ("use" in "the second one sounds
   * nice use that"). Such a word is as often the end of the clause before it ("who left the door
   * open", "call me when you get home", "he hit reply all and ..."), so the parser ends no stretch
   * there, and starts one there only for the sentence's last clause, of two words or more, after
   * at least two others.
   */
  commandWordOnly: boolean;
}

/**
 * The words (1 .. words.length - 1) a new clause may begin at. `commandStarts`: the first words
 * of the command set's phrases ("archive", "give", "use").
 */
export function clauseStarts(words: readonly string[], commandStarts: ReadonlySet<string>): ClauseStart[] {
  const starts: ClauseStart[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    const next = words[i + 1];
    if (BINDING.has(words[i - 1] as string)) continue;
    const opens =
      SUBJECT_CONTRACTIONS.has(word) ||
      word === 'i' ||
      (SUBJECTS.has(word) && next !== undefined && !NOUN_PHRASE_OPENERS.has(next)) ||
      (PRONOUNS_AS_SUBJECT.has(word) && next !== undefined && VERBS_AFTER_IT.has(next)) ||
      (DETERMINERS.has(word) && VERBS_AFTER_NOUN.has(words[i + 2] ?? '') && !commandStarts.has(words[i - 1] as string)) ||
      OPENERS.has(word);
    if (opens || commandStarts.has(word)) starts.push({ at: i, commandWordOnly: !opens });
  }
  return starts;
}
