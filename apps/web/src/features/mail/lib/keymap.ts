import type { MailListAction } from './actions';

/** The list's own commands; an action's key runs `action:<id>`. */
export type ListCommand = 'next' | 'previous' | 'select' | 'open' | 'close' | 'undo' | 'help';
export type MailCommand = ListCommand | `action:${string}`;

export interface KeyBinding {
  /** KeyboardEvent.key ('j', '#', '!', 'I' for Shift+I, 'Enter'). */
  key: string;
  /** How the key is written on the keycap. */
  label: string;
  command: MailCommand;
  description: string;
}

/** Moving, selecting, opening, undoing, help: Gmail's keys, the same in every view. */
export const LIST_BINDINGS: readonly KeyBinding[] = [
  { key: 'j', label: 'j', command: 'next', description: 'Move to the next message' },
  { key: 'k', label: 'k', command: 'previous', description: 'Move to the previous message' },
  { key: 'x', label: 'x', command: 'select', description: 'Select or unselect the current message' },
  { key: 'Enter', label: 'Enter', command: 'open', description: 'Open the current message' },
  { key: 'Escape', label: 'Esc', command: 'close', description: 'Close the open message' },
  { key: 'z', label: 'z', command: 'undo', description: 'Undo the last action' },
  { key: '?', label: '?', command: 'help', description: 'Show these shortcuts' },
];

/**
 * The list's keys plus each action's key, in the order the "?" list shows them. Two bindings on
 * one key are a mistake in a view's actions, reported at once rather than one silently winning.
 */
export function buildKeymap(actions: readonly MailListAction[]): readonly KeyBinding[] {
  const bindings: KeyBinding[] = [...LIST_BINDINGS];
  for (const action of actions) {
    if (!action.key) continue;
    bindings.push({ key: action.key.key, label: action.key.label ?? action.key.key, command: `action:${action.id}`, description: action.key.description });
  }
  const seen = new Map<string, MailCommand>();
  for (const binding of bindings) {
    const taken = seen.get(binding.key);
    if (taken) throw new Error(`The key "${binding.key}" is bound twice in this mail list (${taken} and ${binding.command})`);
    seen.set(binding.key, binding.command);
  }
  return bindings;
}

/** Elements whose own keys (Enter, Escape, letters) must not be taken over. */
function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=""], [contenteditable=true]')) return true;
  // A region with its own keys (an open reply editor: Escape discards, Ctrl+Enter sends, letters type).
  if (target.closest('[data-mail-keys="own"]')) return true;
  // Enter activates the focused control itself; Escape is the open dialog's or popover's.
  if (key === 'Enter' && target.closest('button, a[href], input, summary, [role=button], [role=link]')) return true;
  return false;
}

/** The command a keydown means here, or null (typing in a field, Ctrl/Alt/Meta held, a dialog open). */
export function commandFor(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing' | 'target' | 'defaultPrevented'>,
  keymap: readonly KeyBinding[],
): MailCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  const binding = keymap.find((b) => b.key === event.key);
  if (!binding) return null;
  if (ownsKeys(event.target, event.key)) return null;
  if (typeof document !== 'undefined' && document.querySelector('dialog[open]')) return null;
  return binding.command;
}
