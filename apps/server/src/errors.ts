import { STATUS_HTTP, type FailureReason, type FnStatus } from '@mailroom/contract';

/**
 * The errors callable functions answer with (DESIGN §3). This module sits at the bottom of the
 * server's layers (it imports only the contract), so every layer may raise an FnError — auth's
 * scope guard, the providers' failure mapping, features — and http/ turns it into the envelope.
 */

/** An error a callable function answers with: canonical status, a message for people, details. */
export class FnError extends Error {
  readonly status: FnStatus;
  readonly details: unknown;
  constructor(status: FnStatus, message: string, details?: unknown) {
    super(message);
    this.name = 'FnError';
    this.status = status;
    this.details = details;
  }
  get httpStatus(): number {
    return STATUS_HTTP[this.status];
  }
  toBody(): { error: { status: FnStatus; message: string; details?: unknown } } {
    return {
      error: { status: this.status, message: this.message, ...(this.details === undefined ? {} : { details: this.details }) },
    };
  }
}

export const invalidArgument = (message: string, details?: unknown) => new FnError('INVALID_ARGUMENT', message, details);
export const notFound = (message = 'Not found') => new FnError('NOT_FOUND', message);

/**
 * FAILED_PRECONDITION with `details.reason` from the contract's list (packages/contract
 * reasons.ts), which the web reads to offer the way out; `extra` adds facts such as a limit.
 */
export function failedPrecondition(reason: FailureReason, message: string, extra: Record<string, unknown> = {}): FnError {
  return new FnError('FAILED_PRECONDITION', message, { reason, ...extra });
}
