import type { BundleId, BundleMessage } from '../types.ts';

/** A message with the bundle a person decided it belongs in (null: none, it stays personal). */
export interface LabelledMessage extends BundleMessage {
  bundle: BundleId | null;
  /** Where it came from: a corpus file, or `synthetic`. */
  origin: string;
}

interface Extra {
  listUnsubscribe?: string;
  precedence?: string;
  autoSubmitted?: string;
  attachments?: BundleMessage['attachments'];
}

/** "Name <address>" as a parsed From. */
function parseFrom(from: string): BundleMessage['from'] {
  const match = /^(.*?)\s*<([^>]+)>$/.exec(from);
  return match ? { name: match[1]!.trim() || null, address: match[2]! } : { name: null, address: from };
}

export function synthetic(bundle: BundleId | null, from: string, subject: string, snippet: string, extra: Extra = {}): LabelledMessage {
  return {
    bundle,
    origin: 'synthetic',
    from: parseFrom(from),
    subject,
    snippet,
    labelIds: [],
    listId: null,
    listPost: null,
    listUnsubscribe: extra.listUnsubscribe ?? null,
    precedence: extra.precedence ?? null,
    autoSubmitted: extra.autoSubmitted ?? null,
    attachments: extra.attachments ?? [],
  };
}

interface CorpusEntry extends Omit<BundleMessage, 'from'> {
  file: string;
  bundle: BundleId | null;
  from: BundleMessage['from'];
}

/** The corpus fixtures (corpus-*.json): SpamAssassin ham, headers and Gmail-style snippet, labelled by hand. */
export function fromCorpus(entries: readonly CorpusEntry[]): LabelledMessage[] {
  return entries.map(({ file, ...rest }) => ({ ...rest, origin: file }));
}
