import { endpoint, idParam, json, notFound, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainerInputSchema } from '../../../../domain/trainer';
import * as trainers from '../../../../data/trainers';
import { assertNewPhotoStored, releasePhoto } from '../../../../server/trainerPhotos';

export const prerender = false;

export const PATCH = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const id = idParam(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  // Only a photo needs the stored row first: is it new, and if so, is its upload still there?
  if (input.photo) {
    const current = await trainers.findById(id);
    if (!current) throw notFound('Trainer not found');
    await assertNewPhotoStored(input.photo, current.photo);
  }
  const updated = await trainers.updateReturningPrevious(id, input);
  if (!updated) throw notFound('Trainer not found');
  await releasePhoto(updated.previousPhoto, updated.trainer.photo);
  return json(updated.trainer);
});

/** Also deletes the trainer's trainings (SPEC §3). */
export const DELETE = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const trainer = await trainers.remove(idParam(ctx));
  if (!trainer) throw notFound('Trainer not found');
  await releasePhoto(trainer.photo, null);
  return json({ deleted: trainer.id });
});
