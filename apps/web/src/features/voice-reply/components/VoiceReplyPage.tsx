import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callFn, describeError, mailQueryKey } from '../../../shared/api';
import { Alert, Button, ButtonLink, Card, Page, Spinner } from '../../../shared/ui';
import { useCategories } from '../../categories';
import { inboxMailSource } from '../../inbox';
import { activeMailList, MailList, type MailDataSource } from '../../mail';
import { useReplyComposer } from '../../replies';
import { messageForReading, useVoice, useVoiceCommands, type VoiceCommand, type VoiceOutcome } from '../../voice';

/**
 * /reply/voice, Voice Reply (issue 16): choose a message (from a list here, or "Reply by voice"
 * in any reading pane), hear it read, dictate the reply, see and edit what was heard, take a
 * suggested reply ("use suggestion two"), and send it with the usual Undo window. Everything has
 * a button and a key, so it works without a microphone too.
 */
export function VoiceReplyPage() {
  const [params] = useSearchParams();
  const messageId = params.get('message');
  return (
    <Page title="Voice reply" description="Hear a message, answer it by speaking, check the words, send.">
      {messageId ? <ReplyToMessage key={messageId} messageId={messageId} /> : <ChooseMessage />}
    </Page>
  );
}

/** The list Voice Reply starts on: the inbox, most important first. */
const INBOX = 'inbox';

/**
 * No message yet: the inbox by priority, or a category's list; the message opened here is the
 * one answered (every other list's reading pane has "Reply by voice").
 */
function ChooseMessage() {
  const categories = useCategories();
  const [chosen, setChosen] = useState<string>(INBOX);
  const selectId = useId();
  const voice = useVoice();
  const [, setParams] = useSearchParams();

  // "reply" on this page answers the message the list is on, here.
  useVoiceCommands((command) => {
    if (command.intent !== 'reply' && command.intent !== 'reply_all') return null;
    const snapshot = activeMailList()?.snapshot();
    const id = snapshot?.openId ?? snapshot?.current?.id ?? null;
    if (!id) return { message: 'Move to a message first (say “next”), then “reply”.', tone: 'warn' };
    setParams({ message: id });
    return { message: 'Answering this message. Say “reply” again to dictate.' };
  });

  const list = categories.data ?? [];
  const category = list.find((c) => c.categoryId === chosen) ?? null;
  const source = useMemo<MailDataSource>(
    () =>
      category
        ? {
            ref: { kind: 'category', categoryId: category.categoryId },
            key: ['voice-reply', category.categoryId],
            label: `Messages in ${category.name}`,
            scope: 'in this category',
            fetchPage: ({ pageToken, pageSize }) => callFn('getCategoryEmails', { categoryId: category.categoryId, pageSize, sort: 'date', ...(pageToken ? { pageToken } : {}) }),
            empty: { title: 'No messages in this category' },
          }
        : inboxMailSource('all', ['voice-reply', INBOX]),
    [category],
  );

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Open the message to answer here (or say “open it”), or choose <strong className="text-fg">Reply by voice</strong> in any list’s reading pane.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium">
          List
        </label>
        <select
          id={selectId}
          value={category ? category.categoryId : INBOX}
          onChange={(event) => setChosen(event.target.value)}
          className="rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg"
        >
          <option value={INBOX}>Inbox, most important first</option>
          {list.map((c) => (
            <option key={c.categoryId} value={c.categoryId}>
              {c.name}
            </option>
          ))}
        </select>
        {categories.isPending ? <Spinner label="Loading your categories" size={16} /> : null}
        {voice.engine === 'typing' ? null : <span className="text-sm text-muted">Or say “next”, “open it”, “reply”.</span>}
      </div>
      {categories.isError ? <Alert tone="warning" title="Your categories could not be loaded">{describeError(categories.error)} The inbox is here to choose from.</Alert> : null}
      <MailList source={source} />
    </div>
  );
}

/** One message: hear it, dictate, edit, choose a suggestion, send. */
function ReplyToMessage({ messageId }: { messageId: string }) {
  const voice = useVoice();
  const composer = useReplyComposer(messageId);
  const content = useQuery({ queryKey: [...mailQueryKey, 'voice-reply', messageId], queryFn: () => callFn('getEmailContent', { messageId }), staleTime: 60_000, gcTime: 60_000, retry: false });
  const [dictating, setDictating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const bodyId = useId();
  const editor = useRef<HTMLTextAreaElement>(null);
  const { draft, suggestions } = composer;
  const choices = suggestions.data?.trigger ? suggestions.data.suggestions : [];

  const ensureDraft = () => {
    if (!composer.draft) composer.open('reply');
  };

  const dictate = async (): Promise<VoiceOutcome> => {
    ensureDraft();
    setNotice(null);
    setDictating(true);
    const words = await voice.dictate();
    setDictating(false);
    if (words === null) return { message: 'Nothing was dictated.', tone: 'warn' };
    if (!words.trim()) {
      setNotice('Nothing was heard. Try again, closer to the microphone, or type the reply.');
      return { message: 'Nothing was heard.', tone: 'warn' };
    }
    const before = editor.current?.value ?? composer.draft?.body ?? '';
    const text = sentence(words);
    composer.update({ body: before.trim() ? `${before.trimEnd()} ${text}` : text });
    window.setTimeout(() => editor.current?.focus(), 0);
    return { message: 'Added what you said to the reply. Check it, then say “send” or press Send.' };
  };

  const choose = (index: number): VoiceOutcome => {
    const suggestion = choices[index];
    if (!suggestion) return { message: choices.length ? `There are ${choices.length} suggestions.` : 'There are no suggested replies for this message.', tone: 'warn' };
    composer.chooseSuggestion(index);
    return { message: `Using suggestion ${index + 1}: “${suggestion.body}”. Say “send”, or edit it first.` };
  };

  const send = async (): Promise<VoiceOutcome> => {
    if (!composer.draft?.body.trim()) return { message: 'The reply is empty: dictate it or choose a suggestion first.', tone: 'warn' };
    const queued = await composer.send();
    if (!queued) return { message: composer.error ?? 'The reply was not sent.', tone: 'error' };
    const seconds = Math.round(queued.delayMs / 1000);
    setSent(`Sending in ${seconds} s. Undo is on the message at the bottom of the screen.`);
    return { message: `Sending to ${queued.to.join(', ')} in ${seconds} s. Undo is on the toast.` };
  };

  // This page's commands come first; the rest (navigation, help) are the app's.
  useVoiceCommands(async (command: VoiceCommand): Promise<VoiceOutcome | null> => {
    switch (command.intent) {
      case 'reply':
      case 'reply_all':
        return dictate();
      case 'read_aloud':
        return voice.readAloud(messageId);
      case 'choose_suggestion':
        return choose(Number(command.slots.index) - 1);
      case 'suggest_replies':
        return { message: choices.length ? `Suggestions: ${choices.map((s, i) => `${i + 1}, ${s.body}`).join('. ')}` : 'There are no suggested replies for this message.' };
      case 'send':
        return send();
      case 'cancel':
        composer.discard();
        return { message: 'The reply was discarded.' };
      default:
        return null;
    }
  });

  if (content.isPending) return <Spinner label="Loading the message" />;
  if (content.isError) {
    return (
      <Alert tone="danger" title="This message cannot be opened" action={<ButtonLink to="/reply/voice" size="sm" variant="secondary">Choose another</ButtonLink>}>
        {describeError(content.error)}
      </Alert>
    );
  }
  const message = content.data;

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card aria-labelledby={`${bodyId}-heading`}>
        <h2 id={`${bodyId}-heading`} className="text-lg font-semibold break-words">
          {message.headers.subject || '(no subject)'}
        </h2>
        <p className="mt-1 text-sm break-words text-muted">From {message.headers.from}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {voice.reading ? (
            <Button variant="secondary" size="sm" icon="stop" onClick={voice.stopReading}>
              Stop reading
            </Button>
          ) : (
            <Button variant="secondary" size="sm" icon="volume" onClick={() => void voice.readAloud(messageId)}>
              Read it aloud
            </Button>
          )}
          <ButtonLink to="/reply/voice" size="sm" variant="ghost">
            Choose another message
          </ButtonLink>
        </div>
        <p className="mt-4 max-h-80 overflow-y-auto text-sm whitespace-pre-wrap text-fg" data-testid="voice-reply-original">
          {messageForReading({ from: message.headers.from, subject: message.headers.subject, text: message.text, html: message.html }).split('\n').slice(2).join('\n')}
        </p>
      </Card>

      <Card aria-labelledby={`${bodyId}-reply`}>
        <h2 id={`${bodyId}-reply`} className="text-lg font-semibold">
          Your reply
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button icon="mic" busy={dictating} disabled={dictating || voice.engine === 'typing'} onClick={() => void dictate().then((o) => setNotice(o.tone ? o.message : null))}>
            {dictating ? 'Listening…' : 'Dictate'}
          </Button>
          {voice.engine === 'typing' ? (
            <span className="text-sm text-muted">
              {voice.unavailableReason ?? 'Voice is off in Settings.'} Type the reply below. <Link to="/settings" className="text-accent underline">Settings</Link>
            </span>
          ) : (
            <span className="text-sm text-muted">Say your reply, then stop (or press Done). You can edit it before sending.</span>
          )}
        </div>
        {notice ? <p className="mt-2 text-sm text-warning" role="status">{notice}</p> : null}
        {voice.microphoneNote && !dictating ? (
          <p className="mt-2 text-sm text-muted" data-testid="voice-reply-microphone-note">
            {voice.microphoneNote}
          </p>
        ) : null}

        <label htmlFor={bodyId} className="mt-4 block text-sm font-medium">
          Reply text
        </label>
        <textarea
          id={bodyId}
          ref={editor}
          data-testid="voice-reply-body"
          rows={8}
          value={draft?.body ?? ''}
          onFocus={ensureDraft}
          onChange={(event) => (composer.draft ? composer.update({ body: event.target.value }) : composer.open('reply', { body: event.target.value }))}
          className="mt-1 w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg"
        />
        {draft ? <p className="mt-1 text-xs text-muted break-words">To {draft.to || 'the sender'} · {draft.subject}</p> : null}

        {choices.length > 0 ? (
          <div className="mt-4">
            <h3 className="text-sm font-medium">Suggested replies</h3>
            <ol className="mt-2 space-y-2">
              {choices.map((suggestion, index) => (
                <li key={suggestion.text} className="flex items-start gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setNotice(choose(index).tone ? 'That suggestion is not available.' : null)}>
                    Use {index + 1}
                  </Button>
                  <span className="text-sm">{suggestion.body}</span>
                </li>
              ))}
            </ol>
            <p className="mt-1 text-xs text-muted">Or say “use suggestion two”.</p>
          </div>
        ) : suggestions.isPending ? (
          <p className="mt-4 text-sm text-muted">Looking for suggested replies…</p>
        ) : null}

        {composer.error ? (
          <Alert tone="danger" title="Not sent" className="mt-4">
            {composer.error}
          </Alert>
        ) : null}
        {sent ? (
          <p className="mt-4 text-sm text-success" role="status" data-testid="voice-reply-sent">
            {sent}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <Button icon="send" busy={composer.sending} disabled={!draft?.body.trim() || composer.sending} onClick={() => void send()}>
            Send
          </Button>
          <Button variant="ghost" disabled={!draft} onClick={composer.discard}>
            Discard
          </Button>
        </div>
      </Card>
    </div>
  );
}

/** Dictated words as a sentence: a capital first letter and a full stop. */
function sentence(words: string): string {
  const text = words.trim();
  if (!text) return '';
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}
