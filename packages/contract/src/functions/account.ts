import { z } from 'zod';
import { defineFn } from '../define.ts';
import { noArgs } from './common.ts';

/** The longest display name accepted (the header's account menu and greetings have room for it). */
export const DISPLAY_NAME_MAX_LENGTH = 80;

/**
 * Characters a name must not hold: control characters (a newline would break the From header of
 * mail sent for the user, RFC 5322 §2.2), line and paragraph separators, and the bidirectional
 * overrides and isolates that make text read differently from how it is stored (Trojan Source).
 */
const FORBIDDEN_IN_NAME = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * The name Mailroom addresses the user by (greetings, the account menu, the sender name of mail
 * Mailroom sends for them): trimmed, 1 to DISPLAY_NAME_MAX_LENGTH characters, no control or
 * bidirectional-override characters.
 */
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'displayName cannot be empty; send null to use the name from your sign-in account')
  .max(DISPLAY_NAME_MAX_LENGTH, `displayName must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`)
  .refine((name) => !FORBIDDEN_IN_NAME.test(name), 'displayName must not contain control characters, line breaks or text-direction overrides');

export const profileSchema = z.object({
  /** The name in use: the user's own, else the sign-in provider's, else null (greeted by email). */
  displayName: z.string().nullable(),
  /** The sign-in provider's latest name (Google's, or the embedded provider's). */
  providerDisplayName: z.string().nullable(),
  /** Whether the user chose displayName in Settings (a later sign-in keeps it). */
  chosen: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The user's own data: their name, export and delete. */
export const accountFunctions = {
  getProfile: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The signed-in user’s display name, the sign-in provider’s name, and whether the user chose their own.',
    request: noArgs,
    response: profileSchema,
  }),
  updateProfile: defineFn({
    auth: 'user',
    mutates: true,
    summary:
      'Sets the display name Mailroom greets the user by and puts on mail it sends for them (1-80 characters, trimmed; no control characters or text-direction overrides, else INVALID_ARGUMENT). A later sign-in keeps it. null goes back to the sign-in provider’s name.',
    request: z.object({ displayName: displayNameSchema.nullable() }).strict(),
    response: profileSchema,
  }),
  exportMyData: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Everything Mailroom stores about the user, as one JSON object (never token material).',
    request: noArgs,
    response: z.record(z.string(), z.unknown()),
  }),
  deleteMyAccount: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Deletes the user and everything stored for them, after confirming their email address.',
    request: z.object({ confirmEmail: z.string().trim().min(1, 'confirmEmail is required').max(320) }).strict(),
    response: z.object({ deleted: z.literal(true) }),
  }),
} as const;
