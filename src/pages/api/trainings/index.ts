import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { listingAnswer } from '#src/services/publicListing';

export const prerender = false;

/** Public list: what the public sees, filtered, optionally one page of it (400 on a bad query). */
export const GET = route(async (ctx) => {
  const answer = await listingAnswer(ctx.url.searchParams);
  const headers = new Headers(json(null).headers);
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value);
  return new Response(answer.body, { status: answer.status, headers });
});
