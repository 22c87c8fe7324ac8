import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth';
// The first pages a new visitor sees are in the main chunk: they paint without a second round trip
// (the landing page, and /connect, where a signed-out visit to any protected page lands).
import { ConnectPage } from '../features/auth/components/ConnectPage';
import { LandingPage } from '../features/landing/components/LandingPage';
import { PageSpinner } from '../shared/ui';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './layout/RootLayout';
import { RootRouteError, RouteError } from './RouteError';
import { RENDER_ERROR_PROBE_PATH, RenderErrorProbe, isRenderErrorProbeEnabled } from './testing/renderErrorProbe';

/**
 * Each page is its own chunk (React.lazy), fetched when its route first renders. The layout
 * around it (header, navigation) renders at once and a spinner stands in for the page until the
 * chunk arrives; the sign-in check never waits for a page's code. Add a page as
 *   { path: 'x', Component: page(() => import('../features/x/components/XPage'), (m) => m.XPage) },
 * (not React Router's `lazy`, which holds the whole tree, redirects included, until the chunk loads).
 */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType, fallback = <PageSpinner />): ComponentType & Preloadable {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () => (loading ??= load().then((module) => ({ default: pick(module) })));
  const Lazy = lazy(start);
  function LazyPage() {
    return (
      <Suspense fallback={fallback}>
        <Lazy />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload: () => void start() });
}

/** A lazy page or layout whose code can be fetched before it renders. */
export interface Preloadable {
  preload(): void;
}

/**
 * Starts fetching the code of every lazy page and layout a location matched, all at once: a full
 * load of /manual fetches the signed-in layout and the page together, while the session check runs,
 * instead of one after the other as each renders.
 */
export function preloadMatchedPages(matches: ReadonlyArray<{ route: { Component?: unknown } }>): void {
  for (const match of matches) {
    const component = match.route.Component as Partial<Preloadable> | undefined;
    component?.preload?.();
  }
}

const diagnostics = page(() => import('../features/diagnostics/components/DiagnosticsPage'), (m) => m.DiagnosticsPage);
// Only signed-in users need the app shell (voice, replies, the mail list's extensions).
const signedInLayout = page(
  () => import('./layout/SignedInLayout'),
  (m) => m.SignedInLayout,
  <main className="flex min-h-screen items-center justify-center">
    <PageSpinner />
  </main>,
);

/**
 * `/auth/callback` (sign-in) and `/api/gmail/oauth/callback` (Gmail consent) are the server's own
 * OAuth callbacks, so they have no route here.
 *
 * The seed's test and debug routes. They all open the one real Diagnostics page; /gmail/test is
 * also a protected route (issue 6), so it is listed with those.
 */
export const DIAGNOSTIC_PATHS = [
  '/connect/test',
  '/auth/test',
  '/oauth/test',
  '/oauth/diagnostic',
  '/oauth/debug',
  '/gmail-debug',
  '/test',
  '/gmail/debug',
] as const;

/** Old addresses that now live elsewhere. */
export const ROUTE_REDIRECTS = {
  '/dashboard-old': '/dashboard',
  '/manual-old': '/manual',
  '/manual-test': '/manual',
} as const;

export function createRoutes(): RouteObject[] {
  const publicPages: RouteObject[] = [
    { index: true, Component: LandingPage },
    { path: 'get-started', Component: page(() => import('../features/onboarding/components/GetStartedPage'), (m) => m.GetStartedPage) },
    { path: 'connect', Component: ConnectPage },
    {
      path: 'connect/success',
      Component: page(() => import('../features/onboarding/components/ConnectSuccessPage'), (m) => m.ConnectSuccessPage),
    },
    { path: 'privacy', Component: page(() => import('../features/legal/components/PrivacyPage'), (m) => m.PrivacyPage) },
    { path: 'security', Component: page(() => import('../features/legal/components/SecurityPage'), (m) => m.SecurityPage) },
    { path: 'features', Component: page(() => import('../features/overview/components/FeaturesPage'), (m) => m.FeaturesPage) },
    ...DIAGNOSTIC_PATHS.map((path) => ({ path: path.slice(1), Component: diagnostics })),
    ...(isRenderErrorProbeEnabled() ? [{ path: RENDER_ERROR_PROBE_PATH.slice(1), element: <RenderErrorProbe /> }] : []),
    // The seed: "/ and any unknown path: landing page".
    { path: '*', Component: LandingPage },
  ];

  const protectedPages: RouteObject[] = [
    { path: 'dashboard', Component: page(() => import('../features/dashboard/components/DashboardPage'), (m) => m.DashboardPage) },
    { path: 'categories', Component: page(() => import('../features/categories/components/CategoriesPage'), (m) => m.CategoriesPage) },
    { path: 'manual', Component: page(() => import('../features/categories/components/ManualPage'), (m) => m.ManualPage) },
    { path: 'manual/:categoryId', Component: page(() => import('../features/categories/components/CategoryPage'), (m) => m.CategoryPage) },
    { path: 'recovery', Component: page(() => import('../features/recovery/components/RecoveryPage'), (m) => m.RecoveryPage) },
    { path: 'settings', Component: page(() => import('../features/settings/components/SettingsPage'), (m) => m.SettingsPage) },
    { path: 'gmail-fix', Component: page(() => import('../features/gmail/components/GmailFixPage'), (m) => m.GmailFixPage) },
    { path: 'gmail/test', Component: diagnostics },
    { path: 'bundles', Component: page(() => import('../features/bundles/components/BundlesPage'), (m) => m.BundlesPage) },
    { path: 'bundles/:bundleId', Component: page(() => import('../features/bundles/components/BundlePage'), (m) => m.BundlePage) },
    { path: 'digest', Component: page(() => import('../features/digest/components/DigestPage'), (m) => m.DigestPage) },
    { path: 'unsubscribe', Component: page(() => import('../features/unsubscribe/components/UnsubscribePage'), (m) => m.UnsubscribePage) },
    { path: 'reply/voice', Component: page(() => import('../features/voice-reply/components/VoiceReplyPage'), (m) => m.VoiceReplyPage) },
    { path: 'insights', Component: page(() => import('../features/insights/components/InsightsPage'), (m) => m.InsightsPage) },
    { path: 'ops', Component: page(() => import('../features/ops/components/OpsPage'), (m) => m.OpsPage) },
    { path: 'inbox', Component: page(() => import('../features/inbox/components/InboxPage'), (m) => m.InboxPage) },
    { path: 'search', Component: page(() => import('../features/search/components/SearchPage'), (m) => m.SearchPage) },
    ...Object.entries(ROUTE_REDIRECTS).map(([from, to]) => ({ path: from.slice(1), element: <Navigate to={to} replace /> })),
  ];

  return [
    {
      element: <RootLayout />,
      errorElement: <RootRouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        // The sign-in popup's own pages: no header, they live in a small window.
        {
          path: 'auth/popup-complete',
          Component: page(() => import('../features/auth/components/PopupCompletePage'), (m) => m.PopupCompletePage),
        },
        { path: 'auth/popup-start', Component: page(() => import('../features/auth/components/PopupStartPage'), (m) => m.PopupStartPage) },
        { element: <PublicLayout />, children: [{ errorElement: <RouteError />, children: publicPages }] },
        {
          element: <RequireAuth />,
          children: [{ Component: signedInLayout, children: [{ errorElement: <RouteError />, children: protectedPages }] }],
        },
      ],
    },
  ];
}
