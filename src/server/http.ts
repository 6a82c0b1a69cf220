import type { APIContext } from 'astro';
import { z } from 'zod';
import { isUuid } from '../domain/fields';
import { fieldErrorsOf } from '../domain/fieldErrors';
import { requestLog } from '../log';

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

export const MAX_JSON_BYTES = 64 * 1024;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

export function validationError(error: z.ZodError, message = 'Invalid input'): HttpError {
  const { formErrors, fieldErrors } = fieldErrorsOf(error);
  return new HttpError(400, formErrors[0] ?? message, fieldErrors);
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

/** Wraps a handler: HttpError and zod errors become their JSON answer; anything else a logged, generic 500. */
export function endpoint(handler: (ctx: APIContext) => Promise<Response>) {
  return async (ctx: APIContext): Promise<Response> => {
    try {
      return await handler(ctx);
    } catch (error) {
      return errorResponse(ctx, error);
    }
  };
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

/** Reads a JSON body of bounded size and validates it; only `application/json` is accepted. */
export async function readJson<S extends z.ZodType>(ctx: APIContext, schema: S): Promise<z.output<S>> {
  const type = ctx.request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'Content-Type must be application/json');
  const declared = Number(ctx.request.headers.get('content-length') ?? 0);
  if (declared > MAX_JSON_BYTES) throw new HttpError(413, 'Request body too large');
  const text = await readLimited(ctx.request, MAX_JSON_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON', {});
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, 'Request body too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A path id that is not a uuid is an unknown id: 404, never a database error (README.md). */
export function idParam(ctx: APIContext, name = 'id'): string {
  const value = ctx.params[name];
  if (!isUuid(value)) throw new HttpError(404, 'Not found');
  return value;
}

export function notFound(what = 'Not found'): HttpError {
  return new HttpError(404, what);
}
