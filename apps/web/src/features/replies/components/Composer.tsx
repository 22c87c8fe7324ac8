import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Dialog, Spinner, cx } from '../../../shared/ui';
import { GrantWriteAccessButton } from '../../gmail';
import type { EmailContent } from '../../mail';
import type { ReplyComposer } from '../hooks/useReplyComposer';
import { SuggestionChips } from './SuggestionChips';

const MODE_TITLE = { reply: 'Reply', 'reply-all': 'Reply all', forward: 'Forward' } as const;
const FIELD = 'w-full min-w-0 rounded-lg border border-line-strong bg-surface px-3 py-2 text-sm text-fg placeholder:text-muted';
/** The preview of the quoted message shows this much; the server quotes all of it. */
const QUOTE_PREVIEW_CHARS = 4_000;

/** The original as text, for the preview of what is quoted (its sanitised HTML when it has no text part). */
function originalText(content: EmailContent): string {
  if (content.text) return content.text;
  if (!content.html || typeof DOMParser === 'undefined') return '';
  return new DOMParser().parseFromString(content.html, 'text/html').body.textContent ?? '';
}

interface ComposerProps {
  composer: ReplyComposer;
  content: EmailContent;
  /** Where the focus goes when the editor closes (the Reply button). */
  onClosed: () => void;
}

/**
 * The reply editor: plain text, the original quoted below it when it is sent, recipients and
 * subject editable, the suggestions as chips, Draft with AI when a model is configured. Keys:
 * Ctrl+Enter (⌘+Enter) sends, Escape discards (asking first when something was written).
 */
export function Composer({ composer, content, onClosed }: ComposerProps) {
  const draft = composer.draft;
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [showCopies, setShowCopies] = useState(false);
  const [instruction, setInstruction] = useState('');
  const ids = { to: useId(), cc: useId(), bcc: useId(), subject: useId(), body: useId(), hint: useId(), instruction: useId(), title: useId() };

  useEffect(() => {
    // After the reading pane has settled its own focus.
    const timer = window.setTimeout(() => {
      const body = bodyRef.current;
      if (!body) return;
      body.focus();
      body.setSelectionRange(body.value.length, body.value.length);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [draft?.mode]);

  if (!draft) return null;
  const forward = draft.mode === 'forward';
  // Shown when asked for or when they hold anything (typing in them keeps them shown).
  const copies = showCopies || draft.cc !== '' || draft.bcc !== '';
  const quote = originalText(content);

  const close = () => {
    composer.discard();
    setConfirming(false);
    onClosed();
  };
  const askToDiscard = () => {
    if (composer.dirty) setConfirming(true);
    else close();
  };
  const send = async () => {
    const queued = await composer.send();
    if (queued) onClosed();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // The discard question has its own keys (Escape closes it).
    if (event.target instanceof Element && event.target.closest('dialog')) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    } else if (event.key === 'Escape' && !event.defaultPrevented) {
      // The list would close the message (and the editor with it): the editor decides.
      event.preventDefault();
      if (composer.ai.streaming) composer.ai.stop();
      else askToDiscard();
    }
  };

  return (
    <form
      aria-labelledby={ids.title}
      data-mail-keys="own"
      data-testid="reply-editor"
      className="rounded-xl border border-line bg-surface-2/40 p-3 sm:p-4"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h3 id={ids.title} className="text-sm font-semibold text-fg">
        {MODE_TITLE[draft.mode]}
      </h3>
      <div className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2">
        <label htmlFor={ids.to} className="text-sm text-muted">
          To
        </label>
        <div className="flex min-w-0 items-center gap-2">
          <input
            id={ids.to}
            className={FIELD}
            value={draft.to}
            onChange={(e) => composer.update({ to: e.target.value })}
            placeholder={forward ? 'name@example.com' : 'The sender'}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
          />
          {!copies ? (
            <Button variant="ghost" size="sm" className="shrink-0" onClick={() => setShowCopies(true)}>
              Cc/Bcc
            </Button>
          ) : null}
        </div>
        {copies ? (
          <>
            <label htmlFor={ids.cc} className="text-sm text-muted">
              Cc
            </label>
            <input id={ids.cc} className={FIELD} value={draft.cc} onChange={(e) => {
                setShowCopies(true);
                composer.update({ cc: e.target.value });
              }} autoComplete="email" spellCheck={false} />
            <label htmlFor={ids.bcc} className="text-sm text-muted">
              Bcc
            </label>
            <input id={ids.bcc} className={FIELD} value={draft.bcc} onChange={(e) => {
                setShowCopies(true);
                composer.update({ bcc: e.target.value });
              }} autoComplete="email" spellCheck={false} />
          </>
        ) : null}
        <label htmlFor={ids.subject} className="text-sm text-muted">
          Subject
        </label>
        <input id={ids.subject} className={FIELD} value={draft.subject} onChange={(e) => composer.update({ subject: e.target.value })} />
      </div>

      {!forward ? <SuggestionChips composer={composer} className="mt-3" /> : null}

      {composer.ai.available && !forward ? (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor={ids.instruction} className="sr-only">
            What the AI should say (optional)
          </label>
          <input
            id={ids.instruction}
            className={cx(FIELD, 'sm:flex-1')}
            value={instruction}
            maxLength={300}
            placeholder="Optional: what to say, e.g. yes, but next week"
            onChange={(e) => setInstruction(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                e.preventDefault();
                composer.ai.start(instruction);
              }
            }}
            disabled={composer.ai.streaming}
          />
          {composer.ai.streaming ? (
            <Button variant="secondary" size="sm" icon="stop" onClick={composer.ai.stop}>
              Stop
            </Button>
          ) : (
            <Button variant="secondary" size="sm" icon="sparkle" onClick={() => composer.ai.start(instruction)}>
              Draft with AI
            </Button>
          )}
        </div>
      ) : null}
      <p className={cx('text-sm text-muted', (composer.ai.available || composer.ai.notice) && 'mt-2 min-h-5')} role="status" data-testid="ai-status">
        {composer.ai.streaming ? (
          <span className="inline-flex items-center gap-2">
            <Spinner size={14} decorative /> Writing a draft…
          </span>
        ) : (
          (composer.ai.notice ?? '')
        )}
      </p>

      <label htmlFor={ids.body} className="sr-only">
        Message
      </label>
      <textarea
        id={ids.body}
        ref={bodyRef}
        value={draft.body}
        onChange={(e) => composer.update({ body: e.target.value })}
        rows={8}
        aria-describedby={ids.hint}
        aria-busy={composer.ai.streaming || undefined}
        className={cx(FIELD, 'mt-1 block min-h-40 resize-y font-sans leading-relaxed')}
        placeholder={forward ? 'Add a note (optional)' : 'Write your reply'}
        data-testid="reply-body"
      />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-muted select-none">{forward ? 'The forwarded message is added below your note' : 'The original message is quoted below your reply'}</summary>
        <pre className="mt-2 max-h-48 overflow-auto rounded-lg border border-line bg-surface p-3 font-sans text-xs whitespace-pre-wrap text-muted">
          {quote ? quote.slice(0, QUOTE_PREVIEW_CHARS) + (quote.length > QUOTE_PREVIEW_CHARS ? '\n…' : '') : 'This message has no text to preview; it is quoted as Gmail holds it.'}
        </pre>
      </details>

      {composer.error ? (
        <Alert tone="danger" role="alert" className="mt-3" title="Not sent">
          {composer.error}
        </Alert>
      ) : null}
      {composer.needsWriteAccess ? (
        <Alert tone="accent" role="alert" className="mt-3" title="Allow Mailroom to send from your Gmail?">
          <p className="mb-3">Sending needs permission to send and label mail in Gmail. Google asks you once; your reply stays here meanwhile.</p>
          <GrantWriteAccessButton size="sm" onGranted={() => void send()} />
        </Alert>
      ) : null}

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button type="submit" icon="send" busy={composer.sending} data-testid="send-reply">
          Send
        </Button>
        <Button variant="ghost" onClick={askToDiscard}>
          Discard
        </Button>
        <p id={ids.hint} className="ml-auto text-xs text-muted max-sm:hidden">
          <kbd className="font-mono">Ctrl</kbd>+<kbd className="font-mono">Enter</kbd> sends · <kbd className="font-mono">Esc</kbd> discards
        </p>
      </div>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        size="sm"
        title="Discard this reply?"
        description="What you wrote will be gone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep editing
            </Button>
            <Button variant="danger" onClick={close}>
              Discard
            </Button>
          </>
        }
      />
    </form>
  );
}
