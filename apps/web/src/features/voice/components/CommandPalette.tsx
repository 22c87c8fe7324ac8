import { lazy, Suspense } from 'react';
import { Dialog, Spinner } from '../../../shared/ui';
import { useVoice } from '../hooks/useVoice';

const PaletteBody = lazy(() => import('./PaletteBody'));

/**
 * Ctrl+K / Cmd+K: the voice commands, typed. Shows what the words will do as they are typed
 * (the same parser the recognisers' words go through), or the closest commands when they match
 * none; Enter carries it out. Works with no microphone at all.
 */
export function CommandPalette() {
  const voice = useVoice();
  const open = voice.paletteOpen;
  return (
    <Dialog open={open} onClose={voice.closePalette} title="Type a command" description="Anything you could say: “archive”, “open receipts”, “go to settings”, “search for invoices”.">
      {open ? (
        <Suspense fallback={<Spinner label="Loading commands" />}>
          <PaletteBody />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
