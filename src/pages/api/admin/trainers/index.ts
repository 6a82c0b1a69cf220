import { endpoint, json, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainerInputSchema } from '../../../../domain/trainer';
import * as trainers from '../../../../data/trainers';
import { TrainerListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../server/listQuery';
import { createTrainer } from '../../../../services/trainers';
import { actorOf, edge, recordJson } from '../../../../server/edge';
import { checkLinksSoon } from '../../../../services/linkHealth';

export const prerender = false;

export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const query = readListQuery(ctx, TrainerListQuerySchema);
  return query ? pageResponse(await trainers.listPage(query)) : json(await trainers.listAll());
});

export const POST = edge(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  const trainer = await createTrainer(actorOf(admin), input);
  // Its website is checked soon, in the background (docs/product.md, Trust).
  checkLinksSoon({ trainerId: trainer.id });
  return recordJson(trainer, 201);
});
