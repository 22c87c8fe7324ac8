import type { FnResponse, SuggestRepliesResult } from '@mailroom/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeFnError, fakeApi, renderSignedIn, type FakeHandlers } from '../../../test/fakeApi';
import { OutboxProvider } from './OutboxProvider';
import { ReplyPanel } from './ReplyPanel';

const content: FnResponse<'getEmailContent'> = {
  id: 'm1',
  threadId: 't1',
  labelIds: ['INBOX'],
  headers: { from: 'Ann Smith <ann@acme.example>', to: 'Demo <demo@example.org>', cc: 'Bo <bo@acme.example>', replyTo: '', subject: 'Planning call', date: '2026-11-20T12:00:00.000Z' },
  html: null,
  text: 'Hi,\n\nAre you free on Thursday at 2pm?\n\nAnn',
  attachments: [],
  remoteImagesBlocked: 0,
};

const suggested: SuggestRepliesResult = {
  messageId: 'm1',
  trigger: true,
  code: 'person-to-person',
  reason: 'Ann Smith wrote to you.',
  kind: 'scheduling',
  suggestions: [
    { text: 'Hi Ann,\n\nThursday at 2pm works for me.', body: 'Thursday at 2pm works for me.', stance: 'accept' },
    { text: 'Hi Ann,\n\nSorry, I can’t make Thursday at 2pm.', body: 'Sorry, I can’t make Thursday at 2pm.', stance: 'decline' },
    { text: 'Hi Ann,\n\nCould we do another time?', body: 'Could we do another time?', stance: 'ask' },
  ],
  style: { learned: false, samples: 0 },
  compose: {
    reply: { to: ['Ann Smith <ann@acme.example>'], cc: [] },
    replyAll: { to: ['Ann Smith <ann@acme.example>'], cc: ['Bo <bo@acme.example>'] },
    subjects: { reply: 'Re: Planning call', forward: 'Fwd: Planning call' },
  },
  modelAvailable: false,
};

function api(overrides: FakeHandlers = {}) {
  return fakeApi({
    suggestReplies: () => suggested,
    listDrafts: () => ({ drafts: [] }),
    sendMessage: (data) => ({ sendId: 's1', status: 'queued', sendAt: new Date(Date.now() + 10_000).toISOString(), delayMs: 10_000, subject: data.subject ?? 'Re: Planning call', to: data.to ?? [], cc: data.cc ?? [], bcc: data.bcc ?? [] }),
    cancelSend: () => ({
      cancelled: true,
      draft: { mode: 'reply', messageId: 'm1', to: ['Ann Smith <ann@acme.example>'], cc: [], bcc: [], subject: 'Re: Planning call', body: 'Hi Ann,\n\nThursday at 2pm works for me. See you!', fromSuggestion: { stance: 'accept', edited: true } },
    }),
    ...overrides,
  });
}

function show() {
  return renderSignedIn(
    <OutboxProvider>
      <ReplyPanel messageId="m1" email={undefined} content={content} />
    </OutboxProvider>,
  );
}

const editorBody = () => screen.getByTestId('reply-body') as HTMLTextAreaElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the reading pane’s reply section', () => {
  it('a chip fills the editor with the whole reply; Ctrl+Enter queues it as the user saw it, and Undo puts the text back', async () => {
    const calls = api();
    show();
    const chips = await screen.findAllByTestId('suggestion-chip');
    expect(chips.map((c) => c.textContent)).toEqual(suggested.suggestions.map((s) => s.body));
    fireEvent.click(chips[0]!);
    expect(editorBody().value).toBe(suggested.suggestions[0]!.text);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('Ann Smith <ann@acme.example>');
    fireEvent.change(editorBody(), { target: { value: `${suggested.suggestions[0]!.text} See you!` } });
    fireEvent.keyDown(editorBody(), { key: 'Enter', ctrlKey: true });

    const toast = await screen.findByTestId('send-toast');
    expect(within(toast).getByRole('status').textContent).toBe('Sending… You have 10 seconds to undo.');
    expect(calls.callsTo('sendMessage')).toEqual([
      { mode: 'reply', messageId: 'm1', to: ['Ann Smith <ann@acme.example>'], cc: [], body: 'Hi Ann,\n\nThursday at 2pm works for me. See you!', fromSuggestion: { stance: 'accept', edited: true } },
    ]);
    expect(screen.queryByTestId('reply-editor')).toBeNull();

    fireEvent.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(editorBody().value).toBe('Hi Ann,\n\nThursday at 2pm works for me. See you!'));
    expect(calls.callsTo('cancelSend')).toEqual([{ sendId: 's1' }]);
    await waitFor(() => expect(screen.getByTestId('send-toast').getAttribute('data-state')).toBe('cancelled'));
    expect(calls.problems).toEqual([]);
  });

  it('Escape closes an untouched editor at once, and asks first when the user wrote something', async () => {
    api();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Reply all' }));
    // Asked before the suggestions (which bring the recipients) arrived: the editor opens with them.
    expect(((await screen.findByLabelText('Cc')) as HTMLInputElement).value).toBe('Bo <bo@acme.example>');
    fireEvent.keyDown(editorBody(), { key: 'Escape' });
    expect(screen.queryByTestId('reply-editor')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    fireEvent.change(await screen.findByTestId('reply-body'), { target: { value: 'Half a thought' } });
    fireEvent.keyDown(editorBody(), { key: 'Escape' });
    expect(screen.getByTestId('reply-editor')).toBeTruthy();
    expect(screen.getByRole('alertdialog', { hidden: true }).textContent).toContain('Discard this reply?');
    fireEvent.click(within(screen.getByRole('alertdialog', { hidden: true })).getByRole('button', { name: 'Keep editing', hidden: true }));
    expect(editorBody().value).toBe('Half a thought');
  });

  it('without write access the text stays and Google is asked for it', async () => {
    api({ sendMessage: () => Promise.reject(new FakeFnError('FAILED_PRECONDITION', 'grant write access', { reason: 'WRITE_SCOPE_REQUIRED' })) });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    fireEvent.change(await screen.findByTestId('reply-body'), { target: { value: 'Yes, Thursday.' } });
    fireEvent.click(screen.getByTestId('send-reply'));
    expect(await screen.findByText('Allow Mailroom to send from your Gmail?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Grant write access' })).toBeTruthy();
    expect(editorBody().value).toBe('Yes, Thursday.');
    expect(screen.queryByTestId('send-toast')).toBeNull();
  });

  it('a message that deserves no suggestions shows none, and Reply is still there', async () => {
    api({ suggestReplies: () => ({ ...suggested, trigger: false, code: 'bulk', reason: 'Bulk mail.', kind: null, suggestions: [] }) });
    show();
    await waitFor(() => expect(screen.getByTestId('reply-panel').getAttribute('data-suggestions')).toBe('none'));
    expect(screen.queryAllByTestId('suggestion-chip')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Reply' })).toBeTruthy();
  });
});
