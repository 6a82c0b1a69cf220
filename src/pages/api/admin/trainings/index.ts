import { json, readJson } from '../../../../server/http';
import { requireListingAccess } from '../../../../auth/guard';
import { TrainingInputSchema, withTotalCost, type Training } from '../../../../domain/training';
import { TrainingListQuerySchema } from '../../../../domain/adminList';
import { pageResponse, readListQuery } from '../../../../server/listQuery';
import { createTraining, listTrainings, trainingPage } from '../../../../services/trainings';
import { withPostalPlace } from '../../../../services/trainingPosition';
import { actorOf, edge, recordJson } from '../../../../server/edge';
import { checkLinksSoon } from '../../../../services/linkHealth';
import { withBrokenLinks } from '../../../../services/listingProblems';

export const prerender = false;

export const GET = edge(async (ctx) => {
  const actor = actorOf(await requireListingAccess(ctx));
  const query = readListQuery(ctx, TrainingListQuerySchema);
  // Each row carries its ZIP code's place name, which the edit form shows under the field.
  // And its broken links ("Register link broken since …", docs/product.md, Trust).
  const answer = async (rows: Training[]) =>
    withBrokenLinks(await Promise.all(rows.map((t) => withPostalPlace(withTotalCost(t)))));
  if (!query) return json(await answer(await listTrainings(actor)));
  const page = await trainingPage(actor, query);
  return pageResponse({ ...page, rows: await answer(page.rows) });
});

export const POST = edge(async (ctx) => {
  const admin = await requireListingAccess(ctx);
  const input = await readJson(ctx, TrainingInputSchema);
  const training = await createTraining(actorOf(admin), input);
  // Its Register and waitlist links are checked soon, in the background (docs/product.md, Trust).
  checkLinksSoon({ trainingId: training.id });
  return recordJson(withTotalCost(training), 201);
});
