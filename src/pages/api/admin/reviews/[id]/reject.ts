import { idParam, readJson } from '../../../../../server/http';
import { requireAdmin } from '../../../../../auth/guard';
import { actorOf, edge, ifMatch } from '../../../../../server/edge';
import { decisionAnswer } from '../../../../../server/reviewAnswer';
import { RejectSchema } from '../../../../../domain/review';
import { rejectSubmission } from '../../../../../services/reviews';

export const prerender = false;

/** POST {reason}: reject; nothing is published, and the partner reads the reason. */
export const POST = edge(async (ctx) => {
  const reviewer = actorOf(await requireAdmin(ctx));
  const id = idParam(ctx);
  const { reason } = await readJson(ctx, RejectSchema);
  return decisionAnswer(() => rejectSubmission(reviewer, id, reason, ifMatch(ctx)));
});
