import MailComposer from 'nodemailer/lib/mail-composer';
import { ComposeError, newMessageId, type Mailbox } from './compose.ts';

/**
 * A new plain-text message that answers no other (e.g. the unsubscribe request a list's
 * `mailto:` URI asks for, RFC 2369 §3.2 / RFC 6068), built with MailComposer like replies:
 * RFC 2047 encoded headers, quoted-printable body, CRLF line breaks, no file or URL access.
 */
export interface PlainMessageInput {
  from: Mailbox;
  to: string[];
  subject: string;
  body: string;
  now?: Date;
}

const ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+$/;

export async function composePlainMessage(input: PlainMessageInput): Promise<{ raw: Buffer; messageId: string }> {
  if (!ADDRESS.test(input.from.address)) throw new ComposeError('from', 'The sending address is missing or not an email address');
  if (input.to.length === 0) throw new ComposeError('to', 'The message needs a recipient');
  const bad = input.to.find((a) => !ADDRESS.test(a));
  if (bad) throw new ComposeError('to', `Not a valid recipient: ${JSON.stringify(bad)}`);
  const messageId = newMessageId(input.from.address);
  const composer = new MailComposer({
    from: { name: input.from.name ?? '', address: input.from.address },
    to: input.to.map((address) => ({ name: '', address })),
    subject: input.subject.replace(/[\r\n]+/g, ' '),
    text: input.body.replace(/\r\n?/g, '\n'),
    messageId: `<${messageId}>`,
    date: input.now ?? new Date(),
    disableFileAccess: true,
    disableUrlAccess: true,
    newline: 'windows',
  });
  return { raw: await composer.compile().build(), messageId };
}
