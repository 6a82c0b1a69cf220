import type { APIContext } from 'astro';
import type { AdminSession } from '../auth/sessions';
import { etagFor } from '../domain/etag';
import {
  ConflictError,
  ExpiredError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  ServiceError,
  StaleVersionError,
  UndisclosedCostError,
  type Actor,
} from '../services/errors';
import { StorageError, type StorageErrorKind } from '../storage/errors';
import { endpoint, HttpError, json } from './http';

/**
 * Where the errors of the layers below become HTTP answers (docs/architecture.md, convention 11): the
 * use cases and the photo store throw their own errors; an endpoint wrapped in `edge()` answers
 * them as the one error shape of README.md.
 */
const STORAGE_STATUS: Record<StorageErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  used: 409,
  tooLarge: 413,
  unavailable: 503,
};

export function toHttpError(error: unknown): unknown {
  if (error instanceof StaleVersionError) {
    // RFC 9110 §13.1.1: the If-Match names an older version; the answer says which one is current.
    return new HttpError(412, error.message, undefined, { etag: error.currentEtag });
  }
  if (error instanceof NotFoundError) return new HttpError(404, error.message, error.fieldErrors);
  if (error instanceof ForbiddenError) return new HttpError(403, error.message);
  if (error instanceof ExpiredError) return new HttpError(410, error.message);
  if (error instanceof ConflictError) return new HttpError(409, error.message);
  if (error instanceof UndisclosedCostError) return new HttpError(422, error.message, error.fieldErrors);
  if (error instanceof InvalidInputError) return new HttpError(400, error.message, error.fieldErrors);
  if (error instanceof ServiceError) return new HttpError(400, error.message);
  if (error instanceof StorageError) {
    const status = STORAGE_STATUS[error.kind];
    const fieldErrors = error.field ? { [error.field]: [error.message] } : undefined;
    const headers = status === 503 ? { 'retry-after': '5' } : undefined;
    return new HttpError(status, error.message, fieldErrors, headers);
  }
  return error;
}

export function edge(handler: (ctx: APIContext) => Promise<Response>) {
  return endpoint(async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      throw toHttpError(error);
    }
  });
}

/** The version the caller expects (`If-Match`), or null to change the record whatever its version. */
export function ifMatch(ctx: APIContext): string | null {
  return ctx.request.headers.get('if-match');
}

/** A record as JSON with its version as ETag (what the next If-Match should name). */
export function recordJson(record: { updatedAt: Date }, status = 200): Response {
  return json(record, status, { etag: etagFor(record.updatedAt) });
}

export function actorOf(session: AdminSession): Actor {
  return { adminId: session.adminId, email: session.email, role: session.role };
}
