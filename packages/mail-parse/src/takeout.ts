import { decodeWords } from 'postal-mime';

/**
 * Google Takeout writes a message's Gmail labels into an `X-Gmail-Labels` header, comma
 * separated (names with commas in double quotes): system labels by their English names
 * (Inbox, Unread, Starred, Important, Sent, Spam, Trash, Drafts, Chat, Snoozed, Muted,
 * `Category Forums` ...), user labels by their full names (`Work/Projects`), plus state marks
 * that are not labels (Archived: not in the inbox; Opened: read, i.e. not Unread).
 */
const SYSTEM_NAMES: Record<string, string | null> = {
  inbox: 'INBOX',
  unread: 'UNREAD',
  starred: 'STARRED',
  important: 'IMPORTANT',
  sent: 'SENT',
  spam: 'SPAM',
  trash: 'TRASH',
  drafts: 'DRAFT',
  draft: 'DRAFT',
  chat: 'CHAT',
  chats: 'CHAT',
  snoozed: 'SNOOZED',
  muted: 'MUTED',
  'category personal': 'CATEGORY_PERSONAL',
  'category primary': 'CATEGORY_PERSONAL',
  'category social': 'CATEGORY_SOCIAL',
  'category promotions': 'CATEGORY_PROMOTIONS',
  'category updates': 'CATEGORY_UPDATES',
  'category forums': 'CATEGORY_FORUMS',
  'category reservations': 'CATEGORY_RESERVATIONS',
  'category purchases': 'CATEGORY_PURCHASES',
  archived: null,
  opened: null,
};

/** Splits the header value on commas outside double quotes and decodes RFC 2047 words. */
export function takeoutLabelNames(header: string | null): string[] {
  if (!header) return [];
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of header.replace(/\r?\n[ \t]+/g, ' ')) {
    if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      names.push(current);
      current = '';
    } else current += ch;
  }
  names.push(current);
  return names.map((n) => decodeWords(n.trim()).trim()).filter((n) => n.length > 0);
}

/** Label ids for the names in X-Gmail-Labels; user labels get ids from `userLabelId`. */
export function takeoutLabelIds(header: string | null, userLabelId: (name: string) => string): { labelIds: string[]; userLabelNames: string[] } {
  const labelIds: string[] = [];
  const userLabelNames: string[] = [];
  for (const name of takeoutLabelNames(header)) {
    const key = name.toLowerCase();
    if (key in SYSTEM_NAMES) {
      const id = SYSTEM_NAMES[key];
      if (id && !labelIds.includes(id)) labelIds.push(id);
    } else {
      const id = userLabelId(name);
      if (!labelIds.includes(id)) labelIds.push(id);
      userLabelNames.push(name);
    }
  }
  return { labelIds, userLabelNames };
}
