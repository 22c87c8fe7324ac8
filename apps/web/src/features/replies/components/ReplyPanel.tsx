import type { ReplyMode } from '@mailroom/contract';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { describeError } from '../../../shared/api';
import { Alert, Button } from '../../../shared/ui';
import type { ReadingPaneSectionProps } from '../../mail';
import { useDraftActions, useDrafts } from '../api/queries';
import { useOutbox } from '../hooks/useOutbox';
import { useReplyComposer } from '../hooks/useReplyComposer';
import { clearComposerRequest, requestComposer, useComposerRequest } from '../lib/composerRequests';
import { Composer } from './Composer';
import { SuggestionChips } from './SuggestionChips';

/**
 * The reading pane's reply section (a mail extension, so every list has it): Reply, Reply all
 * and Forward, the suggested replies as chips, the editor once one of them is chosen, and sends
 * of this message that failed, with the reason, Retry, Edit and Discard.
 */
export function ReplyPanel({ messageId, content }: ReadingPaneSectionProps) {
  const composer = useReplyComposer(messageId);
  const request = useComposerRequest(messageId);
  const replyButton = useRef<HTMLButtonElement>(null);
  const drafts = useDrafts(messageId);
  const { retry, discard } = useDraftActions();
  const failed = (drafts.data ?? []).filter((d) => d.status === 'failed');
  const outbox = useOutbox();
  const location = useLocation();
  const retrySend = (send: (typeof failed)[number]) =>
    retry.mutate(send.sendId, { onSuccess: (queued) => outbox?.track(queued, send, `${location.pathname}${location.search}`) });

  // r / a / f from the list, Undo send, Edit of a failed send.
  // Opening waits for the suggestions (which bring the recipients); they were asked for as the message opened.
  const { open, restore, draft, dirty } = composer;
  const ready = !composer.suggestions.isPending;
  useEffect(() => {
    if (!request) return;
    if (request.restore) restore(request.restore, request.restore.replacesSendId);
    else if (!ready) return;
    else if (!draft || !dirty) open(request.mode);
    clearComposerRequest(request);
  }, [request, ready, open, restore, draft, dirty]);

  const start = (mode: ReplyMode) => {
    if (draft && dirty) return;
    // The recipients come with the suggestions: until they are here, the request waits for them.
    if (ready) open(mode);
    else requestComposer(messageId, mode);
  };

  return (
    <section
      aria-label="Reply"
      className="flex flex-col gap-3"
      data-testid="reply-panel"
      // For tests and tools: whether the suggestions are still coming, shown, or not offered.
      data-suggestions={composer.suggestions.isPending ? 'loading' : composer.suggestions.data?.trigger ? 'shown' : 'none'}
    >
      {draft ? (
        <Composer composer={composer} content={content} onClosed={() => window.setTimeout(() => replyButton.current?.focus(), 0)} />
      ) : (
        <>
          <div className="flex flex-wrap gap-1.5 sm:gap-2">
            <Button ref={replyButton} variant="secondary" size="sm" icon="reply" title="Reply (r)" className="max-sm:px-2" onClick={() => start('reply')}>
              Reply
            </Button>
            <Button variant="secondary" size="sm" icon="replyAll" title="Reply all (a)" className="max-sm:px-2" onClick={() => start('reply-all')}>
              Reply all
            </Button>
            <Button variant="secondary" size="sm" icon="forward" title="Forward (f)" className="max-sm:px-2" onClick={() => start('forward')}>
              Forward
            </Button>
          </div>
          <SuggestionChips composer={composer} oneLineOnPhones />
        </>
      )}
      {failed.map((send) => (
        <Alert
          key={send.sendId}
          tone="danger"
          role="status"
          title={`Your ${send.mode === 'forward' ? 'forward' : 'reply'} was not sent`}
          action={
            <>
              <Button size="sm" icon="refresh" busy={retry.isPending && retry.variables === send.sendId} onClick={() => retrySend(send)}>
                Retry
              </Button>
              <Button variant="secondary" size="sm" onClick={() => restore(send, send.sendId)}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" busy={discard.isPending && discard.variables === send.sendId} onClick={() => discard.mutate(send.sendId)}>
                Discard
              </Button>
            </>
          }
        >
          <p>{send.error}</p>
          <p className="mt-1 line-clamp-2 text-muted">{send.body}</p>
          {retry.isError && retry.variables === send.sendId ? <p className="mt-1 text-danger">{describeError(retry.error)}</p> : null}
        </Alert>
      ))}
    </section>
  );
}
