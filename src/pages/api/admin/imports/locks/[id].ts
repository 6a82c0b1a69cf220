import { json } from '#src/http/answers';
import { idParam } from '#src/http/body';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { actorOf } from '#src/domain/actor';
import { lockedFields } from '#src/services/imports/locks';

export const prerender = false;

/** The fields of an imported training the next read keeps, since they were changed here. */
export const GET = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  return json(await lockedFields(actorOf(member), idParam(ctx)));
});
