import dns from 'node:dns/promises';
import { dkimVerify, type DNSResolver } from 'mailauth';

/**
 * RFC 8058 §4: a one-click unsubscribe may be used only when the message carries a valid DKIM
 * signature (RFC 6376) whose `h=` tag covers both List-Unsubscribe and List-Unsubscribe-Post;
 * otherwise anyone could forge a one-click header that makes Mailroom POST on their behalf.
 * Checked with mailauth on the raw message, which the caller fetches on demand and never stores.
 */

export type DkimVerdict = 'pass' | 'fail' | 'unavailable';

export interface DkimCheck {
  verdict: DkimVerdict;
  /** The signing domain of the passing signature, or why none passed. */
  detail: string;
}

/** Looks up a message's DKIM keys (TXT records), or says there is no DNS to ask. */
export type DkimVerifier = (raw: Uint8Array | Buffer) => Promise<DkimCheck>;

const REQUIRED = ['list-unsubscribe', 'list-unsubscribe-post'];

class NoDnsError extends Error {
  readonly code = 'ENOTFOUND';
}

/** The resolver mailauth uses by default, from the system's DNS. */
const systemResolver: DNSResolver = (domain, rrtype) => dns.resolve(domain, rrtype as 'TXT') as Promise<string[][]>;

/** A resolver for deployments without DNS (the embedded default): every lookup fails, so no signature passes. */
export const noDnsResolver: DNSResolver = async () => {
  throw new NoDnsError('no DNS in the embedded default');
};

export function createDkimVerifier(resolver: DNSResolver | null = systemResolver): DkimVerifier {
  return async (raw) => {
    if (resolver === null) return { verdict: 'unavailable', detail: 'DKIM keys cannot be looked up here (no DNS)' };
    let result;
    try {
      result = await dkimVerify(Buffer.from(raw), { resolver, minBitLength: 1024 });
    } catch (error) {
      return { verdict: 'unavailable', detail: `DKIM could not be checked: ${(error as Error).message}` };
    }
    const signatures = result.results ?? [];
    if (signatures.length === 0) return { verdict: 'fail', detail: 'the message has no DKIM signature' };
    let sawTempError = false;
    for (const signature of signatures) {
      const covered = new Set((signature.signingHeaders?.keys ?? '').split(':').map((k) => k.trim().toLowerCase()));
      if (signature.status.result === 'pass' && REQUIRED.every((h) => covered.has(h))) {
        return { verdict: 'pass', detail: signature.signingDomain ?? 'signed' };
      }
      if (signature.status.result === 'temperror' || signature.status.result === 'temperr') sawTempError = true;
    }
    if (sawTempError) return { verdict: 'unavailable', detail: 'the DKIM key could not be looked up' };
    const passing = signatures.find((s) => s.status.result === 'pass');
    return {
      verdict: 'fail',
      detail: passing ? 'the valid DKIM signature does not cover List-Unsubscribe and List-Unsubscribe-Post' : 'the DKIM signature does not verify',
    };
  };
}
