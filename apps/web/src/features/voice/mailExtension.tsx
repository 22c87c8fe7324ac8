import { useMemo } from 'react';
import type { MailExtension, ReadingPaneSectionProps } from '../mail';
import { ButtonLink, Button } from '../../shared/ui';
import { useOptionalVoice } from './hooks/useVoice';
import { messageForReading, speak, speechSynthesisSupported, stopSpeaking } from './lib/speak';

/** The reading pane's voice controls: hear the message, or answer it by voice (/reply/voice). */
function VoicePaneSection({ messageId, content }: ReadingPaneSectionProps) {
  const voice = useOptionalVoice();
  const canSpeak = speechSynthesisSupported();
  const read = () => {
    if (voice) void voice.readAloud(messageId);
    else speak(messageForReading({ from: content.headers.from, subject: content.headers.subject, text: content.text, html: content.html }));
  };
  return (
    <div className="flex flex-wrap gap-2" data-mail-keys="own">
      {canSpeak ? (
        voice?.reading ? (
          <Button size="sm" variant="secondary" icon="stop" onClick={() => (voice ? voice.stopReading() : stopSpeaking())}>
            Stop reading
          </Button>
        ) : (
          <Button size="sm" variant="secondary" icon="volume" onClick={read}>
            Read aloud
          </Button>
        )
      ) : null}
      <ButtonLink size="sm" variant="secondary" icon="mic" to={`/reply/voice?message=${encodeURIComponent(messageId)}`}>
        Reply by voice
      </ButtonLink>
    </div>
  );
}

/** Voice in every mail list: Read aloud and Reply by voice in the reading pane. */
export function useVoiceMailExtension(): MailExtension {
  return useMemo<MailExtension>(() => ({ id: 'voice', PaneSection: VoicePaneSection }), []);
}
