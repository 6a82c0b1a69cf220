import { json, readJson } from '../../../../server/http';
import { actorOf, edge } from '../../../../server/edge';
import { clientIp, requireRole } from '../../../../auth/guard';
import { requireStepUp } from '../../../../auth/stepUp';
import { TEAM_ROLES } from '../../../../domain/roles';
import { InvitationInputSchema } from '../../../../domain/team';
import { invite, listInvitations } from '../../../../services/team';

export const prerender = false;

/** The open invitations, newest first (owner only). */
export const GET = edge(async (ctx) => {
  await requireRole(ctx, ...TEAM_ROLES);
  return json({ invitations: await listInvitations() });
});

/** `{email, role}` → 201 `{id, url, expiresAt, emailed}`; the link is also mailed (docs/product.md, The team). Stepped up. */
export const POST = edge(async (ctx) => {
  const admin = requireStepUp(await requireRole(ctx, ...TEAM_ROLES));
  const input = await readJson(ctx, InvitationInputSchema);
  return json(await invite(actorOf(admin), input, clientIp(ctx)), 201);
});
