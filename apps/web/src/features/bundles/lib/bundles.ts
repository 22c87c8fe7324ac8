import type { BundleDelivery, BundleIdName } from '@mailroom/contract';
import { BUNDLE_NAMES } from '@mailroom/intelligence/bundles';
import type { IconName } from '../../../shared/ui';

/** What each bundle holds, in a few words (the cards and the bundle's page). */
export const BUNDLE_INFO: Record<BundleIdName, { icon: IconName; about: string }> = {
  newsletters: { icon: 'newspaper', about: 'Newsletters and subscriptions you signed up for.' },
  promotions: { icon: 'tag', about: 'Sales, offers and marketing.' },
  receipts: { icon: 'checkCircle', about: 'Receipts, orders, shipping and deliveries.' },
  travel: { icon: 'arrowRight', about: 'Flights, hotels, trains, car rentals and check-ins.' },
  notifications: { icon: 'bell', about: 'Alerts from services and robots: sign-ins, builds, reports.' },
  social: { icon: 'user', about: 'Social networks: connections, mentions, comments.' },
  forums: { icon: 'rows', about: 'Mailing lists and discussion groups.' },
  finance: { icon: 'chart', about: 'Banks, cards, payments and statements.' },
  calendar: { icon: 'clock', about: 'Invitations and replies to events.' },
};

/** Each bundle's name, as the server names it (listBundles), for places that have only the id. */
export const BUNDLE_LABELS: Readonly<Record<BundleIdName, string>> = BUNDLE_NAMES;

export const DELIVERY_LABELS: Record<BundleDelivery, string> = {
  inbox: 'Each message in the inbox',
  grouped: 'One grouped row in the inbox',
  digest: 'Held for the daily digest',
};

export const DELIVERIES: readonly BundleDelivery[] = ['inbox', 'grouped', 'digest'];

export const FIELD = 'rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg';
