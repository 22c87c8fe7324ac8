import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../../shared/ui';

export function LegalSection({ id, icon, title, children }: { id: string; icon: IconName; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-line py-8 first:border-t-0 first:pt-0">
      <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-fg">
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
          <Icon name={icon} size={18} />
        </span>
        {title}
      </h2>
      <div className="mt-4 space-y-3 text-base leading-relaxed text-muted [&_strong]:text-fg [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}
