// Inside better-auth endpoints our typed domain errors must become better-auth's
// APIError, carrying the same { status: "ERROR", message, ...details } body that
// the Fastify error handler sends for every other route.
import { APIError } from 'better-auth/api';
import type { ZodType } from 'zod';
import { MESSAGES } from '@folio/core';
import { BadRequestError, DomainError } from '../../errors.ts';

const STATUS_NAMES = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  404: 'NOT_FOUND',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
} as const;

function isKnownStatus(code: number): code is keyof typeof STATUS_NAMES {
  return code in STATUS_NAMES;
}

function toApiError(error: DomainError): APIError {
  const status = isKnownStatus(error.statusCode)
    ? STATUS_NAMES[error.statusCode]
    : 'INTERNAL_SERVER_ERROR';
  const retryAfter = error.details.retryAfterSeconds;
  return new APIError(
    status,
    { status: 'ERROR', message: error.message, ...error.details },
    retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
  );
}

/** Runs an endpoint's work, turning domain errors into APIErrors; anything else stays a 500. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw toApiError(error);
    throw error;
  }
}

/**
 * Validates a body with core's schema. Fastify has validated it already on the
 * way in; this keeps each endpoint correct on its own.
 */
export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new BadRequestError(parsed.error.issues[0]?.message ?? MESSAGES.genericError);
  return parsed.data;
}
