import { route } from '#src/http/route';
import { answerResponse } from '#src/http/answer';
import { listingAnswer } from '#src/http/listingAnswer';

export const prerender = false;

/** Public list: what the public sees, filtered, optionally one page of it (400 on a bad query). */
export const GET = route(async (ctx) => answerResponse(await listingAnswer(ctx.url.search.slice(1))));
