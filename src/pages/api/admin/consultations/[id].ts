import { z } from 'zod';
import { idParam, readJson, ifMatch } from '#src/http/body';
import { json, recordJson } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { requireListingAccess } from '#src/http/guards';
import { route } from '#src/http/route';
import { deleteOffering, editOffering, offeringInScope } from '#src/services/listings/offering';
import { withReviewState } from '#src/services/review/reviewState';
import { scopeOfActor } from '#src/services/trainerScope';
import { isPartner } from '#src/domain/team/roles';

export const prerender = false;

/** Some of an offering's fields: each is checked with the rest by the offering's schema, over what is stored. */
const PatchBody = z.record(z.string(), z.unknown(), { error: 'Send the offering’s fields as a JSON object' });

export const GET = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const offering = await offeringInScope(await scopeOfActor(actorOf(member)), idParam(ctx));
  if (!isPartner(member.role)) return recordJson(offering);
  const [seen] = await withReviewState([offering]);
  return recordJson({ ...seen!, updatedAt: offering.updatedAt });
});

/**
 * The whole offering, or only some fields such as `{isPublished}`. With If-Match, only the version it
 * names is changed (412 otherwise). A partner's change waits for review as a whole: 202.
 */
export const PATCH = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const patch = await readJson(ctx, PatchBody);
  const { record, reviewStatus, submission } = await editOffering(actorOf(member), idParam(ctx), patch, ifMatch(ctx));
  if (!isPartner(member.role)) return recordJson(record);
  const pending = submission ? { pendingSince: submission.createdAt, submissionId: submission.id } : {};
  const body = { ...record, reviewStatus, ...pending };
  return recordJson(body, reviewStatus === 'pending' ? 202 : 200);
});

/** A partner's delete of an offering the public sees is a request the team reviews: 202. */
export const DELETE = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const { record, submission } = await deleteOffering(actorOf(member), idParam(ctx), ifMatch(ctx));
  if (!submission) return json({ deleted: record.id });
  return json(
    { id: record.id, reviewStatus: 'pending', pendingSince: submission.createdAt, submissionId: submission.id },
    202,
  );
});
