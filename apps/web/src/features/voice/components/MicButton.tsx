import { VOICE_MAX_SECONDS } from '@mailroom/contract/promises';
import { Icon, cx } from '../../../shared/ui';
import { useOptionalVoice } from '../hooks/useVoice';

/**
 * The header's microphone: starts and stops listening (also the `v` key), shows that it is
 * listening, and where voice cannot work here says why and opens the command palette instead.
 */
export function MicButton() {
  const voice = useOptionalVoice();
  if (!voice) return null;
  const listening = voice.listening;
  const typingOnly = voice.engine === 'typing';
  const label = typingOnly
    ? `Type a command (${voice.unavailableReason ? 'voice is not available here' : 'voice is off in Settings'})`
    : listening
      ? 'Stop listening'
      : `Speak a command (v; up to ${VOICE_MAX_SECONDS} s)`;
  return (
    <div className="flex items-center">
      <button
        type="button"
        data-testid="mic-button"
        aria-label={label}
        title={typingOnly && voice.unavailableReason ? voice.unavailableReason : label}
        aria-pressed={typingOnly ? undefined : listening}
        aria-keyshortcuts={typingOnly ? 'Control+K' : 'v'}
        onClick={() => (typingOnly ? voice.openPalette() : voice.toggleListening())}
        className={cx(
          'relative inline-flex h-10 w-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
          listening ? 'bg-danger-solid text-white' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )}
      >
        <Icon name={typingOnly ? 'keyboard' : 'mic'} size={20} />
        {listening ? <span aria-hidden="true" className="absolute inset-0 animate-ping rounded-full border-2 border-danger-solid motion-reduce:hidden" /> : null}
      </button>
      <button
        type="button"
        onClick={voice.openPalette}
        aria-keyshortcuts="Control+K Meta+K"
        className="hidden h-8 items-center gap-1 rounded-lg border border-line px-2 text-xs text-muted hover:bg-surface-2 hover:text-fg md:inline-flex"
      >
        <Icon name="keyboard" size={16} />
        <span>Commands</span>
        <kbd className="font-sans">Ctrl K</kbd>
      </button>
    </div>
  );
}
