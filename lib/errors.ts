/** Stable machine codes and the HTTP status each maps to (api-conventions.md, Errors). */
export const ERROR_STATUS = {
  MISSING_PARAMETER: 400,
  INVALID_PARAMETER: 400,
  INVALID_BODY: 400,
  UNAUTHENTICATED: 401,
  PAYMENT_DECLINED: 402,
  FORBIDDEN: 403,
  AUTHENTICATION_FAILED: 403, // an end user's sign-in or verification code was refused (not the API credentials)
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_STATE: 409,
  DUPLICATE: 409,
  LIMIT_REACHED: 409,
  RESTORE_WINDOW_EXPIRED: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  GATEWAY_UNAVAILABLE: 502, // a payment gateway did not answer (or its answer was lost); the message says what was recorded
  DELIVERY_FAILED: 502, // an outside service (SMS or voice provider) refused or was unreachable; nothing changed
  SERVICE_UNAVAILABLE: 503, // the database is down, unreachable or not created yet; retry later
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type domain verbs throw; transports turn it into a response. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly parameter?: string;
  readonly status: number;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, opts: { parameter?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.parameter = opts.parameter;
    this.status = ERROR_STATUS[code];
    this.headers = opts.headers;
  }
}

export const notFound = (what: string, parameter?: string) => new DomainError("NOT_FOUND", `${what} not found`, { parameter });

export const invalidState = (message: string, parameter?: string) => new DomainError("INVALID_STATE", message, { parameter });
