import { idParam, ifMatch } from '../../../../../http/body';
import { requireListingAccess } from '../../../../../http/guards';
import { route } from '../../../../../http/route';
import { decisionAnswer } from '../../../../../http/reviewAnswer';
import { withdrawSubmission } from '../../../../../services/reviews';

export const prerender = false;

/** POST: the partner who submitted it takes it back; for anyone else it does not exist (404). */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const id = idParam(ctx);
  return decisionAnswer(() => withdrawSubmission(member, id, ifMatch(ctx)));
});
