import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths the SPA must never shadow: they belong to the API and the operational endpoints. */
const SERVER_PREFIXES = ['/api/', '/idp/', '/auth/callback', '/sandbox/', '/healthz', '/readyz', '/metrics'];

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is never cached.
 * Any other GET that is not an API path returns index.html (history fallback), so the SPA's
 * router decides what to show, including the landing page for unknown paths.
 *
 * The build is pre-compressed (apps/web/build/precompress.ts writes `.br` and `.gz` beside each
 * file): the brotli or gzip copy is sent as it is when the request's Accept-Encoding allows it,
 * with Content-Encoding and `Vary: Accept-Encoding` (RFC 9110 §8.4, §12.5.5), so shared caches
 * keep the variants apart. Small files have no copy and go out unencoded.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);

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
    const pathname = request.url.split('?')[0] ?? '/';
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
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
