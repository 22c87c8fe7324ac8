/** What a valid access token stands for. */
export interface VerifiedToken {
  email: string;
  scopes: string[];
}

/**
 * Checks a bearer access token. The static verifier below serves tests and the standalone
 * sandbox; the embedded OpenID provider plugs its own verifier in through this type.
 */
export type TokenVerifier = (token: string) => VerifiedToken | null | Promise<VerifiedToken | null>;

/** Accepts exactly the tokens it was given (token -> grant). Tokens can be added while running. */
export function staticTokenVerifier(tokens: Record<string, VerifiedToken> | Map<string, VerifiedToken>): TokenVerifier & {
  tokens: Map<string, VerifiedToken>;
} {
  const map = tokens instanceof Map ? tokens : new Map(Object.entries(tokens));
  const verify = (token: string) => map.get(token) ?? null;
  return Object.assign(verify, { tokens: map });
}

export interface RevocationRecord {
  token: string;
  at: Date;
}

/**
 * Tokens revoked through `POST /revoke?token=...` (Google's
 * https://developers.google.com/identity/protocols/oauth2/web-server#tokenrevoke) or
 * Sandbox.revokeToken. A revoked token answers 401 from then on.
 */
export class RevocationLog {
  readonly records: RevocationRecord[] = [];
  private readonly revoked = new Set<string>();
  private readonly onRevoke: ((token: string) => void | Promise<void>) | null;

  constructor(onRevoke: ((token: string) => void | Promise<void>) | null = null) {
    this.onRevoke = onRevoke;
  }

  async revoke(token: string, at: Date): Promise<void> {
    this.revoked.add(token);
    this.records.push({ token, at });
    await this.onRevoke?.(token);
  }

  isRevoked(token: string): boolean {
    return this.revoked.has(token);
  }
}
