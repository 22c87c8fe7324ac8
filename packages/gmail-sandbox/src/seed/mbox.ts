import { fromLineDate, parseRawMessage, readMbox, withoutTakeoutHeaders } from '@mailroom/mail-parse';
import { messageIdOf } from '@mailroom/mail-parse/limits';
import { indexParsed, stripMboxEnvelope } from '../message-index.ts';
import type { MessageIndex } from '../message-index.ts';
import type { Mailbox } from '../store/mailbox.ts';

export interface ImportReport {
  imported: number;
  threads: number;
  /** User labels created from X-Gmail-Labels. */
  labelsCreated: string[];
  /** Messages that could not be parsed and were not imported; every other message was. */
  skipped: SkippedMessage[];
}

export interface SkippedMessage {
  /** 1-based position of the message in the mbox. */
  position: number;
  /** Its Message-ID (without angle brackets) when its header section could be read. */
  messageId: string | null;
  /** Why it could not be parsed, as the parser said. */
  reason: string;
}

/**
 * Loads an mbox (a Google Takeout export, or any mboxrd/mboxo file) into a mailbox. mail-parse
 * splits and parses it; Takeout's X-Gmail-Labels become label ids (user labels are created as
 * needed) and X-GM-THRID keeps Gmail's threads; otherwise In-Reply-To/References thread the
 * messages. Messages without Takeout labels land in the inbox, unread, as delivered mail would.
 * Internal dates come from the Date header, else the mbox `From ` line. The message is stored
 * without the X-Gmail-Labels and X-GM-THRID fields Takeout added (Gmail never had them), so its
 * raw form and its sizeEstimate are what Gmail would serve.
 *
 * One message that cannot be parsed (nested past the parser's limits, headers too large) does
 * not stop the import: it is skipped and reported by its position and Message-ID, and every
 * other message is imported.
 */
export async function importMbox(mailbox: Mailbox, mbox: Buffer | string): Promise<ImportReport> {
  const labelsCreated: string[] = [];
  const userLabelId = (name: string): string => {
    const existing = [...mailbox.labels.values()].find((l) => l.name.toLowerCase() === name.toLowerCase());
    if (existing) return existing.id;
    labelsCreated.push(name);
    return mailbox.createLabel({ name }).id;
  };
  const prepared: Array<{ raw: Buffer; index: MessageIndex; labelIds: string[]; takeoutThread: string | null; internalDate: number }> = [];
  const skipped: SkippedMessage[] = [];
  let position = 0;
  for (const entry of readMbox(mbox)) {
    position++;
    const raw = stripMboxEnvelope(Buffer.from(entry.raw));
    let parsed: Awaited<ReturnType<typeof parseRawMessage>>;
    try {
      parsed = await parseRawMessage(raw, { userLabelId });
    } catch (error) {
      skipped.push({ position, messageId: await messageIdOf(raw), reason: error instanceof Error ? error.message : String(error) });
      continue;
    }
    const hasTakeoutLabels = parsed.email.headers.some((h) => h.key === 'x-gmail-labels');
    prepared.push({
      raw: Buffer.from(withoutTakeoutHeaders(raw)),
      index: indexParsed(parsed),
      labelIds: hasTakeoutLabels ? parsed.meta.labelIds : ['INBOX', 'UNREAD'],
      takeoutThread: parsed.email.headers.find((h) => h.key === 'x-gm-thrid')?.value ?? null,
      internalDate: parsed.headerDate ?? fromLineDate(entry.fromLine) ?? 0,
    });
  }
  // Oldest first, so a reply finds the thread of the message it answers.
  prepared.sort((a, b) => a.internalDate - b.internalDate);
  const threadByTakeoutId = new Map<string, string>();
  mailbox.batch(() => {
    for (const item of prepared) {
      const threadId = item.takeoutThread ? threadByTakeoutId.get(item.takeoutThread) : undefined;
      const message = mailbox.insert({ raw: item.raw, index: item.index, labelIds: item.labelIds, internalDate: item.internalDate, ...(threadId ? { threadId } : {}) });
      if (item.takeoutThread && !threadId) threadByTakeoutId.set(item.takeoutThread, message.threadId);
    }
  });
  return { imported: prepared.length, threads: mailbox.threadCount, labelsCreated, skipped };
}
