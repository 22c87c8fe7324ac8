import { cx } from './cx';

interface SpinnerProps {
  size?: number;
  /** Read out to assistive technology; ignored when decorative. */
  label?: string;
  /** Inside a control that already says it is busy. */
  decorative?: boolean;
  className?: string;
}

/** The loading spinner. Announces itself as a status unless it is decorative. */
export function Spinner({ size = 24, label = 'Loading…', decorative = false, className }: SpinnerProps) {
  const circle = (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" aria-hidden="true" className="animate-spin">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return <span className={cx('inline-flex', className)}>{circle}</span>;
  return (
    <span role="status" className={cx('inline-flex items-center gap-2', className)}>
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a whole page or pane while it loads. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-accent" data-testid="page-spinner">
      <Spinner size={36} label={label} />
    </div>
  );
}
