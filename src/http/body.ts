import type { APIContext } from 'astro';
import { z } from 'zod';
import { isUuid } from '../domain/fields';
import { HttpError, validationError } from './errors';

/** What a route reads from its request: a bounded body, a path id, the version it expects. */
export const MAX_JSON_BYTES = 64 * 1024;

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

/** The version the caller expects (`If-Match`), or null to change the record whatever its version. */
export function ifMatch(ctx: APIContext): string | null {
  return ctx.request.headers.get('if-match');
}
