import { Link } from 'react-router';
import { UNDO_DAYS } from '../../../shared/promises';
import { ButtonLink, Card, Icon, Page, PageSpinner, type IconName } from '../../../shared/ui';
import { greetingName, useAuth } from '../../auth';

const SECTIONS: Array<{ to: string; title: string; body: string; icon: IconName }> = [
  {
    to: '/inbox',
    title: 'Inbox Flow',
    body: 'Your inbox ordered by what matters, with a priority score on every message.',
    icon: 'inbox',
  },
  {
    to: '/manual',
    title: 'Manual Categories',
    body: `Groups of mail you define with Gmail searches, with bulk quarantine and delete you can undo for ${UNDO_DAYS} days.`,
    icon: 'tag',
  },
];

/** /features: signed out, "Sign In Required"; signed in, a greeting and the two ways to work with mail. */
export function FeaturesPage() {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner />;

  if (auth.status === 'signed-out') {
    return (
      <Page title="Sign In Required" width="narrow">
        <Card className="text-center">
          <span className="mx-auto mb-4 inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-accent-soft text-accent">
            <Icon name="lock" size={26} />
          </span>
          <p className="text-base text-muted">Sign in to see what Mailroom can do with your own mail.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/connect?returnTo=%2Ffeatures" size="lg">
              Sign in
            </ButtonLink>
            <ButtonLink to="/get-started" size="lg" variant="secondary">
              Get started
            </ButtonLink>
          </div>
        </Card>
      </Page>
    );
  }

  return (
    <Page title={`Welcome, ${greetingName(auth.user)}`} description="Choose how you want to work through your mail.">
      <div className="grid gap-5 md:grid-cols-2">
        {SECTIONS.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            className="group rounded-xl border border-line bg-surface p-6 shadow-sm transition-colors hover:border-accent"
          >
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
              <Icon name={section.icon} size={22} />
            </span>
            <h2 className="mt-4 flex items-center gap-2 text-lg font-semibold text-fg">
              {section.title}
              <Icon name="arrowRight" size={18} className="text-muted transition-transform group-hover:translate-x-0.5" />
            </h2>
            <p className="mt-2 text-sm text-muted">{section.body}</p>
          </Link>
        ))}
      </div>
    </Page>
  );
}
