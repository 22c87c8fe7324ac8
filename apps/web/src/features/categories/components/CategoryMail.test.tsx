import type { EmailSummary } from '@mailroom/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFnError, fakeApi, renderSignedIn } from '../testing/fakeApi';
import { CategoryMail } from './CategoryMail';

const category = { categoryId: 'c1', name: 'Lists', query: 'list:spamassassin', description: '', color: null, icon: null, count: 4, unreadCount: 1, updatedAt: '2026-11-21T00:00:00.000Z' };

const emails: EmailSummary[] = ['m1', 'm2', 'm3', 'm4'].map((id, i) => ({
  id,
  threadId: `t${id}`,
  from: `Sender ${i + 1} <s${i + 1}@example.org>`,
  subject: `Subject ${i + 1}`,
  snippet: `Snippet ${i + 1}`,
  date: new Date(2026, 10, 20 - i).toISOString(),
  labels: ['INBOX'],
  unread: i === 0,
  hasAttachment: false,
}));

function api(overrides: Record<string, (data: Record<string, unknown>) => unknown> = {}) {
  return fakeApi({
    getCategoryEmails: () => ({ emails, nextPageToken: null, total: 4, source: 'store' }),
    getGmailStatus: () => ({ connected: true, email: 'ann@example.org', scopes: [], canWrite: true, needsReconnect: false, sync: { state: 'idle', messageCount: 4, lastSyncAt: null, progress: null, error: null } }),
    listActionBatches: () => ({ batches: [] }),
    quarantineEmails: (data) => ({ batchId: 'b1', count: (data.messageIds as string[]).length, status: 'done' }),
    bulkDeleteEmails: (data) => ({ batchId: 'b2', count: (data.messageIds as string[]).length, status: 'done' }),
    undoActionBatch: (data) => ({ batchId: data.batchId, status: 'undone', restored: 3 }),
    getEmailContent: (data) => ({
      id: data.messageId,
      threadId: 't',
      labelIds: ['INBOX'],
      headers: { from: 'Sender 2 <s2@example.org>', to: 'ann@example.org', cc: '', replyTo: '', subject: 'Subject 2', date: '2026-11-19T10:00:00.000Z' },
      html: '<p>Hello</p>',
      text: 'Hello',
      attachments: [{ filename: 'report.pdf', mimeType: 'application/pdf', size: 2048 }],
      remoteImagesBlocked: 2,
    }),
    ...overrides,
  });
}

function renderMail() {
  renderSignedIn(<CategoryMail category={category} onEditQuery={() => {}} />, { path: '/manual/c1', route: '/manual/:categoryId' });
}

const rows = () => screen.getAllByTestId('message-row');
const checkbox = (index: number) => within(rows()[index]!).getByRole('checkbox');
const key = (k: string) => fireEvent.keyDown(document.body, { key: k });

describe('a category’s mail', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('selects a range with shift-click, quarantines it after confirmation, and undoes it from the toast', async () => {
    const calls = api();
    renderMail();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(checkbox(0));
    fireEvent.click(checkbox(2), { shiftKey: true });
    expect(screen.getByTestId('selection-count').textContent).toBe('3 selected');

    fireEvent.click(screen.getByRole('button', { name: 'Quarantine' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Quarantine 3 messages?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quarantine' }));

    const bar = await screen.findByTestId('undo-bar');
    expect(calls.callsTo('quarantineEmails')).toEqual([{ categoryId: 'c1', messageIds: ['m1', 'm2', 'm3'] }]);
    expect(within(bar).getByText('Quarantined 3 messages.')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.callsTo('undoActionBatch')).toEqual([{ batchId: 'b1' }]));
  });

  it('works from the keyboard: j/k move, x selects, # asks to delete, z undoes, ? lists the keys', async () => {
    const calls = api();
    renderMail();
    await waitFor(() => expect(rows()).toHaveLength(4));
    key('j');
    key('j');
    key('k');
    key('j');
    key('x');
    expect((checkbox(1) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('selection-count').textContent).toBe('1 selected');
    key('#');
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText('Move this message to trash?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move to trash' }));
    await screen.findByText('Moved 1 message to trash.');
    expect(calls.callsTo('bulkDeleteEmails')).toEqual([{ categoryId: 'c1', messageIds: ['m2'] }]);
    key('z');
    await waitFor(() => expect(calls.callsTo('undoActionBatch')).toEqual([{ batchId: 'b2' }]));
    key('?');
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('opens a message in a sandboxed frame without scripts, and shows images only when asked', async () => {
    const calls = api();
    renderMail();
    await waitFor(() => expect(rows()).toHaveLength(4));
    key('j');
    key('j');
    key('Enter');
    expect(await screen.findByRole('heading', { name: 'Subject 2' })).toBeTruthy();
    expect(calls.callsTo('getEmailContent')).toEqual([{ messageId: 'm2' }]);
    expect(screen.getByText('report.pdf')).toBeTruthy();
    const frame = screen.getByTestId('message-frame');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('src')).toBe('/api/messages/m2/view?images=0');
    fireEvent.click(screen.getByRole('button', { name: 'Show images (2 blocked)' }));
    expect(screen.getByTestId('message-frame').getAttribute('src')).toBe('/api/messages/m2/view?images=1');
    key('Escape');
    await waitFor(() => expect(screen.queryByTestId('reading-pane')).toBeNull());
  });

  it('offers "Grant write access" when Gmail was connected read-only', async () => {
    api({
      quarantineEmails: () => {
        throw new FakeFnError('FAILED_PRECONDITION', 'This action changes your mailbox; grant Mailroom write access to Gmail first.', { reason: 'WRITE_SCOPE_REQUIRED' });
      },
    });
    renderMail();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(checkbox(3));
    fireEvent.click(screen.getByRole('button', { name: 'Quarantine' }));
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quarantine' }));
    expect(await within(dialog).findByRole('button', { name: 'Grant write access' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Quarantine' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('follows a running batch’s progress in the toast, with Undo offered once it has finished', async () => {
    let batch = { batchId: 'b9', kind: 'quarantine', categoryId: 'c1', categoryName: 'Lists', count: 1200, done: 400, restored: 0, status: 'running', error: null, createdAt: '2026-11-21T10:00:00.000Z', expiresAt: '2026-11-28T10:00:00.000Z', undoneAt: null };
    api({
      quarantineEmails: () => ({ batchId: 'b9', count: 1200, status: 'running' }),
      listActionBatches: () => ({ batches: [batch] }),
    });
    renderMail();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every message on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quarantine' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Quarantine' }));
    const bar = await screen.findByTestId('undo-bar');
    await waitFor(() => expect(within(bar).getByRole('progressbar', { name: 'Action progress' }).getAttribute('aria-valuenow')).toBe('33'));
    expect(within(bar).getByText('400 of 1,200 done')).toBeTruthy();
    expect((within(bar).getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    batch = { ...batch, done: 1200, status: 'done' };
    await waitFor(() => expect(within(bar).getByText('Quarantined 1,200 messages.')).toBeTruthy(), { timeout: 3000 });
    expect((within(bar).getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
