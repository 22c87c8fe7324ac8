import { z } from 'zod';
import { defineFn } from '../define.ts';
import { noArgs } from './common.ts';

/** The signed-in user's mailbox as the sync engine sees it. */
export const opsAccountSchema = z.object({
  email: z.string(),
  provider: z.string(),
  state: z.enum(['never', 'syncing', 'idle', 'error']),
  /** What the next run does: list everything, or follow the provider's changes. */
  phase: z.enum(['full', 'incremental']),
  /** The provider's cursor (Gmail: the history id) the store is synced to. */
  cursor: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastFullSyncAt: z.string().nullable(),
  messagesStored: z.number().int(),
  /** Messages a sync could not read, retried by later syncs. */
  messagesSkipped: z.number().int(),
  lastError: z.string().nullable(),
  needsReconnect: z.boolean(),
  /** When Gmail's push watch runs out; null without push (polling keeps the mailbox fresh). */
  watchExpiresAt: z.string().nullable(),
});

/** Work Mailroom keeps in the database for the account: sends and bulk actions, with their state. */
export const opsWorkItemSchema = z.object({
  kind: z.enum(['send', 'bulk-action']),
  id: z.string(),
  /** What it is, in a few words ("Reply: Launch plan", "Quarantine 120 messages"). */
  title: z.string(),
  state: z.string(),
  error: z.string().nullable(),
  updatedAt: z.string(),
});

export const opsInstanceSchema = z.object({
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ engine: z.enum(['sqlite', 'postgres']), sizeBytes: z.number().nullable() }),
  queue: z.enum(['in-process', 'pg-boss']),
  /** Every connected account's sync, most behind first. */
  accounts: z.array(z.object({ email: z.string(), state: z.string(), lastSyncAt: z.string().nullable(), lagSeconds: z.number().nullable(), lastError: z.string().nullable() })),
  /** Counts by state across all users: sends and bulk actions. */
  work: z.array(z.object({ kind: z.enum(['send', 'bulk-action']), state: z.string(), count: z.number().int() })),
});

export const opsStatusSchema = z.object({
  account: opsAccountSchema.nullable(),
  /** Sends and bulk actions of the last 7 days that are waiting, running or failed. */
  work: z.array(opsWorkItemSchema),
  /** Whether the caller is an operator (OPS_ADMINS), who may ask for the instance view. */
  operator: z.boolean(),
  /** The whole instance; only with `instance: true`, only for operators. */
  instance: opsInstanceSchema.nullable(),
});
export type OpsStatus = z.infer<typeof opsStatusSchema>;

/** /ops (issue 18): a user's own sync and work; operators also the whole instance. */
export const opsFunctions = {
  getOpsStatus: defineFn({
    auth: 'user',
    mutates: false,
    summary:
      'The signed-in user’s mailbox sync (state, cursor, last full and incremental sync, messages stored and skipped, last error, reconnect needed, push watch expiry) and their sends and bulk actions waiting, running or failed. With `instance: true`, also the whole instance (version, uptime, database size, queue, every account’s sync lag, work by state): PERMISSION_DENIED unless the caller is listed in OPS_ADMINS.',
    request: z.object({ instance: z.boolean().optional() }).strict().optional().transform((v) => v ?? {}),
    response: opsStatusSchema,
  }),
  syncNow: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Asks for a sync of the signed-in user’s mailbox now (joins one already waiting). FAILED_PRECONDITION GMAIL_NOT_CONNECTED without a mailbox.',
    request: noArgs,
    response: z.object({ requested: z.literal(true) }),
  }),
} as const;
