import { idParam } from '#src/http/body';
import { json } from '#src/http/answers';
import { actorOf } from '#src/domain/actor';
import { clientIp, requireRole, requireStepUp } from '#src/http/guards';
import { route } from '#src/http/route';
import { SITE_ROLES } from '#src/domain/team/roles';
import { resendPartnerInvitation } from '#src/services/team/partnerOverview';

export const prerender = false;

/**
 * A fresh link for an open partner invitation, mailed again: `{id, url, expiresAt, emailed}`; the old
 * link stops working (owner and admins; 404 for any other id). Stepped up.
 */
export const POST = route(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...SITE_ROLES));
  return json(await resendPartnerInvitation(actorOf(admin), idParam(ctx), clientIp(ctx)));
});
