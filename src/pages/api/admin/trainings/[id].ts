import { idParam, json, readJson } from '../../../../server/http';
import { actorOf, edge, ifMatch, recordJson } from '../../../../server/edge';
import { requireListingAccess } from '../../../../auth/guard';
import { TrainingPatchSchema, withTotalCost } from '../../../../domain/training';
import { deleteTraining, updateTraining } from '../../../../services/trainings';
import { checkLinksSoon } from '../../../../services/linkHealth';

export const prerender = false;

/**
 * The whole training, or only some fields such as `{isPublished}` for the toggle (docs/product.md). With
 * If-Match, only the version it names is changed (412 otherwise).
 */
export const PATCH = edge(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const patch = await readJson(ctx, TrainingPatchSchema);
  const training = await updateTraining(actorOf(admin), idParam(ctx), patch, ifMatch(ctx));
  // Its Register and waitlist links are checked soon, in the background (docs/product.md, Trust).
  checkLinksSoon({ trainingId: training.id });
  return recordJson(withTotalCost(training));
});

export const DELETE = edge(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const training = await deleteTraining(actorOf(admin), idParam(ctx), ifMatch(ctx));
  return json({ deleted: training.id });
});
