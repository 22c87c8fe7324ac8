import { z } from 'zod';
import { defineFn } from '../define.ts';
import { authModeSchema } from '../auth.ts';
import { noArgs } from './common.ts';

export const syncStatusSchema = z.object({
  state: z.enum(['idle', 'syncing', 'error', 'never']),
  messageCount: z.number().int(),
  lastSyncAt: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int().nullable() }).nullable(),
  error: z.string().nullable(),
});

/** Connecting Gmail, its status and its tokens. */
export const gmailFunctions = {
  startGmailAuth: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Returns the authorization URL that grants Mailroom access to Gmail.',
    request: z
      .object({
        write: z.boolean().optional(),
        returnTo: z.string().max(500).optional(),
        mode: authModeSchema.optional(),
      })
      .nullish()
      .transform((v) => v ?? {}),
    response: z.object({ authUrl: z.string().url() }),
  }),
  getGmailStatus: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Connection, scopes and sync state of the signed-in user’s Gmail account.',
    request: noArgs,
    response: z.object({
      connected: z.boolean(),
      email: z.string().nullable(),
      scopes: z.array(z.string()),
      canWrite: z.boolean(),
      needsReconnect: z.boolean(),
      sync: syncStatusSchema,
    }),
  }),
  disconnectGmail: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Revokes the grant, deletes tokens at once and purges the account’s mail data.',
    request: noArgs,
    response: z.object({ disconnected: z.boolean(), purgeJobId: z.string().nullable() }),
  }),
  debugGmailTokens: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'Token facts for the own account: scopes, expiry, refreshes; never token material.',
    request: noArgs,
    response: z.object({
      hasTokens: z.boolean(),
      scopes: z.array(z.string()),
      expiresAt: z.string().nullable(),
      lastRefreshAt: z.string().nullable(),
      refreshFailures: z.number().int(),
      lastError: z.string().nullable(),
    }),
  }),
} as const;
