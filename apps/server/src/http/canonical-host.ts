import type { FastifyInstance } from 'fastify';

/** The server's own endpoints, reached by host name or address on purpose (health checks, the sandbox's Gmail API, push hooks). */
const EXEMPT_PREFIXES = ['/api/', '/idp/', '/sandbox/', '/auth/callback', '/healthz', '/readyz', '/metrics'];

/**
 * Pages opened on another host name than PUBLIC_URL's (http://127.0.0.1:3000 for
 * http://localhost:3000) are sent to PUBLIC_URL before anything else. Cookies belong to one host,
 * so a sign-in started on the other name could never be completed ("invalid_state"): the state
 * cookie is set on one host and the callback arrives at PUBLIC_URL's.
 * Only page and asset GETs (and HEADs) move; a 302, so a later change of PUBLIC_URL is not
 * stuck in browsers' caches. Host names compare without the port: a proxy may or may not pass it.
 */
export function registerCanonicalHost(app: FastifyInstance, publicUrl: string): void {
  const canonical = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.hostname.toLowerCase() === canonical.hostname.toLowerCase()) return;
    const pathname = request.url.split('?')[0] ?? '/';
    if (EXEMPT_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix))) return;
    return reply.header('cache-control', 'no-store').redirect(new URL(request.url, canonical).toString(), 302);
  });
}
