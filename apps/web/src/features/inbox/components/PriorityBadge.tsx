import type { InboxEmail } from '@mailroom/contract';
import { cx } from '../../../shared/ui';

/**
 * A row's score, 0–100: filled for Important, outlined for Other. Hovering shows the reason (the
 * row also shows it under the subject, so keyboard and touch users read it without hovering);
 * a screen reader hears "priority 87, important".
 */
export function PriorityBadge({ priority }: { priority: InboxEmail['priority'] }) {
  const side = priority.important ? 'important' : 'other';
  return (
    <span
      title={`Priority ${priority.score} of 100 (${side}): ${priority.reason}`}
      data-testid="priority-badge"
      data-score={priority.score}
      className={cx(
        'inline-flex h-5 min-w-8 items-center justify-center rounded-full px-1.5 text-xs font-semibold tabular-nums',
        priority.important ? 'bg-accent-solid text-white' : 'border border-line text-muted',
      )}
    >
      <span aria-hidden="true">{priority.score}</span>
      <span className="sr-only">
        , priority {priority.score}, {side}
      </span>
    </span>
  );
}
