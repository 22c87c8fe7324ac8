// The synthetic mailbox the store benchmarks share: realistic senders, categories, lists, labels
// and sizes over three years, generated from a seed so every run measures the same store.
import { seededRandom } from '@mailroom/gmail-sandbox';
import type { LabelInfo, MessageMeta } from '@mailroom/mail-query';

/** Ten typical category queries, all header-only so the store answers them. */
export const TYPICAL_CATEGORY_QUERIES = [
  'category:promotions',
  'from:amazon.com OR from:ebay.com',
  'label:receipts',
  'is:unread in:inbox',
  'list:github.com',
  'has:attachment larger:5M',
  'older_than:1y category:social',
  'subject:(invoice OR receipt) newer_than:30d',
  'from:linkedin.com -is:starred',
  'category:updates is:unread newer_than:7d',
];

export const USER_LABELS: LabelInfo[] = [
  { id: 'Label_1', name: 'Receipts' },
  { id: 'Label_2', name: 'Work/Projects' },
  { id: 'Label_3', name: 'Travel' },
];

const SENDERS = [
  { name: 'Amazon.com', address: 'shipment-tracking@amazon.com', category: 'CATEGORY_UPDATES', list: null },
  { name: 'eBay', address: 'ebay@ebay.com', category: 'CATEGORY_PROMOTIONS', list: null },
  { name: 'LinkedIn', address: 'messages-noreply@linkedin.com', category: 'CATEGORY_SOCIAL', list: null },
  { name: 'GitHub', address: 'notifications@github.com', category: 'CATEGORY_UPDATES', list: 'mailroom/mailroom <mailroom.mailroom.github.com>' },
  { name: 'Newsletter', address: 'news@shop.example.com', category: 'CATEGORY_PROMOTIONS', list: 'Shop news <news.shop.example.com>' },
  { name: 'Facebook', address: 'notification@facebookmail.com', category: 'CATEGORY_SOCIAL', list: null },
  { name: 'Alice Colleague', address: 'alice@work.example.org', category: 'CATEGORY_PERSONAL', list: null },
  { name: 'Bob Friend', address: 'bob@gmail.com', category: 'CATEGORY_PERSONAL', list: null },
  { name: 'Rust users', address: 'users@lists.rust-lang.org', category: 'CATEGORY_FORUMS', list: 'Rust users <users.lists.rust-lang.org>' },
  { name: 'Bank', address: 'alerts@bank.example', category: 'CATEGORY_UPDATES', list: null },
];
const SUBJECTS = ['Your order has shipped', 'Invoice for October', 'Receipt for your payment', 'Weekly digest', 'Re: project plan', 'New comment on issue', '50% off this weekend', 'You have a new connection', 'Meeting notes', 'Your statement is ready'];

export interface SyntheticOptions {
  /** The newest message's time; the mailbox reaches three years back from it. */
  now: number;
  seed?: number;
  /** Mark about 3 % as spam (the query language's tests want some; Mailroom's store never holds spam). */
  includeSpam?: boolean;
}

export function syntheticMessages(count: number, options: SyntheticOptions): MessageMeta[] {
  const rnd = seededRandom(options.seed ?? 42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)] as T;
  const messages: MessageMeta[] = [];
  for (let i = 0; i < count; i++) {
    const sender = pick(SENDERS);
    const labelIds = [sender.category];
    if (rnd() < 0.3) labelIds.push('INBOX');
    if (rnd() < 0.4) labelIds.push('UNREAD');
    if (rnd() < 0.05) labelIds.push('STARRED');
    if (rnd() < 0.15) labelIds.push('IMPORTANT');
    if (rnd() < 0.03 && options.includeSpam) labelIds.push('SPAM');
    if (rnd() < 0.1) labelIds.push(pick(USER_LABELS).id);
    messages.push({
      id: `m${i.toString(16).padStart(8, '0')}`,
      threadId: `t${Math.floor(i / 3).toString(16)}`,
      labelIds,
      from: [{ name: sender.name, address: sender.address }],
      to: [{ name: 'Me', address: 'me@example.com' }],
      cc: rnd() < 0.1 ? [{ name: null, address: 'team@work.example.org' }] : [],
      bcc: [],
      deliveredTo: ['me@example.com'],
      subject: `${pick(SUBJECTS)} #${i % 997}`,
      // Three years back from now, newest last.
      internalDate: options.now - Math.floor((1 - i / count) * 3 * 365 * 86_400_000),
      sizeEstimate: Math.floor(Math.exp(8 + rnd() * 8)),
      attachments: rnd() < 0.1 ? [{ filename: `document-${i}.pdf`, mimeType: 'application/pdf' }] : [],
      listId: sender.list,
      listPost: null,
      rfc822MessageId: `${i}.${sender.address}`,
    });
  }
  return messages;
}

/** The p-th percentile (nearest rank) of some timings. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const median = (values: readonly number[]): number => percentile(values, 50);
