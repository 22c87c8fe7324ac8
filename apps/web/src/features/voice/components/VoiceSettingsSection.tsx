import type { VoiceRecognizerChoice } from '@mailroom/contract';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api';
import { Card, CardHeader, Spinner } from '../../../shared/ui';
import { useSettings } from '../../settings';
import { useVoiceStatus } from '../api/voice';
import { browserRecognitionSupported, microphoneSupported } from '../lib/capabilities';

/**
 * Settings › Voice: which recogniser turns speech into commands and dictation. The server's
 * offline recogniser is the private default where it is installed; the browser's own is a choice
 * made knowing its vendor may process the audio; typing (Ctrl+K) works whatever is chosen.
 */
export function VoiceSettingsSection() {
  const { settings, update } = useSettings();
  const status = useVoiceStatus();
  const [saved, setSaved] = useState<string | null>(null);
  /** The choice just made, shown at once while it is saved (the stored one comes back with the answer). */
  const [pending, setPending] = useState<VoiceRecognizerChoice | null>(null);
  const headingId = useId();
  const groupId = useId();
  const choice = pending ?? settings.data?.settings.voice.recognizer ?? 'offline';
  const browserSupported = browserRecognitionSupported();
  const offline = status.data?.offline;

  const choose = (recognizer: VoiceRecognizerChoice) => {
    setSaved(null);
    setPending(recognizer);
    update.mutate({ patch: { voice: { recognizer } } }, { onSuccess: () => setSaved('Saved.'), onSettled: () => setPending(null) });
  };

  const options: Array<{ value: VoiceRecognizerChoice; label: string; detail: string; problem: string | null }> = [
    {
      value: 'offline',
      label: 'On Mailroom’s server (private)',
      detail: 'Your recording is sent to this Mailroom server, recognised there by PocketSphinx and never stored. Nothing goes to any other company.',
      problem: status.isPending
        ? null
        : offline && !offline.available
          ? `Not available: ${offline.reason ?? 'the recogniser is not installed on this server'}.`
          : !microphoneSupported()
            ? 'This browser cannot record audio here.'
            : null,
    },
    {
      value: 'browser',
      label: 'Your browser’s speech service',
      detail: 'Often more accurate, but the browser’s vendor (for Chrome, Google) may receive and process your audio to recognise it.',
      problem: browserSupported ? null : 'This browser has no speech service of its own.',
    },
    {
      value: 'typing',
      label: 'Typing only',
      detail: 'No microphone: commands are typed in the command palette (Ctrl+K or ⌘K).',
      problem: null,
    },
  ];

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title="Voice" description="Speak commands (the microphone in the header, or the v key) and dictate replies. Every command can also be typed (Ctrl+K)." />
      {settings.isPending ? (
        <Spinner label="Loading your voice settings" />
      ) : (
        <fieldset aria-describedby={groupId}>
          <legend className="text-sm font-medium text-fg">Recogniser</legend>
          <p id={groupId} className="text-sm text-muted">
            Which recogniser turns your speech into commands and text.
          </p>
          <div className="mt-3 space-y-3">
            {options.map((option) => (
              <label key={option.value} className="flex items-start gap-3 text-sm">
                <input
                  type="radio"
                  name="voice-recognizer"
                  value={option.value}
                  checked={choice === option.value}
                  disabled={update.isPending}
                  onChange={() => choose(option.value)}
                  className="mt-1 h-4 w-4 accent-accent-solid"
                />
                <span>
                  <span className="font-medium text-fg">{option.label}</span>
                  <span className="block text-muted">{option.detail}</span>
                  {option.problem ? (
                    <span className="block text-warning" data-testid={`voice-${option.value}-problem`}>
                      {option.problem} {option.value !== 'typing' ? 'Choose another way, or type commands (Ctrl+K).' : ''}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
          <p className="mt-3 min-h-5 text-sm" aria-live="polite">
            {update.isError ? <span className="text-danger">Not saved: {describeError(update.error)}</span> : saved ? <span className="text-success">{saved}</span> : null}
          </p>
        </fieldset>
      )}
    </Card>
  );
}
