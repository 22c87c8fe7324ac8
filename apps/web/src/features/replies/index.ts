/**
 * Replies in the web app (issue 15). The app provides the mail extension (every list gets
 * Reply / Reply all / Forward, r a f, suggestions and the editor in the reading pane) and the
 * outbox (the "Sending… Undo" toast) around the signed-in pages; Settings shows the AI section.
 *
 * For other features (Voice Reply at /reply/voice): `useReplyComposer(messageId)` is the editor
 * without UI (suggestions, open/choose/update, Draft with AI, send with the outbox's Undo),
 * `useSuggestions(messageId)` the suggestions alone, `requestComposer(messageId, mode)` opens the
 * reading pane's editor on a message.
 */
export { useReplyMailExtension } from './mailExtension';
export { OutboxProvider } from './components/OutboxProvider';
export { AiSettingsSection } from './components/AiSettingsSection';
export { useReplyComposer, type AiDraftState, type ComposerDraft, type ReplyComposer } from './hooks/useReplyComposer';
export { useOutbox, type Outbox, type TrackedSend } from './hooks/useOutbox';
export { useSuggestions, useDrafts, useAiStatus } from './api/queries';
export { requestComposer } from './lib/composerRequests';
