import { afterEach, describe, expect, it } from 'vitest';
import { STANDARD_ACTIONS, type MailListAction } from './actions';
import { buildKeymap, commandFor } from './keymap';

function key(key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) {
  return { key, target, ctrlKey: false, metaKey: false, altKey: false, isComposing: false, defaultPrevented: false, ...extra };
}

const keymap = buildKeymap(STANDARD_ACTIONS);

describe('the mail list’s keyboard shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('has Gmail’s list keys and a key for each everyday action, leaving r, a and f for reply', () => {
    expect(keymap.map((b) => b.key).sort()).toEqual(['!', '#', '-', '?', 'Enter', 'Escape', 'I', 'U', 'e', 'j', 'k', 'q', 's', 'x', 'z'].sort());
    expect(commandFor(key('j'), keymap)).toBe('next');
    expect(commandFor(key('e'), keymap)).toBe('action:archive');
    expect(commandFor(key('#'), keymap)).toBe('action:delete');
    expect(commandFor(key('s'), keymap)).toBe('action:toggle-star');
    expect(commandFor(key('!'), keymap)).toBe('action:important');
    expect(commandFor(key('-'), keymap)).toBe('action:not-important');
    expect(commandFor(key('U'), keymap)).toBe('action:mark-unread');
    expect(commandFor(key('?'), keymap)).toBe('help');
    for (const reserved of ['r', 'a', 'f']) expect(commandFor(key(reserved), keymap)).toBeNull();
  });

  it('takes a view’s own actions, and refuses a key bound twice', () => {
    const reply: MailListAction = { id: 'reply', label: () => 'Reply', icon: 'mail', key: { key: 'r', description: 'Reply' }, run: () => {} };
    expect(commandFor(key('r'), buildKeymap([...STANDARD_ACTIONS, reply]))).toBe('action:reply');
    const clash: MailListAction = { ...reply, id: 'clash', key: { key: 'e', description: 'Something else' } };
    expect(() => buildKeymap([...STANDARD_ACTIONS, clash])).toThrow(/"e" is bound twice/);
  });

  it('leaves typing, modified keys and open dialogs alone', () => {
    const input = document.createElement('input');
    document.body.append(input);
    expect(commandFor(key('j', input), keymap)).toBeNull();
    expect(commandFor(key('z', document.body, { ctrlKey: true }), keymap)).toBeNull();
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    expect(commandFor(key('j'), keymap)).toBeNull();
  });

  it('lets Enter activate a focused button itself, but takes x on a checkbox', () => {
    const button = document.createElement('button');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    document.body.append(button, checkbox);
    expect(commandFor(key('Enter', button), keymap)).toBeNull();
    expect(commandFor(key('Enter'), keymap)).toBe('open');
    expect(commandFor(key('x', checkbox), keymap)).toBe('select');
  });
});
