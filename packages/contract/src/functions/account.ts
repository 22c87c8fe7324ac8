import { z } from 'zod';
import { defineFn } from '../define.ts';
import { noArgs } from './common.ts';

/** The user's own data: export and delete. */
export const accountFunctions = {
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
