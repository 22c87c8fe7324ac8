import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../../shared/ui';
import { useAuth } from '../hooks/useAuth';

/**
 * Guards the protected routes: while the session loads, the loading spinner; signed out, to
 * /connect with the way back in `returnTo`; signed in, the page.
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner label="Checking your sign-in…" />;
  if (auth.status === 'signed-out') {
    const returnTo = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/connect?${new URLSearchParams({ returnTo }).toString()}`} replace />;
  }
  return <Outlet />;
}
