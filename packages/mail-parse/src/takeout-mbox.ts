import type { LabelInfo } from '@mailroom/mail-query';
import { fromLineDate, readMbox } from './mbox.ts';
import { parseRawMessage, type ParsedMessage } from './parse-message.ts';

export interface TakeoutMailbox {
  /** In mbox order. */
  messages: ParsedMessage[];
  /** The user labels seen in X-Gmail-Labels, with the ids given to them (`Label_1`, ...). */
  labels: LabelInfo[];
}

/**
 * Reads a Google Takeout mbox: every message parsed with postal-mime, labels from
 * X-Gmail-Labels (user labels numbered in order of first appearance), thread ids from
 * X-GM-THRID, dates from the Date header or else the `From ` line. Messages without
 * X-GM-MSGID get the id `mbox-N` (their 1-based position).
 */
export async function readTakeoutMbox(input: string | Uint8Array): Promise<TakeoutMailbox> {
  const labels = new Map<string, string>();
  const userLabelId = (name: string): string => {
    let id = labels.get(name);
    if (!id) {
      id = `Label_${labels.size + 1}`;
      labels.set(name, id);
    }
    return id;
  };
  const messages: ParsedMessage[] = [];
  let index = 0;
  for (const entry of readMbox(input)) {
    index++;
    const hasGmailId = /^X-GM-MSGID:/im.test(headerBlock(entry.raw));
    messages.push(
      await parseRawMessage(entry.raw, {
        ...(hasGmailId ? {} : { id: `mbox-${index}` }),
        userLabelId,
        fallbackDate: fromLineDate(entry.fromLine),
      }),
    );
  }
  return { messages, labels: [...labels].map(([name, id]) => ({ id, name })) };
}

/** The header section as latin1 text (enough to look for a header name). */
function headerBlock(raw: Uint8Array): string {
  let end = raw.length;
  for (let i = 0; i + 1 < raw.length; i++) {
    if (raw[i] === 0x0a && (raw[i + 1] === 0x0a || (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a))) {
      end = i;
      break;
    }
  }
  let out = '';
  for (let i = 0; i < end; i += 8192) out += String.fromCharCode(...raw.subarray(i, Math.min(end, i + 8192)));
  return out;
}
