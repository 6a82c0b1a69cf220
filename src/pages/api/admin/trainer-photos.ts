import { json } from '../../../http/answers';
import { readJson } from '../../../http/body';
import { route } from '../../../http/route';
import { ownOrigins, requireListingAccess } from '../../../http/guards';
import { PhotoRegistrationSchema } from '../../../domain/photo';
import { registerTrainerPhoto } from '../../../services/trainerPhotos';

export const prerender = false;

/** docs/product.md: registers an uploaded photo after checking it by its size and bytes, and re-encoding it. */
export const PUT = route(async (ctx) => {
  await requireListingAccess(ctx);
  const { photoURL } = await readJson(ctx, PhotoRegistrationSchema);
  return json({ objectPath: await registerTrainerPhoto(photoURL, ownOrigins(ctx)) });
});
