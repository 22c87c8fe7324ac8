import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../shared/ui';
import { safeReturnTo } from '../api/paths';

/**
 * /auth/callback: where a redirect sign-in may come back to. It hands the result on: success to
 * `returnTo` (same-origin only) or /connect/success, failure to /connect, which explains it.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();

  useEffect(() => {
    const status = params.get('signin') ?? params.get('status');
    if (status === 'success') {
      const target = safeReturnTo(params.get('returnTo'), '/connect/success');
      const url = new URL(target, window.location.origin);
      url.searchParams.set('signin', 'success');
      navigate(`${url.pathname}${url.search}${url.hash}`, { replace: true });
      return;
    }
    const next = new URLSearchParams({ signin: 'error' });
    next.set('code', params.get('code') ?? params.get('error') ?? 'unknown');
    const message = params.get('message') ?? params.get('error_description');
    if (message) next.set('message', message);
    navigate(`/connect?${next.toString()}`, { replace: true });
  }, [navigate, params]);

  return <PageSpinner label="Completing sign-in…" />;
}
