import { endpoint, idParam, json, notFound, readJson } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { TrainerInputSchema } from '../../../../domain/trainer';
import * as trainers from '../../../../data/trainers';

export const prerender = false;

export const PATCH = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const id = idParam(ctx);
  const trainer = await trainers.update(id, await readJson(ctx, TrainerInputSchema));
  if (!trainer) throw notFound('Trainer not found');
  return json(trainer);
});

/** Also deletes the trainer's trainings (SPEC §3). */
export const DELETE = endpoint(async (ctx) => {
  await requireAdmin(ctx);
  const trainer = await trainers.remove(idParam(ctx));
  if (!trainer) throw notFound('Trainer not found');
  return json({ deleted: trainer.id });
});
