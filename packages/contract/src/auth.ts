import { z } from 'zod';

/**
 * The auth HTTP endpoints that are not callable functions (sign-in is a browser redirect dance,
 * not a JSON call). `GET /api/auth/session` answers with this shape; the web app sends
 * `csrfToken` back as the `x-csrf-token` header on every POST /api/fn/* and on
 * POST /api/auth/signout.
 */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z.object({
  user: authUserSchema.nullable(),
  csrfToken: z.string().nullable(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const CSRF_HEADER_NAME = 'x-csrf-token';

/** How the browser runs a sign-in or Gmail consent: in a popup window or by a full-page redirect. */
export const authModeSchema = z.enum(['popup', 'redirect']);
export type AuthMode = z.infer<typeof authModeSchema>;
