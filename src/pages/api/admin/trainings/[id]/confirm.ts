import { idParam, json } from '../../../../../server/http';
import { actorOf, edge } from '../../../../../server/edge';
import { requireListingAccess } from '../../../../../auth/guard';
import { confirmDetails } from '../../../../../services/detailsConfirmed';

export const prerender = false;

/** POST: "These details are current" (docs/product.md, Trust); the page is republished with the date. */
export const POST = edge(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  return json(await confirmDetails(actorOf(admin), idParam(ctx)));
});
