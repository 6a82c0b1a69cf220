import { endpoint, idParam, json, notFound, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainingPatchSchema } from '../../../../domain/training';
import * as trainings from '../../../../data/trainings';
import { mergeTrainingPatch } from '../../../../server/trainingInput';

export const prerender = false;

/** The whole training, or only some fields such as `{isPublished}` for the toggle (SPEC §7). */
export const PATCH = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const id = idParam(ctx);
  const patch = await readJson(ctx, TrainingPatchSchema);
  const existing = await trainings.findById(id);
  if (!existing) throw notFound('Training not found');
  const updated = await trainings.update(id, await mergeTrainingPatch(existing, patch));
  if (!updated) throw notFound('Training not found');
  return json(updated);
});

export const DELETE = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const training = await trainings.remove(idParam(ctx));
  if (!training) throw notFound('Training not found');
  return json({ deleted: training.id });
});
