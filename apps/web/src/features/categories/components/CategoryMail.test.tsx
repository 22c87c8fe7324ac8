import { DEFAULT_SETTINGS, type Category, type EmailSummary, type SettingsResult } from '@mailroom/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFnError, fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { CategoryMail } from './CategoryMail';

const category: Category = { categoryId: 'c1', name: 'Newsletters', query: 'list:*', description: '', color: null, icon: null, count: 1, unreadCount: 0, updatedAt: '2026-11-21T00:00:00.000Z' };

const settingsWith = (defaultSort: 'date' | 'priority'): SettingsResult => ({
  version: 1,
  settings: { ...DEFAULT_SETTINGS, mail: { ...DEFAULT_SETTINGS.mail, defaultSort } },
  timeZoneSource: 'chosen',
});

const email = (id: string, subject: string): EmailSummary => ({
  id,
  threadId: `t-${id}`,
  from: { name: 'Sender', address: 's@example.org' },
  subject,
  snippet: '',
  date: '2026-11-19T10:00:00.000Z',
  labels: ['INBOX'],
  unread: false,
  starred: false,
  important: false,
  hasAttachment: false,
});

/** Settings › Mail "Sort mail lists by" (issue 20) takes effect in a category's mail list. */
describe('a category lists its mail in the order chosen in Settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('priority chosen: asks for priority order, and only once the setting is known', async () => {
    const api = fakeApi({
      getSettings: () => settingsWith('priority'),
      getCategoryEmails: (data) => ({ emails: [email('m1', data.sort === 'priority' ? 'Most important' : 'Newest')], nextPageToken: null, total: 1, source: 'store' }),
      listActionBatches: () => ({ batches: [] }),
    });
    renderSignedIn(<CategoryMail category={category} onEditQuery={() => {}} />, { path: '/manual/c1', route: '/manual/:categoryId' });
    expect(await screen.findByText('Most important')).toBeTruthy();
    expect(api.callsTo('getCategoryEmails').map((c) => c.sort)).toEqual(['priority']);
  });

  it('priority chosen but the query is answered by Gmail search: newest first instead of an error', async () => {
    const api = fakeApi({
      getSettings: () => settingsWith('priority'),
      getCategoryEmails: (data) => {
        if (data.sort === 'priority') throw new FakeFnError('FAILED_PRECONDITION', 'Priority order needs scores', { reason: 'PRIORITY_UNAVAILABLE' });
        return { emails: [email('m1', 'Newest')], nextPageToken: null, total: null, source: 'gmail' };
      },
      listActionBatches: () => ({ batches: [] }),
    });
    renderSignedIn(<CategoryMail category={category} onEditQuery={() => {}} />, { path: '/manual/c1', route: '/manual/:categoryId' });
    expect(await screen.findByText('Newest')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('getCategoryEmails').map((c) => c.sort)).toEqual(['priority', 'date']));
  });

  it('date chosen (the default): newest first', async () => {
    const api = fakeApi({
      getSettings: () => settingsWith('date'),
      getCategoryEmails: () => ({ emails: [email('m1', 'Newest')], nextPageToken: null, total: 1, source: 'store' }),
      listActionBatches: () => ({ batches: [] }),
    });
    renderSignedIn(<CategoryMail category={category} onEditQuery={() => {}} />, { path: '/manual/c1', route: '/manual/:categoryId' });
    expect(await screen.findByText('Newest')).toBeTruthy();
    expect(api.callsTo('getCategoryEmails').map((c) => c.sort)).toEqual(['date']);
  });
});
