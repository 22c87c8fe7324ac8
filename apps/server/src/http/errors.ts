import { STATUS_HTTP, type FnStatus } from '@mailroom/contract';

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
