/**
 * Hostile messages from issue 22, generated on demand (never committed as large files). Each is
 * a complete RFC 5322 message; the HTML travels base64-encoded so any payload survives intact.
 * Tests and `npm run bench` share them.
 */

export interface HostileMessage {
  /** What the attack is, for test names and bench rows. */
  name: string;
  subject: string;
  raw: string;
}

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');

function headers(subject: string, index: number, contentType: string): string[] {
  return [
    'From: Attacker <attacker@example.org>',
    'To: Target <target@example.com>',
    `Subject: ${subject}`,
    `Message-ID: <hostile-${index}-${subject.replace(/\W+/g, '-')}@example.org>`,
    'Date: Sat, 21 Nov 2026 06:00:00 +0000',
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ];
}

/** A one-part text/html message. */
export function htmlMessage(subject: string, html: string, index = 0): string {
  return [...headers(subject, index, 'text/html; charset=utf-8'), 'Content-Transfer-Encoding: base64', '', b64(html), ''].join('\r\n');
}

/** 541 KB: a `<style>` holding 100,000 unclosed `url(` (slow for a regular-expression CSS cleaner). */
export function unclosedUrlStyle(count = 100_000): string {
  return `<p>Hello</p><style>p{background:${'url(a '.repeat(count)}</style><p>World</p>`;
}

/** About 10 MB of ordinary-looking newsletter HTML (styled tables, links, images). */
export function tenMegabyteHtml(bytes = 10 * 1024 * 1024): string {
  const row =
    '<tr><td style="padding:8px;color:#333;font:14px Arial"><a href="https://shop.example.com/item?id=1234567890">A product with a long name</a>' +
    '<img src="https://cdn.example.com/p.png" width="60" alt="product"></td><td class="price" style="text-align:right">$19.99</td></tr>\n';
  const rows = Math.ceil(bytes / row.length);
  return `<table style="width:100%;border-collapse:collapse">${row.repeat(rows)}</table>`;
}

/** `depth` multiparts, each the only part of its parent (postal-mime refuses past 256 levels). */
export function nestedMultipartMessage(depth = 1000, subject = 'nested multiparts', index = 0): string {
  const lines: string[] = [...headers(subject, index, 'multipart/mixed; boundary="b0"'), ''];
  for (let level = 1; level < depth; level++) lines.push(`--b${level - 1}`, `Content-Type: multipart/mixed; boundary="b${level}"`, '');
  lines.push(`--b${depth - 1}`, 'Content-Type: text/html; charset=utf-8', '', '<p>the innermost part</p>');
  for (let level = depth - 1; level >= 0; level--) lines.push(`--b${level}--`);
  lines.push('');
  return lines.join('\r\n');
}

/** `depth` levels of `:is(` in one selector. */
export function deepIsSelector(depth = 40_000): string {
  return `<style>${':is('.repeat(depth)}p${')'.repeat(depth)}{color:red}</style><p>deep selector</p>`;
}

/** `depth` levels of CSS nesting (css-nesting-1). */
export function deepCssNesting(depth = 40_000): string {
  return `<style>${'div{'.repeat(depth)}color:red${'}'.repeat(depth)}</style><p>deep nesting</p>`;
}

/** Every message issue 22 names, as it would arrive. */
export function hostileMessages(): HostileMessage[] {
  const list: Array<[string, string, string]> = [
    ['541 KB <style> with 100,000 unclosed url(', 'hostile unclosed url', ''],
    ['10 MB HTML message', 'hostile ten megabytes', ''],
    ['1,000 nested multiparts', 'hostile nested multiparts', ''],
    ['40,000 levels of :is(', 'hostile deep is', ''],
    ['40,000 levels of CSS nesting', 'hostile deep nesting', ''],
  ];
  const bodies = [unclosedUrlStyle(), tenMegabyteHtml(), null, deepIsSelector(), deepCssNesting()];
  return list.map(([name, subject], i) => ({
    name,
    subject,
    raw: bodies[i] === null ? nestedMultipartMessage(1000, subject, i) : htmlMessage(subject, bodies[i] as string, i),
  }));
}
