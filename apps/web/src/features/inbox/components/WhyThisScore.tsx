import { useState } from 'react';
import { describeError, failureReason } from '../../../shared/api';
import { Alert, Button, Icon, Spinner, cx, useToast } from '../../../shared/ui';
import type { ReadingPaneSectionProps } from '../../mail';
import { useExplanation, useRecordFeedback } from '../api/inbox';

/**
 * "Why is this here?" in every reading pane: the message's score against the user's line, the
 * reasons that moved it most (up or down), and feedback that teaches the model at once without
 * changing the message in Gmail ("More important" / "Less important").
 */
export function WhyThisScore({ messageId }: ReadingPaneSectionProps) {
  const explanation = useExplanation(messageId);
  const feedback = useRecordFeedback();
  const toast = useToast();
  // The last mark taught from here, which "Undo" takes back (the model un-learns it).
  const [taught, setTaught] = useState<{ messageId: string; action: 'important' | 'not_important' } | null>(null);
  // A mailbox that is not connected has no scores; the pane says nothing about priority then.
  if (explanation.isError && failureReason(explanation.error) === 'GMAIL_NOT_CONNECTED') return null;

  const teach = (action: 'important' | 'not_important') =>
    feedback.mutate(
      { messageId, action },
      {
        onSuccess: (result) => {
          setTaught({ messageId, action });
          toast.show({
            title: action === 'important' ? 'Learned: more important' : 'Learned: less important',
            description: result.effect ?? `This message now scores ${result.score} (${result.important ? 'Important' : 'Other'}).`,
            tone: 'success',
          });
        },
      },
    );
  const takeBack = (action: 'important' | 'not_important') =>
    feedback.mutate(
      { messageId, action, undo: true },
      {
        onSuccess: (result) => {
          setTaught(null);
          toast.show({ title: 'Taken back', description: `The model forgot it; this message scores ${result.score} (${result.important ? 'Important' : 'Other'}).`, tone: 'success' });
        },
      },
    );
  const undoable = taught?.messageId === messageId ? taught.action : null;

  return (
    <section aria-labelledby={`why-${messageId}`} className="mb-4 rounded-lg border border-line bg-surface-2 p-3" data-testid="why-this-score">
      <h3 id={`why-${messageId}`} className="flex items-center gap-2 text-sm font-semibold text-fg">
        <Icon name="sparkle" size={16} className="text-accent" />
        Why is this here?
      </h3>
      {explanation.isPending ? (
        <div className="py-2 text-accent">
          <Spinner size={18} label="Working out why…" />
        </div>
      ) : explanation.isError ? (
        <Alert tone="danger" title="Could not explain this score" className="mt-2">
          {describeError(explanation.error)}
        </Alert>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Priority <strong className="text-fg tabular-nums">{explanation.data.score}</strong> of 100:{' '}
            {explanation.data.important ? 'Important' : 'Other'} (your line is at {explanation.data.threshold}
            {explanation.data.learnedActions > 0 ? `, learned from ${explanation.data.learnedActions.toLocaleString('en')} of your actions` : ', before learning from you'}).
          </p>
          <ul className="mt-2 space-y-1" aria-label="What moved the score">
            {explanation.data.contributions.map((c) => (
              <li key={`${c.reason}-${c.text}`} className="flex items-start gap-2 text-sm text-fg">
                {/* Weight 0: a fact the model read that moved nothing (a cold start's "No earlier mail from Bob"). */}
                <span aria-hidden="true" className={cx('mt-0.5 w-3 shrink-0 text-center font-bold', c.weight > 0 ? 'text-success' : c.weight < 0 ? 'text-danger' : 'text-muted')}>
                  {c.weight > 0 ? '↑' : c.weight < 0 ? '↓' : '·'}
                </span>
                <span className={c.weight === 0 ? 'text-muted' : undefined} data-effect={c.weight > 0 ? 'raised' : c.weight < 0 ? 'lowered' : 'none'}>
                  <span className="sr-only">{c.weight > 0 ? 'Raised it: ' : c.weight < 0 ? 'Lowered it: ' : 'No effect: '}</span>
                  {c.text}
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" icon="arrowRight" className="[&_svg]:-rotate-90" disabled={feedback.isPending} onClick={() => teach('important')}>
              More important
            </Button>
            <Button variant="secondary" size="sm" icon="arrowRight" className="[&_svg]:rotate-90" disabled={feedback.isPending} onClick={() => teach('not_important')}>
              Less important
            </Button>
            {undoable ? (
              <Button variant="ghost" size="sm" icon="undo" disabled={feedback.isPending} onClick={() => takeBack(undoable)}>
                Undo “{undoable === 'important' ? 'More important' : 'Less important'}”
              </Button>
            ) : null}
          </div>
          {feedback.isError ? (
            <p role="alert" className="mt-2 text-sm text-danger">
              {describeError(feedback.error)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
