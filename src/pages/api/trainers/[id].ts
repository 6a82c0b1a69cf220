import { endpoint, idParam, json, notFound } from '../../../server/http';
import * as trainers from '../../../data/trainers';

export const prerender = false;

/** A trainer's public profile (docs/product.md): name, bio, website, photo, credentials. */
export const GET = endpoint(async (ctx) => {
  const trainer = await trainers.findPublicById(idParam(ctx));
  if (!trainer) throw notFound('Trainer not found');
  return json(trainer);
});
