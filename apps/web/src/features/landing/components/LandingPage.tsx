import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, ButtonLink, Card, Icon, useDocumentTitle, type IconName } from '../../../shared/ui';
import { SignInWithGoogleButton, useAuth, useAuthFlow } from '../../auth';
import { PURGE_HOURS, UNDO_DAYS } from '../../../shared/promises';
import { ProductPreview } from './ProductPreview';

const FEATURES: Array<{ icon: IconName; title: string; body: string }> = [
  {
    icon: 'search',
    title: 'Categories you can read',
    body: 'Each category is a Gmail search, such as from:github.com is:unread. What you see is exactly what it matches.',
  },
  {
    icon: 'eyeOff',
    title: 'Read-only by default',
    body: 'Connecting asks Google for read access only. Mailroom asks for more the first time you move or trash mail, not before.',
  },
  {
    icon: 'undo',
    title: `Undo for ${UNDO_DAYS} days`,
    body: `Every bulk quarantine or delete is recorded and can be undone from Recovery for ${UNDO_DAYS} days.`,
  },
  {
    icon: 'lock',
    title: 'Your data stays yours',
    body: 'Email bodies are never stored. Export everything as JSON or delete your account from Settings at any time.',
  },
];

const STEPS = [
  { title: 'Sign in with Google', body: 'Your name and email address, nothing else.' },
  { title: 'Connect Gmail read-only', body: 'Mailroom reads message metadata to build your categories.' },
  { title: 'Define categories and clean up', body: 'Search, review, act in bulk, and undo if you change your mind.' },
];

/** `/` and every unknown path: what Mailroom is, and the way in. */
export function LandingPage() {
  useDocumentTitle('');
  const auth = useAuth();
  const navigate = useNavigate();
  const onSuccess = useCallback(() => navigate('/dashboard'), [navigate]);
  const flow = useAuthFlow({ onSuccess });

  return (
    <>
      <section className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-10 pb-16 sm:px-6 sm:pt-16 lg:grid-cols-2 lg:gap-16 lg:pt-24">
        <div className="min-w-0">
          <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent">
            <Icon name="mail" size={16} /> A self-hosted assistant for Gmail
          </p>
          <h1 className="text-4xl font-semibold tracking-tight text-fg sm:text-5xl">Your Gmail, sorted by rules you can read.</h1>
          <p className="mt-5 max-w-xl text-lg text-muted">
            Mailroom groups your mail into categories you define with Gmail’s own search language, and lets you clear them out in bulk.
            It starts read-only, never stores an email body, and every bulk action can be undone for {UNDO_DAYS} days.
          </p>
          <div className="mt-8 min-h-12">
            {auth.status === 'signed-in' ? (
              <ButtonLink to="/manual" size="lg" iconRight="arrowRight">
                Go to Dashboard
              </ButtonLink>
            ) : auth.status === 'signed-out' ? (
              <div className="flex flex-col gap-3 sm:flex-row">
                <ButtonLink to="/get-started" size="lg" iconRight="arrowRight">
                  Start Free Trial
                </ButtonLink>
                <ButtonLink to="/features" size="lg" variant="secondary">
                  Watch Demo
                </ButtonLink>
              </div>
            ) : null}
          </div>
          {auth.status === 'signed-out' ? (
            <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:items-center">
              <span className="text-sm text-muted">Already have an account?</span>
              <SignInWithGoogleButton size="md" pending={flow.pending} onClick={() => void flow.start({ kind: 'signin', returnTo: '/dashboard' })} />
            </div>
          ) : null}
          {flow.message ? (
            <Alert tone={flow.pending ? 'accent' : 'danger'} role={flow.pending ? 'status' : 'alert'} className="mt-4 max-w-xl">
              {flow.message}
            </Alert>
          ) : null}
        </div>
        <ProductPreview />
      </section>

      <section aria-labelledby="what-heading" className="border-t border-line bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h2 id="what-heading" className="text-2xl font-semibold tracking-tight text-fg">
            What Mailroom does
          </h2>
          <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((feature) => (
              <div key={feature.title} className="rounded-xl border border-line bg-canvas p-5">
                <span className="inline-flex h-10 w-10 items-center justify-center rounded-lg bg-accent-soft text-accent">
                  <Icon name={feature.icon} />
                </span>
                <h3 className="mt-4 font-semibold text-fg">{feature.title}</h3>
                <p className="mt-2 text-sm text-muted">{feature.body}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
          <div>
            <h2 id="how-heading" className="text-2xl font-semibold tracking-tight text-fg">
              How it works
            </h2>
            <p className="mt-3 text-muted">
              Mailroom runs on your own server. It talks to Gmail through Google’s API with the permissions you grant, and you can revoke them at any
              time; within {PURGE_HOURS} hours everything it stored for you is gone.
            </p>
            <p className="mt-4 text-sm">
              <Link to="/privacy" className="font-medium text-accent underline underline-offset-2 hover:no-underline">
                What Mailroom stores
              </Link>
              <span className="mx-2 text-muted" aria-hidden="true">
                ·
              </span>
              <Link to="/security" className="font-medium text-accent underline underline-offset-2 hover:no-underline">
                How it is secured
              </Link>
            </p>
          </div>
          <ol className="grid gap-4">
            {STEPS.map((step, index) => (
              <li key={step.title}>
                <Card as="div" className="flex gap-4">
                  <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent-solid text-sm font-semibold text-white">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-semibold text-fg">{step.title}</h3>
                    <p className="mt-1 text-sm text-muted">{step.body}</p>
                  </div>
                </Card>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
