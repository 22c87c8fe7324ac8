import { MAIL_SOURCE_KINDS, type MailSource, type MailSourceKind } from '@mailroom/contract';
import type { Db } from '../../db/database.ts';
import { FnError } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail-provider.ts';

/** A message an action will change, with its Gmail labels right now (recorded for undo). */
export interface MailCandidate {
  id: string;
  labelIds: string[];
}

/** The connected mailbox an action works on: every store query is scoped to `accountId`. */
export interface Mailbox {
  db: Db;
  accountId: string;
  provider: MailProvider;
  now: Date;
}

/** A source checked to be the user's, ready to list its messages. */
export interface ResolvedMailSource {
  /** Recorded with an action batch so /recovery can say where the action was taken; null for views other than a category. */
  categoryId: string | null;
  categoryName: string | null;
  /**
   * Every message the source holds now, with its current labels, newest first; at most
   * `limit + 1`, so the caller can tell "too many" apart from "exactly the limit".
   */
  messages(mailbox: Mailbox, limit: number): Promise<MailCandidate[]>;
}

/**
 * Checks a source of the contract's union belongs to the user (another user's answers NOT_FOUND,
 * like an unknown one) and says how to list it. One per kind; the feature that owns a view
 * registers its kind (categories: `category` and `query`; later inbox, bundles ...).
 */
export type MailSourceResolver<K extends MailSourceKind> = (
  ctx: { db: Db; userId: string },
  source: Extract<MailSource, { kind: K }>,
) => Promise<ResolvedMailSource>;

export type MailSourceResolvers = { [K in MailSourceKind]?: MailSourceResolver<K> };

const resolvers = new Map<MailSourceKind, MailSourceResolver<MailSourceKind>>();

/**
 * Registers resolvers for source kinds. Registering the same resolver again is harmless (apps
 * built repeatedly in one process); a second, different resolver for a kind is a wiring mistake.
 */
export function registerMailSources(entries: MailSourceResolvers): void {
  for (const kind of Object.keys(entries) as MailSourceKind[]) {
    const resolver = entries[kind] as MailSourceResolver<MailSourceKind>;
    const existing = resolvers.get(kind);
    if (existing && existing !== resolver) throw new Error(`mail source kind "${kind}" already has a resolver`);
    resolvers.set(kind, resolver);
  }
}

/** Source kinds of the contract that no feature resolves (the app checks there are none). */
export function unresolvedMailSourceKinds(): MailSourceKind[] {
  return MAIL_SOURCE_KINDS.filter((kind) => !resolvers.has(kind));
}

export async function resolveMailSource(ctx: { db: Db; userId: string }, source: MailSource): Promise<ResolvedMailSource> {
  const resolver = resolvers.get(source.kind);
  if (!resolver) throw new FnError('UNIMPLEMENTED', `Acting on mail from a ${source.kind} is not available on this server yet`);
  return resolver(ctx, source);
}
