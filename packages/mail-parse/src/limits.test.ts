import { describe, expect, it } from 'vitest';
import { countMimeParts, messageIdOf, MimeLimitError, parseMimeWithin, type MimeLimits } from './limits.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const LIMITS: MimeLimits = { maxRawBytes: 1024 * 1024, maxNestingDepth: 8, maxParts: 20, maxHeadersBytes: 64 * 1024 };

function multipart(parts: number, boundary = 'b'): string {
  const lines = ['Message-ID: <many@example.org>', 'Subject: parts', `Content-Type: multipart/mixed; boundary="${boundary}"`, ''];
  for (let i = 0; i < parts; i++) lines.push(`--${boundary}`, 'Content-Type: text/plain', '', `part ${i}`);
  lines.push(`--${boundary}--`, '');
  return lines.join('\r\n');
}

function nested(depth: number): string {
  const lines = ['Subject: nested', 'Content-Type: multipart/mixed; boundary="n0"', ''];
  for (let level = 1; level < depth; level++) lines.push(`--n${level - 1}`, `Content-Type: multipart/mixed; boundary="n${level}"`, '');
  lines.push(`--n${depth - 1}`, 'Content-Type: text/plain', '', 'inside');
  for (let level = depth - 1; level >= 0; level--) lines.push(`--n${level}--`);
  return lines.join('\r\n');
}

describe('countMimeParts, before parsing', () => {
  it('counts the message and one part per delimiter line of a declared boundary (RFC 2046 §5.1.1)', () => {
    expect(countMimeParts(bytes('Subject: plain\r\n\r\nhello\r\n-- \r\nsignature'))).toBe(1);
    expect(countMimeParts(bytes(multipart(3)))).toBe(4);
    // Transport padding after a delimiter still makes it one; the close delimiter starts no part.
    expect(countMimeParts(bytes(multipart(2).replace('--b\r\n', '--b  \t\r\n')))).toBe(3);
    expect(countMimeParts(bytes(nested(5)))).toBe(6);
  });

  it('never counts fewer parts than postal-mime would make, whatever the boundary looks like', () => {
    // RFC 2231 continuations and quoted-pairs are not read exactly: every `--` line counts.
    const continued = multipart(3).replace('boundary="b"', 'boundary*0="b"');
    expect(countMimeParts(bytes(continued))).toBeGreaterThanOrEqual(4);
    const quotedPair = multipart(3, 'a\\b').replace('boundary="a\\b"', 'boundary="a\\\\b"');
    expect(countMimeParts(bytes(quotedPair))).toBeGreaterThanOrEqual(4);
  });
});

describe('parseMimeWithin', () => {
  it('parses a message within the caps', async () => {
    const { email } = await parseMimeWithin(bytes(multipart(3)), LIMITS);
    expect(email.subject).toBe('parts');
  });

  it('refuses a message past each cap with the cap it hit', async () => {
    const refusal = (raw: string, limits: Partial<MimeLimits> = {}) =>
      parseMimeWithin(bytes(raw), { ...LIMITS, ...limits }).then(
        () => null,
        (error: unknown) => (error instanceof MimeLimitError ? error.kind : String(error)),
      );
    expect(await refusal(multipart(3), { maxRawBytes: 100 })).toBe('size');
    expect(await refusal(multipart(25))).toBe('parts');
    expect(await refusal(nested(12))).toBe('depth');
    expect(await refusal(`X-Long: ${'a'.repeat(70_000)}\r\n\r\nbody`)).toBe('headers');
    expect(await refusal(nested(6))).toBeNull();
  });
});

describe('messageIdOf', () => {
  it('reads the Message-ID from the header section of a message whose body does not parse', async () => {
    expect(await messageIdOf(bytes(nested(400).replace('Subject: nested', 'Message-ID: <deep@example.org>\r\nSubject: nested')))).toBe('deep@example.org');
    expect(await messageIdOf(bytes('Subject: none\r\n\r\nbody'))).toBeNull();
  });
});
