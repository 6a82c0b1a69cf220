import { json } from '#src/http/answers';
import { notFound } from '#src/http/errors';
import { route } from '#src/http/route';
import { localImageStore } from '#src/storage';

export const prerender = false;

/** The local driver's signed, single-use upload URL; the signature is the authorisation. */
export const PUT = route(async (ctx) => {
  const store = localImageStore();
  if (!store) throw notFound();
  const declared = Number(ctx.request.headers.get('content-length') ?? 0);
  const stored = await store.receive(ctx.params.key ?? '', ctx.url.searchParams, declared, ctx.request.body);
  return json({ size: stored.size }, 201);
});
