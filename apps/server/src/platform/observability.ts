import { pino, type Logger } from 'pino';
import { GmailUsageMeter } from '../providers/gmail/usage.ts';

/**
 * What the process observes about itself for /ops (issue 18), in memory and cheap: the Gmail
 * quota each account spends, request rates and latencies per route, and the last warnings and
 * errors of the log. Never any email content: the log ring keeps a short list of fields and
 * scrubs what looks like a secret.
 */
export interface Observability {
  gmailUsage: GmailUsageMeter;
  routes: RouteStats;
  logs: LogRing;
  /**
   * The embedded Gmail sandbox's fault injection (a fault drill for /ops), or null with Google.
   * Only ever the sandbox: nothing here can make real Gmail fail.
   */
  sandboxFaults: null | ((faults: { errorRate: number; kind?: 'backendError' | 'failedPrecondition' }) => void);
}

const SECRET_PATTERNS: Array<[RegExp, string]> = [
  // Authorization headers and bearer tokens.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  // key=value or "key": "value" for anything named like a credential.
  [/((?:access|refresh|id)_?token|token|secret|password|passwd|api_?key|authorization|cookie|client_secret|private_?key)(["']?\s*[:=]\s*["']?)[^"'\s&,;}]+/gi, '$1$2[redacted]'],
  // An OAuth authorization code in a URL.
  [/([?&]code=)[^&\s]+/g, '$1[redacted]'],
  // Google OAuth access tokens and refresh tokens.
  [/\bya29\.[A-Za-z0-9._-]+/g, '[redacted]'],
  [/\b1\/\/[A-Za-z0-9._-]{20,}/g, '[redacted]'],
  // JSON Web Tokens.
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[redacted]'],
  // Anything long and random-looking (keys, encrypted blobs, base64 bodies).
  [/[A-Za-z0-9+/_-]{40,}={0,2}/g, '[redacted]'],
];

/** Longest message kept from a log line or a job's error. */
export const MAX_MESSAGE_CHARS = 300;

/** A line that may be shown on /ops: secrets scrubbed, cut to a few hundred characters. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out.length > MAX_MESSAGE_CHARS ? `${out.slice(0, MAX_MESSAGE_CHARS - 1)}…` : out;
}

export interface LogEntry {
  time: string;
  level: 'warn' | 'error' | 'fatal';
  message: string;
  /** The error's class and message, when the line carried one. */
  error: string | null;
  /** A few identifying fields (job name, route, request id, account id), never content. */
  context: Record<string, string>;
}

const LEVELS: Record<number, LogEntry['level']> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * The last warnings and errors, fed by the process's pino logger as one of its destinations
 * (`{ level: 'warn', stream: ring }`): each line is parsed, and only the message, the error's
 * type and message, and a fixed set of identifying fields are kept, all through redactSecrets.
 * Whatever else a line carried (a request body, a header, a message's subject) is dropped.
 */
export class LogRing {
  private readonly entries: LogEntry[] = [];
  private readonly capacity: number;

  constructor(capacity = 100) {
    this.capacity = capacity;
  }

  /** pino's destination interface: one JSON line per call. */
  write(line: string): void {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    const level = LEVELS[Number(parsed['level'])];
    if (!level) return;
    const err = parsed['err'] as { type?: unknown; message?: unknown } | undefined;
    const job = parsed['job'] as { name?: unknown; attempt?: unknown } | undefined;
    const req = parsed['req'] as { method?: unknown; url?: unknown } | undefined;
    const context: Record<string, string> = {};
    if (typeof job?.name === 'string') context['job'] = job.name;
    if (typeof job?.attempt === 'number') context['attempt'] = String(job.attempt);
    if (typeof parsed['reqId'] === 'string') context['request'] = parsed['reqId'];
    // The path only: a query string can carry a token (push hooks, OAuth callbacks).
    if (typeof req?.method === 'string' && typeof req.url === 'string') context['route'] = `${req.method} ${req.url.split('?')[0]}`;
    if (typeof parsed['accountId'] === 'string') context['account'] = parsed['accountId'];
    for (const key of Object.keys(context)) context[key] = redactSecrets(context[key] as string);
    this.entries.push({
      time: new Date(typeof parsed['time'] === 'number' ? parsed['time'] : Date.now()).toISOString(),
      level,
      message: redactSecrets(typeof parsed['msg'] === 'string' ? parsed['msg'] : ''),
      error: err && (typeof err.message === 'string' || typeof err.type === 'string') ? redactSecrets(`${typeof err.type === 'string' ? `${err.type}: ` : ''}${String(err.message ?? '')}`) : null,
      context,
    });
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
  }

  /** Newest first. */
  recent(): LogEntry[] {
    return [...this.entries].reverse();
  }
}

export interface RouteFigures {
  method: string;
  route: string;
  requests: number;
  /** Requests per minute over the last five minutes. */
  perMinute: number;
  clientErrors: number;
  serverErrors: number;
  /** Share of requests answered 5xx. */
  errorRate: number;
  /** Over the route's last SAMPLE_SIZE requests, in milliseconds. */
  p50Ms: number;
  p95Ms: number;
}

/** Latency samples kept per route: percentiles over the recent past, bounded memory. */
const SAMPLE_SIZE = 512;
const RATE_WINDOW_MINUTES = 5;

interface RouteState {
  method: string;
  route: string;
  requests: number;
  clientErrors: number;
  serverErrors: number;
  samples: Float64Array;
  next: number;
  filled: number;
  /** Requests per clock minute, the last RATE_WINDOW_MINUTES of them. */
  minutes: Map<number, number>;
}

/**
 * Requests per route template (never the raw URL, whose ids would make a route per message):
 * counts since start, 4xx and 5xx, requests per minute, p50 and p95 latency over the last 512
 * requests. One onResponse hook, O(1) per request; percentiles are computed when /ops asks.
 */
export class RouteStats {
  private readonly routes = new Map<string, RouteState>();

  observe(method: string, route: string, statusCode: number, elapsedMs: number, now: number): void {
    const key = `${method} ${route}`;
    let state = this.routes.get(key);
    if (!state) {
      state = { method, route, requests: 0, clientErrors: 0, serverErrors: 0, samples: new Float64Array(SAMPLE_SIZE), next: 0, filled: 0, minutes: new Map() };
      this.routes.set(key, state);
    }
    state.requests++;
    if (statusCode >= 500) state.serverErrors++;
    else if (statusCode >= 400) state.clientErrors++;
    state.samples[state.next] = elapsedMs;
    state.next = (state.next + 1) % SAMPLE_SIZE;
    state.filled = Math.min(SAMPLE_SIZE, state.filled + 1);
    const minute = Math.floor(now / 60_000);
    state.minutes.set(minute, (state.minutes.get(minute) ?? 0) + 1);
    if (state.minutes.size > RATE_WINDOW_MINUTES + 1) {
      for (const m of state.minutes.keys()) if (m <= minute - RATE_WINDOW_MINUTES) state.minutes.delete(m);
    }
  }

  /** Every route seen, busiest first. */
  snapshot(now: number): RouteFigures[] {
    const minute = Math.floor(now / 60_000);
    return [...this.routes.values()]
      .map((state) => {
        const sorted = Array.from(state.samples.subarray(0, state.filled)).sort((a, b) => a - b);
        let recent = 0;
        for (const [m, n] of state.minutes) if (m > minute - RATE_WINDOW_MINUTES && m <= minute) recent += n;
        return {
          method: state.method,
          route: state.route,
          requests: state.requests,
          perMinute: Math.round((recent / RATE_WINDOW_MINUTES) * 10) / 10,
          clientErrors: state.clientErrors,
          serverErrors: state.serverErrors,
          errorRate: state.requests ? state.serverErrors / state.requests : 0,
          p50Ms: percentile(sorted, 0.5),
          p95Ms: percentile(sorted, 0.95),
        };
      })
      .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route));
  }
}

/** Nearest-rank percentile of sorted values, rounded to 0.1 ms. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return Math.round((sorted[rank - 1] as number) * 10) / 10;
}

/** A fresh set for one app; the composition root connects the sandbox's faults once it has one. */
export function createObservability(): Observability {
  return { gmailUsage: new GmailUsageMeter(), routes: new RouteStats(), logs: new LogRing(), sandboxFaults: null };
}

/**
 * The process's logger: lines at the configured level to stdout, and every warning and error to
 * the /ops log ring as well (even when stdout is set to log only errors, or nothing).
 */
export function createProcessLogger(level: string, observability: Pick<Observability, 'logs'>): Logger {
  const streams: pino.StreamEntry[] = [{ level: 'warn', stream: observability.logs }];
  if (level !== 'silent') streams.push({ level: level as pino.Level, stream: process.stdout });
  const lowest = level === 'silent' || pino.levels.values[level]! > pino.levels.values['warn']! ? 'warn' : level;
  return pino({ level: lowest }, pino.multistream(streams));
}
