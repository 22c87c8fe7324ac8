import { GMAIL_READ_SCOPES, GMAIL_WRITE_SCOPES, hasWriteScope } from '../../auth/gmail-scopes.ts';
import { startOAuthFlow } from '../../auth/oauth-flows.ts';
import { safeReturnTo } from '../../auth/return-to.ts';
import { authServicesOf, GMAIL_CALLBACK_PATH } from '../../auth/services.ts';
import { FnError } from '../../errors.ts';
import type { FnImpl } from '../registry.ts';
import { findAccountOfUser, isConnected } from './repository.ts';

/**
 * The authorization URL for Gmail access. Read-only unless `write` (DESIGN §1): write scopes
 * are added incrementally with include_granted_scopes, and kept when already granted so a
 * reconnect never silently drops them. `access_type=offline` and `prompt=consent` make Google
 * return a refresh token every time.
 */
export const startGmailAuth: FnImpl<'startGmailAuth'> = async (ctx, data) => {
  const { oauth } = authServicesOf(ctx.request);
  const account = await findAccountOfUser(ctx.db, ctx.principal.userId);
  const keepWrite = isConnected(account) && hasWriteScope(account.scopes);
  const scopes = [...GMAIL_READ_SCOPES, ...(data.write || keepWrite ? GMAIL_WRITE_SCOPES : [])];
  const { state, flow } = await startOAuthFlow(ctx.db, {
    purpose: 'gmail',
    userId: ctx.principal.userId,
    returnTo: safeReturnTo(data.returnTo, ctx.config.publicUrl),
    mode: data.mode ?? 'redirect',
    scopes,
  });
  try {
    const url = await oauth.authorizationUrl({
      redirectUri: `${ctx.config.publicUrl}${GMAIL_CALLBACK_PATH}`,
      scopes,
      state,
      nonce: flow.nonce,
      codeVerifier: flow.codeVerifier,
      extra: {
        access_type: 'offline',
        include_granted_scopes: 'true',
        prompt: 'consent',
        login_hint: isConnected(account) ? account.email : ctx.principal.email,
      },
    });
    return { authUrl: url.href };
  } catch (error) {
    ctx.log.error({ err: error }, 'authorization server discovery failed');
    throw new FnError('UNAVAILABLE', 'The Google sign-in service could not be reached; try again in a moment');
  }
};
