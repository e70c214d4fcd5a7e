/** The one error type of lib/: a code that maps to an HTTP status, a message a user can read, details. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown[];
  /** Sent as Retry-After: when the request may succeed if sent again (a busy database). */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, details: unknown[] = [], { retryAfterSeconds }: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const forbidden = (message = "You do not have the role this needs") => new AppError("forbidden", message);
