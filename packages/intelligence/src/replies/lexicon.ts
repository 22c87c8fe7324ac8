/** Word lists shared by quote stripping, style learning and names. English mail conventions. */

/** Closing phrases that end a message before the writer's name ("Cheers,", "Best regards,"). */
const VALEDICTION =
  /^(?:cheers|thanks|thank you|thanks again|many thanks|thanks a lot|thx|tnx|ta|best|best wishes|best regards|all the best|regards|kind regards|warm regards|warmest regards|warmly|with thanks|sincerely|yours sincerely|sincerely yours|yours truly|yours faithfully|yours|respectfully|take care|talk soon|speak soon|see you|later|ciao|bye|love|hugs|hth|rgds|br|kr|brgds|cordially|peace|enjoy|onward|onwards)(?:\s+(?:mate|all|everyone|again|so much))?\s*[,.!]*$/i;

export function isValediction(line: string): boolean {
  return VALEDICTION.test(line.trim());
}

/** "Hi Bob," / "Hello all," / "Dear Dr. Smith:" / "Morning Ann!" — the greeting word, or null. */
export function greetingWord(line: string): string | null {
  const m = /^(hi|hello|hey|heya|hiya|dear|greetings|morning|good morning|good afternoon|good evening|howdy|yo)\b[^\n]{0,40}$/i.exec(line.trim());
  if (!m) return null;
  const rest = line.trim().slice((m[1] as string).length);
  // "Hi there, I wanted to ask" is a sentence, not a greeting line.
  if (rest.split(/\s+/).filter(Boolean).length > 4) return null;
  const word = m[1] as string;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** A line that is just a first name and a comma ("Bob,"): a name-only salutation. */
export function isNameOnlySalutation(line: string): boolean {
  return /^\p{Lu}[\p{L}'’-]{1,20}\s*[,:!]$/u.test(line.trim());
}
