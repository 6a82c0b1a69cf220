import { route } from '../../http/route';
import { answerResponse } from '../../http/answer';
import { readLimited } from '../../http/body';
import { clientIp } from '../../http/guards';
import { eventAnswer, MAX_EVENT_BYTES, optsOut } from '../../http/eventAnswer';

export const prerender = false;

/**
 * POST /api/events {type, trainingId} (docs/product.md, Performance). The host answers this path
 * itself (src/http/eventAnswer.ts, src/server/routes.ts); this route gives the same answers under `astro dev`.
 */
export const POST = route(async (ctx) => {
  const headers = ctx.request.headers;
  const body = await readLimited(ctx.request, MAX_EVENT_BYTES).catch(() => null);
  const answer = eventAnswer(
    {
      method: ctx.request.method,
      contentType: headers.get('content-type') ?? '',
      body,
      address: clientIp(ctx),
      userAgent: headers.get('user-agent') ?? '',
      optedOut: optsOut((name) => headers.get(name)),
    },
    ctx.locals.requestId ?? '',
  );
  return answerResponse(answer);
});
