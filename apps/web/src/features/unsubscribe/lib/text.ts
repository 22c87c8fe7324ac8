import type { Subscription, SubscriptionState, UnsubscribeFallback, UnsubscribeMethod } from '@mailroom/contract';
import type { Tone } from '../../../shared/ui';

/** The method badge: what the list offers, in words a user knows. */
export const METHOD_LABEL: Record<UnsubscribeMethod, string> = {
  'one-click': 'One-click',
  mailto: 'By email',
  link: 'Link only',
  none: 'No unsubscribe',
};

export const METHOD_TONE: Record<UnsubscribeMethod, Tone> = { 'one-click': 'success', mailto: 'accent', link: 'neutral', none: 'warning' };

export const STATE_TONE: Record<SubscriptionState, Tone> = { subscribed: 'neutral', requested: 'accent', stopped: 'success', still_sending: 'danger', failed: 'danger', blocked: 'warning' };

/** The button that offers the next method after a failed attempt. */
export const FALLBACK_LABEL: Record<UnsubscribeFallback, string> = {
  mailto: 'Send an unsubscribe email instead',
  link: 'Open the unsubscribe page yourself',
  block: 'Block it instead',
};

/** What the fallback will do, said before it is done (its confirmation). */
export function fallbackPromise(subscription: Pick<Subscription, 'mailto' | 'name'>, method: 'mailto' | 'link'): string {
  if (method === 'mailto') {
    const to = subscription.mailto ? subscription.mailto.to.join(', ') : 'the list’s unsubscribe address';
    return `Mailroom sends an unsubscribe email to ${to} from your Gmail. It does not try the one-click request again.`;
  }
  return `You get ${subscription.name}’s unsubscribe page to open yourself in a new tab and finish there. Mailroom’s server does not open it.`;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : dateTimeFormat.format(new Date(iso)));
export const formatDate = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : dateFormat.format(new Date(iso)));

export function stateLabel(subscription: Pick<Subscription, 'state' | 'requestedAt'>): string {
  switch (subscription.state) {
    case 'subscribed':
      return 'Subscribed';
    case 'requested':
      return subscription.requestedAt ? `Unsubscribe requested ${formatDate(subscription.requestedAt)}` : 'Unsubscribe requested';
    case 'stopped':
      return 'Confirmed stopped';
    case 'still_sending':
      return 'Still sending after 2 days';
    case 'failed':
      return 'Unsubscribe failed';
    case 'blocked':
      return 'Blocked';
  }
}

/** "40 % opened"; "never opened" when none was. */
export function openedText(subscription: Pick<Subscription, 'opened' | 'messageCount'>): string {
  if (subscription.opened === 0) return 'never opened';
  return `${Math.round((subscription.opened / Math.max(1, subscription.messageCount)) * 100)} % opened`;
}

/** What pressing Unsubscribe will do, said before it is done (the confirmation). */
export function methodPromise(subscription: Pick<Subscription, 'methods' | 'mailto' | 'link'>): string {
  const best = subscription.methods[0] ?? 'none';
  const mailto = subscription.mailto ? `an email to ${subscription.mailto.to.join(', ')}${subscription.mailto.subject ? ` with the subject “${subscription.mailto.subject}”` : ''}` : null;
  switch (best) {
    case 'one-click':
      return `Mailroom sends the list’s one-click unsubscribe request (RFC 8058), if the message’s DKIM signature checks out${
        mailto ? `; otherwise it sends ${mailto} from your Gmail` : subscription.link ? '; otherwise you get the list’s page to open yourself' : ''
      }.`;
    case 'mailto':
      return `Mailroom sends ${mailto} from your Gmail.`;
    case 'link':
      return 'This list only offers a web page. Mailroom does not open it for you: you will get a link to open yourself in a new tab.';
    case 'none':
      return 'This sender offers no way to unsubscribe. You can block it: Mailroom then archives its new mail as it arrives.';
  }
}

export type SortKey = 'volume' | 'recent' | 'name' | 'opened';

export const SORT_LABEL: Record<SortKey, string> = { volume: 'Most messages', recent: 'Most recent', name: 'Name', opened: 'Least opened' };

export function sortSubscriptions(list: readonly Subscription[], key: SortKey): Subscription[] {
  const share = (s: Subscription) => s.opened / Math.max(1, s.messageCount);
  const copy = [...list];
  switch (key) {
    case 'volume':
      return copy.sort((a, b) => b.messageCount - a.messageCount || a.name.localeCompare(b.name));
    case 'recent':
      return copy.sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
    case 'name':
      return copy.sort((a, b) => a.name.localeCompare(b.name));
    case 'opened':
      return copy.sort((a, b) => share(a) - share(b) || b.messageCount - a.messageCount);
  }
}
