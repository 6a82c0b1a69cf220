import { idParam } from '../../../../../server/http';
import { requireListingAccess } from '../../../../../auth/guard';
import { edge, ifMatch } from '../../../../../server/edge';
import { decisionAnswer } from '../../../../../server/reviewAnswer';
import { withdrawSubmission } from '../../../../../services/reviews';

export const prerender = false;

/** POST: the partner who submitted it takes it back; for anyone else it does not exist (404). */
export const POST = edge(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const id = idParam(ctx);
  return decisionAnswer(() => withdrawSubmission(member, id, ifMatch(ctx)));
});
