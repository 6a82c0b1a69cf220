import { route } from '#src/http/route';
import { HttpError } from '#src/http/errors';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { TwoFactorPolicySchema } from '#src/domain/team/secondFactor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { hasSecondFactor } from '#src/auth/secondFactors';
import * as twoFactor from '#src/data/signIn/twoFactor';
import { recordSecurityEvent } from '#src/auth/securityLog';

export const prerender = false;

/** GET /api/admin/settings/two-factor: `{required}`, whether every member must have a second factor (owner only). */
export const GET = route(async (ctx) => {
  await requireRole(ctx, 'owner');
  return json({ required: await twoFactor.twoFactorRequired() });
});

/** PUT /api/admin/settings/two-factor {required}: the owner's switch (docs/product.md, "Two-factor sign-in"), stepped up. */
export const PUT = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, 'owner'));
  const { required } = await readJson(ctx, TwoFactorPolicySchema);
  // The owner would shut themselves out of everything but enrolment: they go first.
  if (required && !(await hasSecondFactor(admin.adminId))) {
    throw new HttpError(409, 'Set up two-factor sign-in for yourself first, on this Account page');
  }
  const before = await twoFactor.twoFactorRequired();
  await twoFactor.setTwoFactorRequired(required);
  if (before !== required) {
    await recordSecurityEvent({
      type: 'two-factor-policy-changed',
      actor: admin,
      ip: clientIp(ctx),
      detail: { required },
    });
  }
  return json({ required });
});
