import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths the SPA must never shadow: they belong to the API and the operational endpoints. */
const SERVER_PREFIXES = ['/api/', '/idp/', '/auth/callback', '/sandbox/', '/healthz', '/readyz', '/metrics'];

/** What the web build says about its pages (apps/web/build/prerender.ts writes it as pages.json). */
interface PagesManifest {
  /** Prerendered first paints: sent for `path` when the request's query parameters are exactly `query`. */
  pages: Array<{ path: string; query: string[]; file: string }>;
  /** Route patterns (`/manual/:categoryId`) that need a signed-in user. */
  protected: string[];
}

function readManifest(distDir: string): PagesManifest {
  const file = path.join(distDir, 'pages.json');
  if (!fs.existsSync(file)) return { pages: [], protected: [] };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PagesManifest;
}

/** `/manual/:categoryId` -> a RegExp for that path (a `*` segment matches the rest). */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export interface SpaOptions {
  /** Whether the request carries a live session (the same check as GET /api/auth/session). */
  isSignedIn?: (request: FastifyRequest) => Promise<boolean>;
}

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is never cached.
 * Any other GET that is not an API path returns index.html (history fallback), so the SPA's
 * router decides what to show, including the landing page for unknown paths.
 *
 * The build is pre-compressed (apps/web/build/precompress.ts writes `.br` and `.gz` beside each
 * file): the brotli or gzip copy is sent as it is when the request's Accept-Encoding allows it,
 * with Content-Encoding and `Vary: Accept-Encoding` (RFC 9110 §8.4, §12.5.5), so shared caches
 * keep the variants apart. Small files have no copy and go out unencoded.
 *
 * The first minute: `/` and `/connect` are sent prerendered (they paint before any script runs),
 * and a signed-out request for a protected page is redirected to /connect here, in one response,
 * instead of after the app has loaded and asked for the session. The app's own guard
 * (RequireAuth) still covers navigation inside the app.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, options: SpaOptions = {}): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const manifest = built ? readManifest(distDir) : { pages: [], protected: [] };
  const protectedPaths = manifest.protected.map(patternToRegExp);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    const pathname = url.pathname;
    const isServerPath = SERVER_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath;
    if (!wantsPage) {
      return reply.code(404).send({ error: { status: 'NOT_FOUND', message: `${request.method} ${pathname} not found` } });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build` (npm start does this for you).');
    }
    if (options.isSignedIn && protectedPaths.some((pattern) => pattern.test(pathname)) && !(await options.isSignedIn(request))) {
      const returnTo = `${pathname}${url.search}`;
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/connect?${new URLSearchParams({ returnTo }).toString()}`, 302);
    }
    const query = [...new Set(url.searchParams.keys())].sort().join('&');
    const prerendered = manifest.pages.find((page) => page.path === pathname && [...page.query].sort().join('&') === query);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile(prerendered?.file ?? 'index.html');
  });
}
