import type { Page } from '@mailroom/intelligence/voice';

/** Where each page a `navigate` command names lives in the app. */
export const PAGE_PATHS: Record<Page, string> = {
  inbox: '/inbox',
  dashboard: '/dashboard',
  categories: '/manual',
  bundles: '/bundles',
  digest: '/digest',
  recovery: '/recovery',
  unsubscribe: '/unsubscribe',
  insights: '/insights',
  settings: '/settings',
  ops: '/ops',
  'voice-reply': '/reply/voice',
  search: '/search',
};

/** How a page is named in what Mailroom says back ("Opened Daily digest."). */
export const PAGE_TITLES: Record<Page, string> = {
  inbox: 'Inbox Flow',
  dashboard: 'Dashboard',
  categories: 'Categories',
  bundles: 'Bundles',
  digest: 'Daily digest',
  recovery: 'Recovery',
  unsubscribe: 'Unsubscribe',
  insights: 'Insights',
  settings: 'Settings',
  ops: 'Operations',
  'voice-reply': 'Voice reply',
  search: 'Search',
};
