import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { route } from '#src/http/route';
import { ownOrigins, requireListingAccess } from '#src/http/guards';
import { PhotoRegistrationSchema } from '#src/domain/trainers/photo';
import { registerUploadedPhoto } from '#src/services/photoAccess';

export const prerender = false;

/** docs/product.md: registers an uploaded photo after checking it by its size and bytes, and re-encoding it. */
export const PUT = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const { photoURL } = await readJson(ctx, PhotoRegistrationSchema);
  return json({ objectPath: await registerUploadedPhoto(member, photoURL, ownOrigins(ctx)) });
});
