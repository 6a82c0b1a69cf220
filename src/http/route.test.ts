import type { APIContext } from 'astro';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { route } from './route';
import { HttpError } from './errors';

const context = (requestId?: string) =>
  ({
    request: new Request('http://localhost/api/admin/things', { method: 'POST' }),
    url: new URL('http://localhost/api/admin/things'),
    locals: requestId ? { requestId } : {},
  }) as unknown as APIContext;

const failing = (error: unknown) =>
  route(() => {
    throw error;
  });

describe('error answers', () => {
  test('an unexpected error is a generic 500 carrying the request id, not the error', async () => {
    const response = await failing(new Error('secret detail'))(context('req-123'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Internal server error', requestId: 'req-123' });
  });

  test('a validation error keeps the {error, fieldErrors} shape and adds the request id', async () => {
    const invalid = z.object({ name: z.string() }).safeParse({ name: 1 });
    const response = await failing(invalid.error)(context('req-400'));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; fieldErrors: Record<string, string[]>; requestId: string };
    expect(body.requestId).toBe('req-400');
    expect(Object.keys(body.fieldErrors)).toEqual(['name']);
    expect(typeof body.error).toBe('string');
  });

  test('other client errors keep their body; a database outage is 503 with the id', async () => {
    const notFound = await failing(new HttpError(404, 'Not found'))(context('req-404'));
    expect(await notFound.json()).toEqual({ error: 'Not found' });
    const outage = await failing(Object.assign(new Error('down'), { code: 'ECONNREFUSED' }))(context('req-503'));
    expect(outage.status).toBe(503);
    expect(await outage.json()).toEqual({ error: 'Service temporarily unavailable', requestId: 'req-503' });
  });
});
