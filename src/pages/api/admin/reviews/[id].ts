import { idParam, json } from '../../../../server/http';
import { requireAdmin } from '../../../../auth/guard';
import { edge } from '../../../../server/edge';
import { reviewDetail } from '../../../../services/reviews';

export const prerender = false;

/** GET: one submission with what it would change, field by field, before and after. */
export const GET = edge(async (ctx) => {
  await requireAdmin(ctx);
  const detail = await reviewDetail(idParam(ctx));
  return json(detail, 200, { etag: detail.etag });
});
