import { idParam, ifMatch } from '#src/http/body';
import { requireListingAccess } from '#src/http/guards';
import { actorOf } from '#src/domain/actor';
import { route } from '#src/http/route';
import { decisionAnswer } from '#src/http/reviewAnswer';
import { withdrawSubmission } from '#src/services/listings/decisions';

export const prerender = false;

/** POST: the partner who submitted it takes it back; for anyone else it does not exist (404). */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const id = idParam(ctx);
  return decisionAnswer(() => withdrawSubmission(actorOf(member), id, ifMatch(ctx)));
});
