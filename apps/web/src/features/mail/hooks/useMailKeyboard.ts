import { useEffect, useRef } from 'react';
import { commandFor, type KeyBinding, type MailCommand } from '../lib/keymap';

/** Runs `onCommand` for each key of the keymap pressed on the page (see lib/keymap for when keys are left alone). */
export function useMailKeyboard(keymap: readonly KeyBinding[], onCommand: (command: MailCommand) => boolean): void {
  const current = useRef({ keymap, onCommand });
  useEffect(() => {
    current.current = { keymap, onCommand };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandFor(event, current.current.keymap);
      if (command && current.current.onCommand(command)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
