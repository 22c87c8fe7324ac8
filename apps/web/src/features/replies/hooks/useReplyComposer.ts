import type { OutgoingDraft, QueuedSend, ReplyMode, ReplyStance } from '@mailroom/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { describeError, needsWriteScope } from '../../../shared/api';
import { streamDraft, useSendMessage, useSuggestions } from '../api/queries';
import { joinRecipients, recipientEntries } from '../lib/recipients';
import { useOutbox } from './useOutbox';

/** What the editor holds: plain text, the user's own (the original is quoted by the server when it sends). */
export interface ComposerDraft {
  mode: ReplyMode;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
  /** The suggestion the reply started from, and its text, to tell whether the user changed it. */
  fromSuggestion: { stance: ReplyStance; text: string } | null;
  /** A failed send this one replaces once it is queued. */
  replacesSendId: string | null;
}

export interface AiDraftState {
  /** A model is configured (the server said so with the suggestions). */
  available: boolean;
  streaming: boolean;
  /** Why the model's draft is not there (the local suggestions stand), or that it was stopped. */
  notice: string | null;
  start(instruction: string): void;
  stop(): void;
}

export interface ReplyComposer {
  /** Suggestions, the trigger's reason and the editor's starting recipients (suggestReplies). */
  suggestions: ReturnType<typeof useSuggestions>;
  /** The open editor, or null. */
  draft: ComposerDraft | null;
  /** The user changed something the editor was not filled with (discarding asks first). */
  dirty: boolean;
  open(mode: ReplyMode, init?: Partial<ComposerDraft>): void;
  /** Puts back what was written (Undo send, editing a failed send). */
  restore(saved: OutgoingDraft, replacesSendId: string | null): void;
  update(patch: Partial<Pick<ComposerDraft, 'to' | 'cc' | 'bcc' | 'subject' | 'body'>>): void;
  /** Fills the editor with suggestion `index` (opening a reply if none is open). */
  chooseSuggestion(index: number): void;
  /** Closes the editor and forgets what was in it (ask first when `dirty`). */
  discard(): void;
  ai: AiDraftState;
  /** Queues the send (Undo for the user's delay; the outbox toast follows it). Null when it was refused. */
  send(): Promise<QueuedSend | null>;
  sending: boolean;
  /** Why the last send was refused; null when none was. */
  error: string | null;
  /** The refusal is WRITE_SCOPE_REQUIRED: grant gmail.modify, then send again. */
  needsWriteAccess: boolean;
}

interface Editor {
  messageId: string;
  draft: ComposerDraft;
  /** What the editor was filled with (not by the user): what `dirty` compares against. */
  filled: Filled;
  error: string | null;
  notice: string | null;
  needsWriteAccess: boolean;
}

interface Filled {
  body: string;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
}

/**
 * The reply editor for one message, with no UI: the reading pane's section and Voice Reply
 * (/reply/voice) render it their own way. Suggestions are fetched with the message (the same
 * query the pane prefetches), sending goes through sendMessage and the outbox (Undo toast).
 */
export function useReplyComposer(messageId: string | null): ReplyComposer {
  const suggestions = useSuggestions(messageId);
  const sendMessage = useSendMessage();
  const outbox = useOutbox();
  const location = useLocation();
  // Everything about the open editor, tagged with its message: another message has none.
  const [stored, setEditor] = useState<Editor | null>(null);
  const editor = stored && stored.messageId === messageId ? stored : null;
  const [streaming, setStreaming] = useState(false);
  const stream = useRef<AbortController | null>(null);
  useEffect(() => () => stream.current?.abort(), []);

  const change = useCallback((update: (editor: Editor) => Editor) => setEditor((current) => (current ? update(current) : current)), []);

  const data = suggestions.data;
  const defaults = useCallback(
    (mode: ReplyMode): Filled => {
      const compose = data?.compose;
      if (mode === 'forward') return { body: '', to: '', cc: '', bcc: '', subject: compose?.subjects.forward ?? '' };
      const recipients = mode === 'reply-all' ? compose?.replyAll : compose?.reply;
      return { body: '', to: joinRecipients(recipients?.to ?? []), cc: joinRecipients(recipients?.cc ?? []), bcc: '', subject: compose?.subjects.reply ?? '' };
    },
    [data],
  );

  const open = useCallback(
    (mode: ReplyMode, init: Partial<ComposerDraft> = {}) => {
      if (!messageId) return;
      const next: ComposerDraft = { mode, ...defaults(mode), fromSuggestion: null, replacesSendId: null, ...init };
      setEditor({ messageId, draft: next, filled: { body: next.body, to: next.to, cc: next.cc, bcc: next.bcc, subject: next.subject }, error: null, notice: null, needsWriteAccess: false });
    },
    [defaults, messageId],
  );

  const restore = useCallback(
    (saved: OutgoingDraft, replacesSendId: string | null) => {
      if (!messageId) return;
      const next: ComposerDraft = {
        mode: saved.mode,
        to: joinRecipients(saved.to),
        cc: joinRecipients(saved.cc),
        bcc: joinRecipients(saved.bcc),
        subject: saved.subject,
        body: saved.body,
        fromSuggestion: null,
        replacesSendId,
      };
      // What was written is the user's: discarding it asks first.
      setEditor({ messageId, draft: next, filled: { body: '', to: next.to, cc: next.cc, bcc: next.bcc, subject: next.subject }, error: null, notice: null, needsWriteAccess: false });
    },
    [messageId],
  );

  const update = useCallback(
    (patch: Partial<Pick<ComposerDraft, 'to' | 'cc' | 'bcc' | 'subject' | 'body'>>) => change((current) => ({ ...current, draft: { ...current.draft, ...patch } })),
    [change],
  );

  const chooseSuggestion = useCallback(
    (index: number) => {
      const suggestion = data?.suggestions[index];
      if (!suggestion) return;
      const fromSuggestion = { stance: suggestion.stance, text: suggestion.text };
      if (editor) change((current) => ({ ...current, draft: { ...current.draft, body: suggestion.text, fromSuggestion }, filled: { ...current.filled, body: suggestion.text } }));
      else open('reply', { body: suggestion.text, fromSuggestion });
    },
    [data, editor, change, open],
  );

  const discard = useCallback(() => {
    stream.current?.abort();
    stream.current = null;
    setStreaming(false);
    setEditor(null);
  }, []);

  const stop = useCallback(() => {
    if (!stream.current) return;
    stream.current.abort();
    stream.current = null;
    setStreaming(false);
    change((current) => ({ ...current, notice: 'Stopped. The draft so far is in the editor.' }));
  }, [change]);

  const start = useCallback(
    (instruction: string) => {
      if (!messageId || !editor || editor.draft.mode === 'forward') return;
      stream.current?.abort();
      const controller = new AbortController();
      stream.current = controller;
      setStreaming(true);
      const before = editor.draft.body;
      let streamed = '';
      const setBody = (body: string, extra: Partial<Editor> = {}, settled = false) =>
        change((current) => ({ ...current, ...extra, draft: { ...current.draft, body }, filled: settled ? { ...current.filled, body } : current.filled }));
      change((current) => ({ ...current, notice: null, draft: { ...current.draft, body: '', fromSuggestion: null } }));
      void streamDraft(
        { messageId, mode: editor.draft.mode, ...(instruction.trim() ? { instruction: instruction.trim() } : {}) },
        {
          signal: controller.signal,
          onEvent: (event) => {
            if (controller.signal.aborted) return;
            if (event.type === 'delta') {
              streamed += event.text;
              setBody(streamed);
            } else if (event.type === 'done') {
              setBody(event.text, {}, true);
            } else if (event.type === 'fallback') {
              setBody(event.discardStreamed || !streamed ? event.text || before : streamed, { notice: event.reason }, true);
            }
          },
        },
      )
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          setBody(streamed || before, { notice: `${describeError(failure)} The suggestions are still there.` });
        })
        .finally(() => {
          if (stream.current === controller) {
            stream.current = null;
            setStreaming(false);
          }
        });
    },
    [editor, messageId, change],
  );

  const send = useCallback(async (): Promise<QueuedSend | null> => {
    if (!messageId || !editor || sendMessage.isPending) return null;
    if (streaming) stop();
    const { draft, filled } = editor;
    change((current) => ({ ...current, error: null, needsWriteAccess: false }));
    // Empty reply recipients are the server's to compute (Reply-To or From); explicit ones are final.
    const known = data !== undefined;
    const to = recipientEntries(draft.to);
    const cc = recipientEntries(draft.cc);
    const bcc = recipientEntries(draft.bcc);
    const fromSuggestion = draft.fromSuggestion ? { stance: draft.fromSuggestion.stance, edited: draft.body.trim() !== draft.fromSuggestion.text.trim() } : null;
    try {
      const queued = await sendMessage.mutateAsync({
        mode: draft.mode,
        messageId,
        ...(to.length > 0 || draft.mode === 'forward' ? { to } : {}),
        ...(cc.length > 0 || known ? { cc } : {}),
        ...(bcc.length > 0 ? { bcc } : {}),
        ...(draft.subject.trim() && draft.subject !== filled.subject ? { subject: draft.subject } : {}),
        body: draft.body,
        fromSuggestion,
        ...(draft.replacesSendId ? { replacesSendId: draft.replacesSendId } : {}),
      });
      const saved: OutgoingDraft = { mode: draft.mode, messageId, to: queued.to, cc: queued.cc, bcc: queued.bcc, subject: queued.subject, body: draft.body, fromSuggestion };
      outbox?.track(queued, saved, `${location.pathname}${location.search}`);
      setEditor(null);
      return queued;
    } catch (failure) {
      if (needsWriteScope(failure)) change((current) => ({ ...current, needsWriteAccess: true }));
      else change((current) => ({ ...current, error: describeError(failure) }));
      return null;
    }
  }, [data, editor, location.pathname, location.search, messageId, outbox, sendMessage, stop, streaming, change]);

  const dirty = useMemo(() => {
    if (!editor) return false;
    const { draft, filled } = editor;
    return draft.body.trim() !== filled.body.trim() || draft.to !== filled.to || draft.cc !== filled.cc || draft.bcc !== filled.bcc || draft.subject !== filled.subject;
  }, [editor]);

  return {
    suggestions,
    draft: editor?.draft ?? null,
    dirty,
    open,
    restore,
    update,
    chooseSuggestion,
    discard,
    ai: { available: data?.modelAvailable ?? false, streaming: streaming && editor !== null, notice: editor?.notice ?? null, start, stop },
    send,
    sending: sendMessage.isPending,
    error: editor?.error ?? null,
    needsWriteAccess: editor?.needsWriteAccess ?? false,
  };
}
