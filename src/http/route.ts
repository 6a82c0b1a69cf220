import type { APIContext } from 'astro';
import { z } from 'zod';
import { requestLog } from '../log';
import {
  ConflictError,
  ExpiredError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  QuotaError,
  PreconditionRequiredError,
  ServiceError,
  StaleVersionError,
  UndisclosedCostError,
} from '../services/errors';
import { StorageError, type StorageErrorKind } from '../storage/errors';
import { AuthError, type AuthErrorKind } from '../auth/errors';
import { json } from './answers';
import { HttpError, validationError } from './errors';

/**
 * The one wrapper of every route (docs/architecture.md, convention 11): the layers below throw their
 * own errors and `route()` answers them, HttpError and zod errors included, as the one error shape of
 * README.md; anything else is a logged, generic 500.
 */
export function route(handler: (ctx: APIContext) => Promise<Response>) {
  return async (ctx: APIContext): Promise<Response> => {
    try {
      return await handler(ctx);
    } catch (error) {
      return errorResponse(ctx, toHttpError(error));
    }
  };
}

const STORAGE_STATUS: Record<StorageErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  used: 409,
  tooLarge: 413,
  unavailable: 503,
};

const AUTH_STATUS: Record<AuthErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  throttled: 429,
};

/** A layer's error as the HTTP error it answers with; anything else unchanged. */
export function toHttpError(error: unknown): unknown {
  if (error instanceof StaleVersionError) {
    // RFC 9110 §13.1.1: the If-Match names an older version; the answer says which one is current.
    return new HttpError(412, error.message, undefined, { etag: error.currentEtag });
  }
  if (error instanceof NotFoundError) return new HttpError(404, error.message, error.fieldErrors);
  if (error instanceof ForbiddenError) return new HttpError(403, error.message);
  if (error instanceof ExpiredError) return new HttpError(410, error.message);
  if (error instanceof ConflictError) return new HttpError(409, error.message);
  if (error instanceof QuotaError)
    return new HttpError(429, error.message, undefined, { 'retry-after': String(error.retryAfterSeconds) });
  if (error instanceof PreconditionRequiredError) return new HttpError(428, error.message);
  if (error instanceof UndisclosedCostError) return new HttpError(422, error.message, error.fieldErrors);
  if (error instanceof InvalidInputError) return new HttpError(400, error.message, error.fieldErrors);
  if (error instanceof ServiceError) return new HttpError(400, error.message);
  if (error instanceof AuthError) {
    const { fieldErrors, retryAfter, code } = error.details;
    const headers = retryAfter === undefined ? undefined : { 'retry-after': String(retryAfter) };
    return new HttpError(AUTH_STATUS[error.kind], error.message, fieldErrors, headers, code);
  }
  if (error instanceof StorageError) {
    const status = STORAGE_STATUS[error.kind];
    const fieldErrors = error.field ? { [error.field]: [error.message] } : undefined;
    const headers = status === 503 ? { 'retry-after': '5' } : undefined;
    return new HttpError(status, error.message, fieldErrors, headers);
  }
  return error;
}

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'CONNECT_TIMEOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    '57P01',
    '57P03',
  ].includes(code ?? '');
}

/**
 * Every answer carries the request id in `X-Request-Id`; the bodies of 400s and of server errors
 * carry it too, since those are the ones a person reports.
 */
function errorResponse(ctx: APIContext, error: unknown): Response {
  const requestId = ctx.locals.requestId;
  const withId = (body: Record<string, unknown>) => (requestId ? { ...body, requestId } : body);
  if (error instanceof z.ZodError) error = validationError(error);
  if (error instanceof HttpError) {
    const code = error.code ? { code: error.code } : {};
    if (error.status === 400)
      return json(withId({ error: error.message, fieldErrors: error.fieldErrors ?? {}, ...code }), 400, error.headers);
    const body = error.fieldErrors
      ? { error: error.message, fieldErrors: error.fieldErrors, ...code }
      : { error: error.message, ...code };
    return json(error.status >= 500 ? withId(body) : body, error.status, error.headers);
  }
  const log = requestLog(requestId);
  if (isDatabaseDown(error)) {
    log.warn({ err: error, method: ctx.request.method, path: ctx.url.pathname }, 'database unavailable');
    return json(withId({ error: 'Service temporarily unavailable' }), 503, { 'retry-after': '5' });
  }
  log.error({ err: error, method: ctx.request.method, path: ctx.url.pathname }, 'request failed');
  return json(withId({ error: 'Internal server error' }), 500);
}
