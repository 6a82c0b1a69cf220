import { route } from '#src/http/route';
import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { notFound } from '#src/http/errors';
import * as trainings from '#src/data/trainings';
import { withTotalCost } from '#src/domain/training';

export const prerender = false;

/** One published training (docs/product.md); drafts and unknown ids are 404. */
export const GET = route(async (ctx) => {
  const training = await trainings.findPublishedById(idParam(ctx));
  if (!training) throw notFound('Training not found');
  return json(withTotalCost(training));
});
