import { json, readJson } from '../../../server/http';
import { edge } from '../../../server/edge';
import { requireAdmin } from '../../../auth/guard';
import { PhotoRegistrationSchema } from '../../../domain/photo';
import { registerTrainerPhoto } from '../../../services/trainerPhotos';
import { serverEnv } from '../../../env';

export const prerender = false;

/** docs/product.md: registers an uploaded photo after checking it by its size and bytes, and re-encoding it. */
export const PUT = edge(async (ctx) => {
  await requireAdmin(ctx);
  const { photoURL } = await readJson(ctx, PhotoRegistrationSchema);
  // requireAdmin accepted the Origin header as ours (the site's, or this request's own).
  const origin = ctx.request.headers.get('origin');
  const ownOrigins = [origin ?? ctx.url.origin, ctx.url.origin, new URL(serverEnv().siteUrl).origin];
  return json({ objectPath: await registerTrainerPhoto(photoURL, ownOrigins) });
});
