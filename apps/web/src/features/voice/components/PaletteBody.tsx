import { parseVoiceCommand } from '@mailroom/intelligence/voice';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useCategories } from '../../categories';
import { useVoice } from '../hooks/useVoice';
import { describeCommand, EXAMPLE_COMMANDS } from '../lib/describe';

/** The palette's input and live preview (loaded with the parser when the palette first opens). */
export default function PaletteBody() {
  const voice = useVoice();
  const categories = useCategories();
  const [text, setText] = useState('');
  const inputId = useId();
  const previewId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The dialog opened for this: typing starts at once. After the dialog's own focusing (showModal
  // puts the focus on its first control, Close), which runs after this component's first effects.
  useEffect(() => {
    const timer = window.setTimeout(() => input.current?.focus(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  const names = useMemo(() => (categories.data ?? []).map((c) => c.name), [categories.data]);
  const parsed = useMemo(() => (text.trim() ? parseVoiceCommand(text, { categories: names }) : null), [text, names]);

  const run = (command: string) => {
    voice.closePalette();
    void voice.runText(command, 'typed');
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) run(text);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Command
      </label>
      <input
        id={inputId}
        ref={input}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={previewId}
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. archive this message"
        data-testid="command-input"
        className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-fg placeholder:text-muted focus:outline-2 focus:outline-accent"
      />
      <div id={previewId} aria-live="polite" className="mt-3 min-h-6 text-sm">
        {parsed === null ? (
          <ul className="space-y-1 text-muted">
            {EXAMPLE_COMMANDS.slice(0, 6).map((example) => (
              <li key={example.say}>
                <q className="text-fg">{example.say}</q> — {example.does}
              </li>
            ))}
          </ul>
        ) : parsed.intent === 'unknown' ? (
          <div>
            <p className="text-warning">Not a command Mailroom knows.{parsed.hints.length ? ' Did you mean:' : ''}</p>
            <ul className="mt-2 flex flex-wrap gap-2">
              {parsed.hints.map((hint) => (
                <li key={hint.say}>
                  <button type="button" className="rounded-lg border border-line px-2 py-1 text-fg hover:bg-surface-2" onClick={() => run(hint.say)}>
                    {hint.say}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p>
            <span className="text-muted">Enter to run: </span>
            <strong data-testid="command-preview">{describeCommand(parsed.intent, parsed.slots)}</strong>
          </p>
        )}
      </div>
    </form>
  );
}
