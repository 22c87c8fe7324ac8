import { z } from 'zod';
import { defineFn } from '../define.ts';
import { noArgs } from './common.ts';

/**
 * Notifications (issue 20): the seed's push registrations on standard Web Push (VAPID, RFC 8291),
 * the in-app list behind the bell, and a test push.
 *
 * Push registrations are plain HTTP routes in the seed's shape, not callable functions:
 * `POST /v1/projects/{projectId}/registrations` with `{web: {endpoint, auth, p256dh,
 * applicationPubKey?}}` answers `{token}`; `PATCH .../registrations/{token}` with the same body
 * answers `{token}`; `DELETE .../registrations/{token}` answers `{}`. Failures answer
 * `{error: {message}}` with the HTTP status. Cookie sessions send the CSRF header as /api/fn does.
 */
export const pushRegistrationsPath = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/registrations`;

/** Base64url without padding, as PushSubscription.getKey() values are sent. */
const base64url = (what: string, min: number, max: number) =>
  z
    .string({ message: `${what} is required` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`);

/** The web part of a registration: what a browser's PushSubscription says. */
export const pushRegistrationBodySchema = z
  .object({
    web: z
      .object({
        endpoint: z.string({ message: 'web.endpoint is required' }).max(2048).url('web.endpoint must be an absolute https URL').refine((u) => /^https?:\/\//i.test(u), 'web.endpoint must be an http(s) URL'),
        // 16 bytes of auth secret (22 characters), and a 65-byte uncompressed P-256 point (87).
        auth: base64url('web.auth', 16, 32),
        p256dh: base64url('web.p256dh', 80, 100),
        applicationPubKey: base64url('web.applicationPubKey', 80, 100).optional(),
      })
      .strict(),
  })
  .strict();
export type PushRegistrationBody = z.infer<typeof pushRegistrationBodySchema>;

/** What can notify: each kind can be turned off (settings.notifications). */
export const notificationKindSchema = z.enum(['newMail', 'digestReady', 'bulkAction', 'accountProblem', 'syncFailing', 'test']);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** Where clicking it goes, a path inside the app (`/inbox?message=...`, `/recovery`). */
  url: z.string(),
  /** How many events it stands for (events of one kind within a minute are grouped). */
  count: z.number().int().min(1),
  createdAt: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** What the browser needs to subscribe: the seed's four configuration values and the VAPID key. */
export const pushConfigSchema = z.object({
  projectId: z.string(),
  apiKey: z.string(),
  appId: z.string(),
  messagingSenderId: z.string(),
  /** The server's VAPID public key (applicationServerKey), base64url. */
  vapidKey: z.string(),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

export const notificationFunctions = {
  getPushConfig: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The configuration the browser subscribes to push with: projectId, apiKey, appId, messagingSenderId and the VAPID public key.',
    request: noArgs,
    response: pushConfigSchema,
  }),
  listNotifications: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The user’s latest notifications (at most 50, newest first) and how many are unread.',
    request: noArgs,
    response: z.object({ notifications: z.array(notificationSchema), unread: z.number().int().min(0) }),
  }),
  markNotificationsRead: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Marks the given notifications read, or all of them when no ids are given; answers the unread count.',
    request: z.object({ ids: z.array(z.string().min(1).max(100)).max(200).optional() }).strict(),
    response: z.object({ unread: z.number().int().min(0) }),
  }),
  sendTestNotification: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Sends a test notification to one of the user’s push registrations (by token) right away, ignoring quiet hours; answers whether the push service accepted it. An unknown token answers NOT_FOUND.',
    request: z.object({ token: z.string().min(1, 'token is required').max(100) }).strict(),
    response: z.object({ delivered: z.boolean(), reason: z.string().nullable() }),
  }),
} as const;
