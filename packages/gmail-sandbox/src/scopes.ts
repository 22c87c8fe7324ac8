/** OAuth scopes the Gmail API checks (https://developers.google.com/workspace/gmail/api/auth/scopes). */
export const SCOPES = {
  full: 'https://mail.google.com/',
  modify: 'https://www.googleapis.com/auth/gmail.modify',
  readonly: 'https://www.googleapis.com/auth/gmail.readonly',
  metadata: 'https://www.googleapis.com/auth/gmail.metadata',
  labels: 'https://www.googleapis.com/auth/gmail.labels',
  send: 'https://www.googleapis.com/auth/gmail.send',
  compose: 'https://www.googleapis.com/auth/gmail.compose',
} as const;

/** What a method needs: any one of the listed scopes grants it. */
export type ScopeRequirement = 'read' | 'readMetadata' | 'write' | 'labels' | 'send' | 'deletePermanently';

const ACCEPTED: Record<ScopeRequirement, readonly string[]> = {
  // Reading content (q, format=full/raw, attachments) needs readonly or broader.
  read: [SCOPES.full, SCOPES.modify, SCOPES.readonly],
  // Ids, labels, headers and history are also open to the gmail.metadata scope.
  readMetadata: [SCOPES.full, SCOPES.modify, SCOPES.readonly, SCOPES.metadata],
  write: [SCOPES.full, SCOPES.modify],
  labels: [SCOPES.full, SCOPES.modify, SCOPES.labels],
  send: [SCOPES.full, SCOPES.modify, SCOPES.compose, SCOPES.send],
  // messages.delete skips the trash and needs the full mail scope.
  deletePermanently: [SCOPES.full],
};

export function scopesAllow(granted: readonly string[], requirement: ScopeRequirement): boolean {
  return ACCEPTED[requirement].some((scope) => granted.includes(scope));
}
