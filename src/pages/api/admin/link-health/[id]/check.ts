import { idParam, json, notFound } from '../../../../../server/http';
import { edge } from '../../../../../server/edge';
import { requireAdmin } from '../../../../../auth/guard';
import { recheckLink } from '../../../../../services/linkHealth';

export const prerender = false;

/** POST: "Check again": the link is checked now; a working link clears its flag (docs/product.md, Trust). */
export const POST = edge(async (ctx) => {
  await requireAdmin(ctx);
  const checked = await recheckLink(idParam(ctx));
  if (!checked) throw notFound('Link not found');
  return json({ status: checked.row.status, ok: checked.outcome.ok, result: checked.row.lastResult });
});
