import { useEffect, useRef } from 'react';

/** Where typing `/` means the character, not "go to search". */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('input, textarea, select, [contenteditable=""], [contenteditable=true]') !== null;
}

/**
 * `/` anywhere on the page (outside a text field, with no modifier, no dialog open) runs
 * `onSlash`: Gmail's key for its search box, and ours.
 */
export function useSlashFocus(onSlash: () => void): void {
  const latest = useRef(onSlash);
  useEffect(() => {
    latest.current = onSlash;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      latest.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
