import type { Category } from '@mailroom/contract';
import { useMemo } from 'react';
import { callFn, failureReason } from '../../../shared/api';
import { Button, Spinner } from '../../../shared/ui';
import { MailList, type MailDataSource } from '../../mail';
import { useSettings } from '../../settings';

/**
 * A category's mail: the mail list fed from getCategoryEmails, acting on the category as the
 * server knows it, in the order chosen in Settings › Mail (issue 20). Priority order needs
 * scores, which a query Gmail search answers has not got (PRIORITY_UNAVAILABLE): such a
 * category lists newest first.
 */
export function CategoryMail({ category, onEditQuery }: { category: Category; onEditQuery: () => void }) {
  const { settings } = useSettings();
  // Until the setting is known the list waits, rather than loading by date and again by priority.
  if (settings.isPending) return <Spinner label="Loading your mail" />;
  return <CategoryMailList category={category} onEditQuery={onEditQuery} sort={settings.data?.settings.mail.defaultSort ?? 'date'} />;
}

function CategoryMailList({ category, onEditQuery, sort }: { category: Category; onEditQuery: () => void; sort: 'date' | 'priority' }) {
  const { categoryId, name, query } = category;
  const source = useMemo<MailDataSource>(
    () => ({
      ref: { kind: 'category', categoryId },
      // The query and the order are part of what is listed: an edited category is a new list.
      key: ['category', categoryId, query, sort],
      label: `Messages in ${name}`,
      scope: 'in this category',
      fetchPage: async ({ pageToken, pageSize }) => {
        const page = (order: 'date' | 'priority') => callFn('getCategoryEmails', { categoryId, pageSize, sort: order, ...(pageToken ? { pageToken } : {}) });
        if (sort === 'date') return page('date');
        try {
          return await page('priority');
        } catch (error) {
          if (failureReason(error) === 'PRIORITY_UNAVAILABLE') return page('date');
          throw error;
        }
      },
      empty: {
        title: 'No mail matches this category',
        body: (
          <>
            Nothing in your mailbox matches <code className="font-mono">{query}</code> right now.
          </>
        ),
        action: (
          <Button variant="secondary" icon="settings" onClick={onEditQuery}>
            Edit the query
          </Button>
        ),
      },
    }),
    [categoryId, name, query, onEditQuery, sort],
  );
  return <MailList source={source} />;
}
