/** The one error type handlers throw; its code decides the HTTP status, its message is the body's `error`. */
export type ErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  /** A provider we depend on (mail) failed; the change itself was kept. */
  | 'bad_gateway'
  /** The server cannot do this now (its worker pool is full, or the work ran past its time budget); nothing changed. */
  | 'unavailable';

const statusByCode: Record<ErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  bad_gateway: 502,
  unavailable: 503,
};

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}
