// The one place errors become HTTP answers, always shaped { status: "ERROR", message }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES } from '@folio/core';
import { DomainError, type ErrorDetails } from '../errors.ts';

interface ErrorAnswer {
  statusCode: number;
  message: string;
  details?: ErrorDetails;
}

function answerFor(error: FastifyError | Error): ErrorAnswer {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The first issue carries the spec's wording from core's schemas.
    return { statusCode: 400, message: error.validation[0]?.message ?? MESSAGES.genericError };
  }
  if (error instanceof DomainError) {
    return { statusCode: error.statusCode, message: error.message, details: error.details };
  }
  // Fastify's own client errors (bad JSON, unsupported media type, body too large,
  // rate limits) describe the request, not the server, so they are safe to echo.
  const statusCode = 'statusCode' in error ? error.statusCode : undefined;
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return { statusCode, message: error.message };
  }
  return { statusCode: 500, message: MESSAGES.internalError };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const answer = answerFor(error);
    if (answer.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info(
        { statusCode: answer.statusCode, message: answer.message },
        'request refused',
      );
    }
    const retryAfter = answer.details?.retryAfterSeconds;
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    return reply
      .code(answer.statusCode)
      .send({ status: 'ERROR', message: answer.message, ...answer.details });
  });
}
