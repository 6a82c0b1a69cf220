import { idParam } from '../../../../../server/http';
import { requireAdmin } from '../../../../../auth/guard';
import { actorOf, edge, ifMatch } from '../../../../../server/edge';
import { decisionAnswer } from '../../../../../server/reviewAnswer';
import { approveSubmission } from '../../../../../services/reviews';

export const prerender = false;

/** POST: approve; the proposal is applied and published through the normal write path. */
export const POST = edge(async (ctx) => {
  const reviewer = actorOf(await requireAdmin(ctx));
  const id = idParam(ctx);
  return decisionAnswer(() => approveSubmission(reviewer, id, ifMatch(ctx)));
});
