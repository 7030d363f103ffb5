// Typed domain errors: services throw them, the one error handler maps them to
// HTTP. Their messages are meant for the reader, so they are sent as they are.

/** Machine-readable facts sent beside the message, e.g. { reason, attemptsRemaining }. */
export type ErrorDetails = Record<string, string | number>;

export interface DomainErrorOptions extends ErrorOptions {
  details?: ErrorDetails;
}

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  readonly details: ErrorDetails;

  constructor(message: string, options: DomainErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.details = options.details ?? {};
  }
}

/** The request names something that does not exist or is not valid (bad input the schema cannot see). */
export class BadRequestError extends DomainError {
  readonly statusCode = 400;
}

/** The request needs a signed-in reader and there is none. */
export class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
}

/** A limit was reached; details carry retryAfterSeconds, sent as Retry-After too. */
export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
}

/** Signed in, but the reader's plan does not open this (the access policy said no). */
export class ForbiddenError extends DomainError {
  readonly statusCode = 403;
}

/** The request clashes with the current state (e.g. renewal already cancelled). */
export class ConflictError extends DomainError {
  readonly statusCode = 409;
}

/** A third party (the payment provider) failed; the message is safe to show. */
export class BadGatewayError extends DomainError {
  readonly statusCode = 502;
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

export class ServiceUnavailableError extends DomainError {
  readonly statusCode = 503;
}

/**
 * The media store (the bucket, or the media folder) did not answer or refused. A
 * 503 with Retry-After rather than a 500: the request was fine and will work once
 * the store is back; the cause carries the store's own error for the log.
 */
export class StorageUnavailableError extends ServiceUnavailableError {
  static readonly MESSAGE = 'Media storage is unavailable; try again shortly.';
  static readonly RETRY_AFTER_SECONDS = 10;

  constructor(options: ErrorOptions = {}) {
    super(StorageUnavailableError.MESSAGE, {
      cause: options.cause,
      details: { retryAfterSeconds: StorageUnavailableError.RETRY_AFTER_SECONDS },
    });
    this.name = 'StorageUnavailableError';
  }
}
