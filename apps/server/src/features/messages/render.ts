import { MimeLimitError, parseMimeWithin } from '@mailroom/mail-parse/limits';
import PostalMime, { type Email } from 'postal-mime';
import { MAX_HTML_BYTES, MAX_TEXT_BYTES, MIME_LIMITS } from './limits.ts';
import { EMPTY_HEADERS, headerSectionEnd, headersOf, headersOnly, REFUSAL_HEADER_BYTES, type RenderedHeaders } from './headers.ts';
import { sanitizeEmailHtml } from './sanitize.ts';

/**
 * Parsing and sanitising one message, as a pure function of its raw bytes: the worker pool runs
 * it off the request thread (render-worker.ts), tests call it directly. Within the caps of
 * limits.ts it answers the message as the reading pane shows it; past one it answers a refusal
 * that says which cap, and never a partial or unsanitised body.
 */

export { EMPTY_HEADERS, type RenderedHeaders };

export interface RenderTask {
  raw: Uint8Array;
  showRemoteImages: boolean;
}

export interface RenderedMessage {
  kind: 'rendered';
  headers: RenderedHeaders;
  html: string | null;
  text: string | null;
  attachments: Array<{ filename: string; mimeType: string; size: number }>;
  remoteImagesBlocked: number;
}

export type RefusalReason = 'size' | 'depth' | 'parts' | 'headers' | 'html' | 'text' | 'time' | 'memory' | 'unreadable';

export interface RefusedMessage {
  kind: 'refused';
  reason: RefusalReason;
  /** What could be read of the headers, so the pane still says who sent what. */
  headers: RenderedHeaders;
}

export type RenderOutcome = RenderedMessage | RefusedMessage;

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * The smallest size a single-part message's body can decode to, read without decoding it: base64
 * carries 3 bytes in every 4 characters (RFC 2045 §6.8), other encodings at least 1 in 3 (a
 * quoted-printable `=XX` is 3 characters for 1 byte, §6.7). Null for multipart messages.
 */
async function singlePartBody(raw: Uint8Array): Promise<{ mediaType: string; minDecodedBytes: number } | null> {
  const end = headerSectionEnd(raw, REFUSAL_HEADER_BYTES);
  if (end === null) return null;
  let email: Email;
  try {
    email = await PostalMime.parse(raw.subarray(0, end), { maxNestingDepth: 1, maxHeadersSize: REFUSAL_HEADER_BYTES });
  } catch {
    return null;
  }
  const header = (name: string) => email.headers.find((h) => h.key === name)?.value ?? '';
  const mediaType = (header('content-type').split(';')[0] ?? '').trim().toLowerCase() || 'text/plain';
  if (mediaType.startsWith('multipart/') || mediaType.startsWith('message/')) return null;
  const encoding = header('content-transfer-encoding').trim().toLowerCase();
  const bodyBytes = raw.length - end;
  if (encoding !== 'base64') return { mediaType, minDecodedBytes: Math.floor(bodyBytes / 3) };
  let characters = 0;
  for (let i = end; i < raw.length; i++) {
    const c = raw[i] as number;
    if (c !== 0x0d && c !== 0x0a && c !== 0x20 && c !== 0x09 && c !== 0x3d) characters++;
  }
  return { mediaType, minDecodedBytes: Math.floor((characters * 3) / 4) };
}

export async function renderMessage(task: RenderTask): Promise<RenderOutcome> {
  // A single-part body too large to show is refused from its size alone, before it is decoded.
  const single = await singlePartBody(task.raw);
  if (single && (single.mediaType === 'text/html' || single.mediaType === 'text/plain')) {
    const html = single.mediaType === 'text/html';
    if (single.minDecodedBytes > (html ? MAX_HTML_BYTES : MAX_TEXT_BYTES)) return { kind: 'refused', reason: html ? 'html' : 'text', headers: await headersOnly(task.raw) };
  }
  let email: Email;
  try {
    ({ email } = await parseMimeWithin(task.raw, MIME_LIMITS));
  } catch (error) {
    const reason: RefusalReason = error instanceof MimeLimitError ? error.kind : 'unreadable';
    return { kind: 'refused', reason, headers: await headersOnly(task.raw) };
  }
  const headers = headersOf(email);
  if (email.html !== undefined && byteLength(email.html) > MAX_HTML_BYTES) return { kind: 'refused', reason: 'html', headers };
  if (email.text !== undefined && byteLength(email.text) > MAX_TEXT_BYTES) return { kind: 'refused', reason: 'text', headers };
  const sanitized = email.html !== undefined ? sanitizeEmailHtml(email.html, { allowRemoteImages: task.showRemoteImages }) : null;
  return {
    kind: 'rendered',
    headers,
    html: sanitized?.html ?? null,
    text: email.text ?? null,
    // postal-mime has already decoded each attachment while parsing; only its length leaves
    // this thread, never its content.
    attachments: email.attachments.map((a) => ({
      filename: a.filename ?? '',
      mimeType: a.mimeType,
      size: typeof a.content === 'string' ? byteLength(a.content) : a.content.byteLength,
    })),
    remoteImagesBlocked: sanitized?.remoteImagesBlocked ?? 0,
  };
}
