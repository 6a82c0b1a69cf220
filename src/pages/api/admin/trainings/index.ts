import { json, recordJson } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { requireListingAccess } from '#src/http/guards';
import { actorOf } from '#src/domain/actor';
import { TrainingInputSchema, withTotalCost, type Training } from '#src/domain/training';
import { TrainingListQuerySchema } from '#src/domain/adminList';
import { pageResponse, readListQuery } from '#src/http/listQuery';
import { listTrainings, trainingPage } from '#src/services/trainings';
import { createTraining } from '#src/services/listings/training';
import { withListingStatus } from '#src/services/review/reviewState';
import { withTrainerNames } from '#src/services/trainings';
import { isPartner } from '#src/domain/team/roles';
import { withPostalPlace } from '#src/services/trainingPosition';
import { route } from '#src/http/route';
import { withBrokenLinks } from '#src/services/trust/listingProblems';

export const prerender = false;

export const GET = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const actor = actorOf(member);
  const query = readListQuery(ctx, TrainingListQuerySchema);
  // Each row carries its ZIP code's place name, which the edit form shows under the field.
  // And its broken links ("Register link broken since …", docs/product.md, Trust).
  // Each row says its one status (`reviewStatus`, domain/review/listingStatus.ts) with the live values;
  // a partner's row carries their waiting or refused fields apart (`proposed`), for their form.
  // And the trainer's name, for the Trainer column.
  const answer = async (rows: Training[]) =>
    withBrokenLinks(
      await Promise.all(
        (await withTrainerNames(await withListingStatus(rows, isPartner(member.role)))).map((t) =>
          withPostalPlace(withTotalCost(t)),
        ),
      ),
    );
  if (!query) return json(await answer(await listTrainings(actor)));
  const page = await trainingPage(actor, query);
  return pageResponse({ ...page, rows: await answer(page.rows) });
});

export const POST = route(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const input = await readJson(ctx, TrainingInputSchema);
  // A partner's new training waits for review (docs/product.md, Review queue): 201, reviewStatus "pending".
  // Its Register and waitlist links are checked soon after, in the background (docs/product.md, Trust).
  const { record: training, reviewStatus } = await createTraining(actorOf(admin), input);
  const review = isPartner(admin.role) ? { reviewStatus } : {};
  return recordJson({ ...withTotalCost(training), ...review }, 201);
});
