import type { ReactNode } from 'react';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';
import type { Tone } from './Badge';

const STYLES: Record<Exclude<Tone, 'neutral'>, { box: string; icon: IconName }> = {
  accent: { box: 'border-accent/30 bg-accent-soft', icon: 'info' },
  success: { box: 'border-success/30 bg-success-soft', icon: 'checkCircle' },
  warning: { box: 'border-warning/30 bg-warning-soft', icon: 'alert' },
  danger: { box: 'border-danger/30 bg-danger-soft', icon: 'alert' },
};

const TEXT: Record<Exclude<Tone, 'neutral'>, string> = {
  accent: 'text-accent',
  success: 'text-success',
  warning: 'text-warning',
  danger: 'text-danger',
};

interface AlertProps {
  tone?: Exclude<Tone, 'neutral'>;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** `alert` interrupts a screen reader (errors the user just caused); `status` waits politely. */
  role?: 'alert' | 'status' | 'note';
  className?: string;
}

/** An inline message about the page's state: an error, a warning, a confirmation. */
export function Alert({ tone = 'accent', title, children, action, role, className }: AlertProps) {
  const style = STYLES[tone];
  return (
    <div role={role === 'note' ? undefined : role} className={cx('flex gap-3 rounded-lg border p-4 text-sm', style.box, className)}>
      <Icon name={style.icon} className={cx('mt-0.5 shrink-0', TEXT[tone])} />
      <div className="min-w-0 flex-1 text-fg">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={cx(title ? 'mt-1' : undefined, 'break-words')}>{children}</div> : null}
        {action ? <div className="mt-3 flex flex-wrap gap-2">{action}</div> : null}
      </div>
    </div>
  );
}
