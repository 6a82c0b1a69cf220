import { endpoint, json, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainingInputSchema } from '../../../../domain/training';
import * as trainings from '../../../../data/trainings';
import { ensureTrainerExists } from '../../../../server/trainingInput';
import { TrainingListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../server/listQuery';

export const prerender = false;

export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const query = readListQuery(ctx, TrainingListQuerySchema);
  return query ? pageResponse(await trainings.listPage(query)) : json(await trainings.listAll());
});

export const POST = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const input = await readJson(ctx, TrainingInputSchema);
  await ensureTrainerExists(input.trainerId);
  return json(await trainings.insert(input), 201);
});
