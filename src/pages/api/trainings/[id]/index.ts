import { route } from '../../../../http/route';
import { idParam } from '../../../../http/body';
import { json } from '../../../../http/answers';
import { notFound } from '../../../../http/errors';
import * as trainings from '../../../../data/trainings';
import { withTotalCost } from '../../../../domain/training';

export const prerender = false;

/** One published training (docs/product.md); drafts and unknown ids are 404. */
export const GET = route(async (ctx) => {
  const training = await trainings.findPublishedById(idParam(ctx));
  if (!training) throw notFound('Training not found');
  return json(withTotalCost(training));
});
