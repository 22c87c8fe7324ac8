import type { MessageIndex } from '../message-index.ts';

/**
 * Gmail's inbox category for a message, from its headers (Gmail's own classifier is not public;
 * these are the signals it is known to use):
 * - mailing lists (List-Id, RFC 2919; List-Post, RFC 2369; Mailing-List) -> CATEGORY_FORUMS
 * - bulk or promotional mail (Precedence: bulk/junk, unsubscribe links without a list, mass mailers) -> CATEGORY_PROMOTIONS
 * - automated notifications (Auto-Submitted, RFC 3834; no-reply and notification senders) -> CATEGORY_UPDATES
 * - everything else -> CATEGORY_PERSONAL
 */
export function categoryOf(index: MessageIndex): string {
  const header = (name: string) => index.headers.find((h) => h.name.toLowerCase() === name)?.value?.toLowerCase() ?? null;
  if (header('list-id') || header('list-post') || header('mailing-list') || header('x-mailing-list')) return 'CATEGORY_FORUMS';
  const precedence = header('precedence');
  const autoSubmitted = header('auto-submitted');
  const sender = (index.meta.from[0]?.address ?? '').toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'CATEGORY_UPDATES';
  if (/^(no-?reply|do-?not-?reply|notifications?|alerts?|mailer-daemon|postmaster|root|cron|bounces?)[@+.-]/.test(sender)) return 'CATEGORY_UPDATES';
  if (precedence === 'bulk' || precedence === 'junk' || precedence === 'list') return 'CATEGORY_PROMOTIONS';
  if (header('list-unsubscribe') || header('x-campaign') || header('x-campaignid') || header('x-mailer-campaign')) return 'CATEGORY_PROMOTIONS';
  if (/(newsletter|offers?|deals?|promo|marketing|specials?)[@.-]/.test(sender)) return 'CATEGORY_PROMOTIONS';
  return 'CATEGORY_PERSONAL';
}
