import { MESSAGE_ID_PATTERN, type FnResponse } from '@mailroom/contract';
import type { Db } from '../../db/database.ts';
import { invalidArgument } from '../../errors.ts';
import type { ProviderFactory } from '../../providers/mail-provider.ts';
import { requireConnectedAccount, requireProvider, viaProvider } from '../../providers/mailbox-access.ts';
import { MIME_LIMITS, TOO_LARGE_TO_DISPLAY } from './limits.ts';
import type { RenderOutcome } from './render.ts';
import { RenderCache, RenderPool } from './renderer.ts';

export type EmailContent = FnResponse<'getEmailContent'>;

/**
 * Gmail's web address for one message of the signed-in mailbox: `authuser` picks the account
 * when several are signed in, `#all/` the message by its API id (Gmail's web app accepts them).
 */
export function gmailWebUrl(accountEmail: string, messageId: string): string {
  return `https://mail.google.com/mail/?authuser=${encodeURIComponent(accountEmail)}#all/${encodeURIComponent(messageId)}`;
}

/** The answer for a message: rendered, or refused with the sentence and the way to Gmail. */
export function toEmailContent(message: { id: string; threadId: string; labelIds: string[] }, outcome: RenderOutcome, accountEmail: string): EmailContent {
  const base = { id: message.id, threadId: message.threadId, labelIds: message.labelIds, headers: outcome.headers };
  if (outcome.kind === 'refused') {
    return {
      ...base,
      html: null,
      text: null,
      attachments: [],
      remoteImagesBlocked: 0,
      refusal: { message: TOO_LARGE_TO_DISPLAY, gmailUrl: gmailWebUrl(accountEmail, message.id) },
    };
  }
  return { ...base, html: outcome.html, text: outcome.text, attachments: outcome.attachments, remoteImagesBlocked: outcome.remoteImagesBlocked };
}

/** UTF-16 code units are two bytes each: what a rendered message holds in memory. */
const sizeInMemory = (content: EmailContent): number => 2 * ((content.html?.length ?? 0) + (content.text?.length ?? 0)) + 1024;

interface Rendering {
  pool: RenderPool;
  cache: RenderCache<EmailContent>;
}

let shared: Rendering | null = null;

/** The process's render pool and cache, started on first use. */
export function messageRendering(): Rendering {
  shared ??= { pool: new RenderPool(), cache: new RenderCache(sizeInMemory) };
  return shared;
}

/**
 * Stops the render threads and forgets every cached render (shutdown, or an app closing in a
 * test). Renders in flight answer UNAVAILABLE; the next render starts a new pool.
 */
export async function closeMessageRendering(): Promise<void> {
  const closing = shared;
  shared = null;
  if (!closing) return;
  closing.cache.clear();
  await closing.pool.close();
}

export interface ReadEmailDeps {
  db: Db;
  providers: ProviderFactory;
}

/**
 * One message of the user's own mailbox, fetched from the provider on demand (an id from anyone
 * else's mailbox is not there: NOT_FOUND), parsed and sanitised in a worker thread within the
 * hostile-mail caps (limits.ts), never stored. Both getEmailContent and the reading pane's
 * viewer document answer from this, and from one render: the second request for the same
 * message, user and image choice within a few seconds reuses the first one's (RenderCache).
 */
export async function readEmailContent(deps: ReadEmailDeps, userId: string, messageId: string, options: { showRemoteImages: boolean }): Promise<EmailContent> {
  // Checked here as well as by the contract: the viewer route reaches this without it.
  if (!MESSAGE_ID_PATTERN.test(messageId)) throw invalidArgument('messageId must be a Gmail message id', { fields: [{ field: 'messageId', message: 'not a Gmail message id' }] });
  const account = await requireConnectedAccount(deps.db, userId);
  const key = [userId, account.id, messageId, options.showRemoteImages ? 'images' : 'no-images'].join('\u0000');
  const { cache, pool } = messageRendering();
  return cache.get(key, async () => {
    const provider = await requireProvider(deps.providers, account);
    // Base64 is 4/3 of the message, and the JSON around it is small: past this the message is
    // over the size cap, and only its start is read, for its headers.
    const encoded = await viaProvider(() => provider.getRawMessage(messageId, { maxBytes: Math.ceil((MIME_LIMITS.maxRawBytes * 4) / 3) + 64 * 1024 }));
    if (!encoded.complete) {
      const headers = await pool.headers({ ...encoded, body: encoded.body.slice(0, 128 * 1024) });
      return toEmailContent({ id: messageId, threadId: messageId, labelIds: [] }, { kind: 'refused', reason: 'size', headers }, account.email);
    }
    const { outcome, message } = await pool.render({ encoded, showRemoteImages: options.showRemoteImages });
    // A render stopped before it read the message's ids: the ones asked for stand in.
    return toEmailContent(message ?? { id: messageId, threadId: messageId, labelIds: [] }, outcome, account.email);
  });
}
