import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Client } from 'undici';

/**
 * The one HTTP client for URLs that come from mail (DESIGN §2 providers/web, §6): today the
 * RFC 8058 one-click unsubscribe POST. A URL in a message is written by whoever sent the
 * message, so it may point at the server's own network: loopback, a database on a private
 * address, the cloud metadata service at 169.254.169.254. Several mail tools have had SSRF
 * holes through exactly these URLs. This client:
 *
 * - accepts only `https:` on port 443, without user info (no credentials travel in a URL);
 * - normalises IP literals with the WHATWG URL parser (decimal `2130706433`, octal `0177.1`,
 *   hex `0x7f.1`, short `127.1` all become `127.0.0.1`) and parses addresses with ipaddr.js,
 *   never by hand;
 * - resolves the host name once and refuses the request when ANY resolved address is not
 *   public unicast (loopback, private, link-local, unique-local, CGNAT, multicast, broadcast,
 *   unspecified, reserved, IPv4-mapped/6to4/NAT64/Teredo forms of those, and the metadata
 *   addresses below, some of which are in public ranges);
 * - connects to the address it checked (a lookup pinned to it), so a DNS name that answers a
 *   public address to the check and 127.0.0.1 to the connection (DNS rebinding) cannot switch it;
 * - follows no redirect (a 3xx is the answer; RFC 8058 §3.2 asks for none to be needed);
 * - sends no cookies and no credentials, only the headers the caller names;
 * - stops after a timeout (default 10 s, RFC 8058's "should not take long") and reads at most
 *   `maxResponseBytes` of the answer.
 *
 * Tests need a server of their own to answer: `testOnlyAllowedOrigins` lets exact origins such
 * as `https://127.0.0.1:43211` through, and `testOnlyCa` trusts that server's certificate. They
 * are options of this function only: no environment variable or configuration field reaches
 * them, and the function throws when either is given outside a vitest run (VITEST=true and
 * NODE_ENV not production), so a server built with them refuses to start anywhere else.
 */

/** Addresses of cloud metadata and host services, refused even where their range looks public. */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean instance metadata
  '169.254.170.2', // AWS ECS task metadata
  '168.63.129.16', // Azure WireServer (a public range)
  '100.100.100.200', // Alibaba Cloud metadata
  '192.0.0.192', // Oracle Cloud metadata
  'fd00:ec2::254', // AWS IMDS over IPv6
]);

export const SAFE_FETCH_TIMEOUT_MS = 10_000;
export const SAFE_FETCH_MAX_RESPONSE_BYTES = 64 * 1024;

export type UnsafeUrlReason = 'INVALID_URL' | 'SCHEME' | 'PORT' | 'CREDENTIALS' | 'PRIVATE_ADDRESS' | 'DNS';

/** The URL was refused before any connection was made. */
export class UnsafeUrlError extends Error {
  readonly reason: UnsafeUrlReason;
  constructor(reason: UnsafeUrlReason, message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
    this.reason = reason;
  }
}

/** Why a request did not complete: no answer in time, the server's certificate, or anything else on the way. */
export type WebRequestFailure = 'timeout' | 'tls' | 'network';

/** The request was made but did not complete (connection refused, TLS, timeout). */
export class WebRequestError extends Error {
  readonly kind: WebRequestFailure;
  constructor(message: string, options?: { cause?: unknown; kind?: WebRequestFailure }) {
    super(message, options);
    this.name = 'WebRequestError';
    this.kind = options?.kind ?? 'network';
  }
}

/**
 * Whether a failed connection failed on the server's certificate: Node's TLS verification errors
 * carry OpenSSL's X509 codes (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, ...) or
 * ERR_TLS_CERT_ALTNAME_INVALID, on the error or its cause.
 */
function isCertificateError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS/.test(code)) return true;
  }
  return false;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Lookup = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafePostInput {
  url: string;
  body: string;
  contentType: string;
}

export interface SafeResponse {
  status: number;
  /** The Location of a 3xx, which was not followed. */
  location: string | null;
  /** At most maxResponseBytes of the body. */
  body: Buffer;
  truncated: boolean;
  /** The address the connection went to. */
  address: string;
}

export interface SafeWebClient {
  /** POSTs `body` to a URL from mail, by the rules above. Throws UnsafeUrlError or WebRequestError. */
  post(input: SafePostInput): Promise<SafeResponse>;
  /** Checks a URL and its resolved addresses without connecting. */
  check(url: string): Promise<{ url: URL; address: ResolvedAddress }>;
}

export interface SafeWebClientOptions {
  /** DNS resolution (default: the system resolver, every address). */
  lookup?: Lookup;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** Exact origins (`http://127.0.0.1:43211`) let through for tests; throws outside vitest. */
  testOnlyAllowedOrigins?: readonly string[];
  /** A CA certificate (PEM) to trust besides the system's, for a test's own https list server; throws outside vitest. */
  testOnlyCa?: string;
  userAgent?: string;
}

const systemLookup: Lookup = async (hostname) => {
  const answers = await dns.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** True when the test-only allowance may be used: inside a vitest run, never in production. */
export function testOnlyAllowanceAvailable(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VITEST === 'true' && env.NODE_ENV !== 'production';
}

/**
 * Whether an address may be connected to: public unicast only. IPv4-mapped IPv6
 * (`::ffff:127.0.0.1`) is checked as the IPv4 address it carries; other IPv6 forms that embed
 * an IPv4 address (6to4, NAT64, Teredo) are not unicast in ipaddr.js and are refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) return false;
  return parsed.range() === 'unicast';
}

export function createSafeWebClient(options: SafeWebClientOptions = {}): SafeWebClient {
  const allowed = new Set((options.testOnlyAllowedOrigins ?? []).map((o) => new URL(o).origin));
  if ((allowed.size > 0 || options.testOnlyCa) && !testOnlyAllowanceAvailable()) {
    throw new Error('testOnlyAllowedOrigins is for tests only: refusing to build an outbound client that lets private addresses through outside a vitest run');
  }
  const lookup = options.lookup ?? systemLookup;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? SAFE_FETCH_MAX_RESPONSE_BYTES;
  const userAgent = options.userAgent ?? 'Mailroom (RFC 8058 one-click unsubscribe)';

  async function check(raw: string): Promise<{ url: URL; address: ResolvedAddress }> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new UnsafeUrlError('INVALID_URL', 'not a URL');
    }
    const testOrigin = allowed.has(url.origin);
    if (!testOrigin) {
      if (url.protocol !== 'https:') throw new UnsafeUrlError('SCHEME', `only https: URLs are requested, not ${url.protocol}`);
      if (url.port !== '' && url.port !== '443') throw new UnsafeUrlError('PORT', `port ${url.port} is refused; only 443`);
    }
    if (url.username || url.password) throw new UnsafeUrlError('CREDENTIALS', 'URLs with user names or passwords are refused');
    // The WHATWG parser has already turned decimal, octal, hex and short IPv4 forms into dotted quads.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: ResolvedAddress[];
    if (net.isIP(host)) {
      addresses = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
    } else {
      try {
        addresses = await lookup(host.replace(/\.$/, ''));
      } catch (error) {
        throw new UnsafeUrlError('DNS', `the host name did not resolve (${(error as Error).message})`);
      }
      if (addresses.length === 0) throw new UnsafeUrlError('DNS', 'the host name has no address');
    }
    if (!testOrigin) {
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad) throw new UnsafeUrlError('PRIVATE_ADDRESS', `${url.hostname} resolves to ${bad.address}, which is not a public address`);
    }
    return { url, address: addresses[0] as ResolvedAddress };
  }

  return {
    check,
    async post(input) {
      const { url, address } = await check(input.url);
      // The connection goes to the address checked above and nowhere else: a second lookup
      // could answer differently (DNS rebinding).
      const pinned = (_hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (lookupOptions.all) callback(null, [{ address: address.address, family: address.family }]);
        else callback(null, address.address, address.family);
      };
      const client = new Client(url.origin, {
        connect: { lookup: pinned as never, timeout: timeoutMs, ...(options.testOnlyCa ? { ca: options.testOnlyCa } : {}) },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        pipelining: 0,
      });
      const abort = AbortSignal.timeout(timeoutMs);
      try {
        const response = await client.request({
          path: `${url.pathname}${url.search}`,
          method: 'POST',
          headers: { 'content-type': input.contentType, 'user-agent': userAgent, accept: '*/*' },
          body: input.body,
          signal: abort,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          const room = maxBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            size = maxBytes;
            truncated = true;
            break;
          }
          chunks.push(chunk);
          size += chunk.length;
        }
        if (truncated) response.body.destroy();
        const location = response.headers.location;
        return {
          status: response.statusCode,
          location: typeof location === 'string' ? location : null,
          body: Buffer.concat(chunks),
          truncated,
          address: address.address,
        };
      } catch (error) {
        if (error instanceof UnsafeUrlError) throw error;
        if (abort.aborted) throw new WebRequestError(`no answer within ${timeoutMs / 1000} s`, { cause: error, kind: 'timeout' });
        if (isCertificateError(error)) throw new WebRequestError(`the server’s certificate is not valid (${(error as Error).message})`, { cause: error, kind: 'tls' });
        throw new WebRequestError(`the request failed: ${(error as Error).message}`, { cause: error });
      } finally {
        client.destroy().catch(() => {});
      }
    },
  };
}
