import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';

export const SESSION_COOKIE = 'mailroom_session';
export const CSRF_HEADER = 'x-csrf-token';

export interface Principal {
  userId: string;
  email: string;
  displayName: string | null;
  /** How the caller proved who they are; CSRF applies only to cookie sessions. */
  via: 'session' | 'token';
  sessionId: string | null;
  csrfToken: string | null;
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two strings (CSRF proofs, shared secrets). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export type Authenticator = (request: FastifyRequest) => Promise<Principal | null>;

/**
 * Resolves the caller from the session cookie. The cookie holds a random token; the database
 * holds only its SHA-256, so a leaked database does not yield usable sessions.
 */
export function sessionAuthenticator(db: Db, now: () => number = Date.now): Authenticator {
  return async (request) => {
    const token = request.cookies?.[SESSION_COOKIE];
    if (!token) return null;
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.id', 'sessions.csrf_token', 'sessions.expires_at', 'users.id as user_id', 'users.email', 'users.display_name'])
      .where('sessions.id', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row || row.expires_at <= now()) return null;
    return {
      userId: row.user_id,
      email: row.email,
      displayName: row.display_name,
      via: 'session',
      sessionId: row.id,
      csrfToken: row.csrf_token,
    };
  };
}

/** Tries each authenticator in turn; the first that recognises the caller wins. */
export function firstOf(...authenticators: Authenticator[]): Authenticator {
  return async (request) => {
    for (const authenticate of authenticators) {
      const principal = await authenticate(request);
      if (principal) return principal;
    }
    return null;
  };
}
