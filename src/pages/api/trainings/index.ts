import { endpoint, json } from '../../../server/http';
import { listingAnswer } from '../../../server/publicListing';

export const prerender = false;

/** Public list (SPEC §7): published trainings that have not ended, soonest first, filtered (400 on a bad filter). */
export const GET = endpoint(async (ctx) => {
  const answer = await listingAnswer(ctx.url.searchParams);
  return new Response(answer.body, { status: answer.status, headers: json(null).headers });
});
