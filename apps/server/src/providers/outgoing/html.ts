import MailComposer from 'nodemailer/lib/mail-composer';
import { ComposeError, newMessageId, type Mailbox } from './compose.ts';

/**
 * A new message with an HTML part and its plain-text alternative (multipart/alternative,
 * RFC 2046 §5.1.4: the plain text first, the richer part last), built with MailComposer like
 * replies: RFC 2047 headers, quoted-printable bodies, CRLF, no file or URL access. The HTML is
 * the caller's, escaped by it; used for mail Mailroom sends the user (the daily digest).
 */
export interface HtmlMessageInput {
  from: Mailbox;
  to: Mailbox;
  subject: string;
  text: string;
  html: string;
  now?: Date;
  /** Extra headers such as Auto-Submitted (RFC 3834 §5: auto-generated). */
  headers?: Record<string, string>;
  /** The Message-ID to send with (without angle brackets); a new one when absent. */
  messageId?: string;
}

const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+$/;

export async function composeHtmlMessage(input: HtmlMessageInput): Promise<{ raw: Buffer; messageId: string }> {
  if (!ADDRESS.test(input.from.address)) throw new ComposeError('from', 'The sending address is missing or not an email address');
  if (!ADDRESS.test(input.to.address)) throw new ComposeError('to', `Not a valid recipient: ${JSON.stringify(input.to.address)}`);
  const messageId = input.messageId ?? newMessageId(input.from.address);
  const composer = new MailComposer({
    from: { name: input.from.name ?? '', address: input.from.address },
    to: [{ name: input.to.name ?? '', address: input.to.address }],
    subject: input.subject.replace(/[\r\n]+/g, ' '),
    text: input.text.replace(/\r\n?/g, '\n'),
    html: input.html,
    messageId: `<${messageId}>`,
    date: input.now ?? new Date(),
    headers: input.headers ?? {},
    disableFileAccess: true,
    disableUrlAccess: true,
    newline: 'windows',
  });
  return { raw: await composer.compile().build(), messageId };
}
