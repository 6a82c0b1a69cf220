import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { requireAdmin } from '#src/http/guards';
import { route } from '#src/http/route';
import { reviewDetail } from '#src/services/review/reviews';

export const prerender = false;

/** GET: one submission with what it would change, field by field, before and after. */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  const detail = await reviewDetail(idParam(ctx));
  return json(detail, 200, { etag: detail.etag });
});
