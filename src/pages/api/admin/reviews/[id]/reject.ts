import { idParam, readJson, ifMatch } from '#src/http/body';
import { requireAdmin } from '#src/http/guards';
import { actorOf } from '#src/domain/actor';
import { route } from '#src/http/route';
import { decisionAnswer } from '#src/http/reviewAnswer';
import { RejectSchema } from '#src/domain/review/review';
import { rejectSubmission } from '#src/services/listings/decisions';

export const prerender = false;

/** POST {reason} with If-Match (428 without): reject; nothing is published, and the partner reads the reason. */
export const POST = route(async (ctx) => {
  const reviewer = actorOf(await requireAdmin(ctx));
  const id = idParam(ctx);
  const { reason } = await readJson(ctx, RejectSchema);
  return decisionAnswer(() => rejectSubmission(reviewer, id, reason, ifMatch(ctx)));
});
