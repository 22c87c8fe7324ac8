/**
 * Finding the new text of a message: what its writer typed, without the quoted history, the
 * signature, list and ad footers, or PGP armour. A reply answers this and nothing else.
 */

export interface NewText {
  /** The writer's own text, trimmed, blank runs collapsed. */
  text: string;
  /** Attribution lines that introduced quotes ("On Tue, Ann Lee wrote:", "[Tim Peters]"). */
  attributions: string[];
}

/** Hostile input cap: nobody answers the 2 MB tail of a message. */
export const MAX_TEXT_CHARS = 40_000;

/** Lines that end the writer's part of a top-posted reply (what follows is the original). */
const ORIGINAL_FOLLOWS = [
  /^-{2,}\s*(?:original message|forwarded message|weitergeleitete nachricht|message d'origine|mensaje original)\s*-{2,}\s*$/i,
  /^-{3,}\s*forwarded (?:message|mail) from .*-{3,}\s*$/i,
  /^begin forwarded message:?\s*$/i,
  // Yahoo-style "--- In group@yahoogroups.com, Ann wrote:" and Outlook's underscore rule before a header block.
  /^-{2,}\s*in \S+@\S+,\s.*wrote:?\s*$/i,
];

/** RFC 3676 §4.3: "-- " on its own line starts the signature (many clients drop the space). */
const SIGNATURE_SEPARATOR = /^--[ \t]*$/;

const MOBILE_FOOTER = /^(?:sent from my \w+|sent from (?:outlook|mail|yahoo mail)\b|get outlook for \w+|sent via \w+|sent with \w+ mail)/i;

/** What list servers, free-mail providers and ad sponsors append below a rule line. */
const FOOTER_CUES =
  /mailing list|listinfo|unsubscribe|list maintainer|sponsored by|yahoo! ?groups|groups sponsor|get your free|do you yahoo|msn\b|hotmail|this e-?mail (?:and any attachments )?(?:is|may be) confidential|disclaimer|(?:un)?subscription|list-?admin|your use of/i;

/** An attribution line: it introduces the quote that follows. */
const ATTRIBUTION =
  /(?:\b(?:wrote|writes|said|says|mentioned|scripsit|typed|a écrit|schrieb|escribió)\s*:?\s*$)|(?:^\s*quoting\b.*:\s*$)|(?:^\s*\[[^\]\n]{2,60}\]\s*$)|(?:^\s*in a message dated\b.*$)|(?:^on\b.{5,200}\d.{0,120}:\s*$)/i;

/** Quoted lines: "> text", "DanQ> text" (supercite), "| text" after an attribution. */
const QUOTED = /^\s{0,4}(?:[\p{L}.-]{0,10}>|>)/u;

export function extractNewText(input: string): NewText {
  const raw = input.length > MAX_TEXT_CHARS ? input.slice(0, MAX_TEXT_CHARS) : input;
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  const attributions: string[] = [];
  let inPgpSignature = false;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const trimmed = line.trim();
    if (ORIGINAL_FOLLOWS.some((r) => r.test(trimmed))) break;
    if (isOutlookHeaderBlock(lines, i)) break;
    if (SIGNATURE_SEPARATOR.test(line)) break;
    if (MOBILE_FOOTER.test(trimmed)) break;
    if (/^[-_=*~]{10,}\s*$/.test(trimmed) && FOOTER_CUES.test(lines.slice(i + 1, i + 12).join('\n'))) break;
    if (/^-----BEGIN PGP SIGNATURE-----/.test(trimmed)) {
      inPgpSignature = true;
      continue;
    }
    if (inPgpSignature) {
      if (/^-----END PGP SIGNATURE-----/.test(trimmed)) inPgpSignature = false;
      continue;
    }
    if (/^-----BEGIN PGP SIGNED MESSAGE-----/.test(trimmed) || (/^Hash: \w+$/.test(trimmed) && kept.every((k) => k.trim() === ''))) continue;
    if (QUOTED.test(line)) continue;
    if (trimmed !== '' && trimmed.length <= 240 && ATTRIBUTION.test(trimmed) && introducesQuote(lines, i)) {
      attributions.push(trimmed);
      continue;
    }
    // A wrapped attribution: "On Mon, 9 Sep 2002, Lucas Gonze" + "<lg@x.com> wrote:".
    if (trimmed !== '' && /^on\b/i.test(trimmed) && i + 1 < lines.length) {
      const joined = `${trimmed} ${(lines[i + 1] as string).trim()}`;
      if (joined.length <= 240 && /\b(?:wrote|writes|said)\s*:\s*$/i.test(joined) && introducesQuote(lines, i + 1)) {
        attributions.push(joined);
        i++;
        continue;
      }
    }
    kept.push(line.replace(/\s+$/, ''));
  }

  const text = kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, attributions };
}

/** The attribution at `i` is followed (after blank lines) by a quoted line, or by nothing. */
function introducesQuote(lines: string[], i: number): boolean {
  for (let j = i + 1; j < lines.length && j <= i + 3; j++) {
    const next = lines[j] as string;
    if (next.trim() === '') continue;
    return QUOTED.test(next);
  }
  return true;
}

/**
 * Outlook and many webmail clients put the original's headers under the reply:
 * "From: Ann\nSent: Monday...\nTo: ...\nSubject: ..." (sometimes under a rule line).
 */
function isOutlookHeaderBlock(lines: string[], i: number): boolean {
  const line = (lines[i] as string).trim().replace(/^\*+|\*+$/g, '');
  if (!/^(?:from|von|de)\s*:\s*\S/i.test(line)) return false;
  let headers = 0;
  for (let j = i + 1; j < lines.length && j <= i + 5; j++) {
    if (/^\*?(?:sent|date|to|cc|subject|gesendet|an|betreff|envoyé|objet)\s*:\*?/i.test((lines[j] as string).trim())) headers++;
  }
  return headers >= 2;
}
