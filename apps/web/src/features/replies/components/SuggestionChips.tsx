import { cx } from '../../../shared/ui';
import type { ReplyComposer } from '../hooks/useReplyComposer';

const STANCE_LABEL = { accept: 'Yes', decline: 'No', ask: 'Ask' } as const;

/**
 * The three suggested replies as chips: each shows its words (without greeting and sign-off)
 * and puts the whole reply, in the user's style, into the editor. Nothing while they load or
 * when the message deserves none (a newsletter): no spinner, no empty frame.
 */
export function SuggestionChips({ composer, className, oneLineOnPhones = false }: { composer: ReplyComposer; className?: string; oneLineOnPhones?: boolean }) {
  const data = composer.suggestions.data;
  if (!data || !data.trigger || data.suggestions.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Suggested replies"
      className={cx(
        'flex gap-2',
        // On a phone one line that scrolls sideways keeps the message itself high on the screen.
        oneLineOnPhones ? 'max-sm:-mx-1 max-sm:overflow-x-auto max-sm:px-1 max-sm:pb-1 sm:flex-wrap' : 'flex-wrap',
        className,
      )}
      data-testid="suggestions"
    >
      {data.suggestions.map((suggestion, index) => (
        <button
          key={`${suggestion.stance}-${index}`}
          type="button"
          className={cx(
            'rounded-full border border-accent/40 bg-accent-soft px-3 py-1.5 text-left text-sm text-fg hover:border-accent hover:bg-surface',
            oneLineOnPhones ? 'max-sm:shrink-0 max-sm:whitespace-nowrap sm:max-w-full' : 'max-w-full',
            composer.draft?.fromSuggestion?.text === suggestion.text && 'border-accent ring-1 ring-accent',
          )}
          title={suggestion.text}
          aria-label={`${STANCE_LABEL[suggestion.stance]}: ${suggestion.body}`}
          onClick={() => composer.chooseSuggestion(index)}
          data-testid="suggestion-chip"
        >
          <span className={oneLineOnPhones ? 'sm:line-clamp-2' : 'line-clamp-2'}>{suggestion.body}</span>
        </button>
      ))}
    </div>
  );
}
