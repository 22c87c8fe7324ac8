import type { MailAction } from '@mailroom/contract';
import type { UserFnContext } from '../registry.ts';

/** A message action Mailroom took for the user (modifyEmails, from any list, pane or key). */
export interface MailActed {
  accountId: string;
  action: MailAction;
  messageIds: readonly string[];
  /** `done`: every message is changed (and mirrored into the store); `running`: a job carries on. */
  status: 'done' | 'running';
}

export type MailActedListener = (ctx: UserFnContext, acted: MailActed) => Promise<void>;

const listeners = new Set<MailActedListener>();

/**
 * Features that learn from what the user does (priority) hear of each action after it is taken.
 * Registering the same listener again is harmless (apps built repeatedly in one process).
 */
export function onMailActed(listener: MailActedListener): void {
  listeners.add(listener);
}

/** Tells the listeners; a listener's failure is logged, never the action's. */
export async function mailActed(ctx: UserFnContext, acted: MailActed): Promise<void> {
  for (const listener of listeners) {
    try {
      await listener(ctx, acted);
    } catch (error) {
      ctx.log.warn({ err: error, action: acted.action }, 'a mail action listener failed');
    }
  }
}
