import { route } from '#src/http/route';
import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { notFound } from '#src/http/errors';
import * as trainers from '#src/data/trainers';
import { verificationCutoff } from '#src/domain/trust/credentialChecks';

export const prerender = false;

/**
 * A trainer's public profile (docs/product.md): name, bio, website, photo, credentials, and the
 * credentials the team checked in the last 12 months (`verified`, Trust).
 */
export const GET = route(async (ctx) => {
  const trainer = await trainers.findPublicById(idParam(ctx), verificationCutoff(new Date()));
  if (!trainer) throw notFound('Trainer not found');
  return json(trainer);
});
