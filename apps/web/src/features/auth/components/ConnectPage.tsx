import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, ButtonLink, Card, Icon, Page } from '../../../shared/ui';
import { safeReturnTo } from '../api/paths';
import { setPrefersRedirect } from '../api/storage';
import { greetingName, useAuth } from '../hooks/useAuth';
import { useAuthFlow } from '../hooks/useAuthFlow';
import { useRedirectError } from '../hooks/useRedirectResult';
import { AUTH_MESSAGES } from '../messages';
import { SignInWithGoogleButton } from './SignInWithGoogleButton';

/** /connect: Sign in with Google; afterwards back to where the user was going, else /features. */
export function ConnectPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'), '/features');
  const redirectError = useRedirectError();
  const onSuccess = useCallback(() => navigate(returnTo, { replace: true }), [navigate, returnTo]);
  const flow = useAuthFlow({ onSuccess });
  const message = flow.message ?? (flow.pending ? null : redirectError);
  const isInfo = message === AUTH_MESSAGES.popupBlocked;

  return (
    <Page title="Sign in" width="narrow">
      <Card className="mx-auto max-w-md text-center">
        <span className="mx-auto mb-4 inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-accent-soft text-accent">
          <Icon name="mail" size={26} />
        </span>
        {auth.status === 'signed-in' ? (
          <>
            <h2 className="text-lg font-semibold">You are signed in</h2>
            <p className="mt-2 text-sm text-muted">
              Signed in as <strong className="text-fg">{auth.user.email}</strong>. Welcome back, {greetingName(auth.user)}.
            </p>
            <ButtonLink to={returnTo} className="mt-6 w-full" size="lg" iconRight="arrowRight">
              Continue
            </ButtonLink>
          </>
        ) : (
          <>
            <h2 className="text-lg font-semibold">Sign in with your Google account</h2>
            <p className="mt-2 text-sm text-muted">
              {params.get('returnTo') ? 'Sign in to continue where you were going. ' : ''}
              Signing in shares only your name and email address. Reading Gmail is a separate step you choose later.
            </p>
            {message ? (
              <Alert tone={isInfo ? 'accent' : 'danger'} role={isInfo ? 'status' : 'alert'} className="mt-5 text-left">
                {message}
              </Alert>
            ) : null}
            <SignInWithGoogleButton
              className="mt-6 w-full"
              pending={flow.pending}
              onClick={() => void flow.start({ kind: 'signin', returnTo })}
            />
            <p className="mt-4 text-sm text-muted">
              Popups blocked?{' '}
              <button
                type="button"
                className="font-medium text-accent underline underline-offset-2 hover:no-underline"
                onClick={() => {
                  setPrefersRedirect(true);
                  void flow.start({ kind: 'signin', returnTo });
                }}
              >
                Sign in in this window instead
              </button>
            </p>
          </>
        )}
      </Card>
      <p className="mx-auto mt-6 max-w-md text-center text-sm text-muted">
        New to Mailroom? <Link className="font-medium text-accent underline underline-offset-2 hover:no-underline" to="/get-started">See how it works and connect Gmail</Link>
      </p>
    </Page>
  );
}
