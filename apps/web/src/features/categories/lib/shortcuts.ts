export type ShortcutAction = 'next' | 'previous' | 'select' | 'quarantine' | 'delete' | 'undo' | 'open' | 'close' | 'help';

export interface Shortcut {
  key: string;
  /** How the key is written on the keycap. */
  label: string;
  action: ShortcutAction;
  description: string;
}

/** The mail list's keyboard shortcuts, as in Gmail. One list for the handler and the "?" dialog. */
export const SHORTCUTS: readonly Shortcut[] = [
  { key: 'j', label: 'j', action: 'next', description: 'Move to the next message' },
  { key: 'k', label: 'k', action: 'previous', description: 'Move to the previous message' },
  { key: 'x', label: 'x', action: 'select', description: 'Select or unselect the current message' },
  { key: 'Enter', label: 'Enter', action: 'open', description: 'Open the current message' },
  { key: 'Escape', label: 'Esc', action: 'close', description: 'Close the open message' },
  { key: 'e', label: 'e', action: 'quarantine', description: 'Quarantine the selected messages (or the current one)' },
  { key: '#', label: '#', action: 'delete', description: 'Move the selected messages (or the current one) to trash' },
  { key: 'z', label: 'z', action: 'undo', description: 'Undo the last quarantine or delete' },
  { key: '?', label: '?', action: 'help', description: 'Show these shortcuts' },
];

const BY_KEY = new Map(SHORTCUTS.map((s) => [s.key, s.action]));

/** Elements whose own keys (Enter, Escape, letters) must not be taken over. */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=""], [contenteditable=true]')) return true;
  // Enter activates the focused control itself; Escape is the open dialog's or popover's.
  if (key === 'Enter' && target.closest('button, a[href], input, summary, [role=button], [role=link]')) return true;
  return false;
}

/** The shortcut a keydown means here, or null (typing in a field, a modifier held, a dialog open). */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'target' | 'defaultPrevented'>): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  const action = BY_KEY.get(event.key);
  if (!action) return null;
  if (ownsKeys(event.target, event.key)) return null;
  if (typeof document !== 'undefined' && document.querySelector('dialog[open]')) return null;
  return action;
}
