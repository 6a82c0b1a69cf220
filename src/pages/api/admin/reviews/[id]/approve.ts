import { idParam, ifMatch } from '#src/http/body';
import { requireAdmin } from '#src/http/guards';
import { actorOf } from '#src/domain/actor';
import { route } from '#src/http/route';
import { decisionAnswer } from '#src/http/reviewAnswer';
import { approveSubmission } from '#src/services/listings/decisions';

export const prerender = false;

/** POST with If-Match (428 without): approve; the proposal is applied through its record's one write path. */
export const POST = route(async (ctx) => {
  const reviewer = actorOf(await requireAdmin(ctx));
  const id = idParam(ctx);
  return decisionAnswer(() => approveSubmission(reviewer, id, ifMatch(ctx)));
});
