import type { FnStatus } from '@mailroom/contract';
import { failureReasonOf, REASONS, type FailureReason } from '@mailroom/contract/reasons';

/** Every canonical status, so a status string from the wire can be checked (tsc keeps it complete). */
const KNOWN_STATUSES: Record<FnStatus, true> = {
  CANCELLED: true,
  UNKNOWN: true,
  INVALID_ARGUMENT: true,
  DEADLINE_EXCEEDED: true,
  NOT_FOUND: true,
  ALREADY_EXISTS: true,
  PERMISSION_DENIED: true,
  RESOURCE_EXHAUSTED: true,
  FAILED_PRECONDITION: true,
  ABORTED: true,
  OUT_OF_RANGE: true,
  UNIMPLEMENTED: true,
  INTERNAL: true,
  UNAVAILABLE: true,
  DATA_LOSS: true,
  UNAUTHENTICATED: true,
};

export function isFnStatus(value: unknown): value is FnStatus {
  return typeof value === 'string' && Object.hasOwn(KNOWN_STATUSES, value);
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your internet connection and try again.';

/** A callable function's error envelope (DESIGN §3), or a request that never reached the server. */
export class FnCallError extends Error {
  readonly status: FnStatus;
  readonly httpStatus: number | null;
  readonly details: unknown;
  /** True when the request failed before any answer (offline, DNS, connection reset). */
  readonly network: boolean;

  constructor(options: { status: FnStatus; message: string; httpStatus?: number | null; details?: unknown; network?: boolean }) {
    super(options.message);
    this.name = 'FnCallError';
    this.status = options.status;
    this.httpStatus = options.httpStatus ?? null;
    this.details = options.details;
    this.network = options.network ?? false;
  }
}

export function isFnCallError(error: unknown, status?: FnStatus): error is FnCallError {
  return error instanceof FnCallError && (status === undefined || error.status === status);
}

/** The function exists in the contract but its feature has not landed on this server yet. */
export function isUnimplemented(error: unknown): boolean {
  return isFnCallError(error, 'UNIMPLEMENTED');
}

/**
 * Why a call failed, from its details: one of the contract's reasons (packages/contract
 * reasons.ts, the list the server raises), or null for any other error.
 */
export function failureReason(error: unknown): FailureReason | null {
  return error instanceof FnCallError ? failureReasonOf(error.details) : null;
}

/** FAILED_PRECONDITION with details.reason WRITE_SCOPE_REQUIRED: the UI offers "Grant write access". */
export function needsWriteScope(error: unknown): boolean {
  return isFnCallError(error, 'FAILED_PRECONDITION') && failureReason(error) === REASONS.WRITE_SCOPE_REQUIRED;
}

/** A sentence for the user, for any error a page may meet. */
export function describeError(error: unknown): string {
  if (error instanceof FnCallError) return error.network ? NETWORK_ERROR_MESSAGE : error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
