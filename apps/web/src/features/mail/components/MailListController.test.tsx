import type { EmailSummary, FnResponse } from '@mailroom/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderSignedIn } from '../../../test/fakeApi';
import { afterAction } from '../lib/actions';
import { activeMailList } from '../lib/controller';
import { MailList } from './MailList';

function email(i: number): EmailSummary {
  return {
    id: `m${i}`,
    threadId: `t${i}`,
    from: { name: `Sender ${i}`, address: `s${i}@example.org` },
    subject: `Subject ${i}`,
    snippet: `Snippet ${i}`,
    date: new Date(2026, 10, 20, 12, 0, 0, 0).toISOString(),
    labels: ['INBOX'],
    unread: false,
    starred: false,
    important: false,
    hasAttachment: false,
  };
}

function setup() {
  let mailbox = [1, 2, 3].map(email);
  const modified: Array<{ ids: string[]; action: string }> = [];
  fakeApi({
    getGmailStatus: () => ({ connected: true, email: 'ann@example.org', scopes: [], canWrite: true, needsReconnect: false, sync: { state: 'idle', messageCount: 3, lastSyncAt: null, progress: null, error: null } }),
    listActionBatches: () => ({ batches: [] }),
    modifyEmails: (data) => {
      const ids = data.target.messageIds ?? [];
      modified.push({ ids, action: data.action });
      mailbox = mailbox.map((e) => (ids.includes(e.id) ? afterAction(e, data.action) : e)).filter((e) => !(data.action === 'archive' && ids.includes(e.id)));
      return { batchId: `b${modified.length}`, count: ids.length, status: 'done' } satisfies FnResponse<'modifyEmails'>;
    },
  });
  const source = {
    ref: { kind: 'query' as const, query: 'in:inbox' },
    key: ['controller-test'],
    label: 'Messages in the test',
    scope: 'in the test',
    fetchPage: async () => ({ emails: mailbox, nextPageToken: null, total: mailbox.length }),
    empty: { title: 'Nothing here' },
  };
  const view = renderSignedIn(<MailList source={source} />);
  return { modified, view };
}

describe('driving the mail list from outside (voice commands, the command palette)', () => {
  it('moves, selects and acts through the list, and the action is the same one its buttons send, with Undo', async () => {
    const { modified } = setup();
    await screen.findByText('Subject 1');
    const list = activeMailList();
    expect(list).not.toBeNull();
    expect(list?.snapshot()).toMatchObject({ listed: 3, targetCount: 0, openId: null });

    const next = await act(() => list!.run({ type: 'next' }));
    expect(next).toMatchObject({ done: true, message: 'Sender 1: Subject 1' });
    await act(() => list!.run({ type: 'next' }));
    expect(activeMailList()?.snapshot()).toMatchObject({ targetCount: 1, current: expect.objectContaining({ id: 'm2' }) });

    const archived = await act(() => list!.run({ type: 'act', action: 'archive' }));
    expect(archived).toEqual({ done: true, message: 'Archived 1 message.', undoable: true });
    expect(modified).toEqual([{ ids: ['m2'], action: 'archive' }]);
    await waitFor(() => expect(screen.queryByText('Subject 2')).toBeNull());
    expect(activeMailList()?.snapshot().canUndo).toBe(true);
  });

  it('select all counts the page for a confirmation question, and nothing happens without a target', async () => {
    const { modified } = setup();
    await screen.findByText('Subject 1');
    const nothing = await act(() => activeMailList()!.run({ type: 'act', action: 'delete' }));
    expect(nothing).toMatchObject({ done: false, message: 'No message is selected or open.' });
    expect(modified).toEqual([]);
    await act(() => activeMailList()!.run({ type: 'select-all' }));
    expect(activeMailList()?.snapshot().targetCount).toBe(3);
    await act(() => activeMailList()!.run({ type: 'clear-selection' }));
    expect(activeMailList()?.snapshot().targetCount).toBe(0);
  });

  it('is gone when the list is', async () => {
    const { view } = setup();
    await screen.findByText('Subject 1');
    expect(activeMailList()).not.toBeNull();
    view.unmount();
    expect(activeMailList()).toBeNull();
  });
});
