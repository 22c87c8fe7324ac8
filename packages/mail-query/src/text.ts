/**
 * Word matching shared by `evaluate` and the store's search columns, so that the SQL compiler
 * and the evaluator agree by construction.
 *
 * Gmail matches case-insensitively and by whole words, splitting text on anything that is not
 * a letter or digit (Gmail Help, "Search operators you can use with Gmail": `from:amy` does not
 * match `amyx@`). Mailroom takes maximal runs of letters, marks and digits as words, then
 * applies Unicode compatibility normalisation (NFKC) and lower-casing to each word.
 *
 * The split comes first: NFKC turns some symbols into letters (`™` into `TM`, `㎏` into `kg`),
 * which would glue them to the word before them (`Parhelia™` would become the one word
 * `parheliatm`, and `subject:parhelia` would miss it). A symbol separates words, as in Gmail.
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** The words of a text, normalised. `Re: Hello-World!` -> ['re', 'hello', 'world']. */
export function words(text: string): string[] {
  // ASCII is its own NFKC form: lower-case it in one go (most headers and bodies are ASCII).
  if (ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  const runs = text.match(WORD);
  if (!runs) return [];
  const out: string[] = [];
  for (const run of runs) {
    if (ASCII.test(run)) {
      out.push(run.toLowerCase());
      continue;
    }
    // NFKC may still split a run (`½` becomes `1⁄2`, with a fraction slash between digits).
    const normal = normalizeText(run).match(WORD);
    if (normal) for (const word of normal) out.push(word);
  }
  return out;
}

// Every character below U+0080 (control characters included: they are not word characters).
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[a-z0-9]+/g;

/**
 * A search string: each segment's words joined by single spaces, segments separated by ` | `,
 * with a space at both ends: ` re hello | alice example com `. A phrase (one or more words)
 * occurs in a segment exactly when ` phrase ` is a substring, which is `LIKE '% phrase %'` in
 * SQL; it cannot run across two segments because words never contain `|`.
 */
export function searchString(segments: Iterable<string | null | undefined>): string {
  const parts: string[] = [];
  for (const segment of segments) {
    if (!segment) continue;
    const w = words(segment);
    if (w.length > 0) parts.push(w.join(' '));
  }
  return ` ${parts.join(' | ')} `;
}

/** The needle to look for in a search string: ` w1 w2 `. Null when the value has no words. */
export function phraseNeedle(value: string): string | null {
  const w = words(value);
  return w.length > 0 ? ` ${w.join(' ')} ` : null;
}

/**
 * Gmail compares label names case-insensitively and reads spaces and `/` as `-`
 * (`label:work-projects` finds `Work/Projects`; Gmail Help, "label:").
 */
export function labelKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[\s/]/gu, '-');
}

/** Message-ID comparison key: no angle brackets or surrounding space, lower-cased. */
export function messageIdKey(id: string): string {
  return id.trim().replace(/^<+/, '').replace(/>+$/, '').trim().toLowerCase();
}

/** The list identifier of a List-Id header (RFC 2919 §2: the part in angle brackets). */
export function listIdentifier(listId: string | null): string | null {
  if (!listId) return null;
  const bracketed = /<([^<>]*)>/.exec(listId);
  const id = (bracketed ? bracketed[1] : listId)?.trim();
  return id ? id : null;
}

/** The posting address of a List-Post header (RFC 2369 §3.4: `<mailto:addr>`, or `NO`). */
export function listPostAddress(listPost: string | null): string | null {
  if (!listPost) return null;
  const mailto = /<\s*mailto:([^>?\s]*)/i.exec(listPost) ?? /^\s*mailto:([^>?\s]*)/i.exec(listPost);
  const address = mailto?.[1] ? decodeURIComponentSafe(mailto[1]) : null;
  return address ? address : null;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Hex of the UTF-8 bytes: label ids in the store's label search column, so matching is exact
 * on both engines (SQLite's LIKE folds ASCII case; `_` in `CATEGORY_SOCIAL` is a LIKE wildcard). */
export function hexKey(value: string): string {
  // UTF-8 by hand: this package runs in browsers and Node without platform typings.
  let out = '';
  for (const ch of value) {
    const cp = ch.codePointAt(0) as number;
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    for (const b of bytes) out += b.toString(16).padStart(2, '0');
  }
  return out;
}
