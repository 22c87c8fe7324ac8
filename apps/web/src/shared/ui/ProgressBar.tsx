import { cx } from './cx';

interface ProgressBarProps {
  /** 0–100, or null for "working, amount unknown". */
  value: number | null;
  label: string;
  /** Text read out instead of the bare percentage. */
  valueText?: string;
  className?: string;
  tone?: 'accent' | 'success';
}

export function ProgressBar({ value, label, valueText, className, tone = 'accent' }: ProgressBarProps) {
  const clamped = value === null ? null : Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped ?? undefined}
      aria-valuetext={valueText}
      className={cx('h-2.5 w-full overflow-hidden rounded-full bg-surface-2', className)}
    >
      <div
        className={cx(
          'h-full rounded-full transition-[width] duration-500 ease-out',
          tone === 'success' ? 'bg-success' : 'bg-accent-solid',
          clamped === null && 'w-1/3 animate-pulse',
        )}
        style={clamped === null ? undefined : { width: `${clamped}%` }}
      />
    </div>
  );
}
