import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { CodeSchema } from '#src/domain/team/secondFactor';
import { clientIp, requireSignedIn, requireStepUp } from '#src/http/guards';
import { startTotpEnrolment, totpStatus, turnOffTotp } from '#src/auth/twoFactor';

export const prerender = false;

/** GET /api/admin/me/totp: `{enabled, recoveryCodesLeft}` for the signed-in member (never the secret). */
export const GET = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  return json(await totpStatus(admin.adminId));
});

/**
 * POST /api/admin/me/totp: starts enrolment with a new secret, `{secret, otpauthUrl}` (README.md).
 * A new call replaces a secret that was never confirmed; 409 while TOTP is on. Stepped up (docs/security.md).
 */
export const POST = route(async (ctx) => {
  const admin = requireStepUp(await requireSignedIn(ctx));
  return json(await startTotpEnrolment(admin));
});

/**
 * DELETE /api/admin/me/totp {code}: turns TOTP off, given a current code from the app or a recovery
 * code: that code, given now, is the step-up (docs/decisions/0021-step-up.md).
 */
export const DELETE = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  const { code } = await readJson(ctx, CodeSchema);
  await turnOffTotp(admin, code, clientIp(ctx));
  return json(await totpStatus(admin.adminId));
});
