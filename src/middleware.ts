import { defineMiddleware } from 'astro:middleware';
import { json } from './http/answers';
import { allowedMethods } from './http/allowedMethods';
import { newRequestId } from './log';
import { isMemberAreaPath } from './domain/adminPaths';

/**
 * For what Astro renders on demand (admin pages and API, /trainings): a request id on every answer,
 * 405 with Allow for a method an admin route does not take, the build's script policy on HTML
 * (the host computed it once; the page is not read), and no caching of admin pages anywhere.
 * Pre-rendered pages are skipped: the host serves them with their headers.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const requestId = (context.locals.requestId ??= newRequestId());
  const allowed = await allowedMethods(context.routePattern);
  if (allowed && !allowed.includes(context.request.method)) {
    return json({ error: 'Method not allowed' }, 405, {
      allow: allowed.join(', '),
      'x-request-id': requestId,
    });
  }
  const response = await next();
  const decorate = (headers: Headers) => {
    headers.set('x-request-id', requestId);
    if (context.locals.pageCsp && headers.get('content-type')?.startsWith('text/html'))
      headers.set('content-security-policy', context.locals.pageCsp);
    // Admin pages (and their redirects) depend on who is signed in: no shared or back-button cache.
    const path = context.url.pathname;
    // A page that says `private, no-store` itself (a training's preview) keeps it: it says the same, more plainly.
    if (isMemberAreaPath(path) && headers.get('cache-control') !== 'private, no-store')
      headers.set('cache-control', 'no-store');
  };
  try {
    // In place: no copy of every API answer.
    decorate(response.headers);
    return response;
  } catch {
    // A response with immutable headers (Response.redirect) is copied.
    const copy = new Response(response.body, response);
    decorate(copy.headers);
    return copy;
  }
});
