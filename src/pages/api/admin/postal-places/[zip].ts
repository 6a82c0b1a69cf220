import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { notFound, HttpError } from '#src/http/errors';
import { requireListingAccess } from '#src/http/guards';
import { NEARBY_MESSAGES, POSTAL_CODE } from '#src/domain/nearMe/nearby';
import { postalPlace } from '#src/services/trainingPosition';

export const prerender = false;

/**
 * `GET /api/admin/postal-places/{zip}` → `{ "place": "Sacramento, CA" }`: the place the training form
 * shows under a ZIP code while it is typed (the ZIP table stays on the server). 400 for a malformed
 * code, 404 for one the table does not know.
 */
export const GET = route(async (ctx) => {
  await requireListingAccess(ctx);
  const zip = ctx.params.zip ?? '';
  if (!POSTAL_CODE.test(zip))
    throw new HttpError(400, 'Invalid ZIP code', { postalCode: [NEARBY_MESSAGES.postalCode] });
  const place = await postalPlace(zip);
  if (!place) throw notFound(NEARBY_MESSAGES.unknownPostalCode);
  return json({ place });
});
