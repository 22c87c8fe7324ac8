import { z } from 'zod';
import { defineFn } from '../define.ts';
import { id, noArgs } from './common.ts';

export const apiTokenSchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The one answer that carries a token's value; it is never shown again. */
export const apiTokenCreatedSchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  token: z.string(),
  createdAt: z.string(),
});


/** Personal API tokens for `Authorization: Bearer`. */
export const apiTokenFunctions = {
  createApiToken: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Creates a personal API token for `Authorization: Bearer`; the token is shown only once.',
    request: z
      .object({ name: z.string().trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters') })
      .strict(),
    response: apiTokenCreatedSchema,
  }),
  listApiTokens: defineFn({
    auth: 'user',
    mutates: false,
    summary: 'The user’s personal API tokens (never the token values).',
    request: noArgs,
    response: z.object({ tokens: z.array(apiTokenSchema) }),
  }),
  revokeApiToken: defineFn({
    auth: 'user',
    mutates: true,
    summary: 'Revokes one of the user’s personal API tokens at once.',
    request: z.object({ tokenId: id('tokenId') }).strict(),
    response: z.object({ revoked: z.literal(true) }),
  }),
} as const;
