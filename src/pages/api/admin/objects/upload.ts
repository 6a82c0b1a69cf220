import { json } from '#src/http/answers';
import { route } from '#src/http/route';
import { requireListingAccess } from '#src/http/guards';
import { createUploadURL } from '#src/storage/photos';

export const prerender = false;

/** docs/product.md: a short-lived signed URL for one PUT of one photo. */
export const POST = route(async (ctx) => {
  await requireListingAccess(ctx);
  // The page's own origin (checked by requireListingAccess), so the PUT stays same-origin behind a CDN proxy too.
  return json({ uploadURL: await createUploadURL(ctx.request.headers.get('origin') ?? ctx.url.origin) });
});
