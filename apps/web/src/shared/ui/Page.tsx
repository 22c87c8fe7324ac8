import { useEffect, type ReactNode } from 'react';
import { cx } from './cx';

/** Sets the document title for the current page: "<page> · Mailroom". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Mailroom` : 'Mailroom';
  }, [title]);
}

interface PageProps {
  /** The page's one h1, also used for the document title. */
  title: string;
  description?: ReactNode;
  /** Small label above the title (e.g. a section name). */
  eyebrow?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  width?: 'narrow' | 'default' | 'wide';
  className?: string;
}

const WIDTHS = { narrow: 'max-w-2xl', default: 'max-w-5xl', wide: 'max-w-7xl' };

/** The standard page frame: heading, optional description and actions, then content. */
export function Page({ title, description, eyebrow, actions, children, width = 'default', className }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={cx('mx-auto w-full px-4 py-6 sm:px-6 sm:py-10', WIDTHS[width], className)}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
        <div className="min-w-0">
          {eyebrow ? <p className="mb-1 text-sm font-medium text-accent">{eyebrow}</p> : null}
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{title}</h1>
          {description ? <div className="mt-2 max-w-2xl text-base text-muted">{description}</div> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
