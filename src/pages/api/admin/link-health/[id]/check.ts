import { idParam } from '../../../../../http/body';
import { json } from '../../../../../http/answers';
import { notFound } from '../../../../../http/errors';
import { route } from '../../../../../http/route';
import { requireAdmin } from '../../../../../http/guards';
import { recheckLink } from '../../../../../services/linkHealth';

export const prerender = false;

/** POST: "Check again": the link is checked now; a working link clears its flag (docs/product.md, Trust). */
export const POST = route(async (ctx) => {
  await requireAdmin(ctx);
  const checked = await recheckLink(idParam(ctx));
  if (!checked) throw notFound('Link not found');
  return json({ status: checked.row.status, ok: checked.outcome.ok, result: checked.row.lastResult });
});
