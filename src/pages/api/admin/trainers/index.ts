import { endpoint, json, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainerInputSchema } from '../../../../domain/trainer';
import * as trainers from '../../../../data/trainers';
import { TrainerListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../server/listQuery';
import { createTrainer } from '../../../../services/trainers';
import { actorOf, edge, recordJson } from '../../../../server/edge';

export const prerender = false;

export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const query = readListQuery(ctx, TrainerListQuerySchema);
  return query ? pageResponse(await trainers.listPage(query)) : json(await trainers.listAll());
});

export const POST = edge(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  return recordJson(await createTrainer(actorOf(admin), input), 201);
});
