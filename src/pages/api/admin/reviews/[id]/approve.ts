import { idParam, ifMatch } from '../../../../../http/body';
import { requireAdmin } from '../../../../../http/guards';
import { actorOf } from '../../../../../domain/actor';
import { route } from '../../../../../http/route';
import { decisionAnswer } from '../../../../../http/reviewAnswer';
import { approveSubmission } from '../../../../../services/reviews';

export const prerender = false;

/** POST: approve; the proposal is applied and published through the normal write path. */
export const POST = route(async (ctx) => {
  const reviewer = actorOf(await requireAdmin(ctx));
  const id = idParam(ctx);
  return decisionAnswer(() => approveSubmission(reviewer, id, ifMatch(ctx)));
});
