import { endpoint, idParam, json, notFound } from '../../../server/http';
import * as trainers from '../../../data/trainers';
import { verificationCutoff } from '../../../domain/credentialChecks';

export const prerender = false;

/**
 * A trainer's public profile (docs/product.md): name, bio, website, photo, credentials, and the
 * credentials the team checked in the last 12 months (`verified`, Trust).
 */
export const GET = endpoint(async (ctx) => {
  const trainer = await trainers.findPublicById(idParam(ctx), verificationCutoff(new Date()));
  if (!trainer) throw notFound('Trainer not found');
  return json(trainer);
});
