import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import client from 'prom-client';
import { safeEqual } from '../auth/principal.ts';

function isLoopback(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // ::ffff:127.0.0.1 is IPv4 loopback
  return parsed.range() === 'loopback';
}

/**
 * True when the request came from this machine: the connection's peer is a loopback address and,
 * behind a trusted proxy, so is the client the proxy names (a client reaching Mailroom through a
 * reverse proxy on the same machine is not local).
 */
function fromLoopback(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

/** Told of every response, as the metrics see it (route template, status, milliseconds). */
export type ResponseObserver = (method: string, route: string, statusCode: number, elapsedMs: number) => void;

/**
 * Prometheus metrics: request counts and latency by route template (never the raw URL, whose
 * ids would explode cardinality), plus Node's default process metrics. Open to loopback clients
 * only, unless METRICS_TOKEN is set (then to any client with the bearer token). The same hook
 * tells `observe` of each response (/ops' recent per-route window), so requests are measured once.
 */
export function registerMetrics(app: FastifyInstance, metricsToken: string | null, observe?: ResponseObserver): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    observe?.(request.method, route, reply.statusCode, reply.elapsedTime);
  });

  app.get('/metrics', async (request, reply) => {
    if (metricsToken) {
      const header = request.headers.authorization ?? '';
      if (!safeEqual(header, `Bearer ${metricsToken}`)) return reply.code(401).send({ error: 'metrics token required' });
    } else if (!fromLoopback(request)) {
      // Metrics describe the deployment (routes, load, process); without a token only the machine itself may read them.
      return reply.code(403).send({ error: 'metrics are served on loopback only; set METRICS_TOKEN to read them from elsewhere' });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return registry;
}
