import { idParam, readJson } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireAdmin } from '#src/http/guards';
import { route } from '#src/http/route';
import { DismissLinkSchema } from '#src/domain/trust/reports';
import { dismissBrokenLink } from '#src/services/trust/listingProblems';

export const prerender = false;

/** POST `{note}`: the team dismisses a broken link, with why (409 when it is not broken). */
export const POST = route(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const { note } = await readJson(ctx, DismissLinkSchema);
  await dismissBrokenLink(actorOf(admin), idParam(ctx), note);
  return json({ dismissed: true });
});
