import { z } from 'zod';
import { fieldErrorsOf } from '../domain/fieldErrors';

/**
 * One error shape for every endpoint (README.md, HTTP API): `{ error, fieldErrors?, code?, requestId }`;
 * the request id is also in the `X-Request-Id` header and in the server's log lines. `code` names a
 * refusal the admin UI answers in its own way (e.g. 'step_up_required' opens "Confirm it's you").
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    readonly code?: string,
  ) {
    super(message);
  }
}

export function validationError(error: z.ZodError, message = 'Invalid input'): HttpError {
  const { formErrors, fieldErrors } = fieldErrorsOf(error);
  return new HttpError(400, formErrors[0] ?? message, fieldErrors);
}

export function notFound(what = 'Not found'): HttpError {
  return new HttpError(404, what);
}
