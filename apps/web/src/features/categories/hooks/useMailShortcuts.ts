import { useEffect, useRef } from 'react';
import { shortcutFor, type ShortcutAction } from '../lib/shortcuts';

/** Runs the handler of each shortcut pressed on the page (see lib/shortcuts for when keys are left alone). */
export function useMailShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      const handler = action ? current.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
