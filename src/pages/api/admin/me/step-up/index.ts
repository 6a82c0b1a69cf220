import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { StepUpSchema } from '#src/domain/team/stepUp';
import { clientIp, requireSignedIn } from '#src/http/guards';
import { stepUpStatus, stepUpWithCode, stepUpWithPassword } from '#src/auth/stepUp';

export const prerender = false;

/** GET /api/admin/me/step-up: `{methods, steppedUpUntil}`, what "Confirm it's you" may offer. */
export const GET = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  return json(await stepUpStatus(admin));
});

/**
 * POST /api/admin/me/step-up {password} or {code}: confirms it's the member (docs/decisions/0021-step-up.md);
 * `{steppedUpUntil}`. A wrong one is 400 with the field's message (never 401: the session is fine),
 * 429 under the back-off or the code lock.
 */
export const POST = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  const input = await readJson(ctx, StepUpSchema);
  const until = input.password
    ? await stepUpWithPassword(admin, input.password, clientIp(ctx))
    : await stepUpWithCode(admin, input.code ?? '', clientIp(ctx));
  return json({ steppedUpUntil: until.toISOString() });
});
