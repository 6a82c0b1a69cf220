import { json, readJson } from '../../../server/http';
import { edge } from '../../../server/edge';
import { ownOrigins, requireListingAccess } from '../../../auth/guard';
import { PhotoRegistrationSchema } from '../../../domain/photo';
import { registerTrainerPhoto } from '../../../services/trainerPhotos';

export const prerender = false;

/** docs/product.md: registers an uploaded photo after checking it by its size and bytes, and re-encoding it. */
export const PUT = edge(async (ctx) => {
  await requireListingAccess(ctx);
  const { photoURL } = await readJson(ctx, PhotoRegistrationSchema);
  return json({ objectPath: await registerTrainerPhoto(photoURL, ownOrigins(ctx)) });
});
