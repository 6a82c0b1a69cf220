import { endpoint, json, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainerInputSchema } from '../../../../domain/trainer';
import * as trainers from '../../../../data/trainers';
import { assertNewPhotoStored } from '../../../../server/trainerPhotos';
import { TrainerListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../server/listQuery';

export const prerender = false;

export const GET = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const query = readListQuery(ctx, TrainerListQuerySchema);
  return query ? pageResponse(await trainers.listPage(query)) : json(await trainers.listAll());
});

export const POST = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  await assertNewPhotoStored(input.photo);
  return json(await trainers.insert(input), 201);
});
