import { json, recordJson } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { requireListingAccess } from '#src/http/guards';
import { actorOf } from '#src/domain/actor';
import { TrainerInputSchema, type Trainer } from '#src/domain/trainers/trainer';
import { TrainerListQuerySchema } from '#src/domain/adminList';
import { pageResponse, readListQuery } from '#src/http/listQuery';
import { listTrainers, trainerPage } from '#src/services/trainers';
import { createTrainer } from '#src/services/listings/trainer';
import { route } from '#src/http/route';
import { withReviewState } from '#src/services/review/reviewState';
import { isPartner } from '#src/domain/team/roles';

export const prerender = false;

/** A partner sees their own profiles as they edit them: a pending or rejected proposal over the live row. */
export const GET = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const actor = actorOf(member);
  const query = readListQuery(ctx, TrainerListQuerySchema);
  const answer = async (rows: Trainer[]) => (isPartner(member.role) ? await withReviewState(rows) : rows);
  if (!query) return json(await answer(await listTrainers(actor)));
  const page = await trainerPage(actor, query);
  return pageResponse({ ...page, rows: await answer(page.rows) });
});

export const POST = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const input = await readJson(ctx, TrainerInputSchema);
  // Its website is checked soon after, in the background (docs/product.md, Trust).
  const trainer = await createTrainer(actorOf(admin), input);
  return recordJson(trainer, 201);
});
