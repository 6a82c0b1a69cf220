import { json } from '#src/http/answers';
import { idParam } from '#src/http/body';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { actorOf } from '#src/domain/actor';
import { applyImport } from '#src/services/imports/apply';

export const prerender = false;

/** Applies a preview the member made: drafts (team) or submissions waiting for review (partner). */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const { applied, refused } = await applyImport(actorOf(member), idParam(ctx));
  return json({ ...applied, refusedRows: refused });
});
