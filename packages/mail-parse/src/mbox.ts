/**
 * Reading mbox files as Google Takeout writes them: the "mboxrd" variant (one `From ` line
 * starts each message; body lines that began with `From `, `>From `, `>>From ` ... had one `>`
 * added, so reading removes one). See https://www.loc.gov/preservation/digital/formats/fdd/fdd000385.shtml
 * and RFC 4155 (the application/mbox media type).
 *
 * Mail is bytes in unknown charsets, so the split works on bytes and each message comes back as
 * bytes for the MIME parser to decode.
 */
export interface MboxMessage {
  /** The `From ` separator line, without the line break. */
  fromLine: string;
  /** The message as RFC 822 bytes, unescaped, without the separator line or the blank line
   * mbox writers put after each message. Line breaks are kept as they were in the file. */
  raw: Uint8Array;
}

const LF = 0x0a;
const CR = 0x0d;
const GT = 0x3e;
const FROM_ = [0x46, 0x72, 0x6f, 0x6d, 0x20]; // "From "

function startsWithFrom(bytes: Uint8Array, at: number): boolean {
  for (let k = 0; k < FROM_.length; k++) if (bytes[at + k] !== FROM_[k]) return false;
  return true;
}

/** Splits an mbox into messages (mboxrd unescaping). Text before the first `From ` line is ignored. */
export function readMbox(input: string | Uint8Array): MboxMessage[] {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const messages: MboxMessage[] = [];
  let current: { fromLine: string; lines: Uint8Array[] } | null = null;
  const finish = () => {
    if (!current) return;
    const lines = current.lines;
    // The writer's separating blank line (LF or CRLF) is not part of the message.
    const last = lines[lines.length - 1];
    if (last && (last.length === 1 || (last.length === 2 && last[0] === CR))) lines.pop();
    let size = 0;
    for (const line of lines) size += line.length;
    const raw = new Uint8Array(size);
    let offset = 0;
    for (const line of lines) {
      raw.set(line, offset);
      offset += line.length;
    }
    messages.push({ fromLine: current.fromLine, raw });
  };

  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(LF, start);
    end = end < 0 ? bytes.length : end + 1; // the line including its LF
    if (startsWithFrom(bytes, start)) {
      finish();
      let textEnd = end;
      while (textEnd > start && (bytes[textEnd - 1] === LF || bytes[textEnd - 1] === CR)) textEnd--;
      current = { fromLine: latin1(bytes.subarray(start, textEnd)), lines: [] };
    } else if (current) {
      // mboxrd: `>From `, `>>From ` ... lose one `>`.
      let k = start;
      while (bytes[k] === GT) k++;
      const escaped = k > start && startsWithFrom(bytes, k);
      current.lines.push(bytes.subarray(escaped ? start + 1 : start, end));
    }
    start = end;
  }
  finish();
  return messages;
}

/** Escapes one message for an mboxrd file: the inverse of what readMbox undoes. */
export function mboxrdEscape(raw: string): string {
  return raw.replace(/^(>*From )/gm, '>$1');
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

/**
 * The date of a Takeout `From ` line (`From 1682437493842173843@xxx Tue Apr 25 14:48:37 +0000 2023`
 * or the classic asctime form `From a@b  Thu Aug 22 12:36:23 2002`, read as UTC), as epoch ms.
 */
export function fromLineDate(fromLine: string): number | null {
  const m = /(\w{3}) +(\w{3}) +(\d{1,2}) +(\d{1,2}:\d{2}(?::\d{2})?)(?: +([+-]\d{4}))? +(\d{4})\s*$/.exec(fromLine);
  if (!m) return null;
  // Rewritten as an RFC 5322 date-time with an explicit offset, which Date.parse reads.
  const t = Date.parse(`${m[1]}, ${m[3]} ${m[2]} ${m[6]} ${m[4]} ${m[5] ?? '+0000'}`);
  return Number.isNaN(t) ? null : t;
}
