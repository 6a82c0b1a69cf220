import { json } from '#src/http/answers';
import { requireAdmin } from '#src/http/guards';
import { route } from '#src/http/route';
import { oldestText } from '#src/domain/review/reviewTimes';
import { reviewsWaiting } from '#src/services/review/reviewTimes';

export const prerender = false;

/** What waits for review (the team; docs/product.md, Review queue): `{count, oldestAgeSeconds, oldest}`. */
export const GET = route(async (ctx) => {
  await requireAdmin(ctx);
  const waiting = await reviewsWaiting();
  return json({ ...waiting, oldest: oldestText(waiting) });
});
