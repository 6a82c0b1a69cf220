import { idParam, json, readJson } from '../../../../../server/http';
import { actorOf, edge } from '../../../../../server/edge';
import { requireAdmin } from '../../../../../auth/guard';
import { DismissLinkSchema } from '../../../../../domain/reports';
import { dismissBrokenLink } from '../../../../../services/listingProblems';

export const prerender = false;

/** POST `{note}`: the team dismisses a broken link, with why (409 when it is not broken). */
export const POST = edge(async (ctx) => {
  const admin = await requireAdmin(ctx);
  const { note } = await readJson(ctx, DismissLinkSchema);
  await dismissBrokenLink(actorOf(admin), idParam(ctx), note);
  return json({ dismissed: true });
});
