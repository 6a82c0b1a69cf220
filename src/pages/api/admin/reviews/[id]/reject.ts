import { idParam, readJson, ifMatch } from '../../../../../http/body';
import { requireAdmin } from '../../../../../http/guards';
import { actorOf } from '../../../../../domain/actor';
import { route } from '../../../../../http/route';
import { decisionAnswer } from '../../../../../http/reviewAnswer';
import { RejectSchema } from '../../../../../domain/review';
import { rejectSubmission } from '../../../../../services/reviews';

export const prerender = false;

/** POST {reason}: reject; nothing is published, and the partner reads the reason. */
export const POST = route(async (ctx) => {
  const reviewer = actorOf(await requireAdmin(ctx));
  const id = idParam(ctx);
  const { reason } = await readJson(ctx, RejectSchema);
  return decisionAnswer(() => rejectSubmission(reviewer, id, reason, ifMatch(ctx)));
});
