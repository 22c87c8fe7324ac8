import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth';
import { PageSpinner } from '../shared/ui';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './layout/RootLayout';
import { SignedInLayout } from './layout/SignedInLayout';
import { RootRouteError, RouteError } from './RouteError';
import { RENDER_ERROR_PROBE_PATH, RenderErrorProbe, isRenderErrorProbeEnabled } from './testing/renderErrorProbe';

/** Each page is its own chunk, loaded when its route is first visited. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const landing = page(() => import('../features/landing/components/LandingPage'), (m) => m.LandingPage);
const diagnostics = page(() => import('../features/diagnostics/components/DiagnosticsPage'), (m) => m.DiagnosticsPage);

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
    { index: true, lazy: landing },
    { path: 'get-started', lazy: page(() => import('../features/onboarding/components/GetStartedPage'), (m) => m.GetStartedPage) },
    { path: 'connect', lazy: page(() => import('../features/auth/components/ConnectPage'), (m) => m.ConnectPage) },
    {
      path: 'connect/success',
      lazy: page(() => import('../features/onboarding/components/ConnectSuccessPage'), (m) => m.ConnectSuccessPage),
    },
    { path: 'privacy', lazy: page(() => import('../features/legal/components/PrivacyPage'), (m) => m.PrivacyPage) },
    { path: 'security', lazy: page(() => import('../features/legal/components/SecurityPage'), (m) => m.SecurityPage) },
    { path: 'features', lazy: page(() => import('../features/overview/components/FeaturesPage'), (m) => m.FeaturesPage) },
    ...DIAGNOSTIC_PATHS.map((path) => ({ path: path.slice(1), lazy: diagnostics })),
    ...(isRenderErrorProbeEnabled() ? [{ path: RENDER_ERROR_PROBE_PATH.slice(1), element: <RenderErrorProbe /> }] : []),
    // The seed: "/ and any unknown path: landing page".
    { path: '*', lazy: landing },
  ];

  const protectedPages: RouteObject[] = [
    { path: 'dashboard', lazy: page(() => import('../features/dashboard/components/DashboardPage'), (m) => m.DashboardPage) },
    { path: 'categories', lazy: page(() => import('../features/categories/components/CategoriesPage'), (m) => m.CategoriesPage) },
    { path: 'manual', lazy: page(() => import('../features/categories/components/ManualPage'), (m) => m.ManualPage) },
    { path: 'manual/:categoryId', lazy: page(() => import('../features/categories/components/CategoryPage'), (m) => m.CategoryPage) },
    { path: 'recovery', lazy: page(() => import('../features/recovery/components/RecoveryPage'), (m) => m.RecoveryPage) },
    { path: 'settings', lazy: page(() => import('../features/settings/components/SettingsPage'), (m) => m.SettingsPage) },
    { path: 'gmail-fix', lazy: page(() => import('../features/gmail/components/GmailFixPage'), (m) => m.GmailFixPage) },
    { path: 'gmail/test', lazy: diagnostics },
    { path: 'bundles', lazy: page(() => import('../features/bundles/components/BundlesPage'), (m) => m.BundlesPage) },
    { path: 'digest', lazy: page(() => import('../features/digest/components/DigestPage'), (m) => m.DigestPage) },
    { path: 'unsubscribe', lazy: page(() => import('../features/unsubscribe/components/UnsubscribePage'), (m) => m.UnsubscribePage) },
    { path: 'reply/voice', lazy: page(() => import('../features/voice-reply/components/VoiceReplyPage'), (m) => m.VoiceReplyPage) },
    { path: 'insights', lazy: page(() => import('../features/insights/components/InsightsPage'), (m) => m.InsightsPage) },
    { path: 'ops', lazy: page(() => import('../features/ops/components/OpsPage'), (m) => m.OpsPage) },
    { path: 'inbox', lazy: page(() => import('../features/inbox/components/InboxPage'), (m) => m.InboxPage) },
    { path: 'search', lazy: page(() => import('../features/search/components/SearchPage'), (m) => m.SearchPage) },
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
          lazy: page(() => import('../features/auth/components/PopupCompletePage'), (m) => m.PopupCompletePage),
        },
        { path: 'auth/popup-start', lazy: page(() => import('../features/auth/components/PopupStartPage'), (m) => m.PopupStartPage) },
        { element: <PublicLayout />, children: [{ errorElement: <RouteError />, children: publicPages }] },
        {
          element: <RequireAuth />,
          children: [{ element: <SignedInLayout />, children: [{ errorElement: <RouteError />, children: protectedPages }] }],
        },
      ],
    },
  ];
}
