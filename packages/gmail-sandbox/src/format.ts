import { messageAttachments, type MessageAttachment } from '@mailroom/mail-parse';
import { toBase64Url } from './base64url.ts';
import { errors } from './errors.ts';
import { parseMime } from './message-index.ts';
import type { Header } from './message-index.ts';
import type { StoredLabel } from './store/labels.ts';
import type { HistoryRecord, Mailbox, MessageRef, StoredMessage } from './store/mailbox.ts';

/** Gmail's messages.get formats (https://developers.google.com/workspace/gmail/api/reference/rest/v1/Format). */
export type MessageFormat = 'minimal' | 'metadata' | 'full' | 'raw';

export function parseFormat(value: string | undefined): MessageFormat {
  const format = (value ?? 'full').toLowerCase();
  if (format === 'minimal' || format === 'metadata' || format === 'full' || format === 'raw') return format;
  throw errors.badRequest(`Invalid value at 'format' (${value})`);
}

export interface MessagePart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: Header[];
  body: { size: number; data?: string; attachmentId?: string };
  parts?: MessagePart[];
}

export interface MessageResource {
  id: string;
  threadId: string;
  labelIds: string[];
  snippet: string;
  sizeEstimate: number;
  historyId: string;
  internalDate: string;
  payload?: MessagePart;
  raw?: string;
}

/** Serialises a message in the requested format; int64 fields are strings as in Google's JSON. */
export async function formatMessage(message: StoredMessage, format: MessageFormat, metadataHeaders: readonly string[] = []): Promise<MessageResource> {
  const resource: MessageResource = {
    id: message.id,
    threadId: message.threadId,
    labelIds: [...message.labelIds],
    snippet: message.index.snippet,
    sizeEstimate: message.index.meta.sizeEstimate,
    historyId: String(message.historyId),
    internalDate: String(message.internalDate),
  };
  if (format === 'raw') resource.raw = toBase64Url(message.raw);
  if (format === 'metadata') {
    const wanted = metadataHeaders.map((h) => h.toLowerCase());
    resource.payload = {
      partId: '',
      mimeType: message.index.mimeType,
      filename: '',
      headers: wanted.length === 0 ? message.index.headers : message.index.headers.filter((h) => wanted.includes(h.name.toLowerCase())),
      body: { size: 0 },
    };
  }
  if (format === 'full') resource.payload = await fullPayload(message);
  return resource;
}

/**
 * The `full` payload. postal-mime decodes the message into its text and HTML, and mail-parse
 * names its attachments (the rule has:attachment uses, so a client walking this payload finds
 * exactly the attachments the message's metadata lists); the part tree is rebuilt from those in
 * Gmail's usual arrangement (multipart/mixed holding a multipart/alternative of text/plain and
 * text/html, then the attachments), so partIds follow Gmail's numbering. Text bodies are UTF-8
 * (postal-mime has already applied the charset). Attachment bodies carry only an attachmentId,
 * fetched with attachments.get, as on Gmail.
 */
async function fullPayload(message: StoredMessage): Promise<MessagePart> {
  let email: Awaited<ReturnType<typeof parseMime>>;
  let attachments: MessageAttachment[];
  try {
    email = await parseMime(message.raw);
    attachments = await messageAttachments(message.raw);
  } catch {
    // Gmail serves every message it holds. One the MIME parser cannot take apart (nested past
    // postal-mime's 256 levels, say) comes back as one part with the message's own headers.
    return numberParts({ mimeType: message.index.mimeType, filename: '', headers: message.index.headers, body: { size: message.raw.length } }, '');
  }
  const textParts: Array<Omit<MessagePart, 'partId'>> = [];
  if (email.text !== undefined) textParts.push(textPart('text/plain', email.text));
  if (email.html !== undefined) textParts.push(textPart('text/html', email.html));
  const attachmentParts = attachments.map((attachment, index) => attachmentPart(message.id, attachment, index));

  let body: Omit<MessagePart, 'partId'>;
  const alternative = textParts.length > 1 ? container('multipart/alternative', textParts) : textParts[0];
  if (attachmentParts.length === 0) body = alternative ?? textPart('text/plain', '');
  else body = container('multipart/mixed', alternative ? [alternative, ...attachmentParts] : attachmentParts);
  return numberParts({ ...body, headers: message.index.headers }, '');
}

function textPart(mimeType: string, text: string): Omit<MessagePart, 'partId'> {
  const bytes = Buffer.from(text, 'utf8');
  return {
    mimeType,
    filename: '',
    headers: [{ name: 'Content-Type', value: `${mimeType}; charset="UTF-8"` }],
    body: { size: bytes.length, data: toBase64Url(bytes) },
  };
}

function container(mimeType: string, parts: Array<Omit<MessagePart, 'partId'>>): Omit<MessagePart, 'partId'> {
  return { mimeType, filename: '', headers: [{ name: 'Content-Type', value: mimeType }], body: { size: 0 }, parts: parts as MessagePart[] };
}

function attachmentPart(messageId: string, attachment: MessageAttachment, index: number): Omit<MessagePart, 'partId'> {
  const filename = attachment.filename ?? '';
  const headers: Header[] = [
    { name: 'Content-Type', value: filename ? `${attachment.mimeType}; name="${filename}"` : attachment.mimeType },
    { name: 'Content-Disposition', value: filename ? `${attachment.disposition ?? 'attachment'}; filename="${filename}"` : (attachment.disposition ?? 'attachment') },
    { name: 'Content-Transfer-Encoding', value: 'base64' },
  ];
  if (attachment.contentId) headers.push({ name: 'Content-ID', value: attachment.contentId });
  return { mimeType: attachment.mimeType, filename, headers, body: { size: contentBytes(attachment).length, attachmentId: attachmentIdFor(messageId, index) } };
}

function numberParts(part: Omit<MessagePart, 'partId'>, partId: string): MessagePart {
  const numbered: MessagePart = { partId, mimeType: part.mimeType, filename: part.filename, headers: part.headers, body: part.body };
  if (part.parts) numbered.parts = part.parts.map((child, i) => numberParts(child, partId === '' ? String(i) : `${partId}.${i}`));
  return numbered;
}

function contentBytes(attachment: MessageAttachment): Buffer {
  return Buffer.from(attachment.content);
}

/** Attachment ids are opaque to clients; this one names the message and the attachment's position. */
export function attachmentIdFor(messageId: string, index: number): string {
  return toBase64Url(`${messageId}:${index}`);
}

export async function getAttachment(message: StoredMessage, attachmentId: string): Promise<{ attachmentId: string; size: number; data: string }> {
  const [owner, position] = Buffer.from(attachmentId, 'base64url').toString('utf8').split(':');
  const index = Number(position);
  if (owner !== message.id || !Number.isInteger(index)) throw errors.notFound();
  const attachment = (await messageAttachments(message.raw))[index];
  if (!attachment) throw errors.notFound();
  const bytes = contentBytes(attachment);
  return { attachmentId, size: bytes.length, data: toBase64Url(bytes) };
}

export function formatLabel(label: StoredLabel, counts?: ReturnType<Mailbox['labelCounts']>): Record<string, unknown> {
  const resource: Record<string, unknown> = { id: label.id, name: label.name, type: label.type };
  if (label.messageListVisibility) resource['messageListVisibility'] = label.messageListVisibility;
  if (label.labelListVisibility) resource['labelListVisibility'] = label.labelListVisibility;
  if (label.color) resource['color'] = label.color;
  if (counts) Object.assign(resource, counts);
  return resource;
}

function formatRef(refValue: MessageRef): Record<string, unknown> {
  return refValue.labelIds ? { id: refValue.id, threadId: refValue.threadId, labelIds: refValue.labelIds } : { id: refValue.id, threadId: refValue.threadId };
}

export function formatHistory(record: HistoryRecord): Record<string, unknown> {
  const resource: Record<string, unknown> = { id: String(record.id), messages: record.messages.map(formatRef) };
  if (record.messagesAdded) resource['messagesAdded'] = record.messagesAdded.map((e) => ({ message: formatRef(e.message) }));
  if (record.messagesDeleted) resource['messagesDeleted'] = record.messagesDeleted.map((e) => ({ message: formatRef(e.message) }));
  if (record.labelsAdded) resource['labelsAdded'] = record.labelsAdded.map((e) => ({ message: formatRef(e.message), labelIds: e.labelIds }));
  if (record.labelsRemoved) resource['labelsRemoved'] = record.labelsRemoved.map((e) => ({ message: formatRef(e.message), labelIds: e.labelIds }));
  return resource;
}
