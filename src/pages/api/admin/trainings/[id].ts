import { idParam, json, readJson } from '../../../../server/http';
import { actorOf, edge, ifMatch, recordJson } from '../../../../server/edge';
import { requireAdmin } from '../../../../auth/guard';
import { TrainingPatchSchema, withTotalCost } from '../../../../domain/training';
import { deleteTraining, updateTraining } from '../../../../services/trainings';

export const prerender = false;

/**
 * The whole training, or only some fields such as `{isPublished}` for the toggle (docs/product.md). With
 * If-Match, only the version it names is changed (412 otherwise).
 */
export const PATCH = edge(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const patch = await readJson(ctx, TrainingPatchSchema);
  return recordJson(withTotalCost(await updateTraining(actorOf(admin), idParam(ctx), patch, ifMatch(ctx))));
});

export const DELETE = edge(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const training = await deleteTraining(actorOf(admin), idParam(ctx), ifMatch(ctx));
  return json({ deleted: training.id });
});
