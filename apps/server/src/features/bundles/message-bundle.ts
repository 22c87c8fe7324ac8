import { BUNDLE_NAMES } from '@mailroom/intelligence/bundles';
import { sql, type RawBuilder } from 'kysely';

/**
 * A message's bundle as a SQL expression over the alias of a `messages` row: its bundle id, or
 * null when it is in none (or not classified yet). One primary-key lookup in message_bundles per
 * row, so an aggregate over a range can group by bundle in the same pass (/insights, issue 18).
 */
export function messageBundleOf(alias: string): RawBuilder<string | null> {
  const m = sql.raw(alias);
  return sql<string | null>`(select mb.bundle_id from message_bundles mb where mb.account_id = ${m}.account_id and mb.message_id = ${m}.id)`;
}

/** A bundle's name as the user sees it ("Newsletters"), or null for an id that is not a bundle. */
export function bundleName(bundleId: string): string | null {
  return (BUNDLE_NAMES as Record<string, string>)[bundleId] ?? null;
}
