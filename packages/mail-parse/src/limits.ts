import PostalMime, { type Email } from 'postal-mime';

/**
 * Caps for parsing hostile mail. The numbers are the caller's (Mailroom keeps them in one limits
 * module, apps/server/src/features/messages/limits.ts); this file enforces them before and while
 * postal-mime parses, so a crafted message is refused with a reason instead of consuming the
 * parser's time and memory.
 */
export interface MimeLimits {
  /** Largest raw message, in bytes. */
  maxRawBytes: number;
  /** Deepest multipart nesting (postal-mime's own default is 256). */
  maxNestingDepth: number;
  /** Most MIME parts (bodies, attachments and the multiparts around them). */
  maxParts: number;
  /** Largest header section across every part, in bytes (postal-mime's default is 2 MiB). */
  maxHeadersBytes: number;
}

export type MimeLimitKind = 'size' | 'depth' | 'parts' | 'headers';

/** A message past one of the caps; `kind` says which. */
export class MimeLimitError extends Error {
  readonly kind: MimeLimitKind;
  constructor(kind: MimeLimitKind, message: string) {
    super(message);
    this.name = 'MimeLimitError';
    this.kind = kind;
  }
}

/** A boundary parameter in its plain form (RFC 2046 §5.1.1), quoted or a bare token. */
const BOUNDARY_PARAMETER = /\bboundary\s*=\s*(?:"([^"\r\n]*)"|([^\s;"]+))/gi;
/** Any boundary parameter at all, including RFC 2231 continuations (`boundary*0=`). */
const ANY_BOUNDARY_PARAMETER = /\bboundary\s*\*?\s*\d*\s*\*?\s*=/gi;

/**
 * An upper bound on the number of MIME parts, counted before anything is parsed: every part of a
 * multipart body starts at a delimiter line, `--` then a boundary its parent declared, then only
 * optional white space (RFC 2046 §5.1.1). Every `boundary=` parameter anywhere in the message is
 * taken as declared, so the count can only over-count (a boundary quoted in a text body). When
 * a boundary is written in a form this scan does not read exactly (RFC 2231 continuations,
 * quoted-pairs, comments), every line that starts with `--` counts as a part instead. Linear in
 * the message size.
 */
export function countMimeParts(raw: Uint8Array): number {
  // One byte, one character: only the ASCII of headers and delimiter lines matters here.
  const text = new TextDecoder('latin1').decode(raw);
  const boundaries = new Set<string>();
  let plain = 0;
  for (const match of text.matchAll(BOUNDARY_PARAMETER)) {
    boundaries.add((match[1] ?? match[2]) as string);
    plain++;
  }
  const declared = [...text.matchAll(ANY_BOUNDARY_PARAMETER)].length;
  const exact = declared === plain && [...boundaries].every((b) => !/[\\()]/.test(b));
  // The message itself is one part; each delimiter line starts another.
  let parts = 1;
  if (declared === 0) return parts;
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    if (text.charCodeAt(lineStart) === 0x2d && text.charCodeAt(lineStart + 1) === 0x2d) {
      if (!exact) parts++;
      // `--boundary--` closes a multipart and starts no part.
      else if (boundaries.has(text.slice(lineStart + 2, lineEnd).replace(/[ \t\r]+$/, ''))) parts++;
    }
    lineStart = lineEnd + 1;
  }
  return parts;
}

/**
 * Parses a raw message with postal-mime inside the caps: the size and the part count are checked
 * before parsing, the nesting depth and header size by postal-mime itself as it parses.
 * Throws MimeLimitError past a cap.
 */
export async function parseMimeWithin(raw: Uint8Array, limits: MimeLimits): Promise<{ email: Email; parser: PostalMime }> {
  if (raw.byteLength > limits.maxRawBytes) {
    throw new MimeLimitError('size', `The message is ${raw.byteLength} bytes, more than the ${limits.maxRawBytes} allowed`);
  }
  const parts = countMimeParts(raw);
  if (parts > limits.maxParts) throw new MimeLimitError('parts', `The message has more than ${limits.maxParts} MIME parts`);
  // The parser is returned too: its part tree is what attachment rules read.
  const parser = new PostalMime({
    attachmentEncoding: 'arraybuffer',
    maxNestingDepth: limits.maxNestingDepth,
    maxHeadersSize: limits.maxHeadersBytes,
    // An attached message (message/rfc822) is shown as an attachment, as Gmail shows it, not
    // parsed again inline: its nested parts would be hidden from the part count above.
    maxRfc822NestingDepth: 0,
  });
  try {
    return { email: await parser.parse(raw), parser };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/nesting depth/i.test(message)) throw new MimeLimitError('depth', `The message nests MIME parts deeper than ${limits.maxNestingDepth} levels`);
    if (/header size/i.test(message)) throw new MimeLimitError('headers', `The message's headers are larger than ${limits.maxHeadersBytes} bytes`);
    throw error;
  }
}

/**
 * The Message-ID of a message that may not parse as a whole, read by postal-mime from its header
 * section alone (everything before the first empty line, RFC 5322 §2.1), so an import can name
 * a message it had to skip. Null when there is none or the headers themselves do not parse.
 */
export async function messageIdOf(raw: Uint8Array): Promise<string | null> {
  let end = raw.length;
  for (let i = 0; i + 1 < raw.length; i++) {
    if (raw[i] === 0x0a && (raw[i + 1] === 0x0a || (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a))) {
      end = i + 1;
      break;
    }
  }
  try {
    const email = await PostalMime.parse(raw.subarray(0, end), { maxNestingDepth: 1 });
    return email.messageId?.trim().replace(/^<+/, '').replace(/>+$/, '').trim() || null;
  } catch {
    return null;
  }
}
