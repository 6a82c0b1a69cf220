import { idParam } from '../../../../../http/body';
import { json } from '../../../../../http/answers';
import { actorOf } from '../../../../../domain/actor';
import { requireListingAccess } from '../../../../../http/guards';
import { route } from '../../../../../http/route';
import { confirmDetails } from '../../../../../services/detailsConfirmed';

export const prerender = false;

/** POST: "These details are current" (docs/product.md, Trust); the page is republished with the date. */
export const POST = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  return json(await confirmDetails(actorOf(admin), idParam(ctx)));
});
