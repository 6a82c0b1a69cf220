import type { APIContext } from 'astro';
import type { z } from 'zod';
import { ADMIN_PAGE_SIZE, PAGE_HEADERS, type ListPage } from '../domain/adminList';
import { json } from './answers';
import { validationError } from './errors';

/**
 * The admin list endpoints' query: null when the request names none of the list parameters (the
 * whole list, as the original client expects), else the validated query; an invalid one is a 400.
 */
export function readListQuery<S extends z.ZodObject>(ctx: APIContext, schema: S): z.output<S> | null {
  const params = ctx.url.searchParams;
  const keys = Object.keys(schema.shape);
  if (!keys.some((key) => params.has(key))) return null;
  const result = schema.safeParse(Object.fromEntries(params));
  if (!result.success) throw validationError(result.error, 'Invalid list query');
  return result.data;
}

/** The page's rows as the body (still an array), its place in the whole list in headers. */
export function pageResponse(page: ListPage<unknown>): Response {
  return json(page.rows, 200, {
    [PAGE_HEADERS.total]: String(page.total),
    [PAGE_HEADERS.page]: String(page.page),
    [PAGE_HEADERS.pageSize]: String(ADMIN_PAGE_SIZE),
  });
}
