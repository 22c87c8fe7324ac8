/** Gmail's label resource (https://developers.google.com/workspace/gmail/api/reference/rest/v1/users.labels). */
export interface LabelColor {
  textColor: string;
  backgroundColor: string;
}

export interface StoredLabel {
  id: string;
  name: string;
  type: 'system' | 'user';
  messageListVisibility?: string;
  labelListVisibility?: string;
  color?: LabelColor;
}

function system(id: string, visible: boolean): StoredLabel {
  return visible
    ? { id, name: id, type: 'system', messageListVisibility: 'hide', labelListVisibility: 'labelShow' }
    : { id, name: id, type: 'system' };
}

/** The system labels every Gmail mailbox has; their ids are also their names. */
export const SYSTEM_LABELS: readonly StoredLabel[] = [
  system('CHAT', false),
  system('SENT', true),
  system('INBOX', true),
  system('IMPORTANT', true),
  system('TRASH', true),
  system('DRAFT', true),
  system('SPAM', true),
  system('CATEGORY_FORUMS', false),
  system('CATEGORY_UPDATES', false),
  system('CATEGORY_PERSONAL', false),
  system('CATEGORY_PROMOTIONS', false),
  system('CATEGORY_SOCIAL', false),
  system('STARRED', true),
  system('UNREAD', true),
];

const SYSTEM_IDS = new Set(SYSTEM_LABELS.map((l) => l.id));

export function isSystemLabelId(id: string): boolean {
  return SYSTEM_IDS.has(id);
}
