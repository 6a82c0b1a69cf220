import { idParam, json, readJson } from '../../../../server/http';
import { actorOf, edge, ifMatch, recordJson } from '../../../../server/edge';
import { requireListingAccess } from '../../../../auth/guard';
import { TrainerInputSchema } from '../../../../domain/trainer';
import { deleteTrainer, updateTrainer } from '../../../../services/trainers';
import { checkLinksSoon } from '../../../../services/linkHealth';

export const prerender = false;

/** With If-Match, only the version it names is changed (412 otherwise); without, as docs/product.md says. */
export const PATCH = edge(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  const trainer = await updateTrainer(actorOf(admin), idParam(ctx), input, ifMatch(ctx));
  // Its website is checked soon, in the background (docs/product.md, Trust).
  checkLinksSoon({ trainerId: trainer.id });
  return recordJson(trainer);
});

/** Also deletes the trainer's trainings (docs/product.md). */
export const DELETE = edge(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const trainer = await deleteTrainer(actorOf(admin), idParam(ctx), ifMatch(ctx));
  return json({ deleted: trainer.id });
});
