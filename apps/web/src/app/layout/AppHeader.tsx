import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../../features/auth';
import { ButtonLink, cx } from '../../shared/ui';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { APP_NAV, PUBLIC_NAV } from './navigation';

// Signed-in controls load on demand, so the public pages' first download stays small.
const HeaderSearch = lazy(async () => ({ default: (await import('./SignedInTools')).HeaderSearch }));
const HeaderAccountTools = lazy(async () => ({ default: (await import('./SignedInTools')).HeaderAccountTools }));

/**
 * The app shell's header: the mark, the public pages or the app menu, and who is signed in.
 * `app` is the signed-in layout (its navigation lives in the sidebar on wide screens).
 */
export function AppHeader({ variant }: { variant: 'public' | 'app' }) {
  const auth = useAuth();
  const signedIn = auth.status === 'signed-in';
  const mobileSections =
    variant === 'app'
      ? APP_NAV
      : [
          {
            label: 'Pages',
            items: signedIn
              ? [{ to: '/dashboard', label: 'Dashboard', icon: 'grid' as const }, ...PUBLIC_NAV]
              : [...PUBLIC_NAV, { to: '/connect', label: 'Sign in', icon: 'user' as const }],
          },
        ];

  return (
    <header className="sticky top-0 z-20 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className={cx('mx-auto flex h-16 items-center gap-2 px-3 sm:px-6', variant === 'public' && 'max-w-7xl')}>
        <MobileNav sections={mobileSections} />
        <Logo />
        {variant === 'app' && signedIn ? (
          <div className="ml-1 flex min-w-0 flex-1 sm:ml-6">
            <Suspense fallback={null}>
              <HeaderSearch />
            </Suspense>
          </div>
        ) : null}
        {variant === 'public' ? (
          <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
            {PUBLIC_NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cx('rounded-lg px-3 py-2 text-sm font-medium', isActive ? 'text-accent' : 'text-muted hover:bg-surface-2 hover:text-fg')
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : null}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {auth.status === 'signed-out' ? (
            <>
              <span className="hidden sm:block">
                <ButtonLink to="/connect" variant="ghost">
                  Sign in
                </ButtonLink>
              </span>
              <ButtonLink to="/get-started">Get started</ButtonLink>
            </>
          ) : null}
          {auth.status === 'signed-in' ? (
            <>
              {variant === 'public' ? (
                <span className="hidden sm:block">
                  <ButtonLink to="/dashboard" variant="secondary">
                    Dashboard
                  </ButtonLink>
                </span>
              ) : null}
              <Suspense fallback={<span className="h-10 w-10" aria-hidden="true" />}>
                <HeaderAccountTools user={auth.user} variant={variant} />
              </Suspense>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
