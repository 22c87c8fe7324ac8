import type { MailProvider, SentMessage } from '../mail-provider.ts';
import { composeMessage, type ComposedMessage, type ComposeInput } from './compose.ts';

export interface SendInput extends ComposeInput {
  /** The provider's thread id of the original, so the message joins that thread (Gmail users.messages.send `threadId`). */
  threadId: string | null;
}

export interface SendResult extends SentMessage {
  composed: Omit<ComposedMessage, 'raw'>;
}

/**
 * Builds the reply or forward and sends it through the mailbox provider in the original's
 * thread. Gmail threads a sent message when the threadId is given and the subject and the
 * References/In-Reply-To headers agree with the thread
 * (https://developers.google.com/gmail/api/guides/sending#threading). Needs the write scope
 * (gmail.modify covers sending); a provider without it throws InsufficientScopeError.
 */
export async function sendMessage(provider: Pick<MailProvider, 'send'>, input: SendInput): Promise<SendResult> {
  const { raw, ...composed } = await composeMessage(input);
  const sent = await provider.send(raw, input.threadId ? { threadId: input.threadId } : {});
  return { ...sent, composed };
}
