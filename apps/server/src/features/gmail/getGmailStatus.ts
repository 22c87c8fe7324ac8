import { hasWriteScope, parseScopes } from '../../auth/gmail-scopes.ts';
import type { FnImpl } from '../registry.ts';
import { findAccountOfUser, isConnected } from './repository.ts';
import { readSyncStatus } from './sync-status.ts';

/** Connection, scopes and sync state of the caller's own Gmail account. */
export const getGmailStatus: FnImpl<'getGmailStatus'> = async (ctx) => {
  const account = await findAccountOfUser(ctx.db, ctx.principal.userId);
  if (!isConnected(account)) {
    return { connected: false, email: null, scopes: [], canWrite: false, needsReconnect: false, sync: await readSyncStatus(ctx.db, null) };
  }
  return {
    connected: true,
    email: account.email,
    scopes: parseScopes(account.scopes),
    canWrite: hasWriteScope(account.scopes),
    needsReconnect: account.needs_reconnect === 1,
    sync: await readSyncStatus(ctx.db, account.id),
  };
};
