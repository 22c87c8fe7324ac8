import { lazy, Suspense } from 'react';
import { useVoice } from '../hooks/useVoice';

const VoicePanelBody = lazy(() => import('./VoicePanelBody'));

/** The voice panel (VoicePanelBody), loaded the first time there is something to show. */
export function VoicePanel() {
  const { phase, reading } = useVoice();
  if (phase.kind === 'idle' && !reading) return null;
  return (
    <Suspense fallback={null}>
      <VoicePanelBody />
    </Suspense>
  );
}
