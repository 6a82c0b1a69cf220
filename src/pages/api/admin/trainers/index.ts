import { json, readJson } from '../../../../server/http';
import { requireListingAccess } from '../../../../auth/guard';
import { TrainerInputSchema } from '../../../../domain/trainer';
import { TrainerListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../server/listQuery';
import { createTrainer, listTrainers, trainerPage } from '../../../../services/trainers';
import { actorOf, edge, recordJson } from '../../../../server/edge';
import { checkLinksSoon } from '../../../../services/linkHealth';

export const prerender = false;

export const GET = edge(async (ctx) => {
  const actor = actorOf(await requireListingAccess(ctx));
  const query = readListQuery(ctx, TrainerListQuerySchema);
  return query ? pageResponse(await trainerPage(actor, query)) : json(await listTrainers(actor));
});

export const POST = edge(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  const trainer = await createTrainer(actorOf(admin), input);
  // Its website is checked soon, in the background (docs/product.md, Trust).
  checkLinksSoon({ trainerId: trainer.id });
  return recordJson(trainer, 201);
});
