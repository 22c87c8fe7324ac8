import type { ReactNode } from 'react';
import { ButtonLink } from './Button';
import { Card } from './Card';
import { Icon, type IconName } from './Icon';
import { Page } from './Page';

interface FeatureUnavailableProps {
  title: string;
  icon: IconName;
  /** What the feature does, in one or two plain sentences. */
  summary: ReactNode;
  /** What the user can do today instead. */
  alternatives?: Array<{ to: string; label: string }>;
}

/**
 * The honest state of a page whose feature has not been built on this server yet: it says so,
 * says what the feature will do, and shows no sample or made-up data.
 */
export function FeatureUnavailable({ title, icon, summary, alternatives = [{ to: '/dashboard', label: 'Back to dashboard' }] }: FeatureUnavailableProps) {
  return (
    <Page title={title}>
      <Card className="flex flex-col items-center px-6 py-12 text-center sm:py-16" aria-labelledby="unavailable-heading">
        <span className="mb-4 inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <Icon name={icon} size={28} />
        </span>
        <h2 id="unavailable-heading" className="text-lg font-semibold text-fg">
          Not available on this server yet
        </h2>
        <p className="mt-2 max-w-lg text-sm text-muted">{summary}</p>
        <p className="mt-2 max-w-lg text-sm text-muted">
          This version of Mailroom does not include it, so there is nothing to show here. Nothing in your mailbox is read or changed by this page.
        </p>
        {alternatives.length > 0 ? (
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            {alternatives.map((alt, index) => (
              <ButtonLink key={alt.to} to={alt.to} variant={index === 0 ? 'primary' : 'secondary'}>
                {alt.label}
              </ButtonLink>
            ))}
          </div>
        ) : null}
      </Card>
    </Page>
  );
}
