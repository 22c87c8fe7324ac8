import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react-dom';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button, Icon } from '../../../shared/ui';
import type { TourStep } from '../tourSteps';

interface TourProps {
  steps: readonly TourStep[];
  onSkip: () => void;
  onFinish: () => void;
}

const HIGHLIGHT = ['ring-2', 'ring-accent-solid', 'ring-offset-2', 'ring-offset-canvas', 'relative', 'z-10'];

/**
 * A forward-only guided tour. Each step sits next to the element it explains (found by its
 * `data-tour` attribute), which is highlighted and scrolled into view. Escape or the secondary
 * button skips; the last primary button finishes.
 */
export function Tour({ steps, onSkip, onFinish }: TourProps) {
  const [index, setIndex] = useState(0);
  const step = steps[index];
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const {
    refs: { setReference, setFloating },
    floatingStyles,
    isPositioned,
  } = useFloating({
    placement: step?.placement ?? 'bottom',
    strategy: 'fixed',
    middleware: [
      offset(12),
      flip({ padding: 12 }),
      shift({ padding: 12 }),
      size({
        padding: 12,
        apply({ availableWidth, elements }) {
          elements.floating.style.maxWidth = `${Math.min(360, availableWidth)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });

  useLayoutEffect(() => {
    if (!step) return;
    const anchor = document.querySelector<HTMLElement>(`[data-tour="${step.anchor}"]`);
    setReference(anchor);
    if (!anchor) return;
    anchor.classList.add(...HIGHLIGHT);
    anchor.scrollIntoView({ block: 'center', behavior: 'auto' });
    return () => anchor.classList.remove(...HIGHLIGHT);
  }, [step, setReference]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [index]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onSkip();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onSkip]);

  if (!step) return null;
  const last = index === steps.length - 1;

  return (
    <div
      ref={setFloating}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="tour-step"
      style={{ ...floatingStyles, visibility: isPositioned ? 'visible' : 'hidden' }}
      className="z-30 w-[22.5rem] rounded-2xl border border-line bg-surface p-5 text-fg shadow-2xl"
    >
      <p className="text-xs font-medium text-muted">
        Step {index + 1} of {steps.length}
      </p>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="mt-1 text-base font-semibold outline-none">
        {step.title}
      </h2>
      <p className="mt-2 text-sm text-fg">{step.body}</p>
      <p className="mt-3 flex items-start gap-2 text-sm text-success">
        <Icon name="shield" size={16} className="mt-0.5 shrink-0" />
        <span data-testid="tour-microtrust">{step.microtrust}</span>
      </p>
      <p className="mt-2 text-xs text-muted" data-testid="tour-hint">
        {step.hint}
      </p>
      <div className="mt-4 flex items-center justify-between gap-2">
        <div className="flex gap-1" aria-hidden="true">
          {steps.map((s, i) => (
            <span key={s.anchor} className={`h-1.5 w-4 rounded-full ${i <= index ? 'bg-accent-solid' : 'bg-line'}`} />
          ))}
        </div>
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onSkip}>
            {step.secondary}
          </Button>
          <Button size="sm" onClick={() => (last ? onFinish() : setIndex(index + 1))}>
            {step.primary}
          </Button>
        </div>
      </div>
    </div>
  );
}
