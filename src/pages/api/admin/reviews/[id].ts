import { idParam } from '../../../../http/body';
import { json } from '../../../../http/answers';
import { requireAdmin } from '../../../../http/guards';
import { route } from '../../../../http/route';
import { reviewDetail } from '../../../../services/reviews';

export const prerender = false;

/** GET: one submission with what it would change, field by field, before and after. */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  const detail = await reviewDetail(idParam(ctx));
  return json(detail, 200, { etag: detail.etag });
});
