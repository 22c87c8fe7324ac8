import type { Db } from '../db/database.ts';
import { gmailAccounts, type GmailAccountsOptions } from './gmail/accounts.ts';
import type { MailProviderKind, ProviderFactory } from './mail-provider.ts';

/** What the provider kinds need to open mailboxes: the store, the grant key, the OAuth client, the Gmail root. */
export type AccountProvidersOptions = GmailAccountsOptions;

/**
 * The provider kinds this server can open, by the name in `mail_accounts.provider`. A new kind
 * (IMAP) lives in providers/<kind>/ and adds its line here; nothing else changes.
 */
function providerKinds(options: AccountProvidersOptions): MailProviderKind[] {
  return [gmailAccounts(options)];
}

/**
 * Builds the mail provider for an account, by its kind, from its stored grant; null when the
 * account is gone or holds no grant. An account of a kind this server cannot open is an error
 * the operator must see (a database shared with a newer server), not a silent "disconnected".
 */
export function accountProviders(options: AccountProvidersOptions, kinds: readonly MailProviderKind[] = providerKinds(options)): ProviderFactory {
  const db: Db = options.db;
  const byKind = new Map(kinds.map((kind) => [kind.kind, kind]));
  return async (accountId) => {
    const account = await db.selectFrom('mail_accounts').select('provider').where('id', '=', accountId).executeTakeFirst();
    if (!account) return null;
    const kind = byKind.get(account.provider);
    if (!kind) throw new Error(`Mail account ${accountId} is of provider kind "${account.provider}", which this server cannot open`);
    return kind.open(accountId);
  };
}
