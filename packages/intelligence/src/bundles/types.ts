/**
 * The bundles, in the order /bundles lists them. A message belongs to at most one (or none: it is
 * personal mail and stays where it is).
 */
export const BUNDLE_IDS = ['newsletters', 'promotions', 'receipts', 'travel', 'notifications', 'social', 'forums', 'finance', 'calendar'] as const;
export type BundleId = (typeof BUNDLE_IDS)[number];

export function isBundleId(value: string): value is BundleId {
  return (BUNDLE_IDS as readonly string[]).includes(value);
}

/** What the classifier reads of a message: headers and Gmail's snippet, never a body. */
export interface BundleMessage {
  from: { name: string | null; address: string } | null;
  subject: string;
  /** Gmail's ~200-character snippet, HTML entities as Gmail sends them or decoded. */
  snippet: string;
  /** Gmail label ids (CATEGORY_SOCIAL, CATEGORY_PROMOTIONS, ... are read as hints). */
  labelIds: readonly string[];
  /** RFC 2919 List-Id. */
  listId: string | null;
  /** RFC 2369 List-Post. */
  listPost: string | null;
  /** RFC 2369 List-Unsubscribe. */
  listUnsubscribe: string | null;
  /** Precedence (RFC 3834 §2: bulk, list, junk). */
  precedence: string | null;
  /** RFC 3834 Auto-Submitted. */
  autoSubmitted: string | null;
  attachments: ReadonlyArray<{ filename: string; mimeType: string }>;
}

/** The user's choice for a sender: a bundle, or null for "always keep in inbox". */
export type SenderRules = ReadonlyMap<string, BundleId | null>;

export interface BundleDecision {
  bundle: BundleId | null;
  /** Why, in a sentence a user can read ("List-Id names a mailing list"). */
  reason: string;
  /** `sender`: the user moved this sender; `rules`: the classifier's own rules. */
  source: 'sender' | 'rules';
}
