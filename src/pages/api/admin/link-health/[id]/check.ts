import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { notFound } from '#src/http/errors';
import { route } from '#src/http/route';
import { requireAdmin } from '#src/http/guards';
import { recheckLink } from '#src/services/trust/linkHealth';

export const prerender = false;

/** POST: "Check again": the link is checked now; a working link clears its flag (docs/product.md, Trust). */
export const POST = route(async (ctx) => {
  await requireAdmin(ctx);
  const checked = await recheckLink(idParam(ctx));
  if (!checked) throw notFound('Link not found');
  return json({ status: checked.row.status, ok: checked.outcome.ok, result: checked.row.lastResult });
});
