import { json, recordJson } from '../../../../http/answers';
import { readJson } from '../../../../http/body';
import { requireListingAccess } from '../../../../http/guards';
import { actorOf } from '../../../../domain/actor';
import { TrainingInputSchema, withTotalCost, type Training } from '../../../../domain/training';
import { TrainingListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../http/listQuery';
import { listTrainings, trainingPage } from '../../../../services/trainings';
import { createTrainingAs, withReviewState } from '../../../../services/submissions';
import { isPartner } from '../../../../domain/roles';
import { withPostalPlace } from '../../../../services/trainingPosition';
import { route } from '../../../../http/route';
import { checkLinksSoon } from '../../../../services/linkHealth';
import { withBrokenLinks } from '../../../../services/listingProblems';

export const prerender = false;

export const GET = route(async (ctx) => {
  const member = await requireListingAccess(ctx);
  const actor = actorOf(member);
  const query = readListQuery(ctx, TrainingListQuerySchema);
  // Each row carries its ZIP code's place name, which the edit form shows under the field.
  // And its broken links ("Register link broken since …", docs/product.md, Trust).
  // A partner sees their own pending (or rejected) version, with "Waiting for review since …".
  const answer = async (rows: Training[]) =>
    withBrokenLinks(
      await Promise.all(
        (isPartner(member.role) ? await withReviewState(rows) : rows).map((t) => withPostalPlace(withTotalCost(t))),
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
  const { training, reviewStatus } = await createTrainingAs(admin, input);
  // Its Register and waitlist links are checked soon, in the background (docs/product.md, Trust).
  checkLinksSoon({ trainingId: training.id });
  const review = isPartner(admin.role) ? { reviewStatus } : {};
  return recordJson({ ...withTotalCost(training), ...review }, 201);
});
