import type { ReplyMode } from '@mailroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import type { ActionTargets, MailExtension, MailListAction, MailListHandle, ReadingPaneSectionProps } from '../mail';
import { prefetchSuggestions, useUserId } from './api/queries';
import { requestComposer } from './lib/composerRequests';

/** r, a, f: reply to the open message (or the one the cursor is on), as in Gmail. */
function replyAction(mode: ReplyMode, key: string, label: string, description: string, icon: MailListAction['icon']): MailListAction {
  return {
    id: mode,
    label: () => label,
    icon,
    key: { key, description },
    run: (targets: ActionTargets, list: MailListHandle) => {
      const open = list.openId();
      const messageId = open ?? (targets.emails.length === 1 ? (targets.emails[0]?.id ?? null) : null);
      if (!messageId) return;
      requestComposer(messageId, mode);
      if (open !== messageId) list.open(messageId);
    },
  };
}

/**
 * The reply section and its editor load with the first mail list shown (not with the app's first
 * page), so the first message opened shows its suggestions as fast as the next ones.
 */
const loadReplyPanel = () => import('./components/ReplyPanel');
const LazyReplyPanel = lazy(async () => ({ default: (await loadReplyPanel()).ReplyPanel }));
function ReplySection(props: ReadingPaneSectionProps) {
  return (
    <Suspense fallback={null}>
      <LazyReplyPanel {...props} />
    </Suspense>
  );
}

/**
 * Replies in every mail list: the keys, the reading pane's reply section, and the suggestions
 * fetched as soon as a message opens (in parallel with its content, so they show with it).
 */
export function useReplyMailExtension(): MailExtension {
  const client = useQueryClient();
  const userId = useUserId();
  return useMemo<MailExtension>(
    () => ({
      id: 'replies',
      actions: [
        replyAction('reply', 'r', 'Reply', 'Reply to the open message (or the current one)', 'reply'),
        replyAction('reply-all', 'a', 'Reply all', 'Reply to everyone on the open message', 'replyAll'),
        replyAction('forward', 'f', 'Forward', 'Forward the open message', 'forward'),
      ],
      PaneSection: ReplySection,
      preload: () => void loadReplyPanel(),
      onMessageOpen: (messageId) => {
        prefetchSuggestions(client, userId, messageId);
        void loadReplyPanel();
      },
    }),
    [client, userId],
  );
}
