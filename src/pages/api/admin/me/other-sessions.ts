import { route } from '#src/http/route';
import { json } from '#src/http/answers';
import { clientIp, requireSignedIn } from '#src/http/guards';
import { endOtherSessions } from '#src/auth/sessions';
import { recordSecurityEvent } from '#src/auth/securityLog';

export const prerender = false;

/**
 * DELETE /api/admin/me/other-sessions: "Sign out everywhere else" (docs/security.md): every session of the
 * member but this one ends; `{ended}`. No step-up: it only takes access away.
 */
export const DELETE = route(async (ctx) => {
  const admin = await requireSignedIn(ctx);
  const ended = await endOtherSessions(admin);
  await recordSecurityEvent({
    type: 'other-sessions-ended',
    actor: admin,
    ip: clientIp(ctx),
    detail: { ended },
  });
  return json({ ended });
});
