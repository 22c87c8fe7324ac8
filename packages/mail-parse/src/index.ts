export { parseRawMessage, urlsInText, type ParsedMessage, type ParseOptions } from './parse-message.ts';
export { readMbox, mboxrdEscape, fromLineDate, type MboxMessage } from './mbox.ts';
export { takeoutLabelNames, takeoutLabelIds } from './takeout.ts';
export { htmlToText } from './html.ts';
export { readTakeoutMbox, type TakeoutMailbox } from './takeout-mbox.ts';
export { messageAttachments, MAX_FORWARDED_MESSAGE_DEPTH, type MessageAttachment } from './attachments.ts';
export { gmailSizeEstimate, withoutTakeoutHeaders, crlfSize, TAKEOUT_HEADER_FIELDS } from './size.ts';
