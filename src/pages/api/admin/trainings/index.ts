import { endpoint, json, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainingInputSchema, withTotalCost } from '../../../../domain/training';
import * as trainings from '../../../../data/trainings';
import { TrainingListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../server/listQuery';
import { createTraining } from '../../../../services/trainings';
import { actorOf, edge, recordJson } from '../../../../server/edge';

export const prerender = false;

export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const query = readListQuery(ctx, TrainingListQuerySchema);
  if (!query) return json((await trainings.listAll()).map(withTotalCost));
  const page = await trainings.listPage(query);
  return pageResponse({ ...page, rows: page.rows.map(withTotalCost) });
});

export const POST = edge(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = await readJson(ctx, TrainingInputSchema);
  return recordJson(withTotalCost(await createTraining(actorOf(admin), input)), 201);
});
