import { json } from '#src/http/answers';
import { route } from '#src/http/route';
import { requireListingAccess } from '#src/http/guards';
import { issueUploadURL } from '#src/services/photoAccess';

export const prerender = false;

/** docs/product.md: a short-lived signed URL for one PUT of one photo; 429 beyond a partner's quota. */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  // The page's own origin (checked by requireListingAccess), so the PUT stays same-origin behind a CDN proxy too.
  return json({ uploadURL: await issueUploadURL(member, ctx.request.headers.get('origin') ?? ctx.url.origin) });
});
