import { useContext, useEffect, useRef } from 'react';
import { VoiceContext, type VoiceContextValue } from '../components/VoiceProvider';
import type { VoiceCommandHandler } from '../lib/types';

/** Voice control (listening, the palette, reading aloud); throws outside the VoiceProvider. */
export function useVoice(): VoiceContextValue {
  const value = useContext(VoiceContext);
  if (!value) throw new Error('useVoice must be used inside <VoiceProvider>');
  return value;
}

/** Voice control where there is any (null outside the VoiceProvider: public pages, tests). */
export function useOptionalVoice(): VoiceContextValue | null {
  return useContext(VoiceContext);
}

/**
 * A page's own voice commands while it is shown (Voice Reply: send, use suggestion two ...). The
 * handler sees every command first and returns null for the ones it leaves to the app.
 */
export function useVoiceCommands(handler: VoiceCommandHandler): void {
  const voice = useOptionalVoice();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const register = voice?.registerHandler;
  useEffect(() => register?.((command) => latest.current(command)), [register]);
}
