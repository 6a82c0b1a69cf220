import { idParam, readJson, ifMatch } from '#src/http/body';
import { json, recordJson } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { TrainingPatchSchema, withTotalCost } from '#src/domain/training';
import { deleteTraining, editTraining } from '#src/services/listings/training';
import { isPartner } from '#src/domain/team/roles';

export const prerender = false;

/**
 * The whole training, or only some fields such as `{isPublished}` for the toggle (docs/product.md). With
 * If-Match, only the version it names is changed (412 otherwise). A partner's edit waits for review
 * except the urgent, narrowing fields (docs/product.md, Review queue): 202 then, 200 when all applied.
 */
export const PATCH = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const patch = await readJson(ctx, TrainingPatchSchema);
  // Its Register and waitlist links are checked soon after, in the background (docs/product.md, Trust).
  const saved = await editTraining(actorOf(admin), idParam(ctx), patch, ifMatch(ctx));
  const { record: training, reviewStatus, submission } = saved;
  if (!isPartner(admin.role)) return recordJson(withTotalCost(training));
  // A partner's edit that waits for review is 202, with the version they will see until it is decided.
  const pending = submission ? { pendingSince: submission.createdAt, submissionId: submission.id } : {};
  const body = { ...withTotalCost(training), reviewStatus, ...pending };
  return recordJson(body, reviewStatus === 'pending' ? 202 : 200);
});

/** A partner's delete of a training the public sees is a request the team reviews: 202 (docs/product.md). */
export const DELETE = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const { record: training, submission } = await deleteTraining(actorOf(admin), idParam(ctx), ifMatch(ctx));
  if (!submission) return json({ deleted: training.id });
  const body = {
    id: training.id,
    reviewStatus: 'pending',
    pendingSince: submission.createdAt,
    submissionId: submission.id,
  };
  return json(body, 202);
});
