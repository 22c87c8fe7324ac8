import type { EmailSummary, MailSource } from '@mailroom/contract';
import type { ReactNode } from 'react';
import type { MailListAction } from '../lib/actions';

/** One page of a source's messages, newest first (or in the source's own order). */
export interface MailPage {
  emails: EmailSummary[];
  nextPageToken: string | null;
  /** Every message of the source; null when it is not known (a Gmail search gives no exact count). */
  total: number | null;
}

/**
 * Where a mail list's messages come from, and what that view adds. Categories feed the list from
 * getCategoryEmails; the inbox, search, bundles and the digest plug in their own source the same
 * way, with their actions and row slots.
 */
export interface MailDataSource {
  /** The source as the server knows it: "all" actions send this and the server resolves it. */
  ref: MailSource;
  /** What the list's contents depend on (cache key; paging and selection start over when it changes). */
  key: readonly unknown[];
  /** The list's accessible name ("Messages in Newsletters"). */
  label: string;
  /** The whole source in a sentence: "in this category" → "Select all 2,994 in this category". */
  scope: string;
  fetchPage(request: { pageToken?: string | undefined; pageSize: number }): Promise<MailPage>;
  pageSize?: number;
  /** What an empty source says and offers (the list adds the icon and the frame). */
  empty: { title: string; body?: ReactNode; action?: ReactNode };
  /** The view's actions, given the standard ones (add a reply, leave one out, reorder). */
  actions?: (standard: readonly MailListAction[]) => readonly MailListAction[];
  /** The score badge beside the sender (priority), and the one-line reason under the subject. */
  badge?: (email: EmailSummary) => ReactNode;
  reason?: (email: EmailSummary) => ReactNode;
}
