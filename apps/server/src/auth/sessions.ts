import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_TTL_MS } from '../constants/sessions.ts';
import type { Db } from '../db/database.ts';
import { SESSION_COOKIE, sha256Hex } from './principal.ts';

/** 256 bits from the CSPRNG, URL-safe: session tokens, CSRF tokens, OAuth state and nonces. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function isHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

/**
 * HttpOnly (no script can read it), SameSite=Lax (not sent on cross-site sub-requests or
 * POSTs, still sent when Google or the embedded provider redirects back), Secure over HTTPS.
 */
export function sessionCookieOptions(config: Pick<Config, 'publicUrl'>, maxAgeMs?: number): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    ...(maxAgeMs === undefined ? {} : { maxAge: Math.floor(maxAgeMs / 1000) }),
  };
}

export interface NewSession {
  token: string;
  csrfToken: string;
  expiresAt: number;
}

/** A new server-side session; the row id is the SHA-256 of the cookie token. */
export async function createSession(
  db: Db,
  userId: string,
  userAgent: string | null,
  now: number = Date.now(),
): Promise<NewSession> {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = now + SESSION_TTL_MS;
  await db
    .insertInto('sessions')
    .values({
      id: sha256Hex(token),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
      user_agent: userAgent ? userAgent.slice(0, 300) : null,
    })
    .execute();
  return { token, csrfToken, expiresAt };
}

/** Removes the session the cookie token names (sign-out, and the old session at sign-in). */
export async function destroySession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('sessions').where('id', '=', sha256Hex(token)).execute();
}

export function setSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>, session: NewSession, now = Date.now()): void {
  reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(config, session.expiresAt - now));
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}
