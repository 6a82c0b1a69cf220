import { route } from '#src/http/route';
import { HttpError } from '#src/http/errors';
import { json, seeOther } from '#src/http/answers';
import { idParam, readJson } from '#src/http/body';
import { isFormPost, readRequestForm } from '#src/http/formPost';
import { clientIp } from '#src/http/guards';
import { INTRODUCTION_LIMIT_MESSAGES, IntroductionRequestSchema } from '#src/domain/consultation/introduction';
import { requestIntroduction } from '#src/services/consultation/publicOfferings';

export const prerender = false;

/**
 * POST /api/consultations/{id}/introduction (docs/product.md, Consultation): a clinician asks a
 * consultant for an introduction. 202 `{"status":"received"}`; 400 with field errors; 404 for an
 * offering the public does not see; 429 beyond the daily limits, with Retry-After, as reports.
 * The page's plain form (no script) is answered 303 See Other to a page that says how it went, so Back
 * and reload never send it again.
 */
export const POST = route(async (ctx) => {
  if (isFormPost(ctx.request)) return formPost(ctx.request, idParam(ctx), clientIp(ctx));
  const outcome = await requestIntroduction(
    idParam(ctx),
    await readJson(ctx, IntroductionRequestSchema),
    clientIp(ctx),
  );
  if (outcome.status === 'unknown-offering') throw new HttpError(404, 'Consultation offering not found');
  if (outcome.status === 'throttled')
    throw new HttpError(429, INTRODUCTION_LIMIT_MESSAGES[outcome.limit], undefined, {
      'retry-after': String(outcome.retryAfterSeconds),
    });
  return json({ status: 'received' }, 202);
});

async function formPost(request: Request, id: string, client: string): Promise<Response> {
  const parsed = IntroductionRequestSchema.safeParse(await readRequestForm(request));
  const to = (outcome: string) =>
    seeOther(`/consultation/introduction?offering=${encodeURIComponent(id)}&outcome=${outcome}`, []);
  if (!parsed.success) return to('invalid');
  const outcome = await requestIntroduction(id, parsed.data, client);
  if (outcome.status === 'unknown-offering') return to('unknown');
  if (outcome.status === 'throttled') return to(`limit-${outcome.limit}`);
  return to('sent');
}
