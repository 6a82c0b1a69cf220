import { endpoint, idParam, json, notFound } from '../../../../server/http';
import * as trainings from '../../../../data/trainings';
import { withTotalCost } from '../../../../domain/training';

export const prerender = false;

/** One published training (docs/product.md); drafts and unknown ids are 404. */
export const GET = endpoint(async (ctx) => {
  const training = await trainings.findPublishedById(idParam(ctx));
  if (!training) throw notFound('Training not found');
  return json(withTotalCost(training));
});
