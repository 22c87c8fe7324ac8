import { useEffect } from 'react';
import { useVoice } from '../hooks/useVoice';

/** Fields and editors keep their own keys; `v` there is a letter. */
function typingIn(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('input, textarea, select, [contenteditable=""], [contenteditable=true]') !== null;
}

/**
 * The keys of voice control on every signed-in page: `v` starts or stops listening (not while
 * typing, nor while a dialog is open), Ctrl+K / Cmd+K opens the command palette anywhere.
 */
export function VoiceShortcuts() {
  const voice = useVoice();
  const { toggleListening, openPalette, closePalette, paletteOpen } = voice;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        if (paletteOpen) closePalette();
        else openPalette();
        return;
      }
      if (event.key !== 'v' || event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return;
      if (typingIn(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      toggleListening();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggleListening, openPalette, closePalette, paletteOpen]);
  return null;
}
