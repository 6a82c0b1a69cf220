import { idParam, readJson } from '../../../../../http/body';
import { json } from '../../../../../http/answers';
import { actorOf } from '../../../../../domain/actor';
import { requireAdmin } from '../../../../../http/guards';
import { route } from '../../../../../http/route';
import { DismissLinkSchema } from '../../../../../domain/reports';
import { dismissBrokenLink } from '../../../../../services/listingProblems';

export const prerender = false;

/** POST `{note}`: the team dismisses a broken link, with why (409 when it is not broken). */
export const POST = route(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const { note } = await readJson(ctx, DismissLinkSchema);
  await dismissBrokenLink(actorOf(admin), idParam(ctx), note);
  return json({ dismissed: true });
});
