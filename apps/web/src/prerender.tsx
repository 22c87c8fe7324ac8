import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { RequireAuth } from './features/auth';
import { createRoutes } from './app/router';
import { createQueryClient } from './shared/api';
import { ToastProvider } from './shared/ui';

/**
 * The pages whose first paint the build prerenders (build/prerender.ts), as a signed-out visitor
 * first sees them. `query` lists the query parameters the page's first render depends on (by
 * presence only): the server sends a prerendered file only when the request has exactly those.
 */
export const PRERENDERED_PAGES = [
  { path: '/', query: [], file: 'landing.html' },
  // Where a signed-out visit to a protected page lands (the server redirects there at once).
  { path: '/connect', query: [], file: 'connect.html' },
  { path: '/connect', query: ['returnTo'], file: 'connect-return.html' },
] as const;

/**
 * The page at `url` as the browser first renders it (the sign-in check still under way), as HTML
 * for index.html's #root; main.tsx hydrates it. No hydration data is inlined: the CSP allows no
 * inline script, and these routes load no data.
 */
export async function prerender(url: string): Promise<string> {
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerendering ${url} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** Every path pattern under RequireAuth (`/manual/:categoryId` style): the server sends signed-out visits to /connect itself. */
export function protectedPathPatterns(routes: RouteObject[] = createRoutes()): string[] {
  const found: string[] = [];
  const walk = (list: RouteObject[], base: string, inside: boolean) => {
    for (const route of list) {
      const isGuard = typeof route.element === 'object' && route.element !== null && 'type' in route.element && route.element.type === RequireAuth;
      const full = route.path ? `${base.replace(/\/$/, '')}/${route.path}` : base;
      if ((inside || isGuard) && route.path) found.push(full);
      if (route.children) walk(route.children, full, inside || isGuard);
    }
  };
  walk(routes, '/', false);
  return found;
}
