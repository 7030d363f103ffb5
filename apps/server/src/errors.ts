// Typed domain errors: services throw them, the one error handler maps them to
// HTTP. Their messages are meant for the reader, so they are sent as they are.

export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
}

/** The request names something that does not exist or is not valid (bad input the schema cannot see). */
export class BadRequestError extends DomainError {
  readonly statusCode = 400;
}

export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

export class ServiceUnavailableError extends DomainError {
  readonly statusCode = 503;
}
