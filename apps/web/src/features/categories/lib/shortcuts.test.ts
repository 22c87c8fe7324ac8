import { afterEach, describe, expect, it } from 'vitest';
import { SHORTCUTS, shortcutFor } from './shortcuts';

function key(key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEvent> = {}) {
  return { key, target, ctrlKey: false, metaKey: false, altKey: false, isComposing: false, defaultPrevented: false, ...extra };
}

describe('the mail list’s keyboard shortcuts', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('covers j, k, x, e, #, z, Enter, Escape and ?', () => {
    expect(SHORTCUTS.map((s) => s.key).sort()).toEqual(['#', '?', 'Enter', 'Escape', 'e', 'j', 'k', 'x', 'z'].sort());
    expect(shortcutFor(key('j'))).toBe('next');
    expect(shortcutFor(key('#'))).toBe('delete');
    expect(shortcutFor(key('?'))).toBe('help');
  });

  it('leaves typing, modified keys and open dialogs alone', () => {
    const input = document.createElement('input');
    document.body.append(input);
    expect(shortcutFor(key('j', input))).toBeNull();
    expect(shortcutFor(key('z', document.body, { ctrlKey: true }))).toBeNull();
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    expect(shortcutFor(key('j'))).toBeNull();
  });

  it('lets Enter activate a focused button itself, but takes x on a checkbox', () => {
    const button = document.createElement('button');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    document.body.append(button, checkbox);
    expect(shortcutFor(key('Enter', button))).toBeNull();
    expect(shortcutFor(key('Enter'))).toBe('open');
    expect(shortcutFor(key('x', checkbox))).toBe('select');
  });
});
