import type { ActionBatch, EmailSummary, FnResponse, MailAction } from '@mailroom/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryMail } from '../../categories/components/CategoryMail';
import { FakeFnError, fakeApi, renderSignedIn, type FakeHandlers } from '../../../test/fakeApi';
import type { MailDataSource } from '../api/source';
import { STANDARD_ACTIONS, afterAction, type MailListAction } from '../lib/actions';
import { DENSITY_STORAGE_KEY } from '../lib/constants';
import { MailList } from './MailList';

const category = { categoryId: 'c1', name: 'Lists', query: 'list:spamassassin', description: '', color: null, icon: null, count: 4, unreadCount: 1, updatedAt: '2026-11-21T00:00:00.000Z' };

function email(i: number, over: Partial<EmailSummary> = {}): EmailSummary {
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
    ...over,
  };
}

const four = [1, 2, 3, 4].map((i) => email(i, { unread: i === 1, labels: i === 1 ? ['INBOX', 'UNREAD'] : ['INBOX'] }));
const batchOf = (batchId: string, count: number): FnResponse<'modifyEmails'> => ({ batchId, count, status: 'done' });

/** A mailbox of four messages that the fake's modifyEmails really changes. */
function api(overrides: FakeHandlers = {}) {
  let mailbox = four;
  let batches = 0;
  return fakeApi({
    // Like a category of list mail: trash leaves it, archiving does not.
    getCategoryEmails: () => {
      const emails = mailbox.filter((e) => !e.labels.includes('TRASH'));
      return { emails, nextPageToken: null, total: emails.length, source: 'store' };
    },
    getGmailStatus: () => ({ connected: true, email: 'ann@example.org', scopes: [], canWrite: true, needsReconnect: false, sync: { state: 'idle', messageCount: 4, lastSyncAt: null, progress: null, error: null } }),
    listActionBatches: () => ({ batches: [] }),
    modifyEmails: (data) => {
      const ids = new Set(data.target.messageIds ?? []);
      mailbox = mailbox.map((e) => (ids.has(e.id) ? afterAction(e, data.action) : e));
      return batchOf(`b${++batches}`, ids.size);
    },
    undoActionBatch: (data) => ({ batchId: data.batchId, status: 'undone', restored: 3 }),
    getEmailContent: (data) => ({
      id: data.messageId,
      threadId: 't2',
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

function renderCategory() {
  return renderSignedIn(<CategoryMail category={category} onEditQuery={() => {}} />, { path: '/manual/c1', route: '/manual/:categoryId' });
}

/** A source of any kind (the inbox, a bundle): what a view plugs into the list. */
function source(over: Partial<MailDataSource> = {}): MailDataSource {
  return {
    ref: { kind: 'query', query: 'in:inbox' },
    key: ['test'],
    label: 'Messages in the test',
    scope: 'in the test',
    fetchPage: async () => ({ emails: four, nextPageToken: null, total: 4 }),
    empty: { title: 'Nothing here' },
    ...over,
  };
}

const rows = () => screen.getAllByTestId('message-row');
const checkbox = (index: number) => within(rows()[index]!).getByRole('checkbox');
const key = (k: string) => fireEvent.keyDown(document.body, { key: k });
const toolbar = () => screen.getByRole('toolbar', { name: 'Selected messages' });
const modifyCalls = (calls: ReturnType<typeof api>) => calls.callsTo('modifyEmails');

describe('the mail list, as a category uses it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('archives a shift-click range at once, with no dialog, and undoes it from the toast', async () => {
    const calls = api();
    renderCategory();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(checkbox(0));
    fireEvent.click(checkbox(2), { shiftKey: true });
    expect(screen.getByTestId('selection-count').textContent).toBe('3 selected');

    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Archive' }));
    const bar = await screen.findByTestId('undo-bar');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(modifyCalls(calls)).toEqual([{ target: { source: { kind: 'category', categoryId: 'c1' }, messageIds: ['m1', 'm2', 'm3'] }, action: 'archive' }]);
    expect(within(bar).getByText('Archived 3 messages.')).toBeTruthy();
    expect(screen.getByTestId('selection-count').textContent).toBe('');
    fireEvent.click(within(bar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.callsTo('undoActionBatch')).toEqual([{ batchId: 'b1' }]));
    expect(calls.problems).toEqual([]);
  });

  it('works from the keyboard: j/k move, x selects, # deletes at once, s stars, ! marks important, z undoes, ? lists every key', async () => {
    const calls = api();
    renderCategory();
    await waitFor(() => expect(rows()).toHaveLength(4));
    for (const k of ['j', 'j', 'k', 'j']) key(k);
    key('x');
    expect((checkbox(1) as HTMLInputElement).checked).toBe(true);
    key('#');
    await screen.findByText('Moved 1 message to trash.');
    await waitFor(() => expect(rows()).toHaveLength(3));
    // The cursor went on to the next message.
    key('s');
    await screen.findByText('Starred 1 message.');
    key('!');
    await screen.findByText('Marked 1 message important.');
    const sent = modifyCalls(calls).map((c) => [c.action, c.target.messageIds]);
    expect(sent).toEqual([
      ['delete', ['m2']],
      ['star', ['m3']],
      ['important', ['m3']],
    ]);
    key('z');
    await waitFor(() => expect(calls.callsTo('undoActionBatch')).toEqual([{ batchId: 'b3' }]));
    key('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const words of ['Archive the selected messages (or the current one)', 'Star or unstar', 'Mark important', 'Mark not important', 'Undo the last action']) {
      expect(within(help).getByText(words)).toBeTruthy();
    }
    expect(calls.problems).toEqual([]);
  });

  it('offers "Grant write access" when Gmail was connected read-only, and changes nothing meanwhile', async () => {
    const calls = api({
      modifyEmails: () => {
        throw new FakeFnError('FAILED_PRECONDITION', 'This action changes your mailbox; grant Mailroom write access to Gmail first.', { reason: 'WRITE_SCOPE_REQUIRED' });
      },
    });
    renderCategory();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(checkbox(3));
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Quarantine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Allow Mailroom to change your Gmail?' });
    expect(within(dialog).getByText(/To quarantine this message, Mailroom needs permission/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Grant write access' })).toBeTruthy();
    expect(screen.queryByTestId('undo-bar')).toBeNull();
    expect(calls.callsTo('modifyEmails')).toEqual([{ target: { source: { kind: 'category', categoryId: 'c1' }, messageIds: ['m4'] }, action: 'quarantine' }]);
  });

  it('opens a message in a sandboxed frame, shows images only when asked, and acts on it from the pane', async () => {
    const calls = api();
    renderCategory();
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

    const pane = screen.getByTestId('reading-pane');
    expect(within(pane).getByRole('link', { name: 'Open in Gmail (new tab)' }).getAttribute('href')).toBe('https://mail.google.com/mail/u/0/?authuser=ann%40example.org#all/t2');
    fireEvent.click(within(pane).getByRole('button', { name: 'Star' }));
    // The star shows at once; the list is read again behind it.
    expect(await within(pane).findByRole('button', { name: 'Unstar' })).toBeTruthy();
    fireEvent.click(within(pane).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(modifyCalls(calls)).toHaveLength(2));
    fireEvent.click(within(pane).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByTestId('reading-pane')).toBeNull());
    expect(modifyCalls(calls).map((c) => [c.action, c.target.messageIds])).toEqual([
      ['star', ['m2']],
      ['mark_unread', ['m2']],
      ['archive', ['m2']],
    ]);
    expect(calls.problems).toEqual([]);
  });

  it('follows a large action’s progress in the toast, and reads the list again as it goes and when it ends', async () => {
    let batch: ActionBatch = { batchId: 'b9', kind: 'quarantine', categoryId: 'c1', categoryName: 'Lists', count: 1200, done: 400, restored: 0, status: 'running', error: null, createdAt: '2026-11-21T10:00:00.000Z', expiresAt: '2026-11-28T10:00:00.000Z', undoneAt: null };
    let listed = four;
    const calls = api({
      getCategoryEmails: () => ({ emails: listed, nextPageToken: null, total: listed.length, source: 'store' }),
      modifyEmails: () => ({ batchId: 'b9', count: 1200, status: 'running' }),
      listActionBatches: () => ({ batches: [batch] }),
    });
    renderCategory();
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every message on this page' }));
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Quarantine' }));
    const bar = await screen.findByTestId('undo-bar');
    await waitFor(() => expect(within(bar).getByRole('progressbar', { name: 'Action progress' }).getAttribute('aria-valuenow')).toBe('33'));
    expect((within(bar).getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
    // The job finishes: the list must show what it did, not the state before it.
    listed = [];
    batch = { ...batch, done: 1200, status: 'done' };
    await waitFor(() => expect(within(bar).getByText('Quarantined 1,200 messages.')).toBeTruthy(), { timeout: 3000 });
    await waitFor(() => expect(screen.queryAllByTestId('message-row')).toHaveLength(0));
    expect(screen.getByText('No mail matches this category')).toBeTruthy();
    expect(calls.problems).toEqual([]);
  });
});

describe('selecting every message of a source', () => {
  afterEach(() => vi.unstubAllGlobals());

  const pages = (total: number) =>
    api({
      getCategoryEmails: (data) => {
        const start = data.pageToken ? Number(data.pageToken) : 0;
        const emails = Array.from({ length: Math.min(50, total - start) }, (_, i) => email(start + i + 1));
        const next = start + 50 < total ? String(start + 50) : null;
        return { emails, nextPageToken: next, total: data.pageToken ? null : total, source: 'store' };
      },
    });

  it('sends the source with all: true, not the ids, and asks first above 100 messages with the focus on the action (Cancel changes nothing)', async () => {
    const calls = pages(2_994);
    renderCategory();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every message on this page' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('50 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Select all 2,994 in this category' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('2,994 selected');
    expect(screen.getByText('All 2,994 messages in this category are selected.')).toBeTruthy();

    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Archive' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('selection-count').textContent).toBe('2,994 selected');

    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Archive' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Archive: all 2,994 messages in this category?' });
    const action = within(confirm).getByRole('button', { name: 'Archive' });
    expect(document.activeElement).toBe(action);
    expect(modifyCalls(calls)).toEqual([]);
    fireEvent.click(action);
    await screen.findByTestId('undo-bar');
    expect(modifyCalls(calls)).toEqual([{ target: { source: { kind: 'category', categoryId: 'c1' }, all: true }, action: 'archive' }]);
    expect(calls.problems).toEqual([]);
  });

  it('acts at once on all of a source of 100 messages or fewer', async () => {
    const calls = pages(80);
    renderCategory();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every message on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 80 in this category' }));
    key('e');
    await screen.findByTestId('undo-bar');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(modifyCalls(calls)).toEqual([{ target: { source: { kind: 'category', categoryId: 'c1' }, all: true }, action: 'archive' }]);
  });

  it('pages to older messages and back, starting over the selection', async () => {
    pages(120);
    renderCategory();
    await waitFor(() => expect(rows()).toHaveLength(50));
    fireEvent.click(checkbox(0));
    fireEvent.click(screen.getByRole('button', { name: 'Older messages' }));
    await waitFor(() => expect(screen.getByTestId('page-range').textContent).toBe('51–100 of 120'));
    expect(screen.getByTestId('selection-count').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Newer messages' }));
    await waitFor(() => expect(screen.getByTestId('page-range').textContent).toBe('1–50 of 120'));
  });
});

describe('what a view plugs into the list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the view’s badge and reason in every row, and runs the view’s own action from its key', async () => {
    api();
    const replied: string[][] = [];
    const reply: MailListAction = { id: 'reply', label: () => 'Reply', icon: 'mail', key: { key: 'r', description: 'Reply' }, pane: true, run: (targets) => replied.push(targets.emails.map((e) => e.id)) };
    renderSignedIn(
      <MailList
        source={source({
          badge: (e) => <span data-testid="score">{e.id === 'm1' ? 91 : 12}</span>,
          reason: (e) => `Because ${e.from.name ?? ''}`,
          actions: (standard) => [...standard, reply],
        })}
      />,
    );
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(within(rows()[0]!).getByTestId('score').textContent).toBe('91');
    expect(within(rows()[1]!).getByText('Because Sender 2')).toBeTruthy();
    key('j');
    key('r');
    expect(replied).toEqual([['m1']]);
  });

  it('remembers the chosen row density', async () => {
    api();
    const first = renderSignedIn(<MailList source={source()} />);
    await waitFor(() => expect(rows()).toHaveLength(4));
    const toggle = screen.getByRole('button', { name: 'Compact rows' });
    const density = rows()[0]!.getAttribute('data-density');
    fireEvent.click(toggle);
    const chosen = density === 'compact' ? 'comfortable' : 'compact';
    expect(rows()[0]!.getAttribute('data-density')).toBe(chosen);
    expect(toggle.getAttribute('aria-pressed')).toBe(String(chosen === 'compact'));
    expect(window.localStorage.getItem(DENSITY_STORAGE_KEY)).toBe(chosen);
    first.unmount();
    renderSignedIn(<MailList source={source()} />);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[0]!.getAttribute('data-density')).toBe(chosen);
  });

  it('renders only the rows in view above a few hundred, and still selects them all', async () => {
    api();
    // jsdom lays nothing out: rows measure 41 px high, as compact rows do in a browser.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.hasAttribute('data-index') ? 41 : 0;
    });
    const many = Array.from({ length: 1_000 }, (_, i) => email(i + 1));
    renderSignedIn(<MailList source={source({ fetchPage: async () => ({ emails: many, nextPageToken: null, total: 1_000 }), pageSize: 1_000 })} />);
    await waitFor(() => expect(screen.getByTestId('message-list').getAttribute('data-virtualized')).toBe('true'));
    const shown = rows();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(100);
    expect(shown[0]!.getAttribute('aria-setsize')).toBe('1000');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every message on this page' }));
    expect(screen.getByTestId('selection-count').textContent).toBe('1,000 selected');
  });

  it('keeps every standard action on a key of its own, leaving r, a and f to reply', () => {
    const keys = STANDARD_ACTIONS.flatMap((a) => (a.key ? [a.key.key] : []));
    expect(new Set(keys).size).toBe(keys.length);
    for (const reserved of ['r', 'a', 'f']) expect(keys).not.toContain(reserved);
    const actions = new Set(STANDARD_ACTIONS.flatMap((a) => (a.mail ? [a.mail({ emails: [], all: true }), a.mail({ emails: [email(1, { starred: true, unread: true, important: true })], all: false })] : [])));
    expect([...actions].sort()).toEqual((['archive', 'delete', 'important', 'mark_read', 'mark_unread', 'not_important', 'quarantine', 'star', 'unstar'] satisfies MailAction[]).sort());
  });

  it('says what an empty source says', async () => {
    api();
    renderSignedIn(<MailList source={source({ fetchPage: async () => ({ emails: [], nextPageToken: null, total: 0 }), empty: { title: 'Inbox zero', body: 'Nothing left.' } })} />);
    expect(await screen.findByRole('heading', { name: 'Inbox zero' })).toBeTruthy();
    await act(async () => {});
  });
});
