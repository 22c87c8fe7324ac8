/**
 * Why a call failed, beyond its canonical status: `details.reason` of a FAILED_PRECONDITION (or
 * other) error. The server raises only these, and the web decides what to offer from them
 * ("Grant write access", "Reconnect Gmail", ...), so both sides read one list. A feature that
 * needs a new reason adds it here, with the sentence saying when it is raised.
 *
 * This module has no dependency (the web imports it as @mailroom/contract/reasons without
 * loading zod); reasons.ts builds the zod enum from the same list.
 */
export const FAILURE_REASONS = [
  /** The user has no connected mailbox: connect Gmail first. */
  'GMAIL_NOT_CONNECTED',
  /** The grant was revoked or expired: the user must reconnect (/gmail-fix). */
  'GMAIL_RECONNECT_REQUIRED',
  /** A write action without `gmail.modify`: the web offers "Grant write access" (startGmailAuth {write: true}). */
  'WRITE_SCOPE_REQUIRED',
  /** Sorting by priority where there are no scores (a query Gmail search answers). */
  'PRIORITY_UNAVAILABLE',
  /** Undo of an action batch older than the undo window (ACTION_UNDO_WINDOW_MS). */
  'BATCH_EXPIRED',
  /** Undo of an action batch that was already undone. */
  'ALREADY_UNDONE',
  /** Undo of an action batch that is still being applied or undone. */
  'BATCH_IN_PROGRESS',
  /** One action over more messages than an action batch may hold. */
  'BATCH_TOO_LARGE',
  /** An action over a selection that matches no message. */
  'NO_MESSAGES',
  /** Undo send (or discarding a draft) after the message has gone to Gmail, or while it is being handed over. */
  'ALREADY_SENT',
  /** Testing or drafting with a model when no AI_BASE_URL is configured: the local suggestions are the engine. */
  'AI_NOT_CONFIGURED',
  /** unsubscribe with a `method` (the fallback after a failed attempt) that the subscription does not offer. */
  'METHOD_NOT_OFFERED',
  /** retryJob for a job that is running or done (only failed or retrying jobs can be retried). */
  'NOT_RETRYABLE',
  /** A fault drill where no embedded Gmail sandbox serves the mail (real Gmail has no such switch). */
  'NO_SANDBOX',
] as const;

export type FailureReason = (typeof FAILURE_REASONS)[number];

/** The reasons by name, for comparisons that tsc checks: `reason === REASONS.WRITE_SCOPE_REQUIRED`. */
export const REASONS = Object.fromEntries(FAILURE_REASONS.map((reason) => [reason, reason])) as { readonly [R in FailureReason]: R };

const KNOWN = new Set<string>(FAILURE_REASONS);

/** The reason in an error's details, when it carries one from the list; null otherwise. */
export function failureReasonOf(details: unknown): FailureReason | null {
  if (typeof details !== 'object' || details === null) return null;
  const reason = (details as { reason?: unknown }).reason;
  return typeof reason === 'string' && KNOWN.has(reason) ? (reason as FailureReason) : null;
}
