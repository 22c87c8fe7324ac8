import type { ReactNode } from 'react';
import { Icon, useDocumentTitle } from '../../../shared/ui';

/** The bare frame of the sign-in popup's own pages (no app header: it is a small window). */
export function PopupFrame({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-2xl border border-line bg-surface p-6 text-center shadow-sm">
        <span className="mx-auto mb-3 inline-flex h-10 w-10 items-center justify-center rounded-xl bg-accent-soft text-accent">
          <Icon name="mail" size={22} />
        </span>
        <h1 className="text-lg font-semibold text-fg">{title}</h1>
        <div className="mt-3 text-sm text-muted">{children}</div>
      </div>
    </main>
  );
}
