import { Outlet, ScrollRestoration } from 'react-router';
import { useRedirectResult } from '../../features/auth';
import { Alert, PageSpinner } from '../../shared/ui';

/** Above every page: scroll restoration and the check of a redirect sign-in's result. */
export function RootLayout() {
  const redirect = useRedirectResult();
  return (
    <>
      <ScrollRestoration />
      {redirect.kind === 'continuing' ? (
        <main className="flex min-h-screen items-center justify-center">
          <PageSpinner label="Signed in. Opening Gmail’s consent page…" />
        </main>
      ) : (
        <>
          {redirect.kind === 'failed' ? (
            <div className="mx-auto max-w-3xl px-4 pt-4">
              <Alert tone="danger" role="alert" title="Could not open Gmail’s consent page">
                {redirect.message}
              </Alert>
            </div>
          ) : null}
          <Outlet />
        </>
      )}
    </>
  );
}
