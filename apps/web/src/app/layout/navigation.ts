import type { IconName } from '../../shared/ui';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

/** The signed-in app's sections, in the sidebar (desktop) and the menu (phone). */
export const APP_NAV: NavSection[] = [
  {
    label: 'Mail',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: 'grid' },
      { to: '/inbox', label: 'Inbox Flow', icon: 'inbox' },
      { to: '/manual', label: 'Categories', icon: 'tag' },
      { to: '/bundles', label: 'Bundles', icon: 'layers' },
      { to: '/digest', label: 'Daily digest', icon: 'newspaper' },
    ],
  },
  {
    label: 'Tools',
    items: [
      { to: '/unsubscribe', label: 'Unsubscribe', icon: 'mailMinus' },
      { to: '/reply/voice', label: 'Voice reply', icon: 'mic' },
      { to: '/insights', label: 'Insights', icon: 'chart' },
      { to: '/recovery', label: 'Recovery', icon: 'undo' },
    ],
  },
  {
    label: 'Account',
    items: [
      { to: '/settings', label: 'Settings', icon: 'settings' },
      { to: '/oauth/diagnostic', label: 'Diagnostics', icon: 'wrench' },
      { to: '/ops', label: 'Operations', icon: 'activity' },
    ],
  },
];

/** The public site's pages, in the header (desktop) and the menu (phone). */
export const PUBLIC_NAV: NavItem[] = [
  { to: '/features', label: 'Features', icon: 'sparkle' },
  { to: '/privacy', label: 'Privacy', icon: 'lock' },
  { to: '/security', label: 'Security', icon: 'shield' },
];
