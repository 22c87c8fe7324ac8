import { VOICE_MAX_SECONDS } from '@mailroom/contract/promises';
import { Button, Icon, IconButton, Spinner, cx } from '../../../shared/ui';
import { useVoice } from '../hooks/useVoice';
import { EXAMPLE_COMMANDS } from '../lib/describe';

/**
 * What voice control is doing, under the header: listening (with the microphone's level and the
 * time left), recognising, then what was heard, what it was understood as and what was done,
 * with Undo; a question ("Trash 24 messages? Say yes or no") with Yes and No; "Did you mean …?"
 * choices; the reading-aloud stop control. A live region, so screen readers hear each step.
 */
export default function VoicePanelBody() {
  const voice = useVoice();
  const { phase, reading } = voice;

  return (
    <section
      aria-label="Voice command"
      data-testid="voice-panel"
      className="fixed inset-x-3 top-[4.5rem] z-30 mx-auto max-w-md rounded-2xl border border-line bg-surface p-4 text-fg shadow-xl sm:right-6 sm:left-auto sm:mx-0 sm:w-[26rem]"
    >
      <div aria-live="polite" className="space-y-3">
        {phase.kind === 'listening' ? (
          <div className="space-y-2">
            <div className="flex items-center gap-2">
              <span aria-hidden="true" className="h-2.5 w-2.5 animate-pulse rounded-full bg-danger-solid motion-reduce:animate-none" />
              <p className="font-medium">{phase.mode === 'dictation' ? 'Listening to your reply…' : 'Listening…'}</p>
            </div>
            {phase.engine === 'offline' ? (
              <>
                <label className="block text-xs text-muted">
                  Microphone level
                  <meter className="mt-1 block h-2 w-full" min={0} max={1} low={0.05} high={0.9} optimum={0.5} value={phase.level} data-testid="voice-level" />
                </label>
                <p className="text-xs text-muted tabular-nums">
                  {phase.seconds.toFixed(1)} s of {VOICE_MAX_SECONDS} s · recognised on Mailroom’s server, never stored
                </p>
              </>
            ) : (
              <p className="text-sm text-muted" data-testid="voice-interim">
                {phase.interim || 'Recognised by your browser’s speech service.'}
              </p>
            )}
            <Button size="sm" variant="secondary" icon="stop" onClick={voice.stopListening}>
              {phase.mode === 'dictation' ? 'Stop' : 'Done'}
            </Button>
          </div>
        ) : null}

        {phase.kind === 'recognising' ? (
          <div className="flex items-center gap-2 text-accent">
            <Spinner size={18} decorative />
            <p className="text-fg">Recognising…</p>
          </div>
        ) : null}

        {phase.kind === 'done' ? (
          <div className="space-y-2">
            {phase.heard ? (
              <p className="text-sm">
                <span className="text-muted">{phase.via === 'typed' ? 'Typed: ' : 'Heard: '}</span>
                <q data-testid="voice-transcript">{phase.heard}</q>
              </p>
            ) : null}
            {phase.understood ? (
              <p className="text-sm">
                <span className="text-muted">Understood: </span>
                <strong data-testid="voice-understood">{phase.understood}</strong>
              </p>
            ) : null}
            <p className={cx('text-sm', phase.outcome.tone === 'error' ? 'text-danger' : phase.outcome.tone === 'warn' ? 'text-warning' : 'text-fg')} data-testid="voice-outcome">
              {phase.outcome.message}
            </p>
            {phase.hints.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Did you mean">
                {phase.hints.map((hint) => (
                  <li key={hint.say}>
                    <Button size="sm" variant="secondary" onClick={() => void voice.runText(hint.say, 'typed')}>
                      {hint.say}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            {phase.help ? (
              <ul className="max-h-64 space-y-1 overflow-y-auto text-sm">
                {EXAMPLE_COMMANDS.map((example) => (
                  <li key={example.say}>
                    <q className="font-medium">{example.say}</q> <span className="text-muted">— {example.does}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {phase.via === 'spoken' && voice.microphoneNote ? <MicrophoneNote note={voice.microphoneNote} /> : null}
            {phase.outcome.undo ? (
              <Button size="sm" variant="secondary" icon="undo" onClick={phase.outcome.undo}>
                Undo
              </Button>
            ) : null}
          </div>
        ) : null}

        {phase.kind === 'confirm' ? (
          <div className="space-y-3" role="group" aria-label="Confirm">
            {phase.heard ? (
              <p className="text-sm">
                <span className="text-muted">{phase.via === 'typed' ? 'Typed: ' : 'Heard: '}</span>
                <q>{phase.heard}</q>
              </p>
            ) : null}
            <p className="font-medium" data-testid="voice-question">
              {phase.question}
            </p>
            <div className="flex gap-2">
              <Button size="sm" variant="danger" onClick={() => void voice.answer(true)}>
                Yes
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void voice.answer(false)}>
                No
              </Button>
            </div>
          </div>
        ) : null}

        {phase.kind === 'error' ? (
          <div className="space-y-2">
            <p className="flex items-start gap-2 text-sm text-danger" data-testid="voice-error">
              <Icon name="alert" size={18} className="mt-0.5 shrink-0" />
              <span>{phase.message}</span>
            </p>
            <Button size="sm" variant="secondary" icon="keyboard" onClick={voice.openPalette}>
              Type a command
            </Button>
          </div>
        ) : null}

        {reading ? (
          <div className="flex items-center justify-between gap-2 border-t border-line pt-3">
            <p className="flex items-center gap-2 text-sm">
              <Icon name="volume" size={18} /> Reading aloud…
            </p>
            <Button size="sm" variant="secondary" icon="stop" onClick={voice.stopReading}>
              Stop reading
            </Button>
          </div>
        ) : null}
      </div>
      {phase.kind !== 'idle' ? <IconButton icon="close" label="Close the voice panel" className="absolute top-2 right-2 h-8 w-8" onClick={voice.dismiss} /> : null}
    </section>
  );
}

/** What the recording showed of the microphone: why speech may go unrecognised, and what helps. */
function MicrophoneNote({ note }: { note: string }) {
  return (
    <p className="flex items-start gap-2 text-xs text-muted" data-testid="voice-microphone-note">
      <Icon name="mic" size={16} className="mt-0.5 shrink-0" />
      <span>{note}</span>
    </p>
  );
}
