import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { type ApiErrorBody, type ErrorCode, errorStatus } from '../../shared/errors';

/** An expected failure with a code; the error handler turns it into { message, code, fields }. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as the Retry-After header (seconds), e.g. with RATE_LIMITED. */
    readonly options?: { retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** 400 from a zod error: the first message, plus one message per field. */
export function validationError(error: ZodError): AppError {
  return fromIssues(error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })));
}

function fromIssues(issues: { path: string[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new AppError('VALIDATION', issues[0]?.message ?? 'Invalid input', fields);
}

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
}

/** Unique violation (23505) from either driver, possibly wrapped by drizzle in `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const pgError = current as PgLikeError;
    if (pgError.code === '23505') {
      return constraint === undefined || String(pgError.constraint ?? '') === constraint || String((current as Error).message).includes(constraint);
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A deadlock (40P01), serialization failure (40001) or lock wait timeout (55P03): two requests
 * changed the same rows at the same moment and the database rolled one back whole. Nothing was
 * half written; the client may send it again.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth += 1) {
    const code = (current as PgLikeError).code;
    if (code === '40P01' || code === '40001' || code === '55P03') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function toBody(error: AppError): ApiErrorBody {
  return error.fields
    ? { message: error.message, code: error.code, fields: error.fields }
    : { message: error.message, code: error.code };
}

function fromFastifyError(error: FastifyError): AppError | null {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return fromIssues(
      error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'Invalid input',
      })),
    );
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 'Request body is empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_REQUEST', 'Malformed JSON in request body');
    default:
      break;
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return new AppError('BAD_REQUEST', 'Malformed JSON in request body');
  }
  if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  if (error.statusCode === 429) return new AppError('RATE_LIMITED', 'Too many requests');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('BAD_REQUEST', error.message || 'Bad request');
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError | null = error instanceof AppError ? error : fromFastifyError(error);
    if (!appError && isUniqueViolation(error)) appError = new AppError('CONFLICT', 'That record already exists');
    if (!appError && isConcurrencyFailure(error)) {
      request.log.warn({ err: error }, 'concurrent change rolled back');
      appError = new AppError('CONFLICT', 'Another change to the same records was saved at the same moment. Nothing was saved; try again.', undefined, { retryAfterSeconds: 1 });
    }
    if (!appError) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    const retryAfter = appError.options?.retryAfterSeconds;
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    return reply.status(appError.status).send(toBody(appError));
  });
}
