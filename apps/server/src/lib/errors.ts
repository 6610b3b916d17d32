import type { ErrorCode } from '@rozmova/contract';

export type FieldError = { field: string; message: string };

/**
 * An expected failure with an HTTP status and a stable code; the error handler renders it. `extra` adds fields to the
 * answer beside the usual ones (the contract documents them per code).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) =>
  new AppError(400, 'VALIDATION', `${field}: ${message}`, [{ field, message }]);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You may not do this') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
/** A 429 that tells the client, through Retry-After, when to try again. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'RATE_LIMITED', `${message} Try again in ${retryAfterSeconds} seconds.`);
  }
}

export const conflict = (code: ErrorCode, message: string, extra?: Record<string, unknown>) =>
  new AppError(409, code, message, undefined, extra);

/** A write based on a copy that was changed since it was read: reload and apply the changes again. */
export const stale = (what: string) =>
  new AppError(409, 'STALE', `${what} was changed since you read it; reload it and apply your changes again`);
