import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { causeChain, findErrorCode } from '../db/pg-error';
import { AppError, reasonPhrase } from '../lib/app-error';

/** SQLSTATEs that mean the request conflicts with stored data, not that the server failed. */
const PG_CLIENT_ERRORS: Record<string, { statusCode: number; message: string }> = {
  '23505': { statusCode: 409, message: 'This conflicts with an existing record.' },
  '23503': { statusCode: 409, message: 'This record is linked to other records.' },
  '23514': { statusCode: 400, message: 'A value is outside its allowed range.' },
  '22P02': { statusCode: 400, message: 'A value has the wrong format.' },
  '22001': { statusCode: 400, message: 'A value is too long.' },
  '22003': { statusCode: 400, message: 'A number is out of range.' },
  '22007': { statusCode: 400, message: 'A date or time has the wrong format.' },
  '22008': { statusCode: 400, message: 'A date or time is out of range.' },
  // A NUL character, or bytes that are not valid text in the database's encoding.
  '22021': { statusCode: 400, message: 'A value contains a character that is not allowed.' },
  '22P05': { statusCode: 400, message: 'A value contains a character that is not allowed.' },
};

function pgClientError(error: unknown): { statusCode: number; message: string } | undefined {
  const code = findErrorCode(error, (candidate) => Object.hasOwn(PG_CLIENT_ERRORS, candidate));
  return code === undefined ? undefined : PG_CLIENT_ERRORS[code];
}

/** Node's codes for a connection that could not be made or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The database could not be reached or is overloaded, as opposed to a bug: no free pooled connection within
 * the pool's time-out, a refused or lost connection, the server shutting down or out of connection slots
 * (SQLSTATE class 08, 57P01-57P03, 53300), or a closed embedded database. Such a request can be retried.
 */
export function databaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(({ code, message }) => {
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || code.startsWith('08') || code === '53300') return true;
      if (code === '57P01' || code === '57P02' || code === '57P03') return true;
    }
    return (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated|pool after calling end|PGlite is closed/i.test(
        message,
      )
    );
  });
}

/** Seconds a client should wait before trying again when the database is unavailable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a few moments.';

function send(reply: FastifyReply, statusCode: number, message: string | string[]) {
  return reply.code(statusCode).send({ statusCode, error: reasonPhrase(statusCode), message });
}

/**
 * Every error becomes { statusCode, error, message } (docs/architecture.md §5). Client errors say what was wrong;
 * server errors say only "Internal Server Error" and are logged with the request id.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((issue) => issue.message ?? 'Invalid value');
      return send(reply, 400, [...new Set(messages)]);
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'application error');
      void reply.headers(error.headers);
      return send(reply, error.statusCode, error.messages);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, 500, 'Internal Server Error');
    }
    const pgError = pgClientError(error);
    if (pgError) {
      request.log.warn({ err: error }, 'database refused the change');
      return send(reply, pgError.statusCode, pgError.message);
    }
    if (databaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      void reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return send(reply, 503, UNAVAILABLE_MESSAGE);
    }
    const statusCode = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type, rate limit).
      return send(reply, statusCode, error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'Internal Server Error');
  });

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    return send(reply, 404, `Route ${request.method} ${pathOnly} not found`);
  });
}
