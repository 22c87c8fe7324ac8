/**
 * Gmail's size of a message (the API's `sizeEstimate`, which `larger:`, `smaller:` and `size:`
 * compare): the RFC 822 message as Gmail stores it, with CRLF line breaks (RFC 5322 §2.1).
 *
 * Google Takeout adds two header fields to every message it exports, `X-GM-THRID` and
 * `X-Gmail-Labels`, which are not part of the message Gmail stores; read from a Takeout mbox,
 * a message is measured (and, in the Gmail sandbox, stored) without them. mbox escaping is undone
 * before (see mbox.ts), and the mbox writer's blank line after each message is not counted.
 */
export const TAKEOUT_HEADER_FIELDS: readonly string[] = ['x-gm-thrid', 'x-gmail-labels'];

const LF = 0x0a;
const CR = 0x0d;

/** Byte ranges [start, end) of the Takeout header fields, folded lines included. */
function takeoutFieldRanges(raw: Uint8Array): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let removing = false;
  let start = 0;
  while (start < raw.length) {
    let end = raw.indexOf(LF, start);
    end = end < 0 ? raw.length : end + 1;
    const first = raw[start];
    // An empty line ends the header section (RFC 5322 §2.1).
    if (first === LF || (first === CR && raw[start + 1] === LF)) break;
    const continuation = first === 0x20 || first === 0x09;
    if (!continuation) removing = TAKEOUT_HEADER_FIELDS.includes(fieldName(raw, start, end));
    if (removing) {
      const last = ranges[ranges.length - 1];
      if (last && last[1] === start) last[1] = end;
      else ranges.push([start, end]);
    }
    start = end;
  }
  return ranges;
}

function fieldName(raw: Uint8Array, start: number, end: number): string {
  let name = '';
  for (let i = start; i < end && i - start < 64; i++) {
    const byte = raw[i] as number;
    if (byte === 0x3a) return name.trimEnd().toLowerCase();
    name += String.fromCharCode(byte);
  }
  return '';
}

/** The message without the header fields Takeout adds (the same bytes when it has none). */
export function withoutTakeoutHeaders(raw: Uint8Array): Uint8Array {
  const ranges = takeoutFieldRanges(raw);
  if (ranges.length === 0) return raw;
  const removed = ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
  const out = new Uint8Array(raw.length - removed);
  let from = 0;
  let at = 0;
  for (const [a, b] of ranges) {
    out.set(raw.subarray(from, a), at);
    at += a - from;
    from = b;
  }
  out.set(raw.subarray(from), at);
  return out;
}

/** Bytes with every bare LF counted as CRLF. */
export function crlfSize(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let size = end - start;
  for (let i = start; i < end; i++) if (bytes[i] === LF && (i === 0 || bytes[i - 1] !== CR)) size++;
  return size;
}

/** Gmail's sizeEstimate of a raw message (see above). */
export function gmailSizeEstimate(raw: Uint8Array): number {
  let size = crlfSize(raw);
  for (const [a, b] of takeoutFieldRanges(raw)) size -= crlfSize(raw, a, b);
  return size;
}
