/**
 * Errors in Google's JSON error format (https://cloud.google.com/apis/design/errors):
 * `{"error": {"code", "message", "errors": [{"domain", "reason", "message"}], "status"}}`.
 * The @googleapis/gmail client surfaces these as GaxiosError with the body in response.data.
 */
export interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    errors: Array<{ message: string; domain: string; reason: string; location?: string; locationType?: string }>;
    status: string;
  };
}

const STATUS_BY_CODE: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export class GmailApiError extends Error {
  readonly code: number;
  readonly reason: string;
  readonly domain: string;
  readonly headers: Record<string, string>;
  constructor(code: number, reason: string, message: string, options: { domain?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'GmailApiError';
    this.code = code;
    this.reason = reason;
    this.domain = options.domain ?? 'global';
    this.headers = options.headers ?? {};
  }

  toBody(): GoogleErrorBody {
    const detail: GoogleErrorBody['error']['errors'][number] = { message: this.message, domain: this.domain, reason: this.reason };
    if (this.code === 401) Object.assign(detail, { location: 'Authorization', locationType: 'header' });
    return { error: { code: this.code, message: this.message, errors: [detail], status: STATUS_BY_CODE[this.code] ?? 'UNKNOWN' } };
  }
}

export const errors = {
  badRequest: (message: string) => new GmailApiError(400, 'invalidArgument', message),
  failedPrecondition: (message: string) => new GmailApiError(400, 'failedPrecondition', message),
  notFound: () => new GmailApiError(404, 'notFound', 'Requested entity was not found.'),
  unauthenticated: () =>
    new GmailApiError(
      401,
      'authError',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    ),
  insufficientScope: () => new GmailApiError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.'),
  delegationDenied: (userId: string) => new GmailApiError(403, 'forbidden', `Delegation denied for ${userId}`),
  conflict: (message: string) => new GmailApiError(409, 'duplicate', message),
  backendError: () => new GmailApiError(500, 'backendError', 'Backend Error'),
};
