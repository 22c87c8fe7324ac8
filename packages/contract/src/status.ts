import { z } from 'zod';

/**
 * Canonical status codes (google.rpc.Code) and the HTTP status each maps to, as used by
 * callable functions (DESIGN §3). The same table serves the server and the web client.
 */
export const STATUS_HTTP = {
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
} as const;

export type FnStatus = keyof typeof STATUS_HTTP;
export const fnStatusSchema = z.enum(Object.keys(STATUS_HTTP) as [FnStatus, ...FnStatus[]]);

export const fnErrorBodySchema = z.object({
  status: fnStatusSchema,
  message: z.string(),
  details: z.unknown().optional(),
});
export type FnErrorBody = z.infer<typeof fnErrorBodySchema>;

export const fnErrorEnvelopeSchema = z.object({ error: fnErrorBodySchema });

/** One problem with a request's data, as listed in INVALID_ARGUMENT details. */
export interface FieldIssue {
  field: string;
  message: string;
}
