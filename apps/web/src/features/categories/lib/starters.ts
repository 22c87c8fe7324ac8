import type { IconName } from '../../../shared/ui';

export interface StarterCategory {
  name: string;
  query: string;
  description: string;
  color: string;
  icon: IconName;
}

/**
 * Categories a new user can add with one click. Every query is valid Gmail search (checked by
 * the parser in starters.test.ts) and means the same in Gmail as in Mailroom.
 */
export const STARTER_CATEGORIES: readonly StarterCategory[] = [
  {
    name: 'Newsletters and promotions',
    query: 'category:promotions',
    description: 'What Gmail files under Promotions: offers, newsletters, marketing mail.',
    color: '#7c3aed',
    icon: 'newspaper',
  },
  {
    name: 'Receipts and invoices',
    query: 'subject:(receipt OR invoice OR "order confirmation")',
    description: 'Purchases, bills and order confirmations.',
    color: '#059669',
    icon: 'tag',
  },
  {
    name: 'Code notifications',
    query: 'from:(github.com OR gitlab.com OR bitbucket.org)',
    description: 'Notifications from GitHub, GitLab and Bitbucket.',
    color: '#2563eb',
    icon: 'bell',
  },
  {
    name: 'Updates',
    query: 'category:updates',
    description: 'Confirmations, statements and account notices Gmail files under Updates.',
    color: '#d97706',
    icon: 'info',
  },
];
