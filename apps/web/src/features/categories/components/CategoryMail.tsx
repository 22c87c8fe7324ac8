import type { Category } from '@mailroom/contract';
import { useMemo } from 'react';
import { callFn } from '../../../shared/api';
import { Button } from '../../../shared/ui';
import { MailList, type MailDataSource } from '../../mail';

/** A category's mail: the mail list fed from getCategoryEmails, acting on the category as the server knows it. */
export function CategoryMail({ category, onEditQuery }: { category: Category; onEditQuery: () => void }) {
  const { categoryId, name, query } = category;
  const source = useMemo<MailDataSource>(
    () => ({
      ref: { kind: 'category', categoryId },
      // The query is part of what is listed: an edited category is a new list.
      key: ['category', categoryId, query],
      label: `Messages in ${name}`,
      scope: 'in this category',
      fetchPage: ({ pageToken, pageSize }) => callFn('getCategoryEmails', { categoryId, pageSize, sort: 'date', ...(pageToken ? { pageToken } : {}) }),
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
    [categoryId, name, query, onEditQuery],
  );
  return <MailList source={source} />;
}
