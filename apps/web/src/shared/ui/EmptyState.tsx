import type { ReactNode } from 'react';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';

interface EmptyStateProps {
  icon?: IconName;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Heading level that fits the page outline. */
  level?: 2 | 3;
  className?: string;
}

/** What a pane shows when it has nothing to show, saying why and what to do next. */
export function EmptyState({ icon = 'inbox', title, children, action, level = 3, className }: EmptyStateProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={cx('flex flex-col items-center px-4 py-8 text-center', className)}>
      <span className="mb-3 inline-flex h-12 w-12 items-center justify-center rounded-full bg-surface-2 text-muted">
        <Icon name={icon} size={24} />
      </span>
      <Heading className="text-base font-semibold text-fg">{title}</Heading>
      {children ? <div className="mt-1 max-w-md text-sm text-muted">{children}</div> : null}
      {action ? <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
