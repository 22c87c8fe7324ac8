export { composeMessage, prefixed, recipientsFor, subjectFor, newMessageId, ComposeError, type ComposeInput, type ComposeMode, type ComposedMessage, type Mailbox, type OriginalMessage } from './compose.ts';
export { sendMessage, type SendInput, type SendResult } from './send.ts';
export { composePlainMessage, type PlainMessageInput } from './plain.ts';
export { composeHtmlMessage, type HtmlMessageInput } from './html.ts';
