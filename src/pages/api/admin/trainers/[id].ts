import { idParam, readJson, ifMatch } from '#src/http/body';
import { json, recordJson } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { TrainerInputSchema } from '#src/domain/trainers/trainer';
import { deleteTrainer, editTrainer } from '#src/services/listings/trainer';
import { isPartner } from '#src/domain/team/roles';

export const prerender = false;

/**
 * With If-Match, only the version it names is changed (412 otherwise); without, as docs/product.md says.
 * A partner's changes wait for review (docs/product.md, Review queue): 202 with the version they see.
 */
export const PATCH = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  // Its website is checked soon after, in the background (docs/product.md, Trust).
  const {
    record: trainer,
    reviewStatus,
    submission,
  } = await editTrainer(actorOf(admin), idParam(ctx), input, ifMatch(ctx));
  if (!isPartner(admin.role)) return recordJson(trainer);
  const pending = submission ? { pendingSince: submission.createdAt, submissionId: submission.id } : {};
  const body = { ...trainer, reviewStatus, ...pending };
  return recordJson(body, reviewStatus === 'pending' ? 202 : 200);
});

/** Also deletes the trainer's trainings (docs/product.md). */
export const DELETE = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const trainer = await deleteTrainer(actorOf(admin), idParam(ctx), ifMatch(ctx));
  return json({ deleted: trainer.id });
});
