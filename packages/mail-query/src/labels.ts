import type { FlagValue } from './ast.ts';
import type { LabelInfo } from './message.ts';
import { labelKey } from './text.ts';

/**
 * Gmail's system label ids (Gmail API, users.labels: "system labels"). SNOOZED and MUTED are
 * not exposed by the API but appear in Takeout exports (X-Gmail-Labels); CATEGORY_RESERVATIONS
 * and CATEGORY_PURCHASES stand for Gmail's Reservations and Purchases smart labels.
 */
export const SYSTEM_LABEL_IDS = [
  'INBOX',
  'SENT',
  'DRAFT',
  'SPAM',
  'TRASH',
  'UNREAD',
  'STARRED',
  'IMPORTANT',
  'CHAT',
  'SNOOZED',
  'MUTED',
  'CATEGORY_PERSONAL',
  'CATEGORY_SOCIAL',
  'CATEGORY_PROMOTIONS',
  'CATEGORY_UPDATES',
  'CATEGORY_FORUMS',
  'CATEGORY_RESERVATIONS',
  'CATEGORY_PURCHASES',
] as const;

const SYSTEM = new Set<string>(SYSTEM_LABEL_IDS);

/** Bit of a listed system label in the store's `system_labels` column (1 << index). */
export function systemLabelBit(id: string): number | null {
  const index = (SYSTEM_LABEL_IDS as readonly string[]).indexOf(id);
  return index < 0 ? null : 2 ** index;
}

/** The `system_labels` bitmask of a message's labels. */
export function systemLabelBits(labelIds: readonly string[]): number {
  let bits = 0;
  for (const id of new Set(labelIds)) bits += systemLabelBit(id) ?? 0;
  return bits;
}

/** System labels: the fixed list and any `CATEGORY_*` Gmail may add. Everything else is a user label. */
export function isSystemLabelId(id: string): boolean {
  return SYSTEM.has(id) || /^CATEGORY_[A-Z]+$/.test(id);
}

export function hasUserLabels(labelIds: readonly string[]): boolean {
  return labelIds.some((id) => !isSystemLabelId(id));
}

/**
 * The inbox tabs other than Primary. `category:primary` is the absence of all four: Gmail's
 * Primary tab holds whatever was not sorted into another tab (Gmail Help, "Organize your inbox
 * with inbox categories"), and Google Takeout writes no label for it, so a message without any
 * of these labels is in Primary whether or not it carries CATEGORY_PERSONAL.
 */
export const INBOX_TAB_LABEL_IDS = ['CATEGORY_SOCIAL', 'CATEGORY_PROMOTIONS', 'CATEGORY_UPDATES', 'CATEGORY_FORUMS'] as const;

/** `category:` values and their label ids; Primary is CATEGORY_PERSONAL in the Gmail API (but
 * `category:primary` is matched as the absence of INBOX_TAB_LABEL_IDS, see above). */
export const CATEGORY_LABEL_IDS: Record<FlagValue<'category'>, string> = {
  primary: 'CATEGORY_PERSONAL',
  social: 'CATEGORY_SOCIAL',
  promotions: 'CATEGORY_PROMOTIONS',
  updates: 'CATEGORY_UPDATES',
  forums: 'CATEGORY_FORUMS',
  reservations: 'CATEGORY_RESERVATIONS',
  purchases: 'CATEGORY_PURCHASES',
};

/** The system label id that `label:value` names, if any (`label:inbox` is INBOX). */
export function systemLabelIdForKey(key: string): string | null {
  const upper = key.toUpperCase();
  return isSystemLabelId(upper) && labelKey(upper) === key ? upper : null;
}

/**
 * Whether a message with these label ids carries a label named `key` (a `labelKey`). A label's
 * names are its user-visible name from the context and, for system labels, its id (Gmail lists
 * system labels with name = id).
 */
export function labelMatches(labelIds: readonly string[], key: string, labels: ReadonlyMap<string, string>): boolean {
  const systemId = systemLabelIdForKey(key);
  for (const id of labelIds) {
    if (systemId !== null && id === systemId) return true;
    const name = labels.get(id);
    if (name !== undefined && labelKey(name) === key) return true;
  }
  return false;
}

export function labelNameMap(labels: readonly LabelInfo[]): Map<string, string> {
  return new Map(labels.map((l) => [l.id, l.name]));
}
