import { idParam, readJson } from '#src/http/body';
import { recordJson } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { withTotalCost } from '#src/domain/training';
import { CopyTrainingSchema } from '#src/domain/trainingCopy';
import { copyTraining } from '#src/services/listings/training';
import { isPartner } from '#src/domain/team/roles';

export const prerender = false;

/**
 * POST `{startDate}`: a copy on new dates (docs/product.md, Copy to new dates), 201 with the new
 * training: a draft for the team, waiting for review (`reviewStatus: "pending"`) for a partner.
 */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const id = idParam(ctx);
  const { startDate } = await readJson(ctx, CopyTrainingSchema);
  const { record, reviewStatus } = await copyTraining(actorOf(member), id, startDate);
  const review = isPartner(member.role) ? { reviewStatus } : {};
  return recordJson({ ...withTotalCost(record), ...review }, 201);
});
