import { json, recordJson } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { requireListingAccess } from '#src/http/guards';
import { actorOf } from '#src/domain/actor';
import { OfferingInputSchema } from '#src/domain/consultation/offering';
import { createOffering, listOfferings } from '#src/services/listings/offering';
import { withReviewState } from '#src/services/review/reviewState';
import { scopeOfActor } from '#src/services/trainerScope';
import { isPartner } from '#src/domain/team/roles';
import { route } from '#src/http/route';

export const prerender = false;

/**
 * Consultation offerings (docs/product.md, Consultation), as /api/admin/trainings: the team sees every
 * one, a partner their own trainers' with their pending or rejected version over it.
 */
export const GET = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const rows = await listOfferings(await scopeOfActor(actorOf(member)));
  return json(isPartner(member.role) ? await withReviewState(rows) : rows);
});

/** A partner's new offering waits for review: 201 with reviewStatus "pending", not public until approved. */
export const POST = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const input = await readJson(ctx, OfferingInputSchema);
  const { record, reviewStatus } = await createOffering(actorOf(member), input);
  return recordJson({ ...record, ...(isPartner(member.role) ? { reviewStatus } : {}) }, 201);
});
