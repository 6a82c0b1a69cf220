import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { confirmDetails } from '#src/services/trust/detailsConfirmed';

export const prerender = false;

/** POST: "These details are current" (docs/product.md, Trust); the page is republished with the date. */
export const POST = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  return json(await confirmDetails(actorOf(admin), idParam(ctx)));
});
