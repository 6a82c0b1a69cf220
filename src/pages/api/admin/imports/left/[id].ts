import { json } from '#src/http/answers';
import { idParam, readJson } from '#src/http/body';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { actorOf } from '#src/domain/actor';
import { LeftDecisionSchema } from '#src/domain/imports/importRequest';
import { decideLeft } from '#src/services/imports/apply';

export const prerender = false;

/** A training no longer in the member's calendar: Cancel the training, or Keep it (docs/product.md, Import). */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const { decision } = await readJson(ctx, LeftDecisionSchema);
  await decideLeft(actorOf(member), idParam(ctx), decision);
  return json({ ok: true, decision });
});
