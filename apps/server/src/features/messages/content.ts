import type { FnResponse } from '@mailroom/contract';
import { parseRawMessage } from '@mailroom/mail-parse';
import type { Address } from '@mailroom/mail-query';
import type { Db } from '../../db/database.ts';
import type { MailProvider, MessageContent } from '../../providers/mail-provider.ts';
import { requireConnectedAccount, requireProvider, viaProvider } from '../../providers/mailbox-access.ts';
import { sanitizeEmailHtml } from './sanitize.ts';

export type EmailContent = FnResponse<'getEmailContent'>;

const addressList = (addresses: readonly Address[] | undefined): string =>
  (addresses ?? []).map((a) => (a.name ? `${a.name} <${a.address}>` : a.address)).join(', ');

function sizeOf(content: ArrayBuffer | Uint8Array | string): number {
  return typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
}

/**
 * A message as the reading pane shows it: parsed from its raw RFC 822 form with the MIME parser
 * (postal-mime, through @mailroom/mail-parse), its HTML sanitised (DOMPurify on jsdom; remote
 * images blocked and counted unless the user chose to show them). Built in memory for one
 * answer and never stored or logged (DESIGN §1).
 */
export async function renderEmail(message: Extract<MessageContent, { format: 'raw' }>, options: { showRemoteImages: boolean }): Promise<EmailContent> {
  const parsed = await parseRawMessage(message.raw, { id: message.id, threadId: message.threadId, labelIds: message.labelIds });
  const sanitized = parsed.html ? sanitizeEmailHtml(parsed.html, { allowRemoteImages: options.showRemoteImages }) : null;
  return {
    id: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds,
    headers: {
      from: addressList(parsed.meta.from),
      to: addressList(parsed.meta.to),
      cc: addressList(parsed.meta.cc),
      replyTo: addressList(parsed.meta.replyTo),
      subject: parsed.meta.subject,
      // The Date header as an instant when readable, else as written (it is the sender's claim).
      date: parsed.headerDate !== null ? new Date(parsed.headerDate).toISOString() : (parsed.email.date ?? ''),
    },
    html: sanitized?.html ?? null,
    text: parsed.text,
    attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', mimeType: a.mimeType, size: sizeOf(a.content) })),
    remoteImagesBlocked: sanitized?.remoteImagesBlocked ?? 0,
  };
}

export interface ReadEmailDeps {
  db: Db;
  providers: (accountId: string) => Promise<MailProvider | null>;
}

/**
 * One message of the user's own mailbox, fetched from the provider on demand (an id from anyone
 * else's mailbox is not there: NOT_FOUND), parsed and sanitised, never stored. Both
 * getEmailContent and the reading pane's viewer document answer from this.
 */
export async function readEmailContent(deps: ReadEmailDeps, userId: string, messageId: string, options: { showRemoteImages: boolean }): Promise<EmailContent> {
  const account = await requireConnectedAccount(deps.db, userId);
  const provider = await requireProvider(deps.providers, account);
  const content = await viaProvider(() => provider.getMessageContent(messageId, 'raw'));
  if (content.format !== 'raw') throw new Error('the provider answered a raw fetch with another format');
  return renderEmail(content, options);
}
