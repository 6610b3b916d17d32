import type { ErrorBody, ErrorCode } from '@rozmova/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, RateLimitedError } from '../lib/errors.js';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

/**
 * Turns every failure into the JSON error shape: a database out of reach becomes 503, anything else unexpected is
 * logged and becomes a bare 500.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let body: ErrorBody;
      if (error instanceof AppError) {
        // The usual fields win over any extra of the same name.
        body = { ...error.extra, statusCode: error.statusCode, code: error.code, message: error.message, fields: error.fields };
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.map((v) => {
          const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
          const field = [error.validationContext, path].filter(Boolean).join('.') || (error.validationContext ?? 'body');
          return { field, message: v.message ?? 'Invalid value' };
        });
        const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
        body = { statusCode: 400, code: 'VALIDATION', message: `Invalid request. ${summary}`, fields };
      } else if (isDatabaseUnavailable(error)) {
        // The database is restarting or out of reach: the client may try again shortly, nothing is wrong with the request.
        request.log.warn({ err: error }, 'database unavailable');
        body = { statusCode: 503, code: 'UNAVAILABLE', message: 'The service is unavailable for a moment. Please try again' };
      } else if (isResponseSerializationError(error) || !error.statusCode || error.statusCode >= 500) {
        request.log.error({ err: error }, 'unhandled error');
        body = { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong on our side' };
      } else {
        const status = error.statusCode;
        body = { statusCode: status, code: codeByStatus[status] ?? 'VALIDATION', message: error.message };
      }
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      if (body.fields === undefined) delete body.fields;
      return reply.status(body.statusCode).send(body);
    });
  },
  { name: 'errors' },
);
